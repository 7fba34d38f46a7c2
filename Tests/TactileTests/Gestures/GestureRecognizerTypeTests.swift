import Foundation
import Tactile
import Testing

/// The concrete recognizers' rules, driven through the real delivery path (TouchDriver at 60 Hz on the
/// virtual clock). Values from Apple's documentation where it gives them (long press: 0.5 s and 10 points;
/// pinch velocity in scale factor per second, rotation in radians per second); the pan's 10-point hysteresis
/// and its per-axis removal as issue 22 states them; the rest are Tactile's documented choices.
@Suite("Concrete gesture recognizers", .serialized)
@MainActor
struct GestureRecognizerTypeTests {
    // MARK: Tap

    @Test("DESIGN-GESTURE-TAP a single tap is recognized on the lift, at the tap's location")
    func singleTap() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer()
        var location = CGPoint.zero
        var touches = -1
        tap.addTarget(ClosureTarget { location = tap.location(in: stage.child); touches = tap.numberOfTouches }, action: "fire")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.down(at: CGPoint(x: 130, y: 140))
        #expect(tap.state == .possible)
        stage.finger.up()
        #expect(location == CGPoint(x: 30, y: 40) && touches == 1)
    }

    @Test("DESIGN-GESTURE-TAP a double tap needs both taps within the interval; a slow second tap fails it")
    func doubleTap() {
        var stage = GestureStage()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        stage.log.track(double, "double")
        stage.window.addGestureRecognizer(double)
        stage.finger.tap(at: CGPoint(x: 20, y: 20), count: 2)
        #expect(stage.take().filter { $0.hasPrefix("double") } == ["double.ended"])
        stage.finger.wait(1)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        stage.finger.wait(0.4)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        stage.finger.wait(1)
        #expect(stage.take().filter { $0.hasPrefix("double") } == [])
    }

    @Test("DESIGN-GESTURE-TAP a finger moving 45 points fails the tap; a two-finger tap needs both fingers")
    func tapLimits() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer()
        stage.log.track(tap, "tap")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 70, y: 20), steps: 2)
        #expect(!stage.take().contains("tap.ended"))
        let two = UITapGestureRecognizer()
        two.numberOfTouchesRequired = 2
        stage.log.track(two, "two")
        stage.parent.removeGestureRecognizer(tap)
        stage.parent.addGestureRecognizer(two)
        stage.parent.isMultipleTouchEnabled = true
        stage.finger.frame([(0, .began, CGPoint(x: 20, y: 20)), (1, .began, CGPoint(x: 40, y: 20))])
        stage.finger.frame([(0, .ended, CGPoint(x: 20, y: 20)), (1, .ended, CGPoint(x: 40, y: 20))])
        #expect(stage.take().contains("two.ended"))
        stage.finger.wait(1)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(!stage.take().contains("two.ended"))
    }

    @Test("DESIGN-GESTURE-TAP a tap held longer than 1.5 s fails")
    func longHoldIsNoTap() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer()
        stage.log.track(tap, "tap")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.wait(1.6)
        stage.finger.up()
        #expect(stage.take() == ["parent.began", "parent.ended"])
    }

    // MARK: Pan

    @Test("DESIGN-GESTURE-PAN begins after 10 points with the hysteresis off each axis; translation and velocity follow")
    func panHysteresis() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer()
        var began: CGPoint?
        var changes: [CGPoint] = []
        pan.addTarget(ClosureTarget {
            if pan.state == .began { began = pan.translation(in: stage.parent) }
            if pan.state == .changed { changes.append(pan.translation(in: stage.parent)) }
        }, action: "fire")
        stage.parent.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.move(to: CGPoint(x: 29, y: 20))
        #expect(pan.state == .possible, "9 points: not yet")
        stage.finger.move(to: CGPoint(x: 40, y: 20))
        #expect(began == CGPoint(x: 10, y: 0), "a 20-point move along x reports (10, 0)")
        stage.finger.move(to: CGPoint(x: 50, y: 25))
        #expect(changes == [CGPoint(x: 20, y: 5)])
        // 10 points per frame at 60 Hz: 600 points per second.
        stage.finger.move(to: CGPoint(x: 60, y: 25))
        stage.finger.move(to: CGPoint(x: 70, y: 25))
        #expect(abs(pan.velocity(in: stage.parent).x - 600) < 1e-3, "the frame interval is 16 666 667 ns")
        pan.setTranslation(.zero, in: stage.parent)
        #expect(abs(pan.velocity(in: stage.parent).x - 600) < 1e-3, "the velocity follows the fingers, not the translation")
        stage.finger.move(to: CGPoint(x: 75, y: 25))
        #expect(changes.last == CGPoint(x: 5, y: 0))
        // 5 points in a frame after 10-point frames: 0.2 × 300 + 0.8 × 600.
        #expect(abs(pan.velocity(in: stage.parent).x - 540) < 1e-3)
        stage.finger.up()
        _ = stage.take()
    }

    @Test("DESIGN-GESTURE-PAN translation and velocity in a scaled view's coordinates")
    func panInScaledView() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer()
        stage.child.transform = CGAffineTransform(scaleX: 2, y: 2)
        stage.parent.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 150, y: 150))
        stage.finger.move(to: CGPoint(x: 150, y: 170))
        stage.finger.move(to: CGPoint(x: 150, y: 190))
        #expect(pan.translation(in: stage.parent) == CGPoint(x: 0, y: 30))
        #expect(pan.translation(in: stage.child) == CGPoint(x: 0, y: 15), "half the points in a 2× view")
        #expect(pan.translation(in: nil) == CGPoint(x: 0, y: 30))
        stage.finger.up()
        _ = stage.take()
    }

    @Test("DESIGN-GESTURE-PAN the minimum number of touches: one finger does not pan a two-finger pan")
    func panTouchCount() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        stage.log.track(pan, "pan")
        stage.parent.addGestureRecognizer(pan)
        stage.finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 80, y: 20), steps: 3)
        #expect(!stage.take().contains { $0.hasPrefix("pan") })
        stage.finger.frame([(0, .began, CGPoint(x: 20, y: 20)), (1, .began, CGPoint(x: 40, y: 20))])
        stage.finger.frame([(0, .moved, CGPoint(x: 20, y: 40)), (1, .moved, CGPoint(x: 40, y: 40))])
        #expect(pan.numberOfTouches == 2 && pan.translation(in: nil) == CGPoint(x: 0, y: 10))
        stage.finger.frame([(0, .ended, CGPoint(x: 20, y: 40)), (1, .ended, CGPoint(x: 40, y: 40))])
        #expect(stage.take().filter { $0.hasPrefix("pan") } == ["pan.began", "pan.ended"])
    }

    @Test("DESIGN-GESTURE-PAN a screen-edge pan begins only from a finger down near one of its edges")
    func screenEdge() {
        var stage = GestureStage()
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .left
        stage.log.track(edge, "edge")
        stage.window.addGestureRecognizer(edge)
        stage.finger.drag(from: CGPoint(x: 60, y: 200), to: CGPoint(x: 160, y: 200), steps: 4)
        #expect(!stage.take().contains { $0.hasPrefix("edge") })
        stage.finger.drag(from: CGPoint(x: 5, y: 200), to: CGPoint(x: 105, y: 200), steps: 4)
        #expect(stage.take().filter { $0.hasPrefix("edge") } == ["edge.began", "edge.changed", "edge.changed", "edge.changed", "edge.ended"])
    }

    // MARK: Long press

    @Test("DESIGN-GESTURE-LONG-PRESS begins after 0.5 s on the run loop's clock; moves change it; the lift ends it")
    func longPress() {
        var stage = GestureStage()
        let press = UILongPressGestureRecognizer()
        stage.log.track(press, "press")
        stage.parent.addGestureRecognizer(press)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.move(to: CGPoint(x: 25, y: 20))
        stage.finger.wait(0.4)
        #expect(press.state == .possible)
        stage.finger.wait(0.1)
        #expect(stage.take() == ["parent.began", "parent.moved", "parent.cancelled", "press.began"])
        stage.finger.move(to: CGPoint(x: 120, y: 20))
        stage.finger.up()
        #expect(stage.take() == ["press.changed", "press.ended"])
    }

    @Test("DESIGN-GESTURE-LONG-PRESS moving more than allowableMovement first, or lifting early, fails it")
    func longPressFails() {
        var stage = GestureStage()
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = 0.2
        stage.log.track(press, "press")
        stage.parent.addGestureRecognizer(press)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.move(to: CGPoint(x: 31, y: 20))
        stage.finger.wait(0.5)
        stage.finger.up()
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        stage.finger.wait(0.5)
        #expect(!stage.take().contains { $0.hasPrefix("press") })
    }

    // MARK: Swipe

    @Test("DESIGN-GESTURE-SWIPE .right by default; recognized at 50 points within 0.5 s; other directions and slow drags fail")
    func swipe() {
        var stage = GestureStage()
        let swipe = UISwipeGestureRecognizer()
        stage.log.track(swipe, "swipe")
        stage.parent.addGestureRecognizer(swipe)
        #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
        stage.finger.swipe(.left, from: CGPoint(x: 200, y: 300))
        stage.finger.swipe(.right, from: CGPoint(x: 20, y: 300))
        stage.finger.drag(from: CGPoint(x: 20, y: 300), to: CGPoint(x: 80, y: 300), steps: 60)  // 50 points after 0.83 s
        stage.finger.drag(from: CGPoint(x: 20, y: 300), to: CGPoint(x: 100, y: 360), steps: 4)  // strays 60 over 80
        #expect(stage.take().filter { $0.hasPrefix("swipe") } == ["swipe.ended"])
        swipe.direction = [.up, .down]
        stage.finger.swipe(.up, from: CGPoint(x: 20, y: 300))
        #expect(stage.take().filter { $0.hasPrefix("swipe") } == ["swipe.ended"])
    }

    // MARK: Pinch and rotation

    @Test("DESIGN-GESTURE-PINCH scale is the distance ratio from 1; velocity in scale per second; settable")
    func pinch() {
        var stage = GestureStage()
        let pinch = UIPinchGestureRecognizer()
        var scales: [CGFloat] = []
        pinch.addTarget(ClosureTarget { scales.append(pinch.scale) }, action: "fire")
        stage.parent.addGestureRecognizer(pinch)
        #expect(pinch.scale == 1)
        stage.finger.frame([(0, .began, CGPoint(x: 100, y: 200)), (1, .began, CGPoint(x: 200, y: 200))])
        stage.finger.frame([(0, .moved, CGPoint(x: 80, y: 200)), (1, .moved, CGPoint(x: 220, y: 200))])
        #expect(pinch.state == .began && abs(pinch.scale - 1.4) < 1e-9)
        stage.finger.frame([(0, .moved, CGPoint(x: 60, y: 200)), (1, .moved, CGPoint(x: 240, y: 200))])
        #expect(abs(pinch.scale - 1.8) < 1e-9)
        #expect(abs(pinch.velocity - 0.4 * 60) < 1e-3, "0.4 per frame at 60 Hz")
        pinch.scale = 1
        stage.finger.frame([(0, .moved, CGPoint(x: 15, y: 200)), (1, .moved, CGPoint(x: 285, y: 200))])
        #expect(abs(pinch.scale - 1.5) < 1e-9, "270 / 180 from the value set")
        stage.finger.frame([(0, .ended, CGPoint(x: 15, y: 200)), (1, .ended, CGPoint(x: 285, y: 200))])
        #expect(scales.count == 4 && pinch.scale == 1, "began, changed, changed, ended; reset to 1 after")
        _ = stage.take()
    }

    @Test("DESIGN-GESTURE-ROTATION rotation in radians from 0, clockwise positive; velocity in radians per second")
    func rotation() {
        var stage = GestureStage()
        let rotation = UIRotationGestureRecognizer()
        stage.parent.addGestureRecognizer(rotation)
        let c = CGPoint(x: 160, y: 240)
        func fingers(_ angle: CGFloat, _ phase: UITouch.Phase) {
            let d = CGPoint(x: 50 * cos(angle), y: 50 * sin(angle))
            stage.finger.frame([(0, phase, CGPoint(x: c.x - d.x, y: c.y - d.y)), (1, phase, CGPoint(x: c.x + d.x, y: c.y + d.y))])
        }
        fingers(0, .began)
        fingers(.pi / 8, .moved)
        #expect(rotation.state == .began && abs(rotation.rotation - .pi / 8) < 1e-9)
        fingers(.pi / 4, .moved)
        #expect(abs(rotation.velocity - .pi / 8 * 60) < 1e-3)
        var angle: CGFloat = .pi / 4
        while angle < 1.5 * .pi { angle += .pi / 4; fingers(angle, .moved) }
        #expect(abs(rotation.rotation - angle) < 1e-9, "unwrapped past π")
        fingers(angle, .ended)
        _ = stage.take()
    }
}

/// A target running a closure for any action it gets.
@MainActor
final class ClosureTarget: NSObject, TactileActionHandling {
    static var kept: [ClosureTarget] = []
    let body: () -> Void
    init(_ body: @escaping () -> Void) {
        self.body = body
        super.init()
        Self.kept.append(self)
    }
    func handlesAction(_ action: Selector) -> Bool { true }
    func performAction(_ action: Selector, sender: Any?) { body() }
}
