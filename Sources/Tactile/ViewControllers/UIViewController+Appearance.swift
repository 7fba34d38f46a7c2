import Foundation

/// Where a controller is in its appearance cycle (UIKit's `_appearState`). Callbacks are sent only on a
/// real change, so a controller never gets `viewWillAppear(_:)` twice in a row.
enum AppearState {
    case disappeared, appearing, appeared, disappearing
}

/// Appearance callbacks (VCG-D-02 … VCG-D-05, VCG-D-09, VCG-Q-08; SBT-APR-01 … SBT-APR-08, SBT-LAY-01).
///
/// How they are driven: by window membership of the controller's root view. `UIView` tells the controller
/// whose root view it is when that view is about to enter or leave a window and when it has (the
/// `willMove(toWindow:)` / `didMoveToWindow()` walk of the moved subtree). The controller then appears or
/// disappears only if it was installed by a supported route (VCG-D-01):
/// - it has no parent and its view is a direct subview of a window — the window's ``UIWindow/rootViewController``,
///   a view added with `window.addSubview(vc.view)` (VCG-D-01 (1)), or a presented controller;
/// - or it is a child whose parent forwards appearance (``shouldAutomaticallyForwardAppearanceMethods``)
///   and is itself appearing or visible.
/// A view put anywhere else by hand gets nothing (VCG-D-05). Presentation drives its controllers explicitly (with
/// the window walk muted) to get VCG-Q-08's cross-controller order.
///
/// The order for an appearing controller is: `viewWillAppear(_:)`, the view enters the window,
/// `viewIsAppearing(_:)` (at its first layout, or before `viewDidAppear(_:)` if none is pending), its pending
/// layout runs (`viewWillLayoutSubviews()`, `layoutSubviews()`, `viewDidLayoutSubviews()`), then
/// `viewDidAppear(_:)`. A parent's callbacks come before its children's (it forwards them after its own).
extension UIViewController {
    // MARK: - The state machine

    /// The will-callback, then the same for the children this controller forwards to.
    func beginAppearance(_ appearing: Bool, animated: Bool) {
        if appearing {
            guard appearState == .disappeared || appearState == .disappearing else { return }
            appearState = .appearing
            appearanceAnimated = animated
            isAppearingSent = false
            viewWillAppear(animated)
        } else {
            guard appearState == .appeared || appearState == .appearing else { return }
            appearState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        }
        guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return }
        containerWillForwardAppearance(appearing)
        for child in childList {
            if let childView = child.loadedView, childView.isDescendant(of: root) {
                child.beginAppearance(appearing, animated: animated)
            }
        }
        containerDidForwardAppearance(appearing, animated: animated)
    }

    /// The did-callback (after laying out an appearing view), then the same for the children.
    func endAppearance() {
        switch appearState {
        case .appearing:
            sendIsAppearingIfDue()
            appearState = .appeared
            if let root = loadedView, root.window != nil { root.layoutIfNeeded() }
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearState = .disappeared
            viewDidDisappear(appearanceAnimated)
        default:
            return
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        let appeared = appearState == .appeared
        for child in childList where child.appearState == .appearing || child.appearState == .disappearing {
            child.endAppearance()
        }
        containerDidEndAppearance(appeared)
    }


    /// `viewIsAppearing(_:)`, once per appearance: the view is in a window and laid out by its superview
    /// (UIKit, iOS 17: after `viewWillAppear(_:)` and the safe-area update, before the view's own layout).
    func sendIsAppearingIfDue() {
        guard appearState == .appearing, !isAppearingSent, loadedView?.window != nil else { return }
        isAppearingSent = true
        viewIsAppearing(appearanceAnimated)
    }

    // MARK: - Window membership (called by UIView)

    /// The root view is about to move to `newWindow` (from its current window).
    /// `newSuperview`: given when called before the tree changes (the moved view itself, so that
    /// `viewWillAppear(_:)` runs before the view is in the window, SBT-APR-01); else the tree's superview is used
    /// (when adding it is already the new one, when removing still the old one).
    func rootViewWillMove(toWindow newWindow: UIWindow?, newSuperview: UIView? = nil) {
        guard AppearanceDriver.windowWalkMuted == 0, let root = loadedView else { return }
        let superview = newSuperview ?? root.superview
        let before = appearState
        // Only a visible window shows the view (DESIGN-WINDOW-APPEARANCE): a move into a hidden window is a
        // disappearance (or nothing), a move between two visible windows changes nothing.
        let visible = newWindow.map { !$0.isHidden } ?? false
        if visible, receivesWindowAppearance(appearing: true, superview: superview) {
            beginAppearance(true, animated: false)
        } else if !visible, receivesWindowAppearance(appearing: false, superview: superview) {
            beginAppearance(false, animated: false)
        }
        // Only a change this walk started is ended by it; forwarded ones end with the parent, manual ones
        // with endAppearanceTransition().
        if appearState != before { appearanceFromWindow = true }
    }

    /// The root view has moved to its new window.
    func rootViewDidMoveToWindow() {
        guard AppearanceDriver.windowWalkMuted == 0, appearanceFromWindow else { return }
        appearanceFromWindow = false
        endAppearance()
    }

    /// VCG-D-01 / VCG-D-05 / VCG-D-09: whether a window move of the root view is one the controller hears about.
    private func receivesWindowAppearance(appearing: Bool, superview: UIView?) -> Bool {
        if let parent = parentLink {
            guard parent.shouldAutomaticallyForwardAppearanceMethods else { return false }
            return appearing ? (parent.appearState == .appeared || parent.appearState == .appearing)
                : (appearState == .appeared || appearState == .appearing)
        }
        return superview is UIWindow
    }
}

/// Mutes the window-membership walk while presentation moves views and sends the callbacks itself.
@MainActor
enum AppearanceDriver {
    static var windowWalkMuted = 0

    static func muted<T>(_ body: () -> T) -> T {
        windowWalkMuted += 1
        defer { windowWalkMuted -= 1 }
        return body()
    }
}
