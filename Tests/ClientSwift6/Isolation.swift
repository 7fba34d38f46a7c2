#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

// What differs in the Swift 6 language mode; the rest of the client code is shared (Shared/ → ../ClientShared).

/// App-defined delegate and capability protocols, adopted by views and controllers: main-actor protocols, as
/// Swift 6 wants for requirements that main-actor classes satisfy.
@MainActor
protocol CardViewDelegate: AnyObject {
    func cardViewDidTap(_ card: CardView)
}

@MainActor
protocol Highlightable {
    var isHighlighted: Bool { get set }
}


// MARK: - View setup with correct isolation (Swift 6: UIKit's classes are @MainActor)

/// A free function that builds views: main-actor isolated, as UIKit requires in Swift 6.
@MainActor
func makeSeparator(in parent: UIView, at y: CGFloat) -> UIView {
    let separator = UIView()
    separator.frame = CGRect(x: 0, y: y, width: parent.bounds.width, height: 1)
    separator.backgroundColor = UIColor(white: 0.85, alpha: 1)
    separator.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    separator.isUserInteractionEnabled = false
    parent.addSubview(separator)
    return separator
}

/// A main-actor class whose methods build and configure views.
@MainActor
final class ViewFactory {
    private(set) var made = 0

    func makeBadge(count: Int, in parent: UIView) -> BadgeView {
        let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        badge.count = count
        badge.sizeToFit()
        badge.center = CGPoint(x: parent.bounds.maxX - 12, y: parent.bounds.minY + 12)
        badge.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        badge.backgroundColor = .red
        badge.accessibilityLabel = "Unread"
        badge.accessibilityTraits = .staticText
        parent.addSubview(badge)
        made += 1
        return badge
    }

    func makeCard(title: String, frame: CGRect) -> CardView {
        let card = CardView(title: title)
        card.frame = frame
        card.tag = 42
        card.alpha = 0.95
        card.isExclusiveTouch = true
        card.clipsToBounds = true
        card.layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        card.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)
        card.preservesSuperviewLayoutMargins = true
        _ = makeSeparator(in: card, at: 40)
        made += 1
        return card
    }

    /// Moves a view on the main queue later (the closure is main-actor isolated).
    func nudgeLater(_ view: UIView) {
        DispatchQueue.main.async {
            view.frame = view.frame.offsetBy(dx: 10, dy: 0)
            view.center = CGPoint(x: view.center.x, y: view.center.y + 4)
            view.alpha = 0.5
        }
    }

    func describe(_ view: UIView) -> String {
        let insets = view.safeAreaInsets
        let margins = view.layoutMargins
        return "\(view.frame) safe=\(insets.top),\(insets.left) margins=\(margins.left),\(margins.right)"
    }
}

/// Work off the main actor that comes back to it for the views: views are Sendable (main-actor isolated), so
/// they may cross into a detached task, and are touched only on the main actor.
func fadeOut(_ view: UIView, after work: @escaping @Sendable () async -> Void) async {
    await Task.detached {
        await work()
        await MainActor.run {
            view.alpha = 0
            view.isHidden = true
        }
    }.value
}

/// A nonisolated async function that reads a view's geometry on the main actor.
func frameOf(_ view: UIView) async -> CGRect {
    await view.frame
}

/// Building views from a nonisolated context by hopping to the main actor.
func buildLater(in parent: UIView) {
    Task { @MainActor in
        _ = makeSeparator(in: parent, at: 10)
        parent.setNeedsLayout()
    }
}


// MARK: - Drawing off the main actor (Swift 6: colours, fonts, images, paths, renderers and layers are not main-actor)

/// Renders an avatar on a background queue, as image pipelines do: UIGraphicsImageRenderer, UIBezierPath, UIColor,
/// UIFont and string drawing are usable from any thread; the result (a Sendable UIImage) comes back to the caller.
func renderAvatarOffMain(initials: String, diameter: CGFloat) async -> UIImage {
    await Task.detached {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter))
        return renderer.image { context in
            UIColor(hue: 0.6, saturation: 0.5, brightness: 0.9, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: diameter, height: diameter)).fill()
            let font = UIFont.systemFont(ofSize: diameter / 2, weight: .semibold)
            (initials as NSString).draw(at: CGPoint(x: diameter / 4, y: diameter / 4),
                                        withAttributes: [.font: font, .foregroundColor: UIColor.white])
            context.cgContext.setStrokeColor(UIColor.black.cgColor)
        }
    }.value
}

/// Builds a standalone layer tree off the main actor (CALayer is not main-actor isolated).
nonisolated func makeSpinnerLayer(size: CGFloat) -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: size, height: size)
    let arc = CAShapeLayer()
    arc.path = UIBezierPath(arcCenter: CGPoint(x: size / 2, y: size / 2), radius: size / 2 - 2, startAngle: 0,
                            endAngle: .pi * 1.5, clockwise: true).cgPath
    arc.strokeColor = UIColor.systemBlue.cgColor
    arc.fillColor = nil
    arc.lineWidth = 3
    container.addSublayer(arc)
    return container
}
