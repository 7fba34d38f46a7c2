import Foundation
import Tactile
import TactileCore

// view.animate_us   one UIView.animate of 100 views (each view's center moved), started and run to its
//                   completion on the virtual clock (capture, presentation sampled once mid-way, completion);
//                   beside the same 100 changes made without animation and one run-loop turn (reference)
// draw.record_us    a typical custom draw(_:) — a filled circle, a stroked ring, a check mark and a line of text
//                   — recorded in the display pass; beside the same draw(_:) building the same paths, colours
//                   and string without painting them (reference: the drawing code without the recorder)

/// A custom control's drawing, as third-party code writes it.
private final class BadgeView: UIView {
    /// False: build everything but paint nothing (the reference).
    var paints = true
    override func draw(_ rect: CGRect) {
        let circle = UIBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4))
        let fill = UIColor.systemBlue, stroke = UIColor.white
        circle.lineWidth = 2
        let check = UIBezierPath()
        check.move(to: CGPoint(x: bounds.width * 0.3, y: bounds.height * 0.5))
        check.addLine(to: CGPoint(x: bounds.width * 0.45, y: bounds.height * 0.65))
        check.addLine(to: CGPoint(x: bounds.width * 0.7, y: bounds.height * 0.35))
        check.lineWidth = 3
        let text = "42" as NSString, attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 12)]
        guard paints else { return }
        fill.setFill()
        circle.fill()
        stroke.setStroke()
        circle.stroke()
        check.stroke()
        text.draw(at: CGPoint(x: 4, y: 4), withAttributes: attributes)
    }
}

@MainActor
func viewBench(quick: Bool) {
    TactileHost.launch(delegate: nil)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let views = (0..<100).map { i in UIView(frame: CGRect(x: Double(i % 10) * 30, y: Double(i / 10) * 30, width: 20, height: 20)) }
    for v in views { window.addSubview(v) }
    try! TactileHost.runLoop.runUntilIdle()
    let repetitions = quick ? 5 : 11, rounds = quick ? 50 : 200
    var animated: [Double] = [], plain: [Double] = []
    var completions = 0, sink: CGFloat = 0
    for _ in 0..<repetitions {
        let a0 = now()
        for r in 0..<rounds {
            let dx: CGFloat = r % 2 == 0 ? 10 : -10
            UIView.animate(withDuration: 0.3, animations: { for v in views { v.center.x += dx } }) { _ in completions += 1 }
            try! TactileHost.runLoop.advance(by: 150_000_000)
            sink += views[0].layer.presentation()?.position.x ?? 0
            try! TactileHost.runLoop.advance(by: 150_000_000)
        }
        let a1 = now()
        for r in 0..<rounds {
            let dx: CGFloat = r % 2 == 0 ? 10 : -10
            for v in views { v.center.x += dx }
            try! TactileHost.runLoop.step()
        }
        let a2 = now()
        animated.append(Double(a1 - a0) / Double(rounds) / 1e3)
        plain.append(Double(a2 - a1) / Double(rounds) / 1e3)
    }
    precondition(completions == repetitions * rounds, "view bench: \(completions) of \(repetitions * rounds) completions")
    if sink == .infinity { print("") }
    print(row("view.animate_us", median(animated), "us", reference: median(plain), ratio: median(plain) / median(animated),
              budget: nil, pass: nil, referenceLabel: "the same 100 changes without animation, one run-loop turn"))

    let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
    window.addSubview(badge)
    try! TactileHost.runLoop.runUntilIdle()
    let draws = quick ? 500 : 2_000
    var recorded: [Double] = [], bare: [Double] = []
    for _ in 0..<repetitions {
        let d0 = now()
        for _ in 0..<draws {
            badge.setNeedsDisplay()
            try! TactileHost.runLoop.step()
        }
        let d1 = now()
        badge.paints = false
        for _ in 0..<draws { badge.draw(badge.bounds) }
        badge.paints = true
        let d2 = now()
        recorded.append(Double(d1 - d0) / Double(draws) / 1e3)
        bare.append(Double(d2 - d1) / Double(draws) / 1e3)
    }
    precondition(badge.layer.tactileDrawing?.fills.count == 1, "view bench: the badge's drawing was not recorded")
    print(row("draw.record_us", median(recorded), "us", reference: median(bare), ratio: median(bare) / median(recorded),
              budget: nil, pass: nil, referenceLabel: "the same draw(_:) building its paths without painting"))
    window.isHidden = true
}
