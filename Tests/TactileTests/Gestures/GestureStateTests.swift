import Foundation
import Tactile
import Testing

/// A recognizer whose touch methods set the states a test scripts, one per call (DESIGN-GESTURE-STATES).
@MainActor
final class ScriptedRecognizer: UIGestureRecognizer {
    var onBegan: [UIGestureRecognizer.State] = []
    var onMoved: [UIGestureRecognizer.State] = []
    var onEnded: [UIGestureRecognizer.State] = []
    var resets = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { for s in onBegan { state = s } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { for s in onMoved { state = s } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { for s in onEnded { state = s } }
    override func reset() {
        super.reset()
        resets += 1
    }
}

@Suite("Gesture recognizer states and actions", .serialized)
@MainActor
struct GestureStateTests {
    @Test("DESIGN-GESTURE-STATES UIKit's raw values; recognized is ended")
    func rawValues() {
        #expect(UIGestureRecognizer.State.possible.rawValue == 0 && UIGestureRecognizer.State.began.rawValue == 1)
        #expect(UIGestureRecognizer.State.changed.rawValue == 2 && UIGestureRecognizer.State.ended.rawValue == 3)
        #expect(UIGestureRecognizer.State.cancelled.rawValue == 4 && UIGestureRecognizer.State.failed.rawValue == 5)
        #expect(UIGestureRecognizer.State.recognized == .ended)
    }

    @Test("DESIGN-GESTURE-STATES a continuous gesture sends began, changed, ended; then it is reset once to possible")
    func continuous() {
        var stage = GestureStage()
        let r = ScriptedRecognizer()
        r.onBegan = [.began]
        r.onMoved = [.changed]
        r.onEnded = [.ended]
        stage.log.track(r, "r")
        stage.parent.addGestureRecognizer(r)
        stage.finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 40, y: 20), steps: 2)
        #expect(stage.take() == ["r.began", "r.changed", "r.changed", "r.ended"])
        #expect(r.resets == 1 && r.state == .possible)
    }

    @Test("DESIGN-GESTURE-STATES failed sends no action; the failed recognizer sees no more of the sequence")
    func failedIsSilent() {
        var stage = GestureStage()
        let r = ScriptedRecognizer()
        r.onBegan = [.failed]
        r.onMoved = [.began]
        stage.log.track(r, "r")
        stage.parent.addGestureRecognizer(r)
        stage.finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 40, y: 20), steps: 2)
        #expect(stage.take() == ["parent.began", "parent.moved", "parent.moved", "parent.ended"])
        #expect(r.resets == 1)
    }

    @Test("DESIGN-GESTURE-STATES an illegal transition is reported with UIKit's wording and ignored")
    func illegalTransition() {
        var stage = GestureStage()
        let r = ScriptedRecognizer()
        r.onBegan = [.began]
        r.onMoved = [.began]  // began → began: not a transition
        stage.parent.addGestureRecognizer(r)
        stage.log.track(r, "r")
        TactileDiagnostics.reset()
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.move(to: CGPoint(x: 30, y: 20))
        #expect(stage.take() == ["r.began"])
        let lone = ScriptedRecognizer()
        lone.state = .began
        lone.state = .failed  // began → failed is not a transition UIKit allows
        #expect(lone.state == .began)
        #expect(TactileDiagnostics.recentMisuses.contains { $0.reason.contains("setState") })
        stage.finger.up()
    }

    @Test("DESIGN-GESTURE-STATES disabling a recognizer that has begun cancels it; re-enabled, it works again")
    func disablingCancels() {
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer()
        stage.log.track(pan, "pan")
        stage.parent.addGestureRecognizer(pan)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.move(to: CGPoint(x: 50, y: 20))
        pan.isEnabled = false
        stage.finger.move(to: CGPoint(x: 60, y: 20))
        stage.finger.up()
        #expect(stage.take() == ["parent.began", "parent.cancelled", "pan.began", "pan.cancelled"])
        pan.isEnabled = true
        stage.finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 60, y: 20), steps: 2)
        #expect(stage.take() == ["parent.began", "parent.cancelled", "pan.began", "pan.changed", "pan.ended"])
    }

    @Test("DESIGN-GESTURE-STATES a disabled recognizer gets no touches")
    func disabledGetsNothing() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer()
        tap.isEnabled = false
        stage.log.track(tap, "tap")
        stage.parent.addGestureRecognizer(tap)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(stage.take() == ["parent.began", "parent.ended"])
    }

    @Test("DESIGN-GESTURE-ACTIONS targets, actions with and without the sender, removal, a closure, order of addition")
    func targetAction() {
        var stage = GestureStage()
        final class Target: NSObject, TactileActionTarget {
            var calls: [String] = []
            static var tactileActions: [TactileAction] {
                [TactileAction("plain", Target.plain), TactileAction("withSender:", Target.withSender)]
            }
            func plain() { calls.append("plain") }
            func withSender(_ tap: UITapGestureRecognizer) { calls.append("sender \(tap.numberOfTapsRequired)") }
        }
        let target = Target()
        let tap = UITapGestureRecognizer(target: target, action: "plain")
        tap.addTarget(target, action: "withSender:")
        tap.addTarget(target, action: "plain")  // the same pair again: still once
        var closure = 0
        let other = UITapGestureRecognizer(tactileHandler: { _ in closure += 1 })
        stage.parent.addGestureRecognizer(tap)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(target.calls == ["plain", "sender 1"])
        tap.removeTarget(target, action: "plain")
        stage.finger.wait(1)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(target.calls == ["plain", "sender 1", "sender 1"])
        tap.removeTarget(nil, action: nil)
        stage.parent.addGestureRecognizer(other)
        stage.finger.wait(1)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(target.calls.count == 3)
        #expect(closure == 0, "the first tap recognizer prevented the second (no simultaneous recognition)")
        stage.parent.removeGestureRecognizer(tap)
        stage.finger.wait(1)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(closure == 1)
        _ = stage.take()
    }

    @Test("DESIGN-GESTURE-ACTIONS a responder target's standard edit action it overrides is performed")
    func editActionTarget() {
        var stage = GestureStage()
        final class Editor: UIResponder {
            var copies = 0
            override func copy(_ sender: Any?) { copies += 1 }
        }
        let editor = Editor()
        let press = UITapGestureRecognizer(target: editor, action: .copy)
        stage.parent.addGestureRecognizer(press)
        stage.finger.tap(at: CGPoint(x: 20, y: 20))
        #expect(editor.copies == 1)
        _ = stage.take()
    }

    @Test("DESIGN-GESTURE-ACTIONS the view, gestureRecognizers of views and touches, moving a recognizer between views")
    func attachment() {
        var stage = GestureStage()
        let tap = UITapGestureRecognizer()
        #expect(stage.parent.gestureRecognizers == nil && tap.view == nil)
        stage.parent.addGestureRecognizer(tap)
        #expect(tap.view === stage.parent && stage.parent.gestureRecognizers?.count == 1)
        stage.child.addGestureRecognizer(tap)
        #expect(tap.view === stage.child && stage.parent.gestureRecognizers == nil)
        let pan = UIPanGestureRecognizer()
        stage.parent.gestureRecognizers = [pan]
        final class Probe: UIView {
            var seen: [UIGestureRecognizer] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                seen = touches.first?.gestureRecognizers ?? []
            }
        }
        let probe = Probe(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        stage.child.addSubview(probe)
        stage.finger.down(at: CGPoint(x: 110, y: 110))
        #expect(probe.seen.count == 2 && probe.seen[0] === tap && probe.seen[1] === pan, "the hit view's chain, nearest first")
        stage.finger.up()
        _ = stage.take()
    }
}

@Suite("Gesture recognizers and cancelled touches", .serialized)
@MainActor
struct GestureCancellationTests {
    @Test("DESIGN-GESTURE-STATES a system cancel: an active pan is cancelled, a subclass that ignores the cancel fails")
    func systemCancel() {
        final class Silent: UIGestureRecognizer {}  // handles no touch method at all
        var stage = GestureStage()
        let pan = UIPanGestureRecognizer(), silent = Silent(), other = UITapGestureRecognizer()
        stage.log.track(pan, "pan")
        stage.log.track(silent, "silent")
        other.require(toFail: silent)
        stage.log.track(other, "other")
        stage.parent.addGestureRecognizer(pan)
        stage.parent.addGestureRecognizer(silent)
        stage.parent.addGestureRecognizer(other)
        stage.finger.down(at: CGPoint(x: 20, y: 20))
        stage.finger.move(to: CGPoint(x: 60, y: 20))
        stage.finger.systemCancel()
        #expect(stage.take() == ["parent.began", "parent.cancelled", "pan.began", "pan.cancelled"])
        #expect(silent.state == .possible && pan.state == .possible, "both reset")
        // The silent one failed when its touch was cancelled, so the tap waiting for it was failed by the pan
        // (which had begun) and nothing is left waiting: a new tap works.
        stage.finger.wait(1)
        stage.parent.removeGestureRecognizer(pan)
        stage.finger.up(0)  // the producer lifts the cancelled finger
        stage.finger.down(1, at: CGPoint(x: 20, y: 20))
        stage.finger.systemCancel()
        #expect(stage.take() == ["parent.began", "parent.cancelled"], "no action: the tap and the silent one failed")
    }
}
