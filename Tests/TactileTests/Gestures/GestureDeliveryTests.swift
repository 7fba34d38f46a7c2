import Foundation
import Tactile
import Testing

/// Recognizers in touch delivery: they see touches first, and the three flags decide what the views get
/// (DESIGN-GESTURE-DELIVERY, DESIGN-GESTURE-CANCELS, DESIGN-GESTURE-DELAYS). Orders follow Apple's
/// documentation of the flags and device logs: with `cancelsTouchesInView` the view gets `touchesCancelled`
/// "immediately before the action method is called" (UIGestureRecognizer.h), e.g. for a pan
/// "touchesBegan touchesMoved touchesCancelled panGesture panGesture…"; without it, moves and actions
/// interleave and the view's `touchesEnded` comes last.
@Suite("Gesture recognizers in touch delivery", .serialized)
@MainActor
struct GestureDeliveryTests {
    @Test("DESIGN-GESTURE-CANCELS a tap on the parent cancels the child's touch before the action")
    func tapCancelsChild() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer()
        stage.log.track(tap, "tap")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.tap(at: CGPoint(x: 150, y: 150))
        #expect(stage.take() == ["child.began", "child.cancelled", "tap.ended"])
        #expect(tap.state == .possible, "reset after recognition")
    }

    @Test("DESIGN-GESTURE-CANCELS a pan: began and moves reach the view until the pan begins; then cancelled, actions only")
    func panCancelsView() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer()
        stage.log.track(pan, "pan")
        stage.child.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 120, y: 150))
        stage.finger.move(to: CGPoint(x: 125, y: 150))
        stage.finger.move(to: CGPoint(x: 140, y: 150))
        stage.finger.move(to: CGPoint(x: 150, y: 150))
        stage.finger.up()
        #expect(stage.take() == ["child.began", "child.moved", "child.cancelled", "pan.began", "pan.changed", "pan.ended"])
    }

    @Test("DESIGN-GESTURE-CANCELS without cancelsTouchesInView moves and actions interleave and the view's end comes last")
    func panWithoutCancelling() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer()
        pan.cancelsTouchesInView = false
        stage.log.track(pan, "pan")
        stage.child.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 120, y: 150))
        stage.finger.move(to: CGPoint(x: 140, y: 150))
        stage.finger.move(to: CGPoint(x: 150, y: 150))
        stage.finger.up()
        #expect(stage.take() == ["child.began", "pan.began", "child.moved", "pan.changed", "child.moved", "pan.ended", "child.ended"])
    }

    @Test("DESIGN-GESTURE-DELAYS delaysTouchesEnded holds the end while a double tap may still come; its failure delivers it")
    func delaysEndedUntilFailure() {
        var stage = GestureStage()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        stage.log.track(double, "double")
        stage.child.addGestureRecognizer(double)
        stage.finger.tap(at: CGPoint(x: 150, y: 150))
        #expect(stage.take() == ["child.began"], "the end is held")
        stage.finger.wait(0.5)
        #expect(stage.take() == ["child.ended"], "the double tap failed: the end is delivered")
        stage.finger.tap(at: CGPoint(x: 150, y: 150), count: 2)
        #expect(stage.take() == ["child.began", "child.began", "child.cancelled×2", "double.ended"])
    }

    @Test("DESIGN-GESTURE-DELAYS delaysTouchesBegan holds began and moves until the recognizer fails, then delivers them")
    func delaysBegan() {
        var stage = GestureStage()
        let swipe = UISwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        stage.log.track(swipe, "swipe")
        stage.child.addGestureRecognizer(swipe)
        stage.finger.down(at: CGPoint(x: 150, y: 150))
        stage.finger.move(to: CGPoint(x: 152, y: 150))
        #expect(stage.take() == [])
        stage.finger.wait(0.6)
        #expect(stage.take() == ["child.began", "child.moved"], "the swipe timed out: the view gets the began and a move")
        stage.finger.up()
        #expect(stage.take() == ["child.ended"])
        // A recognized swipe: the held touches are discarded, the view never hears of the finger.
        stage.finger.swipe(.right, from: CGPoint(x: 110, y: 150))
        #expect(stage.take() == ["swipe.ended"])
    }

    @Test("DESIGN-GESTURE-DELIVERY a recognizer sees a second finger its single-touch view never gets")
    func recognizersSeeUndeliveredTouches() {
        var stage = GestureStage()
        let pinch = UIPinchGestureRecognizer()
        stage.log.track(pinch, "pinch")
        stage.child.addGestureRecognizer(pinch)
        #expect(!stage.child.isMultipleTouchEnabled)
        stage.finger.pinch(center: CGPoint(x: 150, y: 150), from: 40, to: 80, steps: 2)
        #expect(stage.take() == ["child.began", "child.cancelled", "pinch.began", "pinch.changed", "pinch.ended"])
    }

    @Test("DESIGN-GESTURE-DELAYS a began delivered late shows the touch as it began; the follow-up move shows it now")
    func lateBeganShowsItsBeginning() {
        final class Probe: UIView {
            var seen: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                let t = touches.first!
                let p = t.location(in: nil)
                seen.append("began \(t.phase == .began) (\(p.x), \(p.y)) \(event?.allTouches?.contains(t) == true)")
            }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                let t = touches.first!
                let p = t.location(in: nil)
                seen.append("moved \(t.phase == .moved) (\(p.x), \(p.y))")
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { seen.append("ended") }
        }
        let stage = GestureStage()
        let probe = Probe(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.parent.addSubview(probe)
        let press = UILongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        press.allowableMovement = 100
        press.minimumPressDuration = 0.3
        probe.addGestureRecognizer(press)
        let swipe = UISwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        probe.addGestureRecognizer(swipe)
        stage.finger.down(at: CGPoint(x: 10, y: 10))
        stage.finger.move(to: CGPoint(x: 20, y: 10))
        #expect(probe.seen.isEmpty, "held while the long press and the swipe may still recognize")
        stage.finger.up()  // both fail on the lift: the view gets it all, in order, in this event
        #expect(probe.seen == ["began true (10.0, 10.0) true", "moved true (20.0, 10.0)", "ended"])
    }

    @Test("DESIGN-GESTURE-CANCELS an ignored touch stays with its view: no cancel when the recognizer recognizes")
    func ignoredTouchStays() {
        final class FirstFingerOnly: UIPanGestureRecognizer {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                for touch in touches where numberOfTouches > 1 && touch === touches.first { ignore(touch, for: event) }
                super.touchesBegan(touches, with: event)
            }
        }
        var stage = GestureStage()
        stage.child.isMultipleTouchEnabled = true
        let pan = FirstFingerOnly()
        stage.log.track(pan, "pan")
        stage.child.addGestureRecognizer(pan)
        stage.finger.down(0, at: CGPoint(x: 120, y: 120))
        stage.finger.down(1, at: CGPoint(x: 150, y: 150))  // ignored: the pan keeps only the first finger
        #expect(pan.numberOfTouches == 1)
        stage.finger.move(0, to: CGPoint(x: 120, y: 160))
        stage.finger.up(0)
        stage.finger.up(1)
        #expect(stage.take() == ["child.began", "child.began", "child.cancelled", "pan.began", "pan.ended", "child.ended"])
    }

    @Test("DESIGN-GESTURE-DELIVERY a recognizer on the window sees every touch; removing the view mid-pan cancels the pan")
    func windowRecognizerAndRemoval() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer()
        stage.log.track(pan, "pan")
        stage.window.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 150, y: 150))
        stage.finger.move(to: CGPoint(x: 150, y: 180))
        stage.child.removeFromSuperview()
        stage.finger.move(to: CGPoint(x: 150, y: 190))
        stage.finger.up()
        #expect(stage.take() == ["child.began", "child.cancelled", "pan.began", "pan.cancelled"])
        #expect(pan.state == .possible)
    }

    @Test("DESIGN-GESTURE-DELIVERY DESIGN-GESTURE-STATES a view that leaves its window in the touchesCancelled a beginning pan sends: began, then cancelled")
    func removedInTouchesCancelledOfBeginningPan() {
        // The view's touchesCancelled comes before the recognizer's began action; a removal there cancels the pan,
        // which the gesture environment acts on after the action (the object-model side of the C API's finding F14).
        var stage = GestureStage()
        let leaving = LeavingView("leaving", log: stage.log, frame: CGRect(x: 10, y: 300, width: 100, height: 100))
        stage.parent.addSubview(leaving)
        let pan = UIPanGestureRecognizer()
        stage.log.track(pan, "pan")
        leaving.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 50, y: 350))
        stage.finger.move(to: CGPoint(x: 80, y: 350))
        stage.finger.move(to: CGPoint(x: 90, y: 350))
        stage.finger.up()
        #expect(stage.take() == ["leaving.began", "leaving.cancelled", "pan.began", "pan.cancelled"])
        #expect(leaving.superview == nil && pan.state == .possible)
    }

    @Test("DESIGN-GESTURE-CANCELS AG-M-06 a view that leaves its window in a recognizer's touchesCancelled takes its subviews' touches' cancellations with it")
    func subviewTouchesCancelledBeforeTheyLeave() {
        // A two-finger tap on `leaving`, one finger on it and one on its subview `inner`: the tap takes both touches;
        // `leaving` leaves its window in its touchesCancelled, and `inner` gets its touchesCancelled then, while it is
        // still in the window (the router cancels a leaving subtree's touches first), and nothing after.
        var stage = GestureStage()
        let leaving = LeavingView("leaving", log: stage.log, frame: CGRect(x: 0, y: 250, width: 320, height: 200))
        let inner = WindowNotingView("inner", log: stage.log, frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        stage.parent.addSubview(leaving)
        leaving.addSubview(inner)
        leaving.isMultipleTouchEnabled = true
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        stage.log.track(tap, "tap")
        leaving.addGestureRecognizer(tap)
        stage.finger.frame([(0, .began, CGPoint(x: 50, y: 300)), (1, .began, CGPoint(x: 250, y: 300))])
        stage.finger.frame([(0, .ended, CGPoint(x: 50, y: 300)), (1, .ended, CGPoint(x: 250, y: 300))])
        #expect(stage.take() == ["leaving.began", "inner.began", "leaving.cancelled", "inner.cancelled in its window", "tap.ended"])
        #expect(leaving.window == nil && inner.window == nil)
    }
}

/// A view whose touchesCancelled notes whether it is in a window.
@MainActor
final class WindowNotingView: TouchLogView {
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.lines.append("\(name).cancelled \(window == nil ? "outside any window" : "in its window")")
    }
}

/// A view that removes itself from its superview when its touches are cancelled.
@MainActor
final class LeavingView: TouchLogView {
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        removeFromSuperview()
    }
}
