import Foundation
import Testing
import Tactile

/// Headless view animation on the virtual run loop clock (AG-U-01 … AG-U-06). The reference timing curve here
/// is computed independently of the engine: the cubic Bézier is sampled on its parameter and inverted by
/// bisection (the engine uses Newton's method).
@MainActor
@Suite("View animation")
struct ViewAnimationTests {
    /// A window with a 100 × 100 view at (0, 0).
    func scene() -> (UIWindow, UIView) {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.makeKeyAndVisible()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        _ = try? TactileHost.runLoop.runUntilIdle()
        return (window, v)
    }

    func advance(_ seconds: Double) throws {
        try TactileHost.runLoop.advance(by: UInt64(seconds * 1e9))
    }

    /// Core Animation's ease-in-out curve, (0.42, 0) (0.58, 1), at time fraction `x` — by bisection on the
    /// Bézier's parameter (the reference for the engine).
    static func easeInOut(_ x: Double) -> Double {
        func bez(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bez(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bez((lo + hi) / 2, 0, 1)
    }

    @Test("AG-U-05 model values change at once; the presentation layer interpolates on the run loop clock with the ease-in-out curve")
    func u05ModelAndPresentation() throws {
        let (_, v) = scene()
        UIView.animate(withDuration: 1) { v.center = CGPoint(x: 250, y: 50) }
        #expect(v.center == CGPoint(x: 250, y: 50), "the model value is the final one right away")
        #expect(v.frame.origin.x == 200)
        for fraction in [0.0, 0.1, 0.25, 0.5, 0.8] {
            let x = try #require(v.layer.presentation()).position.x
            #expect(abs(x - (50 + 200 * Self.easeInOut(fraction))) < 1e-6, "at \(fraction)")
            try advance(fraction == 0.8 ? 0.2 : [0.0: 0.1, 0.1: 0.15, 0.25: 0.25, 0.5: 0.3][fraction]!)
        }
        #expect(v.layer.presentation()?.position == CGPoint(x: 250, y: 50), "done: presentation is the model")
    }

    @Test("AG-U-05 the completion runs with true once delay + duration have passed on the run loop clock, not before")
    func u05CompletionTiming() throws {
        let (_, v) = scene()
        var finished: [Bool] = []
        UIView.animate(withDuration: 0.5, delay: 0.25, options: [], animations: { v.alpha = 0.5 }) { finished.append($0) }
        try advance(0.74)
        #expect(finished.isEmpty)
        #expect(v.layer.presentation()?.opacity == 1 || abs(Double(v.layer.presentation()!.opacity) - (1 - 0.5 * Self.easeInOut(0.98))) < 1e-4)
        try advance(0.02)
        #expect(finished == [true])
    }

    @Test("A block that changes nothing animatable completes with true at the next turn, without waiting for the duration")
    func emptyAnimationCompletesAtOnce() throws {
        _ = scene()
        var finished: [Bool] = []
        UIView.animate(withDuration: 10, animations: {}) { finished.append($0) }
        #expect(finished.isEmpty, "never synchronously")
        try TactileHost.runLoop.step()
        #expect(finished == [true])
    }

    @Test("AG-U-06 [EXT] the views being animated receive no touches until the animation ends; with .allowUserInteraction they do, at their model frame")
    func u06TouchesRefusedWhileAnimating() throws {
        let (window, v) = scene()
        UIView.animate(withDuration: 1) { v.center = CGPoint(x: 250, y: 250) }
        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === window, "refused while animating: the window gets it")
        #expect(v.isUserInteractionEnabled, "the property itself is untouched")
        try advance(1)
        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === v)

        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { v.center = CGPoint(x: 50, y: 50) })
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === v, "hit-tested at the model frame")
        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === window, "not where it is shown")
    }

    @Test("AG-U-06 a touch on an animating view's subview goes to the first ancestor not being animated, through TouchDriver")
    func u06TouchDelivery() throws {
        let (window, v) = scene()
        let child = RecordingTouchView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        v.addSubview(child)
        let parent = RecordingTouchView(frame: window.bounds)
        window.insertSubview(parent, at: 0)
        UIView.animate(withDuration: 1) { v.alpha = 0.5 }
        let driver = TouchDriver(window: window)
        driver.tap(at: CGPoint(x: 15, y: 15))
        #expect(child.began == 0)
        #expect(parent.began == 1, "the view behind takes it")
        try advance(1)
        driver.tap(at: CGPoint(x: 15, y: 15))
        #expect(child.began == 1)
    }

    @Test("AG-U-06 property: under random animations, taps and waits, a touch lands on the front-most view under it that is not in a non-interactive animation (a reference model of the blocking rule)")
    func u06Property() throws {
        for seed in 1...8 {
            var rng = FuzzSplitMix64(seed: UInt64(seed))
            let (window, plain) = scene()
            plain.removeFromSuperview()
            let background = RecordingTouchView(frame: window.bounds)
            window.insertSubview(background, at: 0)
            let views = (0..<6).map { _ in
                RecordingTouchView(frame: CGRect(x: .random(in: 0...250, using: &rng), y: .random(in: 0...600, using: &rng),
                                                 width: .random(in: 40...140, using: &rng), height: .random(in: 40...140, using: &rng)))
            }
            for v in views { window.addSubview(v) }
            var blockedUntil: [ObjectIdentifier: Double] = [:]  // the model: when each view takes touches again
            let finger = TouchDriver(window: window)
            func now() -> Double { Double(TactileHost.runLoop.now) / 1e9 }
            for _ in 0..<120 {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    let v = views.randomElement(using: &rng)!
                    let duration = Double.random(in: 0.05...0.5, using: &rng)
                    let interactive = Bool.random(using: &rng)
                    let dx = CGFloat.random(in: -30...30, using: &rng)
                    UIView.animate(withDuration: duration, delay: 0, options: interactive ? .allowUserInteraction : [],
                                   animations: { v.center.x += dx })
                    if !interactive {
                        let id = ObjectIdentifier(v)
                        blockedUntil[id] = max(blockedUntil[id] ?? 0, now() + duration)
                    }
                case 1:
                    let p = CGPoint(x: .random(in: 0..<390, using: &rng), y: .random(in: 0..<844, using: &rng))
                    let t = now()
                    let expected = views.reversed().first { v in
                        v.frame.contains(p) && (blockedUntil[ObjectIdentifier(v)] ?? 0) <= t
                    } ?? background
                    let before = ([background] + views).map(\.began)
                    finger.tap(at: p)
                    let after = ([background] + views).map(\.began)
                    let hit = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
                    #expect(hit == [([background] + views).firstIndex { $0 === expected }!], "seed \(seed) at \(p), t = \(t)")
                default:
                    try advance(.random(in: 0...0.3, using: &rng))
                }
            }
        }
    }

    @Test("layer.removeAllAnimations() ends a view's animation: completion(false) at the next turn, presentation at the model, touches back")
    func removeAllAnimations() throws {
        let (window, v) = scene()
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.center = CGPoint(x: 250, y: 250) }) { finished.append($0) }
        try advance(0.3)
        v.layer.removeAllAnimations()
        #expect(finished.isEmpty)
        try TactileHost.runLoop.step()
        #expect(finished == [false])
        #expect(v.layer.presentation()?.position == CGPoint(x: 250, y: 250))
        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === v)
        try advance(2)
        #expect(finished == [false], "once")
    }

    @Test("A block animation shows on the view's layer as UIKit's additive animations by property; removing one of them makes the completion report false")
    func layerAnimationKeys() throws {
        let (_, v) = scene()
        var finished: [Bool] = []
        UIView.animate(withDuration: 0.4, animations: {
            v.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            v.alpha = 0.5
        }) { finished.append($0) }
        #expect(v.layer.animationKeys() == ["bounds.size", "position", "opacity"])
        let position = try #require(v.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(position.duration == 0.4 && position.isAdditive && position.keyPath == "position")
        #expect(position.fromValue as? CGPoint == CGPoint(x: 15, y: 15), "the old position's offset: (50, 50) − (35, 35)")
        v.layer.removeAnimation(forKey: "position")
        #expect(v.layer.animationKeys() == ["bounds.size", "opacity"])
        try advance(0.4)
        #expect(finished == [false])
        #expect(v.layer.animationKeys() == nil)
    }

    @Test("iOS 8 additive animations: interrupting an animation continues from the value shown, without a jump, and both complete with true")
    func additiveInterruption() throws {
        let (_, v) = scene()
        var finished: [Int] = []
        UIView.animate(withDuration: 1, animations: { v.center.x = 250 }) { _ in finished.append(1) }
        try advance(0.5)
        let shown = try #require(v.layer.presentation()).position.x
        UIView.animate(withDuration: 1, animations: { v.center.x = 0 }) { _ in finished.append(2) }
        let after = try #require(v.layer.presentation()).position.x
        #expect(abs(after - shown) < 1e-9, "no jump")
        try advance(1)
        #expect(finished == [1, 2])
        #expect(v.layer.presentation()?.position.x == 0)
    }

    @Test("performWithoutAnimation: changes inside an animation block made without animation take effect at once and are not animated")
    func withoutAnimation() throws {
        let (window, v) = scene()
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { v.center = CGPoint(x: 250, y: 250) }
        }
        #expect(v.layer.presentation()?.position == CGPoint(x: 250, y: 250))
        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === v, "not animating, so it takes touches")
    }

    @Test("AG-U-02 nested beginAnimations blocks start only when the outermost block commits; AG-U-03 parameters apply")
    func u02NestedLegacyBlocks() throws {
        let (window, v) = scene()
        UIView.beginAnimations("outer", context: nil)
        UIView.setAnimationDuration(2)
        UIView.setAnimationCurve(.linear)
        UIView.beginAnimations("inner", context: nil)
        UIView.setAnimationDuration(1)
        UIView.setAnimationCurve(.linear)
        v.center = CGPoint(x: 250, y: 50)
        UIView.commitAnimations()
        #expect(window.hitTest(CGPoint(x: 250, y: 50), with: nil) === v, "the inner block has not started")
        UIView.commitAnimations()
        #expect(window.hitTest(CGPoint(x: 250, y: 50), with: nil) === window, "started at the outer commit")
        try advance(0.5)
        #expect(abs(v.layer.presentation()!.position.x - 150) < 1e-6, "linear, 1 s (the inner block's duration)")
        try advance(0.5)
        #expect(window.hitTest(CGPoint(x: 250, y: 50), with: nil) === v)
    }

    @Test("AG-U-03 setAnimationsEnabled(false): changes are not animated until it is turned on again")
    func u03AnimationsDisabled() throws {
        let (_, v) = scene()
        UIView.setAnimationsEnabled(false)
        defer { UIView.setAnimationsEnabled(true) }
        #expect(!UIView.areAnimationsEnabled)
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.alpha = 0.2 }) { finished.append($0) }
        #expect(v.layer.presentation()?.opacity == 0.2)
        try TactileHost.runLoop.step()
        #expect(finished == [true])
    }

    @Test("Keyframe animations: each keyframe animates its changes over its part of the duration; the completion comes at the end")
    func keyframes() throws {
        let (_, v) = scene()
        var finished: [Bool] = []
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.center.x = 150 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center.x = 350 }
        }) { finished.append($0) }
        #expect(v.center.x == 350)
        try advance(0.5)
        #expect(abs(v.layer.presentation()!.position.x - 100) < 1e-6, "halfway through the first keyframe")
        try advance(1)
        #expect(abs(v.layer.presentation()!.position.x - 250) < 1e-6, "halfway through the second")
        #expect(finished.isEmpty)
        try advance(0.5)
        #expect(finished == [true])
    }

    @Test("Spring animations overshoot with a low damping ratio, settle on the target and complete after the duration")
    func spring() throws {
        let (_, v) = scene()
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                       animations: { v.center.x = 150 }) { finished.append($0) }
        var maximum: CGFloat = 0
        for _ in 0..<99 {
            try advance(0.01)
            maximum = max(maximum, v.layer.presentation()!.position.x)
        }
        #expect(maximum > 150, "overshoots the target")
        try advance(0.01)
        #expect(finished == [true])
        #expect(v.layer.presentation()?.position.x == 150)
    }

    @Test("transition(with:): the block takes effect at once, the view refuses touches until the completion after the duration")
    func transitionWithView() throws {
        let (window, v) = scene()
        var finished: [Bool] = []
        UIView.transition(with: v, duration: 0.5, options: .transitionCrossDissolve, animations: { v.backgroundColor = .red }) {
            finished.append($0)
        }
        #expect(v.backgroundColor == .red)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === window)
        try advance(0.5)
        #expect(finished == [true])
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === v)
    }

    @Test("transition(from:to:) puts toView in fromView's place in its superview; with .showHideTransitionViews it hides and shows instead")
    func transitionFromTo() throws {
        let (window, v) = scene()
        let other = UIView(frame: v.frame)
        let front = UIView()
        window.addSubview(front)
        UIView.transition(from: v, to: other, duration: 0.3, options: [], completion: nil)
        #expect(v.superview == nil)
        #expect(window.subviews.firstIndex(of: other)! < window.subviews.firstIndex(of: front)!)
        let hidden = UIView()
        hidden.isHidden = true
        window.addSubview(hidden)
        UIView.transition(from: other, to: hidden, duration: 0.3, options: .showHideTransitionViews, completion: nil)
        #expect(other.isHidden && !hidden.isHidden && other.superview === window)
    }

    @Test("UIViewPropertyAnimator: runs on start, pauses, scrubs with fractionComplete, continues, completes at .end; views keep taking touches by default")
    func propertyAnimatorBasics() throws {
        let (window, v) = scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 250 }
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive)
        #expect(v.center.x == 50, "the block runs when the animator starts")
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(window.hitTest(CGPoint(x: 250, y: 50), with: nil) === v, "isUserInteractionEnabled is true by default")
        try advance(0.25)
        animator.pauseAnimation()
        #expect(!animator.isRunning)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
        try advance(5)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9, "paused: time does not move it")
        animator.fractionComplete = 0.5
        #expect(abs(v.layer.presentation()!.position.x - 150) < 1e-9)
        animator.startAnimation()
        try advance(0.49)
        #expect(positions.isEmpty)
        try advance(0.02)
        #expect(positions == [.end])
        #expect(animator.state == .inactive)
    }

    @Test("UIViewPropertyAnimator reversed ends at .start and puts the properties back to their starting values")
    func propertyAnimatorReversed() throws {
        let (_, v) = scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        try advance(0.4)
        animator.isReversed = true
        try advance(0.39)
        #expect(positions.isEmpty)
        #expect(abs(Double(v.layer.presentation()!.opacity) - 0.99) < 1e-6)
        try advance(0.02)
        #expect(positions == [.start])
        #expect(v.alpha == 1)
    }

    @Test("UIViewPropertyAnimator stopAnimation(false) leaves the values shown; finishAnimation(at:) runs the completions with the position")
    func propertyAnimatorStopAndFinish() throws {
        let (_, v) = scene()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 250 }
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        try advance(0.5)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(abs(v.center.x - 150) < 1e-9, "the model takes the current value")
        animator.finishAnimation(at: .current)
        #expect(positions == [.current])
        #expect(abs(v.center.x - 150) < 1e-9)

        let second = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 0 }
        second.addCompletion { positions.append($0) }
        second.startAnimation()
        try advance(0.5)
        second.stopAnimation(true)
        #expect(second.state == .inactive)
        try advance(1)
        #expect(positions == [.current], "stopped without finishing: no completion")
    }

    @Test("runningPropertyAnimator starts at once after its delay and refuses touches without .allowUserInteraction")
    func runningPropertyAnimator() throws {
        let (window, v) = scene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.5, options: [],
                                                                      animations: { v.alpha = 0.5 }) { positions.append($0) }
        #expect(animator.state == .active)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === window)
        try advance(1)
        #expect(positions == [.end])
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === v)
    }
}

/// Counts the touches it begins.
@MainActor
final class RecordingTouchView: UIView {
    var began = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += touches.count }
}
