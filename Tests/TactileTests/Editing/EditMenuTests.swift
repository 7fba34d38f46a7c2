import Foundation
import Testing
@_spi(Testing) import Tactile

/// The standard edit commands' selectors (`cut:`, `copy:`, …).
private typealias Edit = Selector

/// A text view that manages its own selection (AG-R-07) and implements select:, selectAll:, copy: and cut:
/// (AG-R-05). It cannot use any pasteboard type, so it answers no for paste: and leaves it to its superview.
@MainActor
private final class TextSelectionView: UIView, TactileActionHandling {
    var text = "hello world"
    var isAllSelected = false
    var performed: [Selector] = []
    /// Shows the menu again from inside copy: (AG-R-06).
    var keepsMenuAfterCopy = false
    /// Calls `update()` after selecting everything (AG-R-04).
    var updatesMenuAfterSelectAll = false
    let pasteboard: UIPasteboard

    init(frame: CGRect, pasteboard: UIPasteboard) {
        self.pasteboard = pasteboard
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError("not used") }

    override var canBecomeFirstResponder: Bool { true }

    func handlesAction(_ action: Selector) -> Bool { [Edit.cut, Edit.copy, Edit.select, Edit.selectAll].contains(action) }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        switch action {
        case Edit.cut, Edit.copy: isAllSelected
        case Edit.select, Edit.selectAll: !isAllSelected
        case Edit.paste: false
        default: super.canPerformAction(action, withSender: sender)
        }
    }

    func performAction(_ action: Selector, sender: Any?) {
        performed.append(action)
        switch action {
        case Edit.selectAll, Edit.select:
            isAllSelected = true
            if updatesMenuAfterSelectAll { UIMenuController.shared.update() }
        case Edit.copy, Edit.cut:
            pasteboard.string = text
            if action == Edit.cut { text = ""; isAllSelected = false }
            if keepsMenuAfterCopy { UIMenuController.shared.isMenuVisible = true }
        default: break
        }
    }
}

/// A container that pastes text (AG-R-05) when its pasteboard holds a type it can use (AG-R-03), and performs a
/// custom `rotate:` command.
@MainActor
private final class PasteTargetView: UIView, TactileActionHandling {
    var pasted: [String] = []
    var rotations = 0
    let pasteboard: UIPasteboard

    init(frame: CGRect, pasteboard: UIPasteboard) {
        self.pasteboard = pasteboard
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError("not used") }

    func handlesAction(_ action: Selector) -> Bool { action == Edit.paste || action == "rotate:" }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == Edit.paste ? pasteboard.hasStrings : super.canPerformAction(action, withSender: sender)
    }

    func performAction(_ action: Selector, sender: Any?) {
        if action == Edit.paste, let s = pasteboard.string { pasted.append(s) }
        if action == "rotate:" { rotations += 1 }
    }
}

/// Records the menu controller's notifications in order.
@MainActor
private final class MenuNotifications {
    private(set) var names: [String] = []
    private var tokens: [NSObjectProtocol] = []
    init(_ menu: UIMenuController) {
        let all = [UIMenuController.willShowMenuNotification, UIMenuController.didShowMenuNotification,
                   UIMenuController.willHideMenuNotification, UIMenuController.didHideMenuNotification,
                   UIMenuController.menuFrameDidChangeNotification]
        for name in all {
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: menu, queue: nil) { [weak self] n in
                let posted = n.name.rawValue
                MainActor.assumeIsolated { self?.names.append(posted) }
            })
        }
    }
    func stop() { tokens.forEach(NotificationCenter.default.removeObserver) }
}

/// A launched app with a key window holding a paste-capable container and, inside it, a selectable text view
/// that is the first responder.
@MainActor
private struct EditScene {
    let window: UIWindow
    let container: PasteTargetView
    let text: TextSelectionView
    let pasteboard: UIPasteboard
    let menu: UIMenuController

    init() {
        TactileHost.launch(delegate: nil)
        pasteboard = UIPasteboard.withUniqueName()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        container = PasteTargetView(frame: CGRect(x: 20, y: 100, width: 280, height: 200), pasteboard: pasteboard)
        text = TextSelectionView(frame: CGRect(x: 10, y: 10, width: 200, height: 40), pasteboard: pasteboard)
        window.addSubview(container)
        container.addSubview(text)
        menu = UIMenuController.shared
        _ = text.becomeFirstResponder()
    }

    func tearDown() { UIPasteboard.remove(withName: pasteboard.name) }
}

private let selectionRect = CGRect(x: 0, y: 0, width: 50, height: 20)

/// UIMenuController: showing, populating and validating the edit menu, executing and hiding (AG-R).
@MainActor
@Suite("UIMenuController", .serialized)
struct EditMenuTests {
    @Test("AG-R-02 shared is one controller per app: the same object, hidden and fresh after a relaunch")
    func r02Shared() {
        let scene = EditScene()
        defer { scene.tearDown() }
        #expect(UIMenuController.shared === scene.menu)
        scene.menu.showMenu(from: scene.text, rect: selectionRect)
        scene.menu.arrowDirection = .up
        #expect(scene.menu.isMenuVisible)
        TactileHost.launch(delegate: nil)
        let fresh = UIMenuController.shared
        #expect(fresh !== scene.menu && fresh === UIMenuController.shared)
        #expect(!fresh.isMenuVisible && fresh.arrowDirection == .default && fresh.visibleCommands.isEmpty)
    }

    @Test("AG-R-02 showing needs a target rect in a window; will/did show then will/did hide; a hidden menu hides silently")
    func r02ShowAndHide() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        let log = MenuNotifications(menu)
        defer { log.stop() }

        menu.setMenuVisible(true, animated: true)
        #expect(!menu.isMenuVisible && log.names.isEmpty, "no target rect: nothing to show")
        let detached = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        menu.setTargetRect(selectionRect, in: detached)
        menu.isMenuVisible = true
        #expect(!menu.isMenuVisible && log.names.isEmpty, "the target view is in no window")

        menu.setTargetRect(selectionRect, in: scene.text)
        menu.setMenuVisible(true, animated: true)
        #expect(menu.isMenuVisible)
        #expect(log.names == ["UIMenuControllerWillShowMenuNotification", "UIMenuControllerDidShowMenuNotification"])
        menu.isMenuVisible = true
        #expect(log.names.count == 2, "showing a visible menu posts nothing")

        menu.hideMenu()
        #expect(!menu.isMenuVisible && menu.visibleCommands.isEmpty)
        #expect(log.names == ["UIMenuControllerWillShowMenuNotification", "UIMenuControllerDidShowMenuNotification",
                              "UIMenuControllerWillHideMenuNotification", "UIMenuControllerDidHideMenuNotification"])
        menu.hideMenu()
        menu.setMenuVisible(false, animated: false)
        #expect(log.names.count == 4, "hiding a hidden menu posts nothing")

        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(menu.isMenuVisible)
        menu.hideMenu(from: scene.container)
        #expect(menu.isMenuVisible, "shown for another view")
        menu.hideMenu(from: scene.text)
        #expect(!menu.isMenuVisible)
    }

    @Test("AG-R-03 a command shows iff the chain from the first responder can perform it; paste: bubbles to the superview")
    func r03Validation() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(menu.visibleCommands == [Edit.select, Edit.selectAll], "no selection, empty pasteboard")
        menu.hideMenu()

        scene.pasteboard.string = "clip"
        scene.text.isAllSelected = true
        menu.menuItems = [UIMenuItem(title: "Rotate", action: "rotate:"), UIMenuItem(title: "Frobnicate", action: "frobnicate:")]
        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(menu.visibleCommands == [Edit.cut, Edit.copy, Edit.paste, "rotate:"],
                "standard commands in menu order, then custom items; paste: says no on the text view and yes on its superview")
        #expect(!menu.visibleCommands.contains(Edit.delete) && !menu.visibleCommands.contains("frobnicate:"))
        #expect(menu.menuItems?.map(\.title) == ["Rotate", "Frobnicate"])

        #expect(menu.performCommand("rotate:"))
        #expect(scene.container.rotations == 1 && menu.isMenuVisible, "custom commands do not hide the menu")
        #expect(menu.performCommand(Edit.paste))
        #expect(scene.container.pasted == ["clip"], "paste: went up the chain to the superview")
        #expect(scene.text.performed.isEmpty)
    }

    @Test("AG-R-03 without a first responder the menu has no commands and does not appear")
    func r03NoFirstResponder() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        let log = MenuNotifications(menu)
        defer { log.stop() }
        #expect(scene.text.resignFirstResponder())
        scene.pasteboard.string = "clip"
        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(!menu.isMenuVisible && menu.visibleCommands.isEmpty && log.names.isEmpty)
        #expect(!menu.performCommand(Edit.paste) && scene.container.pasted.isEmpty)

        #expect(scene.text.becomeFirstResponder())
        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(menu.isMenuVisible && menu.visibleCommands == [Edit.paste, Edit.select, Edit.selectAll])
    }

    @Test("AG-R-04 update() asks canPerformAction again: after Select All, Copy and Cut appear")
    func r04Update() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(menu.visibleCommands == [Edit.select, Edit.selectAll])

        #expect(menu.performCommand(Edit.selectAll))
        #expect(scene.text.isAllSelected && menu.isMenuVisible, "selectAll: does not hide the menu")
        #expect(menu.visibleCommands == [Edit.select, Edit.selectAll], "not asked again until update()")
        menu.update()
        #expect(menu.visibleCommands == [Edit.cut, Edit.copy])
        #expect(!menu.performCommand(Edit.selectAll), "no longer shown, so it cannot be tapped")
        #expect(scene.text.performed == [Edit.selectAll])

        menu.hideMenu()
        scene.text.isAllSelected = false
        menu.update()
        #expect(!menu.isMenuVisible && menu.visibleCommands.isEmpty, "update() does nothing while hidden")

        scene.text.updatesMenuAfterSelectAll = true
        menu.showMenu(from: scene.text, rect: selectionRect)
        menu.performCommand(Edit.select)
        #expect(menu.visibleCommands == [Edit.cut, Edit.copy], "the action called update() itself")
    }

    @Test("AG-R-04 update() hides the menu when no command is left")
    func r04UpdateEmpty() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        let log = MenuNotifications(menu)
        defer { log.stop() }
        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(scene.text.resignFirstResponder())
        menu.update()
        #expect(!menu.isMenuVisible && menu.visibleCommands.isEmpty)
        #expect(log.names.suffix(2) == ["UIMenuControllerWillHideMenuNotification", "UIMenuControllerDidHideMenuNotification"])
    }

    @Test("AG-R-05 AG-R-06 tapping Copy sends copy: to the first responder, then the menu hides itself")
    func r06AutoHideAfterCopy() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        scene.text.isAllSelected = true
        menu.showMenu(from: scene.text, rect: selectionRect)
        let log = MenuNotifications(menu)
        defer { log.stop() }

        #expect(!menu.performCommand(Edit.delete), "not shown: cannot be tapped")
        #expect(menu.performCommand(Edit.copy))
        #expect(scene.text.performed == [Edit.copy] && scene.pasteboard.string == "hello world")
        #expect(!menu.isMenuVisible)
        #expect(log.names == ["UIMenuControllerWillHideMenuNotification", "UIMenuControllerDidHideMenuNotification"])
        #expect(!menu.performCommand(Edit.cut), "the menu is hidden")

        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(menu.performCommand(Edit.cut))
        #expect(!menu.isMenuVisible && scene.text.text.isEmpty)
        menu.showMenu(from: scene.text, rect: selectionRect)
        #expect(menu.visibleCommands == [Edit.paste, Edit.select, Edit.selectAll], "after cut: the selection is gone; the clip pastes")
        #expect(menu.performCommand(Edit.paste))
        #expect(!menu.isMenuVisible && scene.container.pasted == ["hello world"])
    }

    @Test("AG-R-06 an action that sets the menu visible again keeps it on screen")
    func r06StaysVisible() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        scene.text.isAllSelected = true
        scene.text.keepsMenuAfterCopy = true
        menu.showMenu(from: scene.text, rect: selectionRect)
        let log = MenuNotifications(menu)
        defer { log.stop() }
        #expect(menu.performCommand(Edit.copy))
        #expect(menu.isMenuVisible && log.names.isEmpty)
        #expect(menu.visibleCommands == [Edit.cut, Edit.copy, Edit.paste], "showing again re-validated: the clip can now be pasted")

        scene.text.keepsMenuAfterCopy = false
        #expect(menu.performCommand(Edit.copy))
        #expect(!menu.isMenuVisible, "the next copy: hides it as usual")
    }

    @Test("AG-R-02 menuFrame is the target rect in window coordinates while visible; moving it posts menuFrameDidChange")
    func r02MenuFrame() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        let log = MenuNotifications(menu)
        defer { log.stop() }
        menu.setTargetRect(selectionRect, in: scene.text)
        #expect(menu.menuFrame == .zero, "hidden")
        menu.isMenuVisible = true
        // text at (10,10) in the container at (20,100): the rect's origin is (30,110) in the window.
        #expect(menu.menuFrame == CGRect(x: 30, y: 110, width: 50, height: 20))
        menu.setTargetRect(CGRect(x: 5, y: 5, width: 10, height: 10), in: scene.text)
        #expect(menu.menuFrame == CGRect(x: 35, y: 115, width: 10, height: 10))
        menu.setTargetRect(CGRect(x: 5, y: 5, width: 10, height: 10), in: scene.text)
        scene.text.frame.origin.y += 100
        menu.update()
        #expect(menu.menuFrame == CGRect(x: 35, y: 215, width: 10, height: 10))
        #expect(log.names == ["UIMenuControllerWillShowMenuNotification", "UIMenuControllerDidShowMenuNotification",
                              "UIMenuControllerMenuFrameDidChangeNotification", "UIMenuControllerMenuFrameDidChangeNotification"])
        menu.hideMenu()
        #expect(menu.menuFrame == .zero)
    }

    @Test("AG-CC-17 edit-menu fixture: canPerformAction bubbling, update() re-query, auto-hide after copy:")
    func cc17Fixture() {
        let scene = EditScene()
        defer { scene.tearDown() }
        let menu = scene.menu
        scene.pasteboard.string = "earlier clip"
        // Double tap: the view becomes first responder and shows the menu over its selection (Listing 3-4).
        menu.setTargetRect(selectionRect, in: scene.text)
        menu.setMenuVisible(true, animated: true)
        #expect(menu.visibleCommands == [Edit.paste, Edit.select, Edit.selectAll], "paste: bubbled from the text view to its superview")
        menu.performCommand(Edit.selectAll)
        menu.update()
        #expect(menu.visibleCommands == [Edit.cut, Edit.copy, Edit.paste], "after Select All, Copy and Cut appear")
        menu.performCommand(Edit.copy)
        #expect(!menu.isMenuVisible && scene.pasteboard.string == "hello world")
    }
}
