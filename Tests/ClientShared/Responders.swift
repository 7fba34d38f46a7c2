#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

/// A responder outside the view tree (a document or controller object in the chain): every open member of
/// `UIResponder` overridden.
class DocumentResponder: UIResponder {
    var text = ""
    var selection: Range<String.Index>?
    weak var nextInChain: UIResponder?
    private(set) var handled: [String] = []

    override init() {
        super.init()
    }

    deinit {
        DeinitLog.shared.record("DocumentResponder")
    }

    override var next: UIResponder? { nextInChain ?? super.next }

    // TACTILE-GAP (Linux): UIResponder.undoManager missing (what shake-to-undo uses) — UIKit: open var undoManager: UndoManager? { get }
    // private let documentUndoManager = UndoManager()
    // override var undoManager: UndoManager? { documentUndoManager }

    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { !text.isEmpty || super.canResignFirstResponder }
    override var isFirstResponder: Bool { super.isFirstResponder }
    override func becomeFirstResponder() -> Bool { super.becomeFirstResponder() }
    override func resignFirstResponder() -> Bool { super.resignFirstResponder() }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        handled.append("began \(touches.count)")
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
    }
    override func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { super.motionBegan(motion, with: event) }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        guard motion == .motionShake else { return super.motionEnded(motion, with: event) }
        handled.append("undo")
    }
    override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        super.motionCancelled(motion, with: event)
    }
    override func remoteControlReceived(with event: UIEvent?) { super.remoteControlReceived(with: event) }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        switch action {
        case Selector("copy:"), Selector("cut:"), Selector("delete:"): return selection != nil
        case Selector("paste:"): return UIPasteboard.general.hasStrings
        case Selector("selectAll:"), Selector("select:"): return !text.isEmpty
        default: return super.canPerformAction(action, withSender: sender)
        }
    }
    override func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        super.target(forAction: action, withSender: sender)
    }

    override func copy(_ sender: Any?) {
        guard let selection else { return }
        UIPasteboard.general.string = String(text[selection])
    }
    override func cut(_ sender: Any?) {
        copy(sender)
        delete(sender)
    }
    override func paste(_ sender: Any?) {
        guard let pasted = UIPasteboard.general.string else { return }
        text += pasted
    }
    override func select(_ sender: Any?) { selection = text.startIndex..<text.endIndex }
    override func selectAll(_ sender: Any?) { selection = text.startIndex..<text.endIndex }
    override func delete(_ sender: Any?) {
        guard let selection else { return }
        text.removeSubrange(selection)
        self.selection = nil
    }

    override var isAccessibilityElement: Bool {
        get { true }
        set { super.isAccessibilityElement = newValue }
    }
    override var accessibilityLabel: String? {
        get { text }
        set { super.accessibilityLabel = newValue }
    }
}

/// Uses the standard edit-action protocol as a type.
@MainActor
func performStandardCopy(on responder: UIResponderStandardEditActions) {
    // TACTILE-GAP (Linux): UIResponderStandardEditActions' requirements are @objc optional in UIKit, so a call through the protocol is written `responder.copy?(nil)`; Tactile declares them as plain requirements, where the optional call does not compile — UIKit: @objc optional func copy(_ sender: Any?) (likewise cut, paste, select, selectAll, delete, …)
    // responder.copy?(nil)
    _ = responder
}

/// An object outside the responder hierarchy that adopts the edit actions it supports.
final class ClipboardActions: NSObject {
    var copied: [String] = []
}
extension ClipboardActions: UIResponderStandardEditActions {
    func copy(_ sender: Any?) { copied.append("copy") }
}

/// A custom accessibility element that is not a view (a bar of a chart drawn by its view).
final class ChartBarElement: NSObject {
    let value: Double

    init(value: Double) {
        self.value = value
        super.init()
    }

    // TACTILE-GAP (Linux): the accessibility members are NSObject members in UIKit, so any NSObject subclass overrides them; Tactile declares them on UIResponder only (UIBarItem: identifier, label and hint) — UIKit: @MainActor open var isAccessibilityElement: Bool, accessibilityLabel: String?, accessibilityValue: String?, accessibilityTraits: UIAccessibilityTraits, accessibilityFrame: CGRect, … (informal UIAccessibility category on NSObject)
    // override var isAccessibilityElement: Bool {
    //     get { true }
    //     set {}
    // }
    // override var accessibilityLabel: String? {
    //     get { "\(value)" }
    //     set {}
    // }
}

/// A recorded touch for replaying input in tests: UITouch's open members overridden.
final class RecordedTouch: UITouch {
    var recordedLocation: CGPoint = .zero
    var recordedPhase: UITouch.Phase = .began
    var recordedForce: CGFloat = 0

    override var phase: UITouch.Phase { recordedPhase }
    override var tapCount: Int { 1 }
    override var timestamp: TimeInterval { 0 }
    override var view: UIView? { super.view }
    override var window: UIWindow? { super.window }
    override var type: UITouch.TouchType { .direct }
    override var force: CGFloat { recordedForce }
    override var maximumPossibleForce: CGFloat { 6.67 }
    override var majorRadius: CGFloat { 20 }
    override var majorRadiusTolerance: CGFloat { 5 }
    override var altitudeAngle: CGFloat { .pi / 2 }
    override func azimuthAngle(in view: UIView?) -> CGFloat { 0 }
    override func azimuthUnitVector(in view: UIView?) -> CGVector { CGVector(dx: 1, dy: 0) }
    override func location(in view: UIView?) -> CGPoint {
        guard let view, let window else { return recordedLocation }
        return view.convert(recordedLocation, from: window)
    }
    override func previousLocation(in view: UIView?) -> CGPoint { location(in: view) }
    override func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    override func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }
    override var estimatedProperties: UITouch.Properties { [] }

    deinit {
        DeinitLog.shared.record("RecordedTouch")
    }
}

/// A recorded event: UIEvent's open members overridden.
final class RecordedEvent: UIEvent {
    var recordedTouches: Set<UITouch> = []

    override var type: UIEvent.EventType { .touches }
    override var subtype: UIEvent.EventSubtype { .none }
    override var timestamp: TimeInterval { 1 }
    override var allTouches: Set<UITouch>? { recordedTouches }
    override func touches(for view: UIView) -> Set<UITouch>? { recordedTouches.filter { $0.view === view } }
    override func touches(for window: UIWindow) -> Set<UITouch>? { recordedTouches.filter { $0.window === window } }
    override func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }
    override func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }
}

/// Replays a recorded tap through a view's handlers, as a unit test of a custom view does.
@MainActor
func replayTap(on view: UIView) {
    let touch = RecordedTouch()
    touch.recordedLocation = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    let event = RecordedEvent()
    event.recordedTouches = [touch]
    view.touchesBegan([touch], with: event)
    touch.recordedPhase = .ended
    view.touchesEnded([touch], with: event)
}

// MARK: - Edit menu and pasteboard

class AppMenuController: UIMenuController {
    override class var shared: UIMenuController { super.shared }
    override var arrowDirection: UIMenuController.ArrowDirection {
        get { super.arrowDirection }
        set { super.arrowDirection = newValue }
    }
    override var menuItems: [UIMenuItem]? {
        get { super.menuItems }
        set { super.menuItems = newValue }
    }
    override var isMenuVisible: Bool {
        get { super.isMenuVisible }
        set { super.isMenuVisible = newValue }
    }
    override func setMenuVisible(_ menuVisible: Bool, animated: Bool) { super.setMenuVisible(menuVisible, animated: animated) }
    override func setTargetRect(_ targetRect: CGRect, in targetView: UIView) { super.setTargetRect(targetRect, in: targetView) }
    override func showMenu(from targetView: UIView, rect targetRect: CGRect) { super.showMenu(from: targetView, rect: targetRect) }
    override func hideMenu() { super.hideMenu() }
    override func hideMenu(from targetView: UIView) { super.hideMenu(from: targetView) }
    override func update() { super.update() }
    override var menuFrame: CGRect { super.menuFrame }
}

class AppMenuItem: UIMenuItem {
    override var title: String {
        get { super.title }
        set { super.title = newValue }
    }
    override var action: Selector {
        get { super.action }
        set { super.action = newValue }
    }
}

@MainActor
func showEditMenu(for view: UIView) {
    guard view.becomeFirstResponder() else { return }
    let menu = UIMenuController.shared
    menu.menuItems = [UIMenuItem(title: "Define", action: Selector("define:"))]
    menu.arrowDirection = .down
    menu.showMenu(from: view, rect: view.bounds)
    menu.update()
    if menu.isMenuVisible { _ = menu.menuFrame }
    menu.hideMenu(from: view)
}

class AuditedPasteboard: UIPasteboard {
    override class var general: UIPasteboard { super.general }
    override class func withUniqueName() -> UIPasteboard { super.withUniqueName() }
    override class func remove(withName pasteboardName: UIPasteboard.Name) { super.remove(withName: pasteboardName) }
    override var name: UIPasteboard.Name { super.name }
    override var isPersistent: Bool { super.isPersistent }
    override func setPersistent(_ persistent: Bool) { super.setPersistent(persistent) }
    override var changeCount: Int { super.changeCount }
    override var types: [String] { super.types }
    override func contains(pasteboardTypes: [String]) -> Bool { super.contains(pasteboardTypes: pasteboardTypes) }
    override func data(forPasteboardType pasteboardType: String) -> Data? { super.data(forPasteboardType: pasteboardType) }
    override func value(forPasteboardType pasteboardType: String) -> Any? { super.value(forPasteboardType: pasteboardType) }
    override func setData(_ data: Data, forPasteboardType pasteboardType: String) {
        super.setData(data, forPasteboardType: pasteboardType)
    }
    override func setValue(_ value: Any, forPasteboardType pasteboardType: String) {
        super.setValue(value, forPasteboardType: pasteboardType)
    }
    override var numberOfItems: Int { super.numberOfItems }
    override var items: [[String: Any]] {
        get { super.items }
        set { super.items = newValue }
    }
    override func addItems(_ items: [[String: Any]]) { super.addItems(items) }
    override func setItems(_ items: [[String: Any]], options: [UIPasteboard.OptionsKey: Any] = [:]) {
        super.setItems(items, options: options)
    }
    override func types(forItemSet itemSet: IndexSet?) -> [[String]]? { super.types(forItemSet: itemSet) }
    override func contains(pasteboardTypes: [String], inItemSet itemSet: IndexSet?) -> Bool {
        super.contains(pasteboardTypes: pasteboardTypes, inItemSet: itemSet)
    }
    override func itemSet(withPasteboardTypes pasteboardTypes: [String]) -> IndexSet? {
        super.itemSet(withPasteboardTypes: pasteboardTypes)
    }
    override func data(forPasteboardType pasteboardType: String, inItemSet itemSet: IndexSet?) -> [Data]? {
        super.data(forPasteboardType: pasteboardType, inItemSet: itemSet)
    }
    override func values(forPasteboardType pasteboardType: String, inItemSet itemSet: IndexSet?) -> [Any]? {
        super.values(forPasteboardType: pasteboardType, inItemSet: itemSet)
    }
    override var string: String? {
        get { super.string }
        set { super.string = newValue }
    }
    override var strings: [String]? {
        get { super.strings }
        set { super.strings = newValue }
    }
    override var url: URL? {
        get { super.url }
        set { super.url = newValue }
    }
    override var urls: [URL]? {
        get { super.urls }
        set { super.urls = newValue }
    }
    override var hasStrings: Bool { super.hasStrings }
    override var hasURLs: Bool { super.hasURLs }
}

/// Pasteboard use from nonisolated code (UIPasteboard is not main-actor isolated in UIKit).
func copyShareLink(_ url: URL) -> Bool {
    let board = UIPasteboard.general
    board.url = url
    board.string = url.absoluteString
    board.setItems([["public.utf8-plain-text": "hello"]], options: [.localOnly: true])
    let scratch = UIPasteboard.withUniqueName()
    scratch.setValue("draft", forPasteboardType: "public.utf8-plain-text")
    UIPasteboard.remove(withName: scratch.name)
    return board.hasURLs && board.changeCount > 0
}
