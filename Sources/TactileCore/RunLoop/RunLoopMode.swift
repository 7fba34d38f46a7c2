/// A run-loop mode, as `RunLoop.Mode`: the loop runs in one concrete mode at a time and services only the
/// timers, performs and observers registered for it.
///
/// UIKit runs the main loop in `.default`, and in `UITrackingRunLoopMode` while a touch is tracking (a
/// scroll view dragging). Something registered for `.common` (`RunLoop.Mode.common`) is serviced in both.
/// The app's event source is in the common modes: input is drained in every mode.
public enum RunLoopMode: Sendable, Hashable, CaseIterable {
    /// `RunLoop.Mode.default`.
    case `default`
    /// `UITrackingRunLoopMode`.
    case tracking
    /// `RunLoop.Mode.common`: a registration that applies in both concrete modes. The loop cannot run in it.
    case common

    /// True if a registration for `self` is serviced while the loop runs in `current`.
    @inlinable
    public func includes(_ current: RunLoopMode) -> Bool {
        self == .common || self == current
    }

    /// The concrete modes a registration for `self` belongs to.
    var concreteModes: [RunLoopMode] { self == .common ? [.default, .tracking] : [self] }
}

/// Errors from ``MainRunLoop``: misuse is reported, never trapped.
public enum RunLoopError: Error, Sendable, Hashable {
    /// The call needs the other driving (a deterministic step on a live loop, or `start` on a deterministic one).
    case wrongDriving
    /// `.common` names a set of modes; the loop can only run in `.default` or `.tracking`.
    case cannotRunInCommonMode
    /// `runUntilIdle` still had work after this many iterations (a timer or pass that keeps re-arming itself).
    case didNotBecomeIdle(iterations: Int)
    /// `start()` on a live loop that is already running.
    case alreadyRunning
    /// A deterministic call made from inside one of the loop's own callbacks.
    case reentrantCall
    /// `MainRunLoop.iterateNow()` on a live loop from a thread other than the loop's queue.
    case wrongThread
}
