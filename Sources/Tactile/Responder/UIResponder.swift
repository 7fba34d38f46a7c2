import Foundation

/// `UIResponder`: an object that can handle events, linked into the responder chain by ``next``.
///
/// UIKit's rules (app guide P): unhandled touch, motion and action messages travel up the chain — view →
/// its view controller (when it is the controller's root view) → superview → … → window → application →
/// app delegate (when it is a responder) — and are dropped at the end. The default implementations here
/// forward to ``next``.
@MainActor
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    /// The next responder in the chain; nil ends it.
    open var next: UIResponder? { nil }

    // MARK: First responder

    /// False by default: a responder must opt in.
    open var canBecomeFirstResponder: Bool { false }
    /// True by default.
    open var canResignFirstResponder: Bool { true }
    /// True while this responder is the app's first responder.
    open var isFirstResponder: Bool { UIApplication.shared.firstResponder === self }

    /// Makes this responder the first responder, if it agrees (``canBecomeFirstResponder``), the current one
    /// lets go (``canResignFirstResponder``), and — for a view — it is in a window.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        let app = UIApplication.shared
        if app.firstResponder === self { return true }
        guard canBecomeFirstResponder, isEligibleFirstResponder else { return false }
        if let current = app.firstResponder {
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
        }
        app.firstResponder = self
        return true
    }

    /// Gives up first-responder status, if ``canResignFirstResponder`` allows it.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        let app = UIApplication.shared
        if app.firstResponder === self { app.firstResponder = nil }
        return true
    }

    /// Views must be in a window to become first responder; other responders always may.
    var isEligibleFirstResponder: Bool { true }

    // MARK: Touches (forwarded up the chain by default)

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Motion (forwarded up the chain by default)

    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { next?.motionBegan(motion, with: event) }
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { next?.motionEnded(motion, with: event) }
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        next?.motionCancelled(motion, with: event)
    }

    // MARK: Actions

    /// Whether this responder handles `action`. UIKit answers from the Objective-C runtime ("implements the
    /// method"); Linux has none, so the default is false and a responder that handles an action overrides this
    /// (or conforms to ``UIActionHandling``).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        (self as? UIActionHandling)?.handlesAction(action) ?? false
    }

    /// The responder that will handle `action`: this one if it can, else the first up the chain that can.
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        var responder: UIResponder? = self
        while let r = responder {
            if r.canPerformAction(action, withSender: sender) { return r }
            responder = r.next
        }
        return nil
    }
}

/// How a responder receives action messages on Linux, where selectors cannot be invoked through an
/// Objective-C runtime: `UIApplication.sendAction(_:to:from:for:)` calls ``performAction(_:sender:)`` on the
/// target it resolves.
@MainActor
public protocol UIActionHandling: AnyObject {
    /// True for the actions this object implements.
    func handlesAction(_ action: Selector) -> Bool
    /// Performs `action`.
    func performAction(_ action: Selector, sender: Any?)
}
