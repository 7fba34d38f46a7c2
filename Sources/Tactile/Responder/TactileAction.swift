import Foundation

/// One action method of a target, named by its selector: how an action message finds its method on Linux, where
/// no Objective-C runtime can invoke a selector by name.
///
/// A class lists its action methods once, in ``UIResponder/tactileActions`` (or, for a target that is not a
/// responder, ``TactileActionTarget/tactileActions``), pairing each selector with the method itself; target-action
/// (`UIControl`, `UIBarButtonItem`, `UIApplication.sendAction(_:to:from:for:)`) and the responder chain's
/// `canPerformAction(_:withSender:)` read that table:
///
/// ```swift
/// // UIKit:   button.addTarget(self, action: #selector(save(_:)), for: .touchUpInside)
/// //          @objc func save(_ sender: UIButton) { … }
/// // Tactile: button.addTarget(self, action: "save:", for: .touchUpInside)
/// override class var tactileActions: [TactileAction] {
///     super.tactileActions + [TactileAction("save:", EditorViewController.save)]
/// }
/// func save(_ sender: UIButton) { … }
/// ```
///
/// The three UIKit action shapes are accepted: `func a()` (`"a"`), `func a(_ sender:)` (`"a:"`) and
/// `func a(_ sender:forEvent:)` (`"a:forEvent:"`); the sender parameter may have any type the sender has.
/// The method is called on the receiving object, so a subclass's override runs.
@preconcurrency @MainActor
public struct TactileAction {
    /// The action's name (`"save:"`).
    public let selector: Selector
    /// Calls the method on `target`: false when the target is not of the method's class or the sender not of
    /// its parameter's type. The initializers are inlinable so that this closure is formed in the client's
    /// module, where the method is known: the call is then direct, without a partially applied method (a heap
    /// context per action otherwise). A sender that is an object may come as `senderObject` too: it is cast as
    /// a class (an existential's cast costs several times more).
    @usableFromInline let invoke: @MainActor (_ target: AnyObject, _ sender: Any?, _ senderObject: AnyObject?,
                                              _ event: UIEvent?) -> Bool

    /// An action method without parameters (`@objc func refresh()`).
    @inlinable
    public init<Target: AnyObject>(_ selector: Selector, _ method: @escaping @MainActor (Target) -> () -> Void) {
        self.selector = selector
        invoke = { target, _, _, _ in
            guard let target = target as? Target else { return false }
            method(target)()
            return true
        }
    }

    /// An action method that takes the sender (`@objc func save(_ sender: UIButton)`).
    @inlinable
    public init<Target: AnyObject, Sender>(_ selector: Selector, _ method: @escaping @MainActor (Target) -> (Sender) -> Void) {
        self.selector = selector
        invoke = { target, sender, object, _ in
            guard let target = target as? Target, let sender = TactileAction.cast(object, sender, to: Sender.self) else {
                return false
            }
            method(target)(sender)
            return true
        }
    }

    /// An action method that takes the sender and the event (`@objc func drag(_ sender: UIControl, forEvent event: UIEvent)`).
    /// Without an event (an action sent from code), UIKit passes nil; here an empty event stands in.
    @inlinable
    public init<Target: AnyObject, Sender>(_ selector: Selector,
                                           _ method: @escaping @MainActor (Target) -> (Sender, UIEvent) -> Void) {
        self.selector = selector
        invoke = { target, sender, object, event in
            guard let target = target as? Target, let sender = TactileAction.cast(object, sender, to: Sender.self) else {
                return false
            }
            method(target)(sender, event ?? UIEvent())
            return true
        }
    }

    /// `sender` as `T`; a nil sender passes as nil when `T` is optional. Inlinable, so the cast is specialized
    /// for the method's parameter type in the client (a generic cast instantiates metadata on every call).
    @inlinable
    static func cast<T>(_ object: AnyObject?, _ sender: Any?, to type: T.Type) -> T? {
        if let object, let value = object as? T { return value }
        if let sender, let value = sender as? T { return value }
        return Optional<Any>.none as? T
    }
}

/// A target that is not a responder (a plain model or coordinator object) lists its action methods here; a
/// ``UIResponder`` has ``UIResponder/tactileActions`` already.
@preconcurrency @MainActor
public protocol TactileActionTarget: AnyObject {
    /// The action methods the class implements (a subclass adds to `super`'s). Read once per class.
    static var tactileActions: [TactileAction] { get }
}

/// Finds and performs action methods: a class's ``TactileAction`` table (built once per class), then
/// ``TactileActionHandling``, then — for a responder — the standard edit actions it overrides.
@MainActor
enum ActionDispatch {
    private static var tables: [ObjectIdentifier: [Selector: TactileAction]] = [:]

    /// The action table of `object`'s class (empty when it has none). Looked up by class first: the protocol
    /// cast runs once per class, not once per action.
    private static func table(of object: AnyObject) -> [Selector: TactileAction] {
        let key = ObjectIdentifier(type(of: object))
        if let table = tables[key] { return table }
        var table: [Selector: TactileAction] = [:]
        if let target = object as? TactileActionTarget {
            for action in type(of: target).tactileActions { table[action.selector] = action }  // later entries (a subclass's) win
        }
        tables[key] = table
        return table
    }

    /// The method `action` names in `object`'s class table, if any (a caller may keep it per class).
    static func method(_ action: Selector, of object: AnyObject) -> TactileAction? { table(of: object)[action] }

    /// True when `object` implements `action` (UIKit's `respondsToSelector:`).
    static func responds(_ object: AnyObject, to action: Selector) -> Bool {
        if table(of: object)[action] != nil { return true }
        if let handler = object as? TactileActionHandling, handler.handlesAction(action) { return true }
        if let responder = object as? UIResponder { return EditActionOverrides.overrides(action, in: type(of: responder)) }
        return false
    }

    /// Performs `action` on `object`. False when it has no such method, or the sender is not of the type the
    /// method takes.
    static func perform(_ action: Selector, on object: AnyObject, sender: Any?, event: UIEvent?) -> Bool {
        if let method = table(of: object)[action] {
            if method.invoke(object, sender, nil, event) { return true }
            TactileDiagnostics.report("UIApplication.sendAction(_:to:from:for:)",
                                      "-[\(type(of: object)) \(action)]: the sender \(sender.map { "\(type(of: $0))" } ?? "nil") is not of the type the action method takes")
            return false
        }
        if let handler = object as? TactileActionHandling, handler.handlesAction(action) {
            handler.performAction(action, sender: sender)
            return true
        }
        guard let responder = object as? UIResponder else { return false }
        switch action {
        case .copy: responder.copy(sender)
        case .cut: responder.cut(sender)
        case .paste: responder.paste(sender)
        case .select: responder.select(sender)
        case .selectAll: responder.selectAll(sender)
        case .delete: responder.delete(sender)
        default: return false
        }
        return true
    }
}
