import Foundation
import TactileCore

/// NSObject's selector-based messaging, which Linux Foundation lacks, resolved through Tactile's action tables
/// (``UIResponder/tactileActions``, ``TactileActionTarget``): what ported UIKit code calls.
extension NSObject {
    /// True when the object's class implements `aSelector` (its action table, ``TactileActionHandling``, or an
    /// edit action a responder overrides) — UIKit's `respondsToSelector:`.
    @MainActor public func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        return ActionDispatch.responds(self, to: aSelector)
    }

    /// Sends `aSelector` to the object now. UIKit returns the method's result; the action methods Tactile calls
    /// return nothing, so the result is nil. An unknown selector is reported (UIKit raises
    /// NSInvalidArgumentException, "unrecognized selector sent to instance").
    @MainActor @discardableResult
    public func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! {
        PerformRequests.send(aSelector, to: self, with: nil)
        return nil
    }

    /// Sends `aSelector` to the object now, with `object` as the argument.
    @MainActor @discardableResult
    public func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! {
        PerformRequests.send(aSelector, to: self, with: object)
        return nil
    }

    /// Sends `aSelector` with `anArgument` after `delay` seconds on the main run loop, in the default mode (so not
    /// while a scroll view tracks); the object and the argument are kept until then. `cancelPreviousPerformRequests`
    /// cancels it.
    @MainActor public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        PerformRequests.schedule(aSelector, on: self, with: anArgument, after: delay, mode: .default)
    }

    /// As ``perform(_:with:afterDelay:)``, in the given run-loop modes (`.common` covers tracking too).
    @MainActor public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval,
                                   inModes modes: [RunLoop.Mode]) {
        let mode: RunLoopMode = modes.contains(.common) || (modes.contains(.default) && modes.contains(.tracking)) ? .common
            : modes.contains(.tracking) ? .tracking : .default
        PerformRequests.schedule(aSelector, on: self, with: anArgument, after: delay, mode: mode)
    }

    /// Cancels every `perform(_:with:afterDelay:)` request to `aTarget`.
    @MainActor public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        PerformRequests.cancel(target: aTarget, selector: nil, argument: nil, matchArgument: false)
    }

    /// Cancels the `perform(_:with:afterDelay:)` requests to `aTarget` with this selector and an equal argument.
    @MainActor public class func cancelPreviousPerformRequests(withTarget aTarget: Any, selector aSelector: Selector,
                                                               object anArgument: Any?) {
        PerformRequests.cancel(target: aTarget, selector: aSelector, argument: anArgument, matchArgument: true)
    }
}

extension RunLoop.Mode {
    /// `UITrackingRunLoopMode`: the mode the main run loop runs in while a scroll view tracks a finger.
    public static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
}

/// The pending `perform(_:with:afterDelay:)` requests, so that they can be cancelled.
@MainActor
enum PerformRequests {
    struct Request {
        let target: NSObject
        let selector: Selector
        let argument: Any?
        let timer: RunLoopTimerID
    }

    static var pending: [ObjectIdentifier: [Request]] = [:]

    static func send(_ selector: Selector?, to target: NSObject, with argument: Any?) {
        guard let selector else {
            TactileDiagnostics.report("NSObject.perform(_:)", "nil selector")
            return
        }
        if !ActionDispatch.perform(selector, on: target, sender: argument, event: nil),
           !ActionDispatch.responds(target, to: selector) {
            TactileDiagnostics.report("NSObject.perform(_:)", "-[\(type(of: target)) \(selector)]: unrecognized selector sent to instance")
        }
    }

    static func schedule(_ selector: Selector, on target: NSObject, with argument: Any?, after delay: TimeInterval, mode: RunLoopMode) {
        let key = ObjectIdentifier(target)
        let nanoseconds = delay.isFinite && delay > 0 ? UInt64(min(delay, 1e9) * 1e9) : 0
        let id = UIApplication.shared.mainLoop.addTimer(after: nanoseconds, mode: mode) { fired in
            pending[key]?.removeAll { $0.timer == fired }
            if pending[key]?.isEmpty == true { pending[key] = nil }
            send(selector, to: target, with: argument)
        }
        pending[key, default: []].append(Request(target: target, selector: selector, argument: argument, timer: id))
    }

    static func cancel(target: Any, selector: Selector?, argument: Any?, matchArgument: Bool) {
        guard let object = target as? NSObject, let requests = pending[ObjectIdentifier(object)] else { return }
        var kept: [Request] = []
        for r in requests {
            let matches = (selector == nil || r.selector == selector) && (!matchArgument || equal(r.argument, argument))
            if matches { _ = UIApplication.shared.mainLoop.cancel(r.timer) } else { kept.append(r) }
        }
        pending[ObjectIdentifier(object)] = kept.isEmpty ? nil : kept
    }

    /// `isEqual:` on the arguments (nil equals nil).
    static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a as NSObject, b as NSObject): return a.isEqual(b)
        case let (a as AnyHashable, b as AnyHashable): return a == b
        case let (a as AnyObject, b as AnyObject): return a === b
        default: return false
        }
    }
}
