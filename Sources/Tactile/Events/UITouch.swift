import Foundation
import TactileCore

/// `UITouch`: one finger for the whole of its sequence. UIKit keeps the same object from began to ended or
/// cancelled and mutates it in place (AG-F-02, AG-M-05, AG-M-06); a new finger always gets a new object.
/// Touches are hashable by identity, so they can key a dictionary for the length of a sequence (AG-T-10).
/// Main-actor confined: its stored state skips Swift's dynamic exclusivity checks (a runtime call per access,
/// the largest cost of a delivery otherwise).
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// `UITouch.Phase` with UIKit's raw values.
    public enum Phase: Int, Sendable {
        case began = 0, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// `UITouch.TouchType`: how the touch was made (the input says; a finger by default).
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
        /// The old name of ``pencil``.
        @available(*, deprecated, renamed: "pencil")
        public static var stylus: TouchType { .pencil }
    }

    /// The largest force a finger reports on force-sensing hardware (3D Touch), and a pencil's: what
    /// ``maximumPossibleForce`` reports when the input carries a force (no force: 0, as on hardware without
    /// force sensing).
    static let fingerMaximumForce: CGFloat = 20.0 / 3
    static let pencilMaximumForce: CGFloat = 25.0 / 6

    // The router's view of the finger, copied in before each event (``update(from:)``).
    @exclusivity(unchecked) var storedPhase: Phase = .began
    @exclusivity(unchecked) var storedTapCount = 0
    @exclusivity(unchecked) var storedTimestamp: TimeInterval = 0
    @exclusivity(unchecked) var storedView: UIView?
    @exclusivity(unchecked) var storedWindow: UIWindow?
    @exclusivity(unchecked) var storedForce: CGFloat = 0
    @exclusivity(unchecked) var storedRadius: CGFloat = 0
    @exclusivity(unchecked) var storedType: TouchType = .direct
    @exclusivity(unchecked) var storedAltitude: CGFloat = .pi / 2
    @exclusivity(unchecked) var storedAzimuth: CGFloat = 0

    /// The phase in the event being delivered (`.stationary` when this event did not change the finger).
    open var phase: Phase { storedPhase }
    /// Taps counted on the same view within the multi-tap interval and distance (AG-T-06); at least 1 for a
    /// routed touch, 0 for one made with `UITouch()`.
    open var tapCount: Int { storedTapCount }
    /// Seconds (system uptime) of the finger's last change.
    open var timestamp: TimeInterval { storedTimestamp }
    /// The view the touch was bound to at began; it stays, even when the finger leaves it (AG-K-08).
    open var view: UIView? { storedView }
    /// The window the touch was bound to at began.
    open var window: UIWindow? { storedWindow }
    /// How the touch was made.
    open var type: TouchType { storedType }
    /// The force of the touch, as the input reported it (0: not reported; 1 is an average touch).
    open var force: CGFloat { storedForce }
    /// The largest force this kind of touch can report: 0 when the input reports no force, else
    /// 20/3 for a finger, 25/6 for a pencil (the values iOS reports on force-sensing hardware).
    open var maximumPossibleForce: CGFloat {
        storedForce == 0 ? 0 : storedType == .pencil ? Self.pencilMaximumForce : Self.fingerMaximumForce
    }
    /// The radius of the touch, in points, as the input reported it.
    open var majorRadius: CGFloat { storedRadius }
    /// The accuracy of ``majorRadius``: the input reports none, so 0.
    open var majorRadiusTolerance: CGFloat { 0 }
    /// A pencil's altitude: π/2 when perpendicular to the screen, 0 when flat; π/2 for every other touch.
    open var altitudeAngle: CGFloat { storedType == .pencil ? storedAltitude : .pi / 2 }

    /// A pencil's azimuth in `view`'s coordinates (nil: the window's): the direction, from the touch, the pencil
    /// points away from, in radians; 0 for every other touch.
    open func azimuthAngle(in view: UIView?) -> CGFloat {
        let v = azimuthUnitVector(in: view)
        return storedType == .pencil ? atan2(v.dy, v.dx) : 0
    }

    /// The unit vector of ``azimuthAngle(in:)``; (1, 0) for every other touch.
    open func azimuthUnitVector(in view: UIView?) -> CGVector {
        guard storedType == .pencil else { return CGVector(dx: 1, dy: 0) }
        let direction = CGPoint(x: cos(storedAzimuth), y: sin(storedAzimuth))
        guard let view, let window, view !== window else { return CGVector(dx: direction.x, dy: direction.y) }
        let origin = view.convertPoint(.zero, from: window, to: view), tip = view.convertPoint(direction, from: window, to: view)
        let dx = tip.x - origin.x, dy = tip.y - origin.y, length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? CGVector(dx: dx / length, dy: dy / length) : CGVector(dx: 1, dy: 0)
    }

    /// `UITouch.Properties`: the properties of a touch that may be estimated (iOS 9.1).
    public struct Properties: OptionSet, Hashable, Sendable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let force = Properties(rawValue: 1 << 0)
        public static let azimuth = Properties(rawValue: 1 << 1)
        public static let altitude = Properties(rawValue: 1 << 2)
        public static let location = Properties(rawValue: 1 << 3)
    }

    /// The properties whose values are estimates. None: the input reports measured values.
    open var estimatedProperties: Properties { [] }
    /// The estimated properties an update will follow for. None (no updates come).
    open var estimatedPropertiesExpectingUpdates: Properties { [] }
    /// The index that ties an estimate to its update; nil, as no property expects one.
    open var estimationUpdateIndex: NSNumber? { nil }

    /// Locations in the window's coordinates.
    @exclusivity(unchecked) var windowLocation: CGPoint = .zero
    @exclusivity(unchecked) var previousWindowLocation: CGPoint = .zero
    /// The router's sequence number for this finger.
    @exclusivity(unchecked) var serial: UInt64 = 0
    /// False when the view never sees this touch (a second finger on a single-touch view, an exclusive-touch
    /// conflict): it is in the event but in no handler's `touches`.
    @exclusivity(unchecked) var isDelivered = true

    public override init() { super.init() }

    /// The gesture recognizers receiving the touch: fixed at its began (the hit-test view's and its
    /// ancestors'), less those that reset or ignored it since.
    open var gestureRecognizers: [UIGestureRecognizer]? { recognizers }

    // The gesture environment's view of the touch (GestureEnvironment).
    @exclusivity(unchecked) var recognizers: [UIGestureRecognizer] = []
    @exclusivity(unchecked) var gesturesBound = false
    /// Given recognizers at its began: its views' calls are filtered until it ends.
    @exclusivity(unchecked) var isFiltered = false
    @exclusivity(unchecked) var viewHold = ViewTouchHold()
    /// Whether `recognizer` is among the touch's recognizers.
    func lists(_ recognizer: UIGestureRecognizer) -> Bool {
        for r in recognizers where r === recognizer { return true }
        return false
    }

    /// Where the finger went down, for a began delivered late (`delaysTouchesBegan`).
    @exclusivity(unchecked) var heldBeganLocation: CGPoint = .zero
    /// Changed by the frame being delivered (set only while gestures are live).
    @exclusivity(unchecked) var changedInFrame = false

    /// Identity hashing (NSObject's default), without hashing the identity twice: Foundation's `hash` runs a
    /// whole `Hasher` over the object's address and `Set` then hashes that again; the address itself is as
    /// good a `hash` (every handler call puts its touches in a `Set`).
    open override var hash: Int { Int(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// The location in `view`'s coordinates (`nil`: the touch's window).
    open func location(in view: UIView?) -> CGPoint { convertFromWindow(windowLocation, to: view) }

    /// The previous location in `view`'s coordinates (`nil`: the touch's window); equal to the location at
    /// began.
    open func previousLocation(in view: UIView?) -> CGPoint { convertFromWindow(previousWindowLocation, to: view) }

    /// `preciseLocation(in:)`: the digitizer reports points, so the same as ``location(in:)``.
    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }

    /// `precisePreviousLocation(in:)`: the same as ``previousLocation(in:)``.
    open func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    private func convertFromWindow(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window, view !== window else { return p }
        return view.convertPoint(p, from: window, to: view)  // not convert(_:from:), whose coordinate-space overload a non-optional window picks
    }

    /// Copies the router's view of the finger into the object.
    func update(from t: RoutedTouch) {
        storedPhase = Phase(rawValue: Int(t.phase.rawValue)) ?? .cancelled
        storedTimestamp = TimeInterval(t.timestamp) / 1e9
        storedTapCount = Int(t.tapCount)
        windowLocation = CGPoint(x: t.x, y: t.y)
        previousWindowLocation = CGPoint(x: t.previousX, y: t.previousY)
        storedForce = CGFloat(t.force)
        storedRadius = CGFloat(t.radius)
        storedType = TouchType(rawValue: Int(t.type.rawValue)) ?? .direct
        var angles = EventRecord(kind: .touch, code: 0, timestamp: 0)
        (angles.altitudeCode, angles.azimuthCode) = (t.altitudeCode, t.azimuthCode)
        (storedAltitude, storedAzimuth) = (CGFloat(angles.altitudeAngle), CGFloat(angles.azimuthAngle))
        isDelivered = t.isDelivered
    }
}

extension UITouch {
    /// The touch as the engine's gesture models see it: window coordinates, nanoseconds.
    var gestureSample: GestureSample {
        GestureSample(id: UInt32(truncatingIfNeeded: serial != 0 ? serial : UInt64(UInt(bitPattern: hash))),
                      x: Double(windowLocation.x), y: Double(windowLocation.y),
                      timestamp: UIGestureRecognizer.nanoseconds(storedTimestamp))
    }
}
