import Foundation

/// Whether a view's class overrides `draw(_:)`. UIKit gives a view a backing store and calls its `draw(_:)` only
/// when its class overrides the method ("If you subclass UIView directly … UIView's implementation does
/// nothing"), so a view that does not draw costs nothing when it is shown again or marked for display (a table's
/// reused cells, scrolled back into view).
///
/// Without an Objective-C runtime to ask, the answer comes from the class's vtable: `draw(_:)`'s slot is the one
/// where a probe subclass overriding only `draw(_:)` differs from `UIView` while a probe overriding nothing does
/// not; a class overrides `draw(_:)` when its word at that slot is not `UIView`'s. Checked once with the probes; if
/// the metadata does not look as expected every class counts as drawing (as before).
@MainActor
enum DrawOverride {
    /// Answers so far, per class.
    @exclusivity(unchecked) private static var known: [ObjectIdentifier: Bool] = [:]

    private final class PlainProbe: UIView {}
    private final class DrawingProbe: UIView {
        override func draw(_ rect: CGRect) {}
    }

    /// `draw(_:)`'s vtable slot, found and checked once (nil: unknown).
    private static let slot: Int? = {
        guard let vtable = SwiftClassMetadata.ownVTable(of: UIView.self),
              let plainWords = SwiftClassMetadata.wordCount(of: PlainProbe.self),
              let drawingWords = SwiftClassMetadata.wordCount(of: DrawingProbe.self),
              vtable.offset + vtable.size <= min(plainWords, drawingWords) else { return nil }
        var found: [Int] = []
        for slot in vtable.offset..<(vtable.offset + vtable.size) {
            let base = SwiftClassMetadata.word(UIView.self, slot)
            if SwiftClassMetadata.word(PlainProbe.self, slot) == base, SwiftClassMetadata.word(DrawingProbe.self, slot) != base {
                found.append(slot)
            }
        }
        return found.count == 1 ? found[0] : nil
    }()

    /// Whether `cls` (a `UIView` subclass) overrides `draw(_:)`; true when it cannot be told.
    static func overridesDraw(_ cls: UIView.Type) -> Bool {
        let id = ObjectIdentifier(cls)
        if let answer = known[id] { return answer }
        var answer = true
        if let slot, let words = SwiftClassMetadata.wordCount(of: cls), slot < words {
            answer = SwiftClassMetadata.word(cls, slot) != SwiftClassMetadata.word(UIView.self, slot)
        }
        known[id] = answer
        return answer
    }

    /// Whether the check works here (the probes answer as they must).
    static var isReliable: Bool {
        slot != nil && overridesDraw(DrawingProbe.self) && !overridesDraw(PlainProbe.self) && !overridesDraw(UIView.self)
    }
}
