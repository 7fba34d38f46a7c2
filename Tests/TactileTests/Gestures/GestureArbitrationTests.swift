import Foundation
import Tactile
import Testing

/// A delegate with scripted answers, logging what it is asked.
@MainActor
final class ScriptedDelegate: NSObject, UIGestureRecognizerDelegate {
    var shouldBegin = true
    var receives = true
    var simultaneous = false
    var asked: [String] = []

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked.append("shouldBegin \(gestureRecognizer.name ?? "")")
        return shouldBegin
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        simultaneous
    }
}

/// How recognizers settle among themselves and with controls (DESIGN-GESTURE-FAILURE, DESIGN-GESTURE-EXCLUSION,
/// DESIGN-GESTURE-SHOULD-BEGIN, DESIGN-GESTURE-DELEGATE, SBT-RSP-06).
@Suite("Gesture recognizers among themselves", .serialized)
@MainActor
struct GestureArbitrationTests {
    @Test("DESIGN-GESTURE-FAILURE a single tap waiting for a double tap: recognized when the double fails, failed when it succeeds")
    func singleRequiresDouble() {
        var stage = GestureStage()
        let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        stage.log.track(single, "single")
        stage.log.track(double, "double")
        stage.parent.addGestureRecognizer(single)
        stage.parent.addGestureRecognizer(double)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(stage.take() == ["parent.began"], "the single tap waits; both hold the end")
        stage.finger.wait(0.4)
        #expect(stage.take() == ["parent.cancelled", "single.ended"], "the double tap failed: the single is recognized")
        stage.finger.tap(at: CGPoint(x: 20, y: 20), count: 2)
        stage.finger.wait(0.5)
        #expect(stage.take() == ["parent.began", "parent.began", "parent.cancelled×2", "double.ended"])
    }

    @Test("DESIGN-GESTURE-FAILURE a pan waiting for a swipe begins at zero translation once the swipe fails")
    func panAfterSwipeFails() {
        var stage = GestureStage()
        let swipe = UISwipeGestureRecognizer(), pan = UIPanGestureRecognizer()
        swipe.direction = .left
        pan.require(toFail: swipe)
        stage.log.track(pan, "pan")
        var beganAt: CGPoint?
        pan.addTarget(ClosureTarget { if pan.state == .began { beganAt = pan.translation(in: nil) } }, action: "fire")
        stage.parent.addGestureRecognizer(swipe)
        stage.parent.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 20, y: 200))
        stage.finger.move(to: CGPoint(x: 60, y: 200))
        #expect(pan.state == .possible, "waiting for the swipe")
        stage.finger.move(to: CGPoint(x: 80, y: 200))  // 60 points right: the left swipe fails
        #expect(beganAt == .zero && pan.state == .began)
        stage.finger.move(to: CGPoint(x: 90, y: 200))
        #expect(pan.translation(in: nil) == CGPoint(x: 10, y: 0))
        stage.finger.up()
        _ = stage.take()
    }

    @Test("DESIGN-GESTURE-EXCLUSION a pan that begins makes the tap sharing its touch fail; a delegate may allow both")
    func exclusion() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer(), pan = UIPanGestureRecognizer()
        stage.log.track(tap, "tap")
        stage.log.track(pan, "pan")
        stage.child.addGestureRecognizer(tap)
        stage.parent.addGestureRecognizer(pan)
        stage.finger.drag(from: CGPoint(x: 120, y: 120), to: CGPoint(x: 120, y: 150), steps: 1)
        #expect(stage.take() == ["child.began", "child.cancelled", "pan.began", "pan.ended"])
        // Two taps on the same touch: the first recognized prevents the second...
        let other = UITapGestureRecognizer()
        stage.log.track(other, "other")
        stage.parent.addGestureRecognizer(other)
        stage.finger.tap(at: CGPoint(x: 120, y: 120))
        #expect(stage.take().filter { !$0.hasPrefix("child") } == ["tap.ended"])
        // ...unless a delegate lets them recognize at once (either delegate suffices).
        let delegate = ScriptedDelegate()
        delegate.simultaneous = true
        other.delegate = delegate
        stage.finger.wait(1)
        stage.finger.tap(at: CGPoint(x: 120, y: 120))
        #expect(stage.take().filter { !$0.hasPrefix("child") } == ["tap.ended", "other.ended"])
    }

    @Test("DESIGN-GESTURE-EXCLUSION canPrevent / canBePrevented overridden to false let the other recognize too")
    func canPrevent() {
        final class Meek: UITapGestureRecognizer {
            override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        var stage = GestureStage()
        let meek = Meek(), tap = UITapGestureRecognizer()
        stage.log.track(meek, "meek")
        stage.log.track(tap, "tap")
        stage.child.addGestureRecognizer(meek)
        stage.parent.addGestureRecognizer(tap)
        stage.finger.tap(at: CGPoint(x: 120, y: 120))
        #expect(stage.take().filter { !$0.hasPrefix("child") } == ["meek.ended", "tap.ended"])
    }

    @Test("DESIGN-GESTURE-DELEGATE gestureRecognizerShouldBegin false fails it; shouldReceive false: it never sees the touch")
    func delegateVetoes() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer()
        tap.name = "tap"
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = false
        tap.delegate = delegate
        stage.log.track(tap, "tap")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(stage.take() == ["parent.began", "parent.ended"])
        #expect(delegate.asked == ["shouldBegin tap"])
        delegate.shouldBegin = true
        delegate.receives = false
        stage.finger.wait(1)
        final class Probe: UIView {
            var recognizers = -1
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                recognizers = touches.first?.gestureRecognizers?.count ?? -1
            }
        }
        let probe = Probe(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        stage.parent.addSubview(probe)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(probe.recognizers == 0 && stage.take() == ["parent.ended"], "the probe keeps its began; the end goes up, never cancelled")
        #expect(delegate.asked == ["shouldBegin tap"], "not asked again: it never had the touch")
    }

    @Test("DESIGN-GESTURE-SHOULD-BEGIN the touched view's gestureRecognizerShouldBegin vetoes an ancestor's recognizer")
    func viewVeto() {
        final class Jealous: UIView {
            var asked = 0
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                asked += 1
                return false
            }
        }
        var stage = GestureStage()
        let jealous = Jealous(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        stage.parent.addSubview(jealous)
        let tap = UITapGestureRecognizer()
        stage.log.track(tap, "tap")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(jealous.asked == 1 && stage.take() == ["parent.began", "parent.ended"], "the tap failed; the touch went on")
        stage.finger.wait(1)
        stage.finger.tap(at: CGPoint(x: 200, y: 300))
        #expect(jealous.asked == 1 && stage.take() == ["parent.began", "parent.cancelled", "tap.ended"])
    }

    // MARK: SBT-RSP-06 controls and an ancestor's tap

    /// Taps `control` under a parent with a single-tap recognizer; returns the control's events and whether the
    /// tap was recognized.
    private func tapUnderParentTap(_ control: UIControl, at point: CGPoint) -> (events: [String], tapped: Bool) {
        var stage = GestureStage()
        let log = ControlEventLog()
        log.observe(control)
        control.frame.origin = CGPoint(x: 40, y: 40)
        stage.parent.addSubview(control)
        let tap = UITapGestureRecognizer()
        stage.log.track(tap, "tap")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.tap(at: CGPoint(x: 40 + point.x, y: 40 + point.y))
        stage.finger.wait(0.5)
        return (log.names, stage.take().contains("tap.ended"))
    }

    @Test("SBT-RSP-06 UIKit's controls keep a single-finger single tap from an ancestor's tap recognizer")
    func controlsKeepTheirTap() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        let r1 = tapUnderParentTap(button, at: CGPoint(x: 50, y: 22))
        #expect(!r1.tapped && r1.events.contains("upIn") && !r1.events.contains("cancel"))
        let toggle = UISwitch(frame: .zero)
        let r2 = tapUnderParentTap(toggle, at: CGPoint(x: 25, y: 15))
        #expect(!r2.tapped && r2.events.contains("value"))
        let stepper = UIStepper(frame: .zero)
        let r3 = tapUnderParentTap(stepper, at: CGPoint(x: 70, y: 16))
        #expect(!r3.tapped && r3.events.contains("value"))
        let segmented = UISegmentedControl(items: ["A", "B"])
        segmented.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
        let r4 = tapUnderParentTap(segmented, at: CGPoint(x: 150, y: 16))
        #expect(!r4.tapped && r4.events.contains("value"))
        let pages = UIPageControl(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        pages.numberOfPages = 3
        let r5 = tapUnderParentTap(pages, at: CGPoint(x: 180, y: 15))
        #expect(!r5.tapped && r5.events.contains("value"))
    }

    @Test("SBT-RSP-06 a plain UIControl subclass does not: the ancestor's tap wins and the control gets touchCancel")
    func plainControlLoses() {
        final class Plain: UIControl {}
        let plain = Plain(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        let result = tapUnderParentTap(plain, at: CGPoint(x: 50, y: 22))
        #expect(result.tapped)
        #expect(result.events == ["down", "cancel"], "touchCancel instead of touchUpInside")
    }

    @Test("SBT-RSP-06 a double tap recognizer on the ancestor is not vetoed by a button (only single taps are)")
    func buttonDoesNotKeepDoubleTaps() {
        var stage = GestureStage()
        let button = UIButton(frame: CGRect(x: 40, y: 40, width: 100, height: 44))
        stage.parent.addSubview(button)
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        stage.log.track(double, "double")
        stage.parent.addGestureRecognizer(double)
        stage.finger.tap(at: CGPoint(x: 60, y: 60), count: 2)
        #expect(stage.take().contains("double.ended"))
    }

    @Test("SBT-RSP-06 a slider keeps a pan along its track begun on the thumb; a pan across it goes to the ancestor")
    func sliderKeepsItsTravel() {
        var stage = GestureStage()
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        slider.value = 0.5
        stage.parent.addSubview(slider)
        let log = ControlEventLog()
        log.observe(slider)
        let pan = UIPanGestureRecognizer()
        stage.log.track(pan, "pan")
        stage.parent.addGestureRecognizer(pan)
        let thumb = CGPoint(x: 20 + 100, y: 115)
        stage.finger.drag(from: thumb, to: CGPoint(x: thumb.x + 60, y: thumb.y), steps: 3)
        #expect(!stage.take().contains { $0.hasPrefix("pan") })
        #expect(slider.value > 0.5 && log.names.contains("value"))
        log.names.removeAll()
        stage.finger.drag(from: CGPoint(x: 20 + 160, y: 115), to: CGPoint(x: 180, y: 215), steps: 3)
        #expect(stage.take().filter { $0.hasPrefix("pan") }.first == "pan.began")
        #expect(log.names.last == "cancel")
    }
}
