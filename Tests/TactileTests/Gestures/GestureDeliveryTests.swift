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
}
