import Foundation
import Synchronization

/// Debug builds: checks that the engine state a type declares `@exclusivity(unchecked)` is used by one thread
/// at a time, as its confinement to the run loop promises — the job swift-nio's `NIOLoopBound` does for state
/// bound to an event loop.
///
/// Swift's dynamic exclusivity checks are turned off on that state (they cost more than a routed event), so
/// nothing else would notice two threads in it at once. A run loop may move between the threads of its serial
/// Dispatch queue, so the rule checked is "never two threads at once": each entry point calls ``enter()`` and
/// ``exit()``; re-entry from the same thread (a handler calling back into the router) is fine, an entry from a
/// second thread while the first is inside traps with the type's name. Release builds compile it to nothing.
struct ConfinementCheck {
    #if DEBUG
    private final class State: Sendable {
        let name: String
        /// The thread inside, or 0.
        let holder = Atomic<UInt>(0)
        /// Nesting of the holder's entries (only the holder touches it).
        nonisolated(unsafe) var depth = 0
        init(name: String) { self.name = name }
    }

    private let state: State

    init(_ name: String) { state = State(name: name) }

    func enter() {
        let me = UInt(pthread_self())
        let (exchanged, holder) = state.holder.compareExchange(expected: 0, desired: me, ordering: .acquiring)
        if !exchanged, holder != me {
            preconditionFailure("\(state.name) used from two threads at once: it is confined to its run loop's thread")
        }
        state.depth += 1
    }

    func exit() {
        state.depth -= 1
        if state.depth == 0 { state.holder.store(0, ordering: .releasing) }
    }
    #else
    init(_ name: String) {}
    @inline(__always) func enter() {}
    @inline(__always) func exit() {}
    #endif
}
