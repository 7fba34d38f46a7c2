import Foundation

/// `UIResponder`: an object that can handle events, linked into the responder chain by ``next``.
///
/// UIKit's rules (AG-P): unhandled touch, motion and action messages travel up the chain — view →
/// its view controller (when it is the controller's root view) → superview → … → window → application →
/// app delegate (when it is a responder) — and are dropped at the end. The default implementations here
/// forward to ``next``.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    /// The next responder in the chain; nil ends it.
    open var next: UIResponder? { nil }

    // MARK: Loading from a storyboard (StoryboardOutlets.swift; SBT-SB-11)

    /// Called on every object a storyboard made, after all the objects of its part of the storyboard exist and
    /// their outlets are connected (SBT-SB-11): a controller at instantiation, its views when the view loads.
    /// Overrides must call `super`. The default does nothing.
    open func awakeFromNib() {}

    /// Called by Interface Builder before it renders an `@IBDesignable` object, to set up sample content; Tactile
    /// never calls it (it has no Interface Builder canvas). The default does nothing.
    open func prepareForInterfaceBuilder() {}

    /// The properties a storyboard may set by name — outlets (`@IBOutlet` in UIKit code) and inspectable
    /// properties (`@IBInspectable`, user-defined runtime attributes) — as key paths by name (a Tactile addition:
    /// Linux has no Objective-C runtime to find a property by name). Override it, adding your class's to
    /// `super`'s: `override class var tactileOutlets: [String: AnyKeyPath] { super.tactileOutlets.merging(["label":
    /// \MyViewController.label]) { $1 } }`.
    open class var tactileOutlets: [String: AnyKeyPath] { [:] }

    /// Sets the property named `key` (Key-Value Coding, as storyboards connect outlets and apply user-defined
    /// runtime attributes). The default sets the properties the class lists in ``tactileOutlets`` (converting
    /// numbers to the property's numeric type), and otherwise calls ``setValue(_:forUndefinedKey:)``. Override it
    /// to handle keys yourself.
    open func setValue(_ value: Any?, forKey key: String) {
        if !StoryboardOutlets.set(value, forKey: key, on: self) { setValue(value, forUndefinedKey: key) }
    }

    /// Sets the property at a dotted key path: the first key's value must be a responder, which sets the rest.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return setValue(value, forKey: keyPath) }
        let head = String(keyPath[..<dot])
        guard let next = StoryboardOutlets.value(forKey: head, on: self) as? UIResponder else {
            return setValue(value, forUndefinedKey: keyPath)
        }
        next.setValue(value, forKeyPath: String(keyPath[keyPath.index(after: dot)...]))
    }

    /// Called for a key the receiver does not have. UIKit raises `NSUnknownKeyException`; the default reports it
    /// with UIKit's reason through ``TactileDiagnostics`` and sets nothing.
    open func setValue(_ value: Any?, forUndefinedKey key: String) {
        TactileDiagnostics.report("UIResponder.setValue(_:forKey:)",
                                  "NSUnknownKeyException: [<\(String(reflecting: type(of: self))) \(NSLayoutConstraint.address(self))> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).")
    }

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

    // MARK: Accessibility (UIAccessibility.swift; UIKit's NSObject accessibility members)

    /// Whether assistive technologies treat this object as an element. False by default (controls and labels
    /// say true).
    open var isAccessibilityElement: Bool {
        get { accessibility?.isElement ?? false }
        set { accessibilityStore.isElement = newValue }
    }
    /// The element's label, read by VoiceOver.
    open var accessibilityLabel: String? {
        get { accessibility?.label }
        set { accessibilityStore.label = newValue }
    }
    /// What performing the element's action does.
    open var accessibilityHint: String? {
        get { accessibility?.hint }
        set { accessibilityStore.hint = newValue }
    }
    /// The element's value (a slider's, a text field's).
    open var accessibilityValue: String? {
        get { accessibility?.value }
        set { accessibilityStore.value = newValue }
    }
    /// What the element is and how it behaves. `.none` by default.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility?.traits ?? .none }
        set { accessibilityStore.traits = newValue }
    }
    /// The element's frame in screen coordinates: `.zero` unless set (a view's is its frame on the screen).
    open var accessibilityFrame: CGRect {
        get { accessibility?.frame ?? .zero }
        set { accessibilityStore.frame = newValue }
    }
    /// Whether the elements this object contains are hidden from assistive technologies. False.
    open var accessibilityElementsHidden: Bool {
        get { accessibility?.elementsHidden ?? false }
        set { accessibilityStore.elementsHidden = newValue }
    }
    /// Whether assistive technologies ignore the elements beside this one. False.
    open var accessibilityViewIsModal: Bool {
        get { accessibility?.viewIsModal ?? false }
        set { accessibilityStore.viewIsModal = newValue }
    }
    /// The language the element's label, value and hint are spoken in (BCP 47).
    open var accessibilityLanguage: String? {
        get { accessibility?.language }
        set { accessibilityStore.language = newValue }
    }
    /// The elements this container holds, in order; nil: its subviews that are elements.
    open var accessibilityElements: [Any]? {
        get { accessibility?.elements }
        set { accessibilityStore.elements = newValue }
    }
    /// Whether VoiceOver reads this object's children as a group. False.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibility?.groupsChildren ?? false }
        set { accessibilityStore.groupsChildren = newValue }
    }
    var accessibility: AccessibilityStorage?
    /// VoiceOver's increment gesture on an `.adjustable` element. The default does nothing.
    open func accessibilityIncrement() {}
    /// VoiceOver's decrement gesture on an `.adjustable` element. The default does nothing.
    open func accessibilityDecrement() {}
    /// VoiceOver's activate gesture (a double tap); true if handled. False: the system then taps the
    /// element's activation point.
    open func accessibilityActivate() -> Bool { false }

    // MARK: Touches (forwarded up the chain by default)

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// Updated force or location estimates: never sent here (the digitizer reports final values).
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    // MARK: Motion (forwarded up the chain by default)

    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { next?.motionBegan(motion, with: event) }
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { next?.motionEnded(motion, with: event) }
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        next?.motionCancelled(motion, with: event)
    }

    /// Remote-control events (iOS 4, AA): none are generated headlessly; forwarded up the chain.
    open func remoteControlReceived(with event: UIEvent?) { next?.remoteControlReceived(with: event) }

    // MARK: Actions (AG-P-07, AG-P-08, AG-R-03)

    /// The action methods this class implements, by selector (``TactileAction``): what target-action and
    /// ``canPerformAction(_:withSender:)`` find on Linux, where `@objc` methods cannot be looked up by name.
    /// Override it and add to `super`'s: `override class var tactileActions: [TactileAction] {
    /// super.tactileActions + [TactileAction("save:", EditorViewController.save)] }`. Read once per class.
    open class var tactileActions: [TactileAction] { [] }

    /// Whether this responder handles `action` (AG-R-03: the edit menu shows a command only when the first
    /// responder, or one up its chain, says yes). UIKit's default answers "the class implements the method":
    /// here, an action in the class's ``tactileActions``, one a ``TactileActionHandling`` responder handles, or
    /// a standard edit action (`copy(_:)`, `cut(_:)`, `paste(_:)`, `select(_:)`, `selectAll(_:)`, `delete(_:)`)
    /// the class overrides (Linux has no Objective-C runtime to look methods up by selector).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        ActionDispatch.responds(self, to: action)
    }

    /// The responder that will handle `action`: the receiver if ``canPerformAction(_:withSender:)`` says
    /// yes, else the next responder's answer; nil at the end of the chain.
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        canPerformAction(action, withSender: sender) ? self : next?.target(forAction: action, withSender: sender)
    }

    // MARK: Standard edit actions (AG-R-01, AG-R-05; UIResponderStandardEditActions)

    /// Copies the selection to the pasteboard. The default does nothing; override it.
    open func copy(_ sender: Any?) {}
    /// Copies the selection and removes it. The default does nothing; override it.
    open func cut(_ sender: Any?) {}
    /// Reads the pasteboard into the selection. The default does nothing; override it.
    open func paste(_ sender: Any?) {}
    /// Selects the item at the touch. The default does nothing; override it.
    open func select(_ sender: Any?) {}
    /// Selects everything. The default does nothing; override it.
    open func selectAll(_ sender: Any?) {}
    /// Deletes the selection. The default does nothing; override it.
    open func delete(_ sender: Any?) {}
}

/// `UIResponderStandardEditActions` (AG-R-01, AG-R-05): the edit menu's commands, which every responder has
/// (`UIResponder`'s defaults do nothing; override the ones you implement).
@preconcurrency @MainActor
public protocol UIResponderStandardEditActions: NSObjectProtocol {
    func copy(_ sender: Any?)
    func cut(_ sender: Any?)
    func paste(_ sender: Any?)
    func select(_ sender: Any?)
    func selectAll(_ sender: Any?)
    func delete(_ sender: Any?)
}

extension UIResponder: UIResponderStandardEditActions {}

extension UIResponder: TactileActionTarget {}

/// Every requirement is optional in UIKit (`@objc optional`); Swift on Linux has no optional requirements, so
/// an adopter that implements only some of them gets these, which do nothing. (Calls through the protocol are
/// plain calls here: `responder.copy(nil)`, not UIKit's `responder.copy?(nil)`.)
extension UIResponderStandardEditActions {
    public func copy(_ sender: Any?) {}
    public func cut(_ sender: Any?) {}
    public func paste(_ sender: Any?) {}
    public func select(_ sender: Any?) {}
    public func selectAll(_ sender: Any?) {}
    public func delete(_ sender: Any?) {}
}

extension Selector {
    public static let copy = Selector("copy:")
    public static let cut = Selector("cut:")
    public static let paste = Selector("paste:")
    public static let select = Selector("select:")
    public static let selectAll = Selector("selectAll:")
    public static let delete = Selector("delete:")
    /// The standard edit actions, in the edit menu's order.
    public static let standardEditActions: [Selector] = [.cut, .copy, .paste, .select, .selectAll, .delete]
}

/// How a responder receives action messages on Linux, where selectors cannot be invoked through an
/// Objective-C runtime: `UIApplication.sendAction(_:to:from:for:)` calls ``performAction(_:sender:)`` on the
/// target it resolves. (Tactile's own protocol: UIKit finds an action method by its selector.)
@preconcurrency @MainActor
public protocol TactileActionHandling: AnyObject {
    /// True for the actions this object implements.
    func handlesAction(_ action: Selector) -> Bool
    /// Performs `action`.
    func performAction(_ action: Selector, sender: Any?)
}

/// The name ``TactileActionHandling`` had before it took Tactile's prefix.
@available(*, deprecated, renamed: "TactileActionHandling")
public typealias UIActionHandling = TactileActionHandling
