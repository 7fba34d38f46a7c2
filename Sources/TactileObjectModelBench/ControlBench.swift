import Foundation
import Tactile
import TactileCore

// control.tap_us   a tap (touch down and up, each its own event) on a UIButton with one target-action — a
//                  TactileAction table entry — through the whole path: queue → run loop → UIApplication →
//                  UIWindow → the button's tracking (touchDown, touchUpInside, primaryActionTriggered) →
//                  UIApplication.sendAction → the method; beside the same tap on a plain UIView subclass that
//                  counts touchesEnded (reference: the tap without a control)

/// The button's target.
private final class TapTarget: UIResponder {
    var taps = 0
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [TactileAction("tapped:", TapTarget.tapped)]
    }
    func tapped(_ sender: UIButton) { taps &+= 1 }
}

/// Counts touchesEnded calls.
private final class EndedCounter: UIView {
    var ended = 0
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { ended &+= 1 }
}

@MainActor
func controlBench(quick: Bool) {
    TactileHost.launch(delegate: nil)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let plain = EndedCounter(frame: CGRect(x: 0, y: 240, width: 200, height: 200))
    window.addSubview(button)
    window.addSubview(plain)
    let target = TapTarget()
    button.addTarget(target, action: "tapped:", for: .touchUpInside)
    var t: UInt64 = 1
    func tap(y: Double) {
        t += 1_000_000_000  // a second apart: every tap is a first tap (no touchDownRepeat)
        try! TactileHost.events.post(.touch(1, .began, window: window.inputWindowID, x: 50, y: y, timestamp: t))
        try! TactileHost.events.post(.touch(1, .ended, window: window.inputWindowID, x: 50, y: y, timestamp: t + 1_000_000))
        try! TactileHost.runLoop.runUntilIdle()
    }
    let repetitions = quick ? 5 : 11, taps = quick ? 1_000 : 4_000
    var control: [Double] = [], reference: [Double] = []
    for _ in 0..<repetitions {
        let c0 = now()
        for _ in 0..<taps { tap(y: 100) }
        let c1 = now()
        for _ in 0..<taps { tap(y: 340) }
        let c2 = now()
        control.append(Double(c1 - c0) / Double(taps) / 1e3)
        reference.append(Double(c2 - c1) / Double(taps) / 1e3)
    }
    precondition(target.taps == repetitions * taps, "control bench: \(target.taps) of \(repetitions * taps) taps reached the target")
    precondition(plain.ended == repetitions * taps, "control bench: \(plain.ended) of \(repetitions * taps) taps reached the view")
    window.isHidden = true
    print(row("control.tap_us", median(control), "us", reference: median(reference), ratio: median(reference) / median(control),
              budget: nil, pass: nil, referenceLabel: "the same tap on a plain UIView"))
}
