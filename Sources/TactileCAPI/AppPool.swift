import CTactile
import Synchronization
import TactileCore

/// The queues and routers (each with its view tree) of destroyed apps, kept for the next `tactile_app_create`
/// with the same capacities and handed over made as new: the queue empty with its counters at zero, the tree
/// empty with a handle space of its own (a view handle of the destroyed app fails the check in the new one, as
/// it would with new parts), the router as new with the new app's configuration. Making an app's parts is ~30
/// allocations and a mapping, and freeing them as many again; a program that makes and destroys apps by the
/// thousand (a test suite, the c-api fuzzer: a third of its time) reuses them instead.
///
/// Only a deterministic app's parts are kept (a live loop's queue has a wake handler), only when nothing but the
/// destroyed app held them (checked when it is gone), only the last ``limit`` apps' and only small trees. With
/// ``checksReuse`` on (debug builds; the c-api fuzzer), every reuse is checked against a new app's parts —
/// byte by byte for the queue and tree, field by field for the router — and a difference traps: a reset that
/// left state behind is a bug in Tactile, never something a caller can cause.
package enum AppPool {
    /// (Unchecked: parts in the pool are touched by no thread until one takes them.)
    package struct Parts: @unchecked Sendable {
        let events: EventQueue
        let router: TouchRouter

        /// Whether these parts can serve an app with these capacities (as configured).
        func fit(queueCapacity: Int, touchCapacity: Int) -> Bool {
            events.capacity == EventQueue.roundedCapacity(queueCapacity)
                && router.configuration.capacity == TouchRouter.clampedCapacity(touchCapacity)
        }
    }

    /// Apps' parts kept at most.
    static let limit = 8
    /// A tree whose columns and lists take more than this is freed, not kept.
    static let treeBytesLimit = 1 << 20
    private static let kept = Mutex<[Parts]>([])
    private static let checks = Atomic<Bool>(_isDebugAssertConfiguration())

    /// Whether every reuse is checked against new parts (on in debug builds).
    package static var checksReuse: Bool {
        get { checks.load(ordering: .relaxed) }
        set { checks.store(newValue, ordering: .relaxed) }
    }
    /// Debug builds check each of a reused queue's cells; release builds (the fuzzer) the ones its last reset
    /// zeroed (the rest were zero then, and no one wrote them since).
    private static let thoroughChecks = _isDebugAssertConfiguration()

    /// Whether parts for an app with these capacities (as configured) are kept now.
    package static func keeps(queueCapacity: Int, touchCapacity: Int) -> Bool {
        kept.withLock { $0.contains { $0.fit(queueCapacity: queueCapacity, touchCapacity: touchCapacity) } }
    }

    /// The identity of a live app's parts (its router), nil for a bad handle.
    package static func partsIdentity(_ app: tactile_app) -> ObjectIdentifier? {
        AppRegistry.lookup(app.id).map { ObjectIdentifier($0.router) }
    }

    /// Parts for a new app whose queue has `queueCapacity` cells (rounded as ``EventQueue`` rounds) and whose
    /// router has `routing`; nil when none are kept.
    static func take(queueCapacity: Int, routing: TouchRouter.Configuration) -> Parts? {
        let found = kept.withLock { kept -> Parts? in
            kept.lastIndex { $0.fit(queueCapacity: queueCapacity, touchCapacity: routing.capacity) }.map { kept.remove(at: $0) }
        }
        guard let parts = found else { return nil }
        if checksReuse, let difference = parts.events.differenceFromNew(thorough: thoroughChecks).map({ "queue: \($0)" })
            ?? parts.router.tree.differenceFromNew(observedBy: parts.router).map({ "tree: \($0)" })
            ?? parts.router.differenceFromNew().map({ "router: \($0)" }) {
            fatalError("AppPool: a reused app's parts differ from new ones — \(difference)")
        }
        var configuration = routing
        configuration.capacity = parts.router.configuration.capacity
        parts.router.reconfigure(configuration)
        return parts
    }

    /// Keeps a destroyed app's parts, made as new, if they can serve another app: `app` is consumed (and
    /// deinitialized here when nothing else holds it); its parts are kept only when the app and the objects of its
    /// that hold its tree are gone. The pool's parts hold no more blocks than new ones (the reset frees the tree's
    /// lists, a queue of less than a page is not kept), and an evicted set is freed as another is kept, so an
    /// input of the fuzzer that makes and destroys apps frees as many blocks as it allocates (libFuzzer's leak
    /// check runs on an input that does not).
    static func retire(_ app: consuming CApp) {
        guard app.isDeterministic, !app.router.isRouting, app.events.cellsAreMapped, app.tree.memoryBytes <= treeBytesLimit
        else { return }
        var events = app.events, router = app.router
        router.sink = nil  // (the router held the app's callbacks, and they the tree)
        var holders = app.treeHolders
        _ = consume app
        guard isKnownUniquelyReferenced(&events), isKnownUniquelyReferenced(&router), releaseAll(&holders) else { return }
        events.reset()
        router.resetEmptyingTree()
        let evicted = kept.withLock { kept -> Parts? in  // (freed outside the lock)
            kept.append(Parts(events: events, router: router))
            return kept.count > limit ? kept.removeFirst() : nil
        }
        _ = evicted
    }

    /// Lets go of `objects`; true when nothing else held them. One held only here goes first (which may leave
    /// another held only here), until none is left or each is held elsewhere too. (Strong references checked for
    /// uniqueness: a weak one would give each object a side table to allocate and free.)
    private static func releaseAll(_ objects: inout [AnyObject]) -> Bool {
        var released = true
        while released, !objects.isEmpty {
            released = false
            var i = 0
            while i < objects.count {
                if isKnownUniquelyReferenced(&objects[i]) {
                    objects.remove(at: i)
                    released = true
                } else {
                    i += 1
                }
            }
        }
        return objects.isEmpty
    }
}
