import Foundation
import Testing
import Tactile

/// A view that claims every touch inside it for itself (AG-K-06).
@MainActor
final class GreedyView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        self.point(inside: point, with: event) ? self : nil
    }
}

/// A view whose touch area extends 20 points beyond its bounds.
@MainActor
final class WideTargetView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

/// Hit-testing through UIView (AG-K, fixtures AG-CC-01 … AG-CC-05).
@MainActor
@Suite("UIView hit-testing")
struct ViewHitTestingTests {
    static func shownWindow() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.isHidden = false
        return window
    }

    @Test("G windows start hidden, and a hidden window hits nothing until shown")
    func hiddenWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(window.isHidden)
        #expect(window.hitTest(CGPoint(x: 5, y: 5), with: nil) == nil)
        window.isHidden = false
        #expect(window.hitTest(CGPoint(x: 5, y: 5), with: nil) === window)
    }

    @Test("AG-CC-01 Listing 2-1: red, blue, window")
    func cc1() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let red = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let blue = UIView(frame: CGRect(x: 10, y: 150, width: 100, height: 100))
        window.addSubview(red)
        window.addSubview(blue)
        window.makeKeyAndVisible()
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === red)
        #expect(window.hitTest(CGPoint(x: 50, y: 200), with: nil) === blue)
        #expect(window.hitTest(CGPoint(x: 200, y: 400), with: nil) === window)
        #expect(red.superview === window && window.superview == nil && red.window === window)
    }

    @Test("AG-CC-02 overlap ordering follows subviews order")
    func cc2() {
        let window = Self.shownWindow()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), b = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(a); window.addSubview(b)
        let p = CGPoint(x: 10, y: 10)
        #expect(window.hitTest(p, with: nil) === b)
        window.bringSubviewToFront(a)
        #expect(window.hitTest(p, with: nil) === a)
        window.sendSubviewToBack(a)
        #expect(window.hitTest(p, with: nil) === b)
        window.exchangeSubview(at: 0, withSubviewAt: 1)
        #expect(window.hitTest(p, with: nil) === a)
    }

    @Test("AG-CC-03 hidden, disabled and alpha < 0.01 exclude a view and its subtree")
    func cc3() {
        let window = Self.shownWindow()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(back); window.addSubview(front); front.addSubview(inner)
        let p = CGPoint(x: 10, y: 10)
        for exclude in [{ (v: UIView) in v.isHidden = true }, { $0.isUserInteractionEnabled = false }, { $0.alpha = 0.009 }] {
            exclude(front)
            #expect(window.hitTest(p, with: nil) === back)
            front.isHidden = false; front.isUserInteractionEnabled = true; front.alpha = 1
            #expect(window.hitTest(p, with: nil) === inner)
        }
        front.alpha = 0.01
        #expect(window.hitTest(p, with: nil) === inner, "0.01 itself is still hittable")
    }

    @Test("AG-CC-04 bounds origin shifts subviews; AG-CC-05 a 2× transform doubles the hit region")
    func cc4cc5() {
        let window = Self.shownWindow()
        let parent = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        parent.bounds.origin = CGPoint(x: 8, y: 24)
        let shown = UIView(frame: CGRect(x: 8, y: 24, width: 10, height: 10))
        window.addSubview(parent); parent.addSubview(shown)
        #expect(window.hitTest(CGPoint(x: 105, y: 105), with: nil) === shown)
        let scaled = UIView(frame: CGRect(x: 200, y: 200, width: 20, height: 20))
        window.addSubview(scaled)
        #expect(window.hitTest(CGPoint(x: 195, y: 195), with: nil) === window)
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(window.hitTest(CGPoint(x: 195, y: 195), with: nil) === scaled)
        let p = CGPoint(x: 3, y: 7)
        let there = scaled.convert(p, to: window)
        #expect(scaled.convert(there, from: window) == p)
    }

    @Test("AG-K-06 an overridden hitTest claims its subtree's touches; AG-L-05 point(inside:) can widen a view's area")
    func overrides() {
        let window = Self.shownWindow()
        let greedy = GreedyView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(greedy); greedy.addSubview(child)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === greedy)
        let wide = WideTargetView(frame: CGRect(x: 200, y: 200, width: 20, height: 20))
        let inside = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(wide); wide.addSubview(inside)
        #expect(window.hitTest(CGPoint(x: 195, y: 195), with: nil) === wide, "15 points outside, within the widened area")
        #expect(window.hitTest(CGPoint(x: 205, y: 205), with: nil) === inside, "the default still searches subviews")
        #expect(wide.hitTest(CGPoint(x: -15, y: -15), with: nil) === wide)
        #expect(window.hitTest(CGPoint(x: 175, y: 175), with: nil) === window)
    }
}
