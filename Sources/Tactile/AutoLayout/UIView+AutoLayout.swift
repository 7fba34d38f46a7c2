import Foundation
import TactileCore

/// What a view keeps for Auto Layout, made on first use (most views never need it).
@MainActor
final class AutoLayoutBox {
    /// The constraints installed on the view (its ``UIView/constraints``).
    var installed: [NSLayoutConstraint] = []
    /// The view takes part in the engine.
    var inEngine = false
    /// Some subview took part in the engine (its `layoutSubviews()` has frames to apply).
    var hasEngineSubviews = false
    /// A stack view arranges the view (hiding it collapses it).
    var isArranged = false
    /// Content hugging and compression resistance, horizontal then vertical.
    var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    var compression: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var intrinsicPrioritiesChanged = false
    /// The intrinsic size the engine holds, and its constraints.
    var intrinsicSize: CGSize?
    var intrinsicIDs: [LayoutEngine.ConstraintID] = []
    /// Guides added with `addLayoutGuide(_:)`.
    var guides: [UILayoutGuide] = []
}

extension UIView {
    var autoLayout: AutoLayoutBox {
        if let box = autoLayoutBox { return box }
        let box = AutoLayoutBox()
        autoLayoutBox = box
        return box
    }

    /// Takes a frame the engine solved (an alignment rectangle): center and bounds size, so a transform stays.
    /// Edges within 1e-9 point of a multiple of 2⁻²⁰ (whole and simple fractional points) are snapped to it,
    /// clearing the solver's rounding noise.
    func applyEngineFrame(_ solved: CGRect) {
        func clean(_ v: CGFloat) -> CGFloat {
            let snapped = (v * 1_048_576).rounded() / 1_048_576
            return abs(snapped - v) < 1e-9 ? snapped : v
        }
        let minX = clean(solved.minX), minY = clean(solved.minY)
        let f = CGRect(x: minX, y: minY, width: clean(solved.maxX) - minX, height: clean(solved.maxY) - minY)
        // A view pinned to its frame (autoresizing translation) holds the frame itself, not an alignment rect.
        let frame = translatesAutoresizingMaskIntoConstraints ? f : self.frame(forAlignmentRect: f)
        if frame.size != bounds.size { bounds.size = frame.size }
        let a = anchorPoint  // the center is the layer's position: the anchor's place in the frame
        let center = CGPoint(x: frame.minX + a.x * frame.width, y: frame.minY + a.y * frame.height)
        if center != self.center { self.center = center }
    }
}

/// `UISemanticContentAttribute`: whether a view's content flips in a right-to-left layout.
public enum UISemanticContentAttribute: Int, @unchecked Sendable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// `UIUserInterfaceLayoutDirection`.
public enum UIUserInterfaceLayoutDirection: Int, @unchecked Sendable {
    case leftToRight = 0, rightToLeft
}
