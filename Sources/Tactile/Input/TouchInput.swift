import Foundation
import TactileCore

/// The input side of the app's event source, for any thread: what a digitizer, a fuzzer or a replay posts.
/// Records wait in the app's lock-free event queue until the main run loop routes them (AG-F-03, AG-F-05).
///
/// Touch points are in the named window's coordinates (``UIWindow/inputWindowID``), or, with window id 0,
/// in screen coordinates: the front-most visible window that a hit-test claims gets the finger. Timestamps
/// are seconds of the producer's monotonic clock. Samples of one frame (fingers that changed together) share
/// a timestamp; post them together with ``post(_:window:timestamp:)-([TouchInput.Sample],_,_)``.
public struct TouchInput: Sendable {
    /// One finger's change in a frame: where it is, and what the digitizer reports beside the location
    /// (each with UIKit's default: a finger, no force, perpendicular).
    public struct Sample: Sendable, Hashable {
        public var finger: UInt32
        public var phase: UITouch.Phase
        public var location: CGPoint
        /// `UITouch.force` (0: not reported).
        public var force: Float
        /// `UITouch.majorRadius`, points (0: not reported).
        public var majorRadius: Float
        /// `UITouch.type`; the type a finger began with stays for its sequence.
        public var type: UITouch.TouchType
        /// A pencil's `altitudeAngle`, radians (0 … π/2); ignored for other touches.
        public var altitudeAngle: CGFloat
        /// A pencil's azimuth in the window's coordinates, radians; ignored for other touches.
        public var azimuthAngle: CGFloat

        public init(finger: UInt32, phase: UITouch.Phase, location: CGPoint, force: Float = 0, majorRadius: Float = 0,
                    type: UITouch.TouchType = .direct, altitudeAngle: CGFloat = .pi / 2, azimuthAngle: CGFloat = 0) {
            self.finger = finger
            self.phase = phase
            self.location = location
            self.force = force
            self.majorRadius = majorRadius
            self.type = type
            self.altitudeAngle = altitudeAngle
            self.azimuthAngle = azimuthAngle
        }
    }

    public let queue: EventQueue

    public init(queue: EventQueue) { self.queue = queue }

    /// Posts one frame: every sample with `timestamp`, as one all-or-nothing batch. Throws `.full` when the
    /// queue has no room (nothing posted; retry), `.invalid` for NaN/∞ points or a phase the router does not
    /// take (`.region…`).
    public func post(_ samples: [Sample], window: UInt32 = 0, timestamp: TimeInterval) throws(EventQueue.PostError) {
        var records: [EventRecord] = []
        records.reserveCapacity(samples.count)
        for (i, s) in samples.enumerated() {
            guard let phase = EventRecord.TouchPhase(rawValue: UInt8(clamping: s.phase.rawValue)) else {
                throw .invalid(.unknownCode, index: i)
            }
            records.append(.touch(s.finger, phase, window: window, x: Double(s.location.x), y: Double(s.location.y),
                                  timestamp: Self.nanoseconds(timestamp), force: s.force, radius: s.majorRadius,
                                  type: EventRecord.TouchType(rawValue: UInt8(s.type.rawValue)) ?? .direct,
                                  altitudeAngle: Double(s.altitudeAngle), azimuthAngle: Double(s.azimuthAngle)))
        }
        try queue.post(contentsOf: records)
    }

    /// Posts one finger's sample.
    public func post(_ sample: Sample, window: UInt32 = 0, timestamp: TimeInterval) throws(EventQueue.PostError) {
        try post([sample], window: window, timestamp: timestamp)
    }

    /// Posts a shake's start, end or cancellation (AG-O-05: an end under a second after the start is
    /// `motionEnded`, later `motionCancelled`).
    public func post(_ motion: EventRecord.MotionCode, timestamp: TimeInterval) throws(EventQueue.PostError) {
        try queue.post(.motion(motion, timestamp: Self.nanoseconds(timestamp)))
    }

    /// Posts a system event: cancel every touch, resign or become active, a memory warning.
    public func post(_ system: EventRecord.SystemCode, timestamp: TimeInterval) throws(EventQueue.PostError) {
        try queue.post(.system(system, timestamp: Self.nanoseconds(timestamp)))
    }

    /// Posts a change of the device's physical orientation (VCG-F-04, SBT-ROT-01): the main run loop updates
    /// `UIDevice.current.orientation`, rotates the interface when the top full-screen view controller and the
    /// app allow it (VCG-F-05 … VCG-F-08, SBT-ROT-03 … SBT-ROT-11), then posts `UIDevice.orientationDidChangeNotification`.
    public func deviceOrientation(_ orientation: UIDeviceOrientation, timestamp: TimeInterval = 0) throws(EventQueue.PostError) {
        try queue.post(.deviceOrientation(UInt32(orientation.rawValue), timestamp: Self.nanoseconds(timestamp)))
    }

    /// Posts a device-orientation record with a raw `UIDeviceOrientation` value, as a C producer would. A
    /// value outside 0 … 6 is bad input: refused with `.invalid(.unknownCode, index: 0)` and counted in the
    /// queue's `rejectedInvalid`.
    public func deviceOrientation(rawValue: Int, timestamp: TimeInterval = 0) throws(EventQueue.PostError) {
        try queue.post(.deviceOrientation(UInt32(clamping: rawValue < 0 ? Int(UInt32.max) : rawValue),
                                          timestamp: Self.nanoseconds(timestamp)))
    }

    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        seconds.isFinite && seconds > 0 ? UInt64(min(seconds * 1e9, Double(UInt64.max / 2))) : 0
    }
}

extension TactileHost {
    /// Posting input to the current app, from any thread.
    public static var input: TouchInput { TouchInput(queue: UIApplication.shared.events) }
}
