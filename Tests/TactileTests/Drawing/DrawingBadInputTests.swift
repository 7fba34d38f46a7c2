import Foundation
import Testing
import Tactile

/// Bad input to the drawing, layer and animation API: never a crash, a log or report where UIKit logs or raises,
/// the state unchanged.
@MainActor
@Suite("Drawing, layers and animation: bad input")
struct DrawingBadInputTests {
    @Test("NaN and infinite geometry, durations and fractions are refused or clamped; nothing crashes")
    func nonFiniteInput() throws {
        TactileHost.launch(delegate: nil)
        TactileDiagnostics.reset()
        let nan = CGFloat.nan, inf = CGFloat.infinity
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.frame = CGRect(x: nan, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: inf, y: 0)
        layer.anchorPoint = CGPoint(x: nan, y: 0)
        var t = CATransform3DIdentity
        t.m11 = nan
        layer.transform = t
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 10, height: 10) && layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.anchorPoint = CGPoint(x: nan, y: nan)
        view.layer.bounds = CGRect(x: 0, y: 0, width: inf, height: 1)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
        try TactileHost.runLoop.runUntilIdle()
        #expect(TactileDiagnostics.logCount >= 5, "each refusal logged, as Core Animation does")

        var finished: [Bool] = []
        UIView.animate(withDuration: .nan, delay: -.infinity, options: [], animations: { view.alpha = 0.5 }) { finished.append($0) }
        UIView.animate(withDuration: -1, animations: { view.center.x = 3 }) { finished.append($0) }
        UIView.animateKeyframes(withDuration: .infinity, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: .nan, relativeDuration: -4) { view.center.y = 9 }
        }) { finished.append($0) }
        try TactileHost.runLoop.advance(by: 1_000_000)
        #expect(finished.count >= 2, "non-positive durations complete at once")
        let animator = UIViewPropertyAnimator(duration: .nan, curve: .linear) { view.alpha = 1 }
        animator.fractionComplete = .nan
        #expect(animator.fractionComplete == 0)
        animator.startAnimation(afterDelay: .infinity)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)

        let path = UIBezierPath()
        path.addLine(to: CGPoint(x: 1, y: 1))  // no current point: logged, dropped
        path.move(to: CGPoint(x: nan, y: 0))
        path.addArc(withCenter: .zero, radius: inf, startAngle: 0, endAngle: nan, clockwise: true)
        #expect(!path.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(UIImage(data: Data()) == nil && UIImage(data: Data(repeating: 0xFF, count: 3)) == nil)
        let jpegWithoutFrame = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 1])
        #expect(UIImage(data: jpegWithoutFrame) == nil, "a marker with a bad length ends the scan")
        _ = UIGraphicsImageRenderer(size: CGSize(width: nan, height: -5)).image { ctx in ctx.fill(CGRect(x: 0, y: 0, width: inf, height: 1)) }
        let label = UILabel()
        label.text = String(repeating: "x", count: 10_000)
        label.numberOfLines = -3
        label.preferredMaxLayoutWidth = nan
        _ = label.intrinsicContentSize
        _ = label.sizeThatFits(CGSize(width: -inf, height: nan))
        _ = TactileSnapshot.svg(of: view)
    }
}
