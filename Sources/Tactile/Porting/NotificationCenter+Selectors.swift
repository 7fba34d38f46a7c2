import Foundation

/// NotificationCenter's selector-based observers, which Linux Foundation lacks: the observer's method is found in
/// its action table (``UIResponder/tactileActions``, ``TactileActionTarget``) and called with the notification.
/// As on iOS 9 and later, the center holds the observer weakly and forgets it once it is gone.
extension NotificationCenter {
    /// Calls `aSelector` on `observer` (with the `Notification`) for each notification named `aName` (any name
    /// when nil) from `anObject` (any sender when nil): at once for a notification posted on the main queue (the
    /// main actor's), on the main actor shortly after for one posted from another thread.
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        guard let target = observer as AnyObject? else { return }
        let weakTarget = WeakObserver(target)
        let token = addObserver(forName: aName, object: anObject, queue: nil) { [weak self] notification in
            guard let target = weakTarget.object else {
                if let self { SelectorObservers.forget(weakTarget, in: self) }
                return
            }
            let delivery = Unchecked((target, notification))
            let deliver: @MainActor @Sendable () -> Void = {
                let (target, notification) = delivery.value
                if !ActionDispatch.perform(aSelector, on: target, sender: notification, event: nil) {
                    TactileDiagnostics.report("NotificationCenter.addObserver(_:selector:name:object:)",
                                              "-[\(type(of: target)) \(aSelector)]: unrecognized selector sent to instance")
                }
            }
            if MainQueueProbe.isOnMainQueue { MainActor.assumeIsolated(deliver) } else { Task { @MainActor in deliver() } }
        }
        SelectorObservers.add(token, for: weakTarget, name: aName, object: anObject, in: self)
    }

    /// Removes every observation `observer` registered, with selectors or not.
    public func removeObserver(_ observer: AnyObject) {
        for token in SelectorObservers.remove(observer, name: nil, object: nil, matchAll: true, in: self) {
            removeObserver(token as Any)
        }
        removeObserver(observer as Any)
    }

    /// Removes `observer`'s observations of `aName` (all names when nil) from `anObject` (all senders when nil).
    public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?) {
        for token in SelectorObservers.remove(observer, name: aName, object: anObject, matchAll: false, in: self) {
            removeObserver(token as Any)
        }
        removeObserver(observer as Any, name: aName, object: anObject)
    }
}

final class WeakObserver: @unchecked Sendable {
    weak var object: AnyObject?
    let id: ObjectIdentifier
    init(_ object: AnyObject) {
        self.object = object
        id = ObjectIdentifier(object)
    }
}

/// The block observers standing in for selector observers, by center and observer, so that `removeObserver` finds them.
enum SelectorObservers {
    struct Entry {
        let token: NSObjectProtocol
        let observer: WeakObserver
        let name: NSNotification.Name?
        let object: AnyObject?
    }

    nonisolated(unsafe) private static var entries: [ObjectIdentifier: [Entry]] = [:]  // by center; guarded by lock
    private static let lock = NSLock()

    static func add(_ token: NSObjectProtocol, for observer: WeakObserver, name: NSNotification.Name?, object: Any?,
                    in center: NotificationCenter) {
        lock.withLock { entries[ObjectIdentifier(center), default: []].append(Entry(token: token, observer: observer, name: name, object: object as AnyObject?)) }
    }

    static func remove(_ observer: AnyObject, name: NSNotification.Name?, object: Any?, matchAll: Bool,
                       in center: NotificationCenter) -> [NSObjectProtocol] {
        lock.withLock {
            let key = ObjectIdentifier(center)
            var removed: [NSObjectProtocol] = []
            entries[key]?.removeAll { e in
                let matches = e.observer.id == ObjectIdentifier(observer) && e.observer.object != nil
                    && (matchAll || ((name == nil || e.name == name) && (object == nil || e.object === (object as AnyObject?))))
                if matches { removed.append(e.token) }
                return matches
            }
            return removed
        }
    }

    /// The selector observations `center` holds (tests).
    static func count(in center: NotificationCenter) -> Int { lock.withLock { entries[ObjectIdentifier(center)]?.count ?? 0 } }

    static func forget(_ observer: WeakObserver, in center: NotificationCenter) {
        let tokens: [NSObjectProtocol] = lock.withLock {
            var gone: [NSObjectProtocol] = []
            entries[ObjectIdentifier(center)]?.removeAll { e in
                if e.observer === observer { gone.append(e.token); return true }
                return false
            }
            return gone
        }
        for token in tokens { center.removeObserver(token as Any) }
    }
}
