import Foundation
import TactileCore

/// Plays touch gestures into the current app as a finger would, for tests: each call posts one or more
/// frames through the app's event queue (``TouchInput``), has the main run loop route each at once, and
/// moves the clock on by ``frameInterval``, so a script reads like the gesture it is:
///
/// ```swift
/// let app = TactileHost.launch(delegate: nil)       // deterministic main run loop
/// let finger = TouchDriver(window: window)
/// finger.tap(at: CGPoint(x: 50, y: 50), count: 2)    // a double tap
/// finger.drag(from: a, to: b)                        // began, moved × steps, ended
/// finger.pinch(center: c, from: 100, to: 40)         // two fingers
/// finger.swipe(.right, from: p)                      // ≥ 12 pt across, ≤ 4 pt drift (AG-T-08)
/// ```
///
/// With a deterministic app the clock is the run loop's virtual clock: waiting (``wait(_:)``) fires timers
/// and delayed performs at their dates. With the hosted live app (`UIApplication.shared` without a launch)
/// the driver routes on the main actor at once and keeps its own clock; timers then follow real time.
@preconcurrency @MainActor
public final class TouchDriver {
    public enum SwipeDirection: Sendable { case left, right, up, down }

    /// The window whose coordinates points are in; nil: screen coordinates (the front-most visible window
    /// under the point gets the finger).
    public let window: UIWindow?
    /// Time between frames (60 Hz by default).
    public var frameInterval: TimeInterval = 1.0 / 60
    /// Where each finger that is down is.
    public private(set) var fingers: [Int: CGPoint] = [:]
    /// Where each finger of the latest gesture was last (kept after it lifts; a new gesture, starting with no
    /// finger down, clears it) — for ``TactileSnapshot``'s touch marks.
    public private(set) var lastTouches: [Int: CGPoint] = [:]
    private var liveClock: TimeInterval

    public init(window: UIWindow? = nil) {
        self.window = window
        liveClock = TimeInterval(UIApplication.shared.mainLoop.now) / 1e9
    }

    private var app: UIApplication { UIApplication.shared }
    private var isDeterministic: Bool {
        if case .deterministic = app.mainLoop.driving { return true }
        return false
    }

    /// The driver's clock, seconds.
    public var now: TimeInterval { isDeterministic ? TimeInterval(app.mainLoop.now) / 1e9 : liveClock }

    // MARK: - Frames

    /// Posts one frame — every change happens at the same instant — routes it, and moves the clock on one
    /// frame.
    public func frame(_ changes: [(finger: Int, phase: UITouch.Phase, location: CGPoint)]) {
        let samples = changes.map { TouchInput.Sample(finger: UInt32(truncatingIfNeeded: $0.finger), phase: $0.phase, location: $0.location) }
        if fingers.isEmpty, changes.contains(where: { $0.phase == .began }) { lastTouches = [:] }
        for change in changes {
            lastTouches[change.finger] = change.location
            switch change.phase {
            case .ended, .cancelled: fingers[change.finger] = nil
            default: fingers[change.finger] = change.location
            }
        }
        do {
            try TouchInput(queue: app.events).post(samples, window: window?.inputWindowID ?? 0, timestamp: now)
        } catch {
            TactileDiagnostics.report("TouchDriver.frame", "could not post \(changes.count) samples: \(error)")
        }
        route()
        wait(frameInterval)
    }

    /// A finger touches down.
    public func down(_ finger: Int = 0, at location: CGPoint) { frame([(finger, .began, location)]) }
    /// A finger moves.
    public func move(_ finger: Int = 0, to location: CGPoint) { frame([(finger, .moved, location)]) }
    /// A finger lifts where it is (or at `location`).
    public func up(_ finger: Int = 0, at location: CGPoint? = nil) {
        frame([(finger, .ended, location ?? fingers[finger] ?? .zero)])
    }
    /// The producer cancels a finger.
    public func cancel(_ finger: Int = 0) { frame([(finger, .cancelled, fingers[finger] ?? .zero)]) }

    /// Lets `seconds` pass with no input (timers and performs that fall due fire, deterministic apps only).
    public func wait(_ seconds: TimeInterval) {
        if isDeterministic {
            try? app.mainLoop.advance(by: TouchInput.nanoseconds(seconds))
        } else {
            liveClock += seconds
        }
    }

    // MARK: - Gestures

    /// `count` taps at `location`, 0.1 s apart (within the multi-tap interval: `tapCount` counts up).
    public func tap(at location: CGPoint, count: Int = 1, finger: Int = 0) {
        for i in 0..<max(1, count) {
            if i > 0 { wait(0.1) }
            down(finger, at: location)
            up(finger)
        }
    }

    /// Touches down at `start`, moves in `steps` equal steps to `end`, lifts there.
    public func drag(from start: CGPoint, to end: CGPoint, steps: Int = 10, finger: Int = 0) {
        let n = max(1, steps)
        drag(along: (0...n).map { k in
            let f = CGFloat(k) / CGFloat(n)
            return CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
        }, finger: finger)
    }

    /// Touches down at the path's first point, moves through the others, lifts at the last.
    public func drag(along path: [CGPoint], finger: Int = 0) {
        guard let first = path.first else { return }
        down(finger, at: first)
        for p in path.dropFirst() { move(finger, to: p) }
        up(finger)
    }

    /// Two fingers (`fingers.0`, `fingers.1`) on a horizontal line through `center`, `from` points apart,
    /// move together to `to` points apart in `steps` frames, then lift: a pinch (to < from) or a spread.
    public func pinch(center: CGPoint, from: CGFloat, to: CGFloat, steps: Int = 10, fingers ids: (Int, Int) = (0, 1)) {
        func points(_ d: CGFloat) -> (CGPoint, CGPoint) {
            (CGPoint(x: center.x - d / 2, y: center.y), CGPoint(x: center.x + d / 2, y: center.y))
        }
        let n = max(1, steps)
        let (a, b) = points(from)
        frame([(ids.0, .began, a), (ids.1, .began, b)])
        for k in 1...n {
            let (a, b) = points(from + (to - from) * CGFloat(k) / CGFloat(n))
            frame([(ids.0, .moved, a), (ids.1, .moved, b)])
        }
        let (ea, eb) = points(to)
        frame([(ids.0, .ended, ea), (ids.1, .ended, eb)])
    }

    /// A straight swipe of `distance` points (AG-T-08: a horizontal swipe moves at least 12 pt across and
    /// drifts at most 4 pt; the default 80 pt in 4 steps qualifies after the first step, and makes a
    /// `UISwipeGestureRecognizer` swipe too: 50 pt within 0.5 s).
    public func swipe(_ direction: SwipeDirection, from start: CGPoint, distance: CGFloat = 80, steps: Int = 4, finger: Int = 0) {
        let (dx, dy): (CGFloat, CGFloat) = switch direction {
        case .left: (-distance, 0)
        case .right: (distance, 0)
        case .up: (0, -distance)
        case .down: (0, distance)
        }
        drag(from: start, to: CGPoint(x: start.x + dx, y: start.y + dy), steps: steps, finger: finger)
    }

    /// A shake lasting `duration` seconds (AG-O-05: under a second is `motionEnded`, longer `motionCancelled`).
    public func shake(duration: TimeInterval = 0.5) {
        post { input throws(EventQueue.PostError) in try input.post(.shakeBegan, timestamp: now) }
        wait(duration)
        post { input throws(EventQueue.PostError) in try input.post(.shakeEnded, timestamp: now) }
    }

    /// The system cancels every touch (an incoming call, AG-F-10).
    public func systemCancel() { post { input throws(EventQueue.PostError) in try input.post(.cancelAllTouches, timestamp: now) } }

    /// The device turns to `orientation` (VCG-F-04): posted and routed at once; an animated rotation still
    /// completes on the run loop clock (``TactileHost/rotationDuration``).
    public func rotate(to orientation: UIDeviceOrientation) {
        post { input throws(EventQueue.PostError) in try input.deviceOrientation(orientation, timestamp: now) }
    }

    private func post(_ body: (TouchInput) throws(EventQueue.PostError) -> Void) {
        do {
            try body(TouchInput(queue: app.events))
        } catch {
            TactileDiagnostics.report("TouchDriver", "could not post: \(error)")
        }
        route()
    }

    /// Has the main run loop route what was posted, now.
    private func route() {
        do {
            if isDeterministic { try app.mainLoop.runUntilIdle() } else { try app.mainLoop.iterateNow() }
        } catch {
            TactileDiagnostics.report("TouchDriver", "the main run loop could not route input: \(error)")
        }
    }
}
