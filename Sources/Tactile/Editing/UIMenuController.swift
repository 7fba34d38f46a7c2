import Foundation

/// `UIMenuController`: the edit menu (Cut, Copy, Paste, Select, Select All, Delete and the app's own
/// ``menuItems``) shown above or below a selection (AG-R).
///
/// UIKit's rules, modelled headlessly — nothing is drawn; what the menu would show is `visibleCommands` (a testing hook):
/// - Showing needs a target rectangle in a view that is in a window (``setTargetRect(_:in:)``,
///   ``showMenu(from:rect:)``) (AG-R-02).
/// - Each command is shown only if the responder chain from the app's first responder can perform it: the
///   first responder is asked `canPerformAction(_:withSender:)` and, when it says no, the question travels up
///   the chain (AG-R-03). A menu with no command to show does not appear. With no first responder, nothing
///   appears.
/// - While the menu is visible, ``update()`` asks again (AG-R-04).
/// - After a `cut:`, `copy:` or `paste:` action returns, the menu hides itself — unless the action showed it
///   again (AG-R-06).
///
/// There is one menu controller per application (``shared``); a relaunch through ``TactileHost`` starts with a
/// fresh, hidden one.
@preconcurrency @MainActor
open class UIMenuController: NSObject {
    /// `UIMenuController.ArrowDirection`: where the menu's arrow points (which side of the target it sits on).
    public enum ArrowDirection: Int, Sendable {
        /// The system chooses (above the target, or below it near the top of the screen).
        case `default` = 0
        /// The arrow points up: the menu sits below the target.
        case up
        /// The arrow points down: the menu sits above the target.
        case down
        /// The arrow points left: the menu sits to the right of the target.
        case left
        /// The arrow points right: the menu sits to the left of the target.
        case right
    }

    /// Posted (object: the menu controller) before the menu appears.
    nonisolated public static let willShowMenuNotification = Notification.Name("UIMenuControllerWillShowMenuNotification")
    /// Posted (object: the menu controller) after the menu appeared.
    nonisolated public static let didShowMenuNotification = Notification.Name("UIMenuControllerDidShowMenuNotification")
    /// Posted (object: the menu controller) before the menu hides; observe it to react to the menu going away,
    /// whoever hides it (AG-R-06).
    nonisolated public static let willHideMenuNotification = Notification.Name("UIMenuControllerWillHideMenuNotification")
    /// Posted (object: the menu controller) after the menu hid.
    nonisolated public static let didHideMenuNotification = Notification.Name("UIMenuControllerDidHideMenuNotification")
    /// Posted (object: the menu controller) when the visible menu's frame changes (a new target rectangle,
    /// or ``update()`` after the target view moved).
    nonisolated public static let menuFrameDidChangeNotification = Notification.Name("UIMenuControllerMenuFrameDidChangeNotification")

    /// The commands after whose action the menu hides itself (AG-R-06).
    private static let hidesMenu: Set<Selector> = [.cut, .copy, .paste]

    private static var current: UIMenuController?

    /// The menu controller (`sharedMenuController`; AG-R-02): one per application.
    open class var shared: UIMenuController {
        if let current, current.application === UIApplication.shared { return current }
        let controller = UIMenuController(application: UIApplication.shared)
        current = controller
        return controller
    }

    private weak var application: UIApplication?
    private var visible = false
    private weak var targetView: UIView?
    private var targetRect = CGRect.zero
    private var shownFrame = CGRect.zero
    /// Nesting of ``performCommand(_:)``, and whether the menu was shown again during the action.
    private var actionDepth = 0
    private var shownDuringAction = false

    /// Tactile extension (not UIKit API): the commands the visible menu shows, in order — the standard ones
    /// (`Selector.standardEditActions`), then the actions of ``menuItems`` — each action once, and only if the
    /// responder chain from the first responder can perform it (AG-R-03). Computed when the menu appears and again by
    /// ``update()`` (AG-R-04); empty while the menu is hidden.
    @_spi(Testing) public private(set) var visibleCommands: [Selector] = []

    private init(application: UIApplication) {
        self.application = application
        super.init()
    }

    /// Where the menu's arrow points; ``ArrowDirection/default`` by default. Recorded only: nothing is laid
    /// out.
    open var arrowDirection: ArrowDirection = .default

    /// The app's own commands, shown after the standard ones when the responder chain can perform their
    /// actions. Changes show on the next appearance or ``update()``.
    open var menuItems: [UIMenuItem]?

    /// Whether the menu is visible. Setting it is ``setMenuVisible(_:animated:)`` without animation.
    open var isMenuVisible: Bool {
        get { visible }
        set { setMenuVisible(newValue, animated: false) }
    }

    /// Shows or hides the menu (AG-R-02, AG-R-06). Showing needs a target set with ``setTargetRect(_:in:)`` whose view
    /// is in a window, and at least one command to show; otherwise nothing happens. Showing posts
    /// ``willShowMenuNotification`` then ``didShowMenuNotification``; showing an already visible menu asks the
    /// responder chain again, as ``update()``. Hiding posts ``willHideMenuNotification`` then
    /// ``didHideMenuNotification``; hiding a hidden menu posts nothing. `animated` changes nothing here.
    open func setMenuVisible(_ menuVisible: Bool, animated: Bool) {
        guard menuVisible else { return hide() }
        if actionDepth > 0 { shownDuringAction = true }
        if visible { return refresh() }
        guard let frame = currentTargetFrame() else { return }
        let commands = validatedCommands()
        guard !commands.isEmpty else { return }
        NotificationCenter.default.post(name: Self.willShowMenuNotification, object: self)
        visibleCommands = commands
        shownFrame = frame
        visible = true
        NotificationCenter.default.post(name: Self.didShowMenuNotification, object: self)
    }

    /// Sets the target — the selection's rectangle in `targetView`'s coordinates — the menu is placed against
    /// (AG-R-02). On a visible menu it moves the menu (``menuFrameDidChangeNotification`` when the frame changes).
    open func setTargetRect(_ targetRect: CGRect, in targetView: UIView) {
        self.targetRect = targetRect
        self.targetView = targetView
        if visible { moveToTarget() }
    }

    /// Sets the target rectangle and shows the menu: ``setTargetRect(_:in:)`` then
    /// ``setMenuVisible(_:animated:)``.
    open func showMenu(from targetView: UIView, rect targetRect: CGRect) {
        setTargetRect(targetRect, in: targetView)
        setMenuVisible(true, animated: true)
    }

    /// Hides the menu (``setMenuVisible(_:animated:)`` with false).
    open func hideMenu() { setMenuVisible(false, animated: true) }

    /// Hides the menu if it is shown for `targetView`.
    open func hideMenu(from targetView: UIView) {
        if self.targetView === targetView { hideMenu() }
    }

    /// Asks the responder chain again which commands to show (AG-R-04): use it while the menu is visible when a
    /// command changed the context of others (after Select All, Copy and Cut appear). Also follows a target
    /// view that moved. If no command is left, the menu hides. Does nothing while the menu is hidden.
    open func update() {
        if visible { refresh() }
    }

    /// The menu's frame in window coordinates while it is visible: the target rectangle (no menu is laid out);
    /// `.zero` while hidden.
    open var menuFrame: CGRect { visible ? shownFrame : .zero }

    /// Tactile extension (not UIKit API): the user taps the command `action` (AG-R-05). Only a command the
    /// visible menu shows (`visibleCommands` (a testing hook)) can be tapped; otherwise nothing happens and the result is
    /// false. The action goes to the first responder's chain, as UIKit does —
    /// `UIApplication.shared.sendAction(action, to: nil, from: self, for: nil)` — and for `cut:`, `copy:` and
    /// `paste:` the menu then hides, unless the action showed it again (`isMenuVisible = true`; AG-R-06). Returns
    /// whether a responder performed the action.
    @discardableResult
    @_spi(Testing) public func performCommand(_ action: Selector) -> Bool {
        guard visible, visibleCommands.contains(action) else { return false }
        let outerShown = shownDuringAction
        shownDuringAction = false
        actionDepth += 1
        let performed = (application ?? UIApplication.shared).sendAction(action, to: nil, from: self, for: nil)
        actionDepth -= 1
        let keep = shownDuringAction
        shownDuringAction = outerShown || keep
        if Self.hidesMenu.contains(action), !keep { hide() }
        return performed
    }

    // MARK: - Model

    /// Hides a visible menu, with its notifications.
    private func hide() {
        guard visible else { return }
        NotificationCenter.default.post(name: Self.willHideMenuNotification, object: self)
        visible = false
        visibleCommands = []
        shownFrame = .zero
        NotificationCenter.default.post(name: Self.didHideMenuNotification, object: self)
    }

    /// Re-validates the visible menu's commands and position; hides it when nothing is left to show or its
    /// target left the window.
    private func refresh() {
        let commands = validatedCommands()
        guard !commands.isEmpty, currentTargetFrame() != nil else { return hide() }
        visibleCommands = commands
        moveToTarget()
    }

    /// Moves the visible menu to the current target, posting the frame change.
    private func moveToTarget() {
        guard let frame = currentTargetFrame() else { return hide() }
        guard frame != shownFrame else { return }
        shownFrame = frame
        NotificationCenter.default.post(name: Self.menuFrameDidChangeNotification, object: self)
    }

    /// The target rectangle in window coordinates, or nil when there is no target view in a window.
    private func currentTargetFrame() -> CGRect? {
        guard let targetView, targetView.window != nil else { return nil }
        return targetView.convert(targetRect, to: nil)
    }

    /// The candidate commands the first responder's chain can perform, in menu order (AG-R-03).
    private func validatedCommands() -> [Selector] {
        guard let firstResponder = (application ?? UIApplication.shared).firstResponder else { return [] }
        let candidates = Selector.standardEditActions + (menuItems ?? []).map(\.action)
        var seen = Set<Selector>()
        return candidates.filter { action in
            seen.insert(action).inserted && firstResponder.target(forAction: action, withSender: self) != nil
        }
    }
}

/// `UIMenuItem`: an app-defined edit-menu command — a title and the action sent up the responder chain
/// when it is tapped (shown only when the chain can perform the action; AG-R-03).
@preconcurrency @MainActor
open class UIMenuItem: NSObject {
    /// The command's title as the menu would show it.
    open var title: String
    /// The action sent to the first responder's chain when the command is tapped.
    open var action: Selector

    /// A command titled `title` that sends `action`.
    public init(title: String, action: Selector) {
        self.title = title
        self.action = action
        super.init()
    }
}
