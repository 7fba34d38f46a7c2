import Foundation
import Tactile
import TactileGestureOracle
import Testing

/// The gesture-sequences fuzzer's findings (issue 22), each as its minimal reproduction, fixed.
@Suite("Gesture fuzzer findings", .serialized)
@MainActor
struct GestureFuzzFindingTests {
    @Test("DESIGN-GESTURE-CANCELS F1: the view's touchesCancelled shows its touches in the cancelled phase")
    func cancelledPhase() {
        final class Probe: UIView {
            var phases: [UITouch.Phase] = []
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { phases += touches.map(\.phase) }
        }
        let stage = GestureStage()
        let probe = Probe(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.parent.addSubview(probe)
        probe.addGestureRecognizer(UITapGestureRecognizer())
        stage.finger.tap(at: CGPoint(x: 50, y: 50))
        #expect(probe.phases == [.cancelled])
    }

    @Test("DESIGN-GESTURE-STATES F2: a pan that ended while waiting for a double tap to fail begins, then ends")
    func continuousNeverEndsAlone() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        pan.require(toFail: double)
        stage.log.track(pan, "pan")
        stage.parent.addGestureRecognizer(pan)
        stage.parent.addGestureRecognizer(double)
        stage.finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 40, y: 20), steps: 2)  // 20 points: the tap holds on
        stage.finger.wait(1)
        #expect(stage.take().filter { $0.hasPrefix("pan") } == ["pan.began", "pan.ended"])
    }

    @Test("DESIGN-GESTURE-DELAYS F3: a finger joining an active delaysTouchesBegan pan never reaches the view")
    func joiningFingerIsTheRecognizers() {
        var stage = GestureStage()
        stage.parent.isMultipleTouchEnabled = true
        let pan = UIPanGestureRecognizer()
        pan.delaysTouchesBegan = true
        pan.cancelsTouchesInView = false
        stage.parent.addGestureRecognizer(pan)
        stage.finger.down(0, at: CGPoint(x: 20, y: 20))
        stage.finger.frame([(0, .moved, CGPoint(x: 60, y: 20)), (1, .began, CGPoint(x: 200, y: 300))])
        stage.finger.frame([(0, .ended, CGPoint(x: 60, y: 20)), (1, .ended, CGPoint(x: 200, y: 300))])
        #expect(stage.take().isEmpty, "both fingers are the pan's: held, then discarded")
    }

    @Test("DESIGN-GESTURE-DELAYS F4: a view that leaves the window gets nothing held for it later; what it saw begin is cancelled")
    func heldNothingAfterRemoval() {
        var stage = GestureStage()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesBegan = true
        stage.child.addGestureRecognizer(double)
        stage.finger.tap(at: CGPoint(x: 150, y: 150))
        stage.child.removeFromSuperview()
        stage.finger.wait(1)
        #expect(stage.take().isEmpty, "it never saw the touch")
        let other = TouchLogView("other", log: stage.log, frame: CGRect(x: 0, y: 300, width: 100, height: 100))
        stage.parent.addSubview(other)
        let second = UITapGestureRecognizer()
        second.numberOfTapsRequired = 2
        other.addGestureRecognizer(second)
        stage.finger.tap(at: CGPoint(x: 50, y: 350))
        other.removeFromSuperview()
        stage.finger.wait(1)
        #expect(stage.take() == ["other.began", "other.cancelled"], "its held end became a cancel before it left")
    }

    @Test("DESIGN-GESTURE-DELAYS F10: a delaysTouchesBegan recognizer recognizing in the event a touch begins keeps it from the view")
    func delayingRecognizerRecognizedAtBegan() {
        var stage = GestureStage()
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = 0  // begins in the very event its finger goes down
        press.delaysTouchesBegan = true
        press.cancelsTouchesInView = false
        stage.log.track(press, "press")
        stage.parent.addGestureRecognizer(press)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.up()
        #expect(stage.take() == ["press.began", "press.ended"], "the view never hears of the finger")
    }

    @Test("DESIGN-GESTURE-STATES F5: a pinch ending as a third, ignored finger is cancelled makes no illegal transition")
    func pinchThirdFinger() {
        var stage = GestureStage()
        stage.parent.isMultipleTouchEnabled = true
        let pinch = UIPinchGestureRecognizer()
        stage.log.track(pinch, "pinch")
        stage.parent.addGestureRecognizer(pinch)
        TactileDiagnostics.reset()
        stage.finger.frame([(0, .began, CGPoint(x: 100, y: 200)), (1, .began, CGPoint(x: 200, y: 200))])
        stage.finger.frame([(0, .moved, CGPoint(x: 80, y: 200)), (1, .moved, CGPoint(x: 220, y: 200))])
        stage.finger.down(2, at: CGPoint(x: 150, y: 300))
        stage.finger.frame([(0, .ended, CGPoint(x: 80, y: 200)), (1, .ended, CGPoint(x: 220, y: 200)),
                            (2, .cancelled, CGPoint(x: 150, y: 300))])
        #expect(stage.take().filter { $0.hasPrefix("pinch") } == ["pinch.began", "pinch.ended"])
        #expect(TactileDiagnostics.recentMisuses.isEmpty)
    }

    @Test("DESIGN-GESTURE-FAILURE F6: a recognizer that requires another to fail fails when that one begins first")
    func requirementBeganFirst() {
        var stage = GestureStage()
        stage.parent.isMultipleTouchEnabled = true
        let pan = UIPanGestureRecognizer(), press = UILongPressGestureRecognizer()
        press.allowableMovement = 200
        press.require(toFail: pan)
        press.delegate = AllowBoth.shared
        stage.log.track(pan, "pan")
        stage.log.track(press, "press")
        stage.parent.addGestureRecognizer(pan)
        stage.parent.addGestureRecognizer(press)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.move(to: CGPoint(x: 60, y: 20))  // the pan begins before the press could
        stage.finger.wait(1)
        stage.finger.up()
        #expect(stage.take().filter { $0.hasPrefix("press") }.isEmpty)
    }

    @Test("AG-K-03 F8: super.hitTest of a subclass without subviews reads no child list (ASan found it out of bounds)")
    func leafSubclassHitTest() {
        final class Leaf: UIView {}
        let stage = GestureStage()
        let leaf = Leaf(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        stage.parent.addSubview(leaf)
        #expect(stage.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === leaf)
    }

    /// Found by the CI's fuzz step on 2026-11-29 (`Fuzz/corpus/gesture-sequences/pan-changed-before-began`): a pan on
    /// the window, recognizing alongside the others, with three fingers down on two scroll views; in one frame a fourth
    /// finger began while the others moved. The pan set `.began` and then `.changed` in its touch methods of that one
    /// event, before the gesture environment acted on either, and its first action showed `.changed`. The input is
    /// replayed through the fuzzer's oracle (`GestureScenario`), which checks every recognizer's action sequence.
    @Test("DESIGN-GESTURE-STATES F13: a pan that began and changed before it was acted on sends began, then changed")
    func continuousNeverChangesFirst() throws {
        try replay("AObmAAAAAAAAAAAAAAAAKwAAAAAAAAAAQgoA5iEAAAr/AP8ABf///wAAAf8A/wD/ADw8AHIxOnBhbgD/AAoCCv8AAgBPcjU6cHIxOnN3aXBlK0NpFAAAAv8BCgIUAP////////8AAv+qAA==")
    }

    /// Found by the gesture fuzzer on 2026-11-29 once its views could leave their window in `touchesCancelled`
    /// (`Fuzz/corpus/gesture-sequences/view-leaves-while-pinch-begins`), after the C API's finding F14: a pinch began,
    /// its view got `touchesCancelled` for the touches it took and left its window there, which cancelled the pinch
    /// before its began action was sent, and that action showed `.cancelled`. The action now shows `.began` and the
    /// cancellation follows it (`GestureDeliveryTests.removedInTouchesCancelledOfBeginningPan` is the directed case).
    @Test("DESIGN-GESTURE-STATES F15: a recognizer cancelled while its view's touches are cancelled sends began, then cancelled")
    func cancelledWhileBeginningSendsBeganFirst() throws {
        try replay("k5OTk5OTk5OTk5OTk5OTk2qTk5OT4pMAAAAAAACTk5OTk5OTk5OTk5OTk5OTk5PikwAAAAAAAAAAAAAAKwAAAEIhCnX/AOYAAAByMDpwaW5jaCtDK0RFK3Npbf8AYGBgAHIwOnBpbgX////yAAH/AP9yMTpzd2lwZStDK0RCk5OTk5MA5gr//////wD/////")
    }

    /// Found by the gesture fuzzer at the end of 2026-11-29 (`Fuzz/corpus/gesture-sequences/swipe-recognized-as-its-view-leaves`):
    /// a swipe recognized in a frame where its view left the window in the `touchesCancelled` the recognition sends; the
    /// router's cancellation of that view's other touch reached the swipe, whose `touchesCancelled` set `.failed` over
    /// `.ended` (an illegal transition, reported as misuse). A swipe now takes the shared cancellation path, which fails only an undecided recognizer.
    @Test("DESIGN-GESTURE-STATES F17: a swipe recognized as its view leaves the window stays recognized")
    func recognizedSwipeIgnoresNestedCancellation() throws {
        try replay("k5OTk5OTkxOTk5Obk5OTk2qTk5MAAAAAAJP//5OTk5OTAf8A/3IxOnN3QpOTcjI6dGFwMXgxK0MrREUrc+YAAAByMDpwAABActC+cGluY2grQytERStDK0RFK3Npbf8AYGBgAHIwOnBpbgX////yAAH/AHIwOnBhbitDK0RCKwDmCv////9yMjpwaW5jaCtDK0RCK0RFK3Npbf8A/////w==")
    }

    /// Replays a fuzzer input (base64) through the fuzzer's oracle: no violation, and some recognizer recognizes.
    private func replay(_ base64: String) throws {
        let bytes = try #require(Data(base64Encoded: base64))
        let oracle = GestureScenario.run(bytes: [UInt8](bytes), trap: false)
        #expect(oracle.violations.isEmpty, "\(oracle.violations.prefix(3))")
        #expect(oracle.recognitions > 0, "a recognizer recognizes")
    }
}

/// Lets any two recognizers recognize at once.
@MainActor
final class AllowBoth: NSObject, UIGestureRecognizerDelegate {
    static let shared = AllowBoth()
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
