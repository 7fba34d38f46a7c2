/// One input record as it travels through the ``EventQueue``: 48 bytes of plain data, no references.
///
/// UIKit's event source delivers touches, motion (shake) and system events to the main run loop in the
/// order they happened (AG-F-01: the app takes events from the head of its queue, FIFO).
/// Its memory layout is `tactile_event`'s in `tactile.h` (checked by a test), so the C API validates C records
/// in place and hands drained batches to C without converting them.
public struct EventRecord: Sendable, Hashable {
    /// What the record carries; `code` is interpreted according to it.
    public enum Kind: UInt8, Sendable {
        case touch = 1
        case motion = 2
        case system = 3
    }

    /// Touch phases with UIKit's `UITouch.Phase` raw values.
    public enum TouchPhase: UInt8, Sendable, CaseIterable, BitwiseCopyable {
        case began = 0, moved = 1, stationary = 2, ended = 3, cancelled = 4
    }

    /// How a touch was made, with UIKit's `UITouch.TouchType` raw values (a touch record's `flags`, bits 0–1).
    public enum TouchType: UInt8, Sendable, CaseIterable, BitwiseCopyable {
        case direct = 0, indirect = 1, pencil = 2, indirectPointer = 3
    }

    /// Motion events: UIKit delivers only shake (`UIEvent.EventSubtype.motionShake`) as
    /// `motionBegan` / `motionEnded` / `motionCancelled`.
    public enum MotionCode: UInt8, Sendable, CaseIterable {
        case shakeBegan = 0, shakeEnded = 1, shakeCancelled = 2
    }

    /// System events the app's event source receives besides touches.
    public enum SystemCode: UInt8, Sendable, CaseIterable {
        /// The system cancels every live touch (for example an incoming call, AG-F-10).
        case cancelAllTouches = 0
        case willResignActive = 1
        case didBecomeActive = 2
        case memoryWarning = 3
        /// The device's physical orientation changed: ``systemValue`` holds the new `UIDeviceOrientation` raw
        /// value (0 unknown … 6 face down); any other value makes the record invalid (``Invalid/unknownCode``).
        case deviceOrientation = 4
    }

    /// The largest `UIDeviceOrientation` raw value a ``SystemCode/deviceOrientation`` record may carry
    /// (`faceDown`).
    public static let maxDeviceOrientation: UInt32 = 6

    /// Why a record was refused.
    public enum Invalid: Error, Sendable, Hashable {
        /// `kind` or `code` holds a value outside its enum.
        case unknownCode
        /// A coordinate, force or radius is NaN or infinite.
        case nonFiniteValue
    }

    /// Raw ``Kind`` value (a record from C may hold anything until ``validate()`` accepts it).
    public var rawKind: UInt8
    /// Raw ``TouchPhase``, ``MotionCode`` or ``SystemCode`` value.
    public var code: UInt8
    /// Touch records: the ``TouchType`` in bits 0–1; the other bits are reserved (0).
    public var flags: UInt16
    public var touchID: UInt32
    public var windowID: UInt32
    /// A pencil's altitude angle in units of (π/2)/65535 rad (``altitudeAngle``); unused for other touches.
    public var altitudeCode: UInt16
    /// A pencil's azimuth angle in the window, in units of 2π/65536 rad (``azimuthAngle``).
    public var azimuthCode: UInt16
    /// Producer timestamp, nanoseconds of a monotonic clock.
    public var timestamp: UInt64
    public var x: Double
    public var y: Double
    public var force: Float
    public var radius: Float

    /// A record from raw fields (as the C API receives them); check it with ``validate()``.
    @inlinable
    public init(kind: Kind, code: UInt8, touchID: UInt32 = 0, windowID: UInt32 = 0, timestamp: UInt64,
                x: Double = 0, y: Double = 0, force: Float = 0, radius: Float = 0, flags: UInt16 = 0) {
        self.rawKind = kind.rawValue
        self.code = code
        self.flags = flags
        self.touchID = touchID
        self.windowID = windowID
        self.altitudeCode = 0
        self.azimuthCode = 0
        self.timestamp = timestamp
        self.x = x
        self.y = y
        self.force = force
        self.radius = radius
    }

    /// A touch sample of finger `id` in window `window`. A pencil touch also carries its angles (radians:
    /// altitude 0 … π/2, azimuth in the window's space); other touches are perpendicular (altitude π/2).
    @inlinable
    public static func touch(_ id: UInt32, _ phase: TouchPhase, window: UInt32 = 0, x: Double, y: Double,
                             timestamp: UInt64, force: Float = 0, radius: Float = 0, type: TouchType = .direct,
                             altitudeAngle: Double = .pi / 2, azimuthAngle: Double = 0) -> EventRecord {
        var record = EventRecord(kind: .touch, code: phase.rawValue, touchID: id, windowID: window, timestamp: timestamp,
                                 x: x, y: y, force: force, radius: radius, flags: UInt16(type.rawValue))
        if type == .pencil {
            record.altitudeAngle = altitudeAngle
            record.azimuthAngle = azimuthAngle
        }
        return record
    }

    /// A touch record's type (``flags`` bits 0–1).
    @inlinable public var touchType: TouchType { TouchType(rawValue: UInt8(flags & 3)) ?? .direct }

    /// The altitude angle the record carries, radians in 0 … π/2 (stored to 1/65535 of the range); set
    /// values are clamped to that range, NaN gives π/2.
    @inlinable public var altitudeAngle: Double {
        get { Double(altitudeCode) * (.pi / 2) / 65535 }
        set {
            let v = newValue.isNaN ? .pi / 2 : min(max(newValue, 0), .pi / 2)
            altitudeCode = UInt16((v / (.pi / 2) * 65535).rounded())
        }
    }

    /// The azimuth angle the record carries, radians in 0 ..< 2π (stored to 2π/65536); set values wrap into
    /// that range, NaN or ∞ gives 0.
    @inlinable public var azimuthAngle: Double {
        get { Double(azimuthCode) * 2 * .pi / 65536 }
        set {
            guard newValue.isFinite else { azimuthCode = 0; return }
            var v = newValue.truncatingRemainder(dividingBy: 2 * .pi)
            if v < 0 { v += 2 * .pi }
            azimuthCode = UInt16(truncatingIfNeeded: Int((v / (2 * .pi) * 65536).rounded()))
        }
    }

    /// A shake motion event.
    @inlinable
    public static func motion(_ code: MotionCode, timestamp: UInt64) -> EventRecord {
        EventRecord(kind: .motion, code: code.rawValue, timestamp: timestamp)
    }

    /// A system event.
    @inlinable
    public static func system(_ code: SystemCode, timestamp: UInt64) -> EventRecord {
        EventRecord(kind: .system, code: code.rawValue, timestamp: timestamp)
    }

    /// A device-orientation change to the `UIDeviceOrientation` whose raw value is `orientation` (carried in
    /// the `touchID` field, ``systemValue``).
    @inlinable
    public static func deviceOrientation(_ orientation: UInt32, timestamp: UInt64) -> EventRecord {
        EventRecord(kind: .system, code: SystemCode.deviceOrientation.rawValue, touchID: orientation, timestamp: timestamp)
    }

    /// A system record's value (the `touchID` field): the orientation of a ``SystemCode/deviceOrientation``
    /// record; unused (0) by the other system codes.
    @inlinable public var systemValue: UInt32 { touchID }

    /// What the record carries (nil for a malformed record, which ``validate()`` refuses).
    @inlinable public var kind: Kind? { Kind(rawValue: rawKind) }

    /// The touch phase, or nil for motion and system records.
    @inlinable public var phase: TouchPhase? { rawKind == Kind.touch.rawValue ? TouchPhase(rawValue: code) : nil }
    /// The motion code, or nil for other records.
    @inlinable public var motion: MotionCode? { rawKind == Kind.motion.rawValue ? MotionCode(rawValue: code) : nil }
    /// The system code, or nil for other records.
    @inlinable public var system: SystemCode? { rawKind == Kind.system.rawValue ? SystemCode(rawValue: code) : nil }

    /// True for a touch `.moved` sample: the only kind the producer-side coalescer may merge.
    @inlinable public var isTouchMove: Bool { rawKind == Kind.touch.rawValue && code == TouchPhase.moved.rawValue }

    /// The frame rule's timestamp part (AG-M-03): touch records with one timestamp belong to one event (one
    /// `UIEvent`); the router also starts a new event at a second sample of the same finger. The queue keeps
    /// such records in one drained batch, the router groups them, replays and inputs post them together.
    @inlinable @inline(__always)
    public func sharesFrame(with other: EventRecord) -> Bool {
        rawKind == Kind.touch.rawValue && other.rawKind == Kind.touch.rawValue && timestamp == other.timestamp
    }

    /// Checks that the record can enter the queue: a known code for its kind and finite numbers.
    @inlinable @inline(__always)
    public func validate() -> Invalid? {
        let known: Bool
        switch rawKind {
        case Kind.touch.rawValue: known = code <= TouchPhase.cancelled.rawValue
        case Kind.motion.rawValue: known = code <= MotionCode.shakeCancelled.rawValue
        case Kind.system.rawValue:
            known = code < SystemCode.deviceOrientation.rawValue
                || (code == SystemCode.deviceOrientation.rawValue && touchID <= Self.maxDeviceOrientation)
        default: known = false
        }
        if !known { return .unknownCode }
        if !(x.isFinite && y.isFinite && force.isFinite && radius.isFinite) { return .nonFiniteValue }
        return nil
    }
}
