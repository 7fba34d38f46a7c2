import Foundation
import Tactile
import TactileCore
import Testing

/// Keeps the touches of each call.
private final class TouchKeeper: UIView {
    var seen: [UITouch] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { seen += touches }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { seen += touches }
}

/// What a touch reports beside its location — type, force, radius, a pencil's angles — as the input carries
/// them, with UIKit's values where the input says nothing (a finger: no force, perpendicular).
@MainActor
@Suite("Touch attributes from the input")
struct TouchAttributesTests {
    @Test("AG-M-06 a finger is direct, perpendicular (altitude π/2), with azimuth 0, and reports no force unless the input does")
    func fingerDefaults() throws {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let view = TouchKeeper(frame: window.bounds)
        window.addSubview(view)
        try TactileHost.input.post(.init(finger: 1, phase: .began, location: CGPoint(x: 10, y: 10)), window: window.inputWindowID, timestamp: 1)
        try TactileHost.input.post(.init(finger: 1, phase: .moved, location: CGPoint(x: 12, y: 10), force: 1.5, majorRadius: 9),
                                   window: window.inputWindowID, timestamp: 2)
        try TactileHost.runLoop.runUntilIdle()
        let touch = try #require(view.seen.last)
        #expect(touch.type == .direct && touch.altitudeAngle == .pi / 2 && touch.azimuthAngle(in: view) == 0)
        #expect(touch.azimuthUnitVector(in: nil) == CGVector(dx: 1, dy: 0))
        #expect(touch.force == 1.5 && touch.majorRadius == 9 && touch.maximumPossibleForce == 20.0 / 3)
        let untouched = UITouch()
        #expect(untouched.force == 0 && untouched.maximumPossibleForce == 0 && untouched.type == .direct)
    }

    @Test("AG-M-06 a pencil reports its type and angles; the azimuth is measured in the view asked for")
    func pencil() throws {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let view = TouchKeeper(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        window.addSubview(view)
        try TactileHost.input.post(.init(finger: 7, phase: .began, location: CGPoint(x: 100, y: 100), force: 2, type: .pencil,
                                         altitudeAngle: .pi / 6, azimuthAngle: .pi / 4), window: window.inputWindowID, timestamp: 1)
        try TactileHost.runLoop.runUntilIdle()
        let touch = try #require(view.seen.last)
        #expect(touch.type == .pencil && touch.maximumPossibleForce == 25.0 / 6)
        #expect(abs(touch.altitudeAngle - .pi / 6) < 1e-4)
        #expect(abs(touch.azimuthAngle(in: window) - .pi / 4) < 1e-4)
        // The view is turned a quarter clockwise: the same direction reads a quarter less in its coordinates.
        #expect(abs(touch.azimuthAngle(in: view) - (-.pi / 4)) < 1e-4)
        let v = touch.azimuthUnitVector(in: window)
        #expect(abs(v.dx * v.dx + v.dy * v.dy - 1) < 1e-9)
    }

    @Test("DESIGN-BAD-INPUT angles out of range are clamped or wrapped, never rejected: they are not coordinates")
    func angleEncoding() {
        var r = EventRecord.touch(1, .began, x: 0, y: 0, timestamp: 0, type: .pencil, altitudeAngle: 9, azimuthAngle: -.pi / 2)
        #expect(r.altitudeAngle == .pi / 2)
        #expect(abs(r.azimuthAngle - 3 * .pi / 2) < 1e-4)
        r.altitudeAngle = .nan
        r.azimuthAngle = .infinity
        #expect(r.altitudeAngle == .pi / 2 && r.azimuthAngle == 0 && r.validate() == nil)
        #expect(EventRecord.touch(1, .began, x: 0, y: 0, timestamp: 0).touchType == .direct)
    }
}

/// A recorded event for unit tests of custom views, as client code subclasses UIEvent.
private final class RecordedEvent: UIEvent {
    var recorded: Set<UITouch> = []
    override var allTouches: Set<UITouch>? { recorded }
}

/// An object that takes only the paste action (UIKit's requirements are all optional).
private final class PasteTarget: NSObject, UIResponderStandardEditActions {
    var pasted = 0
    func paste(_ sender: Any?) { pasted += 1 }
}

@MainActor
@Suite("Touch, event and edit-action surface")
struct TouchSurfaceTests {
    @Test("Touches report measured values: no estimated properties, no pending updates")
    func estimatedProperties() {
        let touch = UITouch()
        #expect(touch.estimatedProperties.isEmpty && touch.estimatedPropertiesExpectingUpdates.isEmpty)
        #expect(touch.estimationUpdateIndex == nil)
        #expect(UITouch.Properties.force.rawValue == 1 && UITouch.Properties.location.rawValue == 8)
    }

    @Test("UIEvent subclasses have UIKit's init(): a touches event without touches")
    func eventSubclass() {
        let event = RecordedEvent()
        #expect(event.type == .touches && event.allTouches?.isEmpty == true)
        #expect(UIEvent().allTouches == nil)
    }

    @Test("UIResponderStandardEditActions can be adopted in part: the rest do nothing")
    func partialEditActions() {
        let target = PasteTarget()
        let actions: UIResponderStandardEditActions = target
        actions.paste(nil)
        actions.copy(nil)
        #expect(target.pasted == 1)
    }
}
