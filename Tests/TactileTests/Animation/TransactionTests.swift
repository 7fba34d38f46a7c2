import Foundation
import Testing
import Tactile

/// CATransaction's completion block (Apple: `setCompletionBlock(_:)` — "called … as soon as all animations
/// subsequently added by this transaction group have completed (or have been removed). If no animations are
/// added before the current transaction group is committed …, the block will be invoked immediately.").
@MainActor
@Suite("CATransaction")
struct TransactionTests {
    @Test("The completion waits for every animation added in the transaction — layer and view animations — and comes after their own callbacks")
    func completionAfterAnimations() throws {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.makeKeyAndVisible()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("transaction") }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 0.5
        v.layer.add(fade, forKey: "fade")
        UIView.animate(withDuration: 1, animations: { v.center.x = 100 }) { _ in log.append("view animation") }
        CATransaction.commit()
        #expect(log.isEmpty)
        try TactileHost.runLoop.advance(by: 600_000_000)
        #expect(log.isEmpty, "the view animation is still running")
        try TactileHost.runLoop.advance(by: 400_000_000)
        #expect(log == ["view animation", "transaction"])
    }

    @Test("With no animation added, the completion runs when the transaction commits; removed animations count as done")
    func completionWithoutAnimations() throws {
        TactileHost.launch(delegate: nil)
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("done") }
        #expect(CATransaction.completionBlock() != nil)
        CATransaction.setDisableActions(true)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.animationDuration() == 0.25)
        CATransaction.commit()
        #expect(log == ["done"])
        #expect(!CATransaction.disableActions(), "the implicit transaction has its own settings")

        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("removed") }
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
        CATransaction.commit()
        try TactileHost.runLoop.advance(by: 5_000_000_000)
        #expect(log == ["done"])
        layer.removeAllAnimations()
        try TactileHost.runLoop.step()
        #expect(log == ["done", "removed"])
    }
}
