#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

// What differs in the Swift 5 language mode; the rest of the client code is shared (Shared/ → ../ClientShared).

/// App-defined delegate and capability protocols, adopted by views and controllers (plain protocols: in Swift 5
/// UIKit lets main-actor classes satisfy them).
protocol CardViewDelegate: AnyObject {
    func cardViewDidTap(_ card: CardView)
}

protocol Highlightable {
    var isHighlighted: Bool { get set }
}


// MARK: - View setup from nonisolated code (as UIKit tolerates in Swift 5: its classes are @preconcurrency @MainActor)

/// A free function, not main-actor isolated, that builds views.
func makeSeparator(in parent: UIView, at y: CGFloat) -> UIView {
    let separator = UIView()
    separator.frame = CGRect(x: 0, y: y, width: parent.bounds.width, height: 1)
    separator.backgroundColor = UIColor(white: 0.85, alpha: 1)
    separator.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    separator.isUserInteractionEnabled = false
    parent.addSubview(separator)
    return separator
}

/// A plain (non-actor) class whose methods build and configure views.
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

    /// Moves a view on the main queue later: the closure runs on the main thread, as UIKit requires.
    func nudgeLater(_ view: UIView) {
        DispatchQueue.main.async {
            view.frame = view.frame.offsetBy(dx: 10, dy: 0)
            view.center = CGPoint(x: view.center.x, y: view.center.y + 4)
            view.alpha = 0.5
        }
    }

    /// Reads geometry from nonisolated code.
    func describe(_ view: UIView) -> String {
        let insets = view.safeAreaInsets
        let margins = view.layoutMargins
        return "\(view.frame) safe=\(insets.top),\(insets.left) margins=\(margins.left),\(margins.right)"
    }
}


/// Nonisolated app-level code, as Swift 5 apps have plenty of (UIKit tolerates it: @preconcurrency).
func keepScreenAwake(_ on: Bool) {
    UIApplication.shared.isIdleTimerDisabled = on
    let landscape = UIDevice.current.orientation.isLandscape
    if let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene, landscape {
        _ = scene.statusBarManager?.statusBarFrame
        _ = scene.windows.first?.rootViewController?.presentedViewController
    }
    UIApplication.shared.keyWindow?.rootViewController?.dismiss(animated: false, completion: nil)
}
