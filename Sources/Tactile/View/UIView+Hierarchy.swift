import Foundation
import TactileCore

/// The view hierarchy (AG-H-01 … AG-H-10) with UIKit's notification order, as seen on devices:
/// - add: old superview's `willRemoveSubview(_:)` (when moving), `willMove(toSuperview:)`, the change,
///   `didMoveToSuperview()`, then — when the window changes — `willMove(toWindow:)` and `didMoveToWindow()`
///   down the moved subtree, then the new superview's `didAddSubview(_:)`;
/// - remove: the superview's `willRemoveSubview(_:)`, `willMove(toSuperview: nil)`, `willMove(toWindow: nil)`
///   down the subtree (when it was in a window), the change, `didMoveToWindow()` down the subtree,
///   `didMoveToSuperview()`.
/// Reordering within the same superview sends no notifications.
extension UIView {
    func hierarchySuperview() -> UIView? { ViewWorld.view(try? tree.parent(of: viewID)) }

    func hierarchySubviews() -> [UIView] { ((try? tree.children(of: viewID)) ?? []).compactMap { ViewWorld.view($0) } }

    func hierarchyWindow() -> UIWindow? { ViewWorld.view(try? tree.root(of: viewID)) as? UIWindow }

    func hierarchyRemoveFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        AutoLayout.viewWillLeaveSuperview(self)
        if oldWindow != nil { sendWillMove(toWindow: nil) }
        try? tree.removeFromParent(viewID)
        if isFirstResponderInSubtree { _ = UIApplication.shared.firstResponder?.resignFirstResponder() }
        withExtendedLifetime(self) {
            ViewWorld.setOwnedBySuperview(self, false)
            if oldWindow != nil { sendDidMoveToWindow() }
            didMoveToSuperview()
        }
        AutoLayout.viewDidMove(self)
        parent.setNeedsLayout()
    }

    func hierarchyExchange(_ index1: Int, _ index2: Int) {
        do {
            try tree.exchangeChildren(at: index1, index2, of: viewID)
        } catch {
            TactileDiagnostics.report("UIView.exchangeSubview(at:withSubviewAt:)",
                                      "index \(index1) or \(index2) beyond bounds of \(subviews.count) subviews")
        }
    }

    /// `insertSubview(_:aboveSubview:)` / `belowSubview:`. UIKit is lenient: a sibling that is not a subview
    /// of the receiver (a stranger, the receiver itself) puts the view on top, with the usual notifications.
    func insert(_ view: UIView, nextTo sibling: UIView, offset: Int, api: String) {
        guard sibling.superview === self, var index = sibling.indexInSuperview else { return move(view, to: nil, api: api) }
        if view === sibling { return }
        // The view leaves its place first: the sibling moves down one if the view sat behind it.
        if view.superview === self, let own = view.indexInSuperview, own < index { index -= 1 }
        move(view, to: index + offset, api: api)
    }

    /// The index in the superview's ``subviews``, or nil.
    var indexInSuperview: Int? { (try? tree.indexInParent(viewID)) ?? nil }

    /// Makes `view` a subview at `index` (nil: front-most), with UIKit's notifications.
    func move(_ view: UIView, to index: Int?, api: String) {
        if view === self { return TactileDiagnostics.report(api, "Can't add self as subview") }
        if isDescendant(of: view) {
            return TactileDiagnostics.report(api, "Can't add a view to one of its own subviews (\(view) contains \(self))")
        }
        let oldParent = view.superview
        if oldParent === self {  // reorder only
            if let index { try? tree.insertChild(view.viewID, at: index, of: viewID) } else {
                try? tree.addChild(view.viewID, to: viewID)
            }
            return
        }
        let oldWindow = view.window, newWindow = window
        oldParent?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        if oldParent != nil { AutoLayout.viewWillLeaveSuperview(view) }
        if oldWindow !== newWindow, let controller = view.owningController {
            controller.rootViewWillMove(toWindow: newWindow, newSuperview: self)  // SBT-APR-01: before the move
        }
        if let index { try? tree.insertChild(view.viewID, at: index, of: viewID) } else {
            try? tree.addChild(view.viewID, to: viewID)
        }
        ViewWorld.setOwnedBySuperview(view, true)
        AutoLayout.viewDidMove(view)
        view.didMoveToSuperview()
        if oldWindow !== newWindow {
            view.sendWillMove(toWindow: newWindow)
            view.sendDidMoveToWindow()
        }
        didAddSubview(view)
        view.setNeedsLayout()
        if view.needsConstraintUpdate || view.layoutState.subtreeNeedsConstraintUpdate { view.requestConstraintUpdateMarks() }
        setNeedsLayout()
    }

    /// `willMove(toWindow:)` to this view and its subtree, pre-order.
    func sendWillMove(toWindow newWindow: UIWindow?) {
        owningController?.rootViewWillMove(toWindow: newWindow)  // appearance (VCG-D-02, VCG-D-03)
        if GestureEnvironment.holdsTouches, newWindow !== window {
            UIApplication.shared.gestures.viewWillLeaveWindow(self)  // what recognizers held for it is settled
        }
        tactileWillMove(toWindow: newWindow)
        willMove(toWindow: newWindow)
        for subview in subviews { subview.sendWillMove(toWindow: newWindow) }
    }

    /// `didMoveToWindow()` to this view and its subtree, pre-order. A view entering a window for the first
    /// time is drawn at the end of the iteration (AG-F-08).
    func sendDidMoveToWindow() {
        if window != nil, !layoutState.hasDrawn, layoutState.dirtyRect == nil { setNeedsDisplay() }
        didMoveToWindow()
        for subview in subviews { subview.sendDidMoveToWindow() }
        owningController?.rootViewDidMoveToWindow()  // after the whole subtree moved (VCG-D-02, VCG-D-03)
    }

    private var isFirstResponderInSubtree: Bool {
        guard let responder = UIApplication.shared.firstResponder as? UIView else { return false }
        return responder.isDescendant(of: self)
    }
}
