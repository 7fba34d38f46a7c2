import Foundation
import Tactile
import TactileCore
import Testing

/// Dragging, releasing, decelerating (DESIGN-SCROLL-DRAG, DESIGN-SCROLL-DELEGATE, DESIGN-SCROLL-MOTION).
@Suite("UIScrollView dragging", .serialized)
@MainActor
struct ScrollViewDraggingTests {
    @Test("DESIGN-SCROLL-DRAG a slow drag scrolls one to one from where the pan began, no deceleration")
    func slowDrag() {
        let stage = ScrollStage()
        let f = stage.finger
        f.down(at: CGPoint(x: 160, y: 400))
        for y in stride(from: 395, through: 200, by: -5) { f.move(to: CGPoint(x: 160, y: CGFloat(y))) }
        f.wait(0.5)
        f.move(to: CGPoint(x: 160, y: 200))  // the finger rests: no velocity
        f.wait(0.2)
        f.up()
        // The pan began after 10 points; the content followed the finger from there: 190 points.
        #expect(stage.scrollView.contentOffset.y == 190)
        #expect(stage.take() == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        #expect(!stage.scrollView.isDragging && !stage.scrollView.isDecelerating && !stage.scrollView.isTracking)
    }

    @Test("DESIGN-SCROLL-DELEGATE a flick: drag, end dragging with deceleration, decelerate, rest")
    func flick() {
        let stage = ScrollStage()
        let f = stage.finger
        f.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 250), steps: 5)
        #expect(stage.scrollView.isDecelerating)
        stage.settleMotion()
        #expect(stage.take() == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                 "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        #expect(stage.scrollView.contentOffset.y > 150)
        #expect(!stage.scrollView.isDecelerating)
    }
}


/// More of the drag's rules.
@Suite("UIScrollView dragging rules", .serialized)
@MainActor
struct ScrollViewDragRuleTests {
    @Test("DESIGN-SCROLL-DRAG scroll(_:by:) moves the content by exactly that much, with no deceleration")
    func exactScroll() {
        let stage = ScrollStage()
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 0, y: 300))
        #expect(stage.scrollView.contentOffset == CGPoint(x: 0, y: 300))
        #expect(!stage.scrollView.isDecelerating)
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 0, y: -120))
        #expect(stage.scrollView.contentOffset == CGPoint(x: 0, y: 180))
    }

    @Test("DESIGN-SCROLL-DRAG past the top the content follows by the rubber band, then springs back to the edge")
    func rubberBandAtTop() {
        let stage = ScrollStage()
        let f = stage.finger
        f.down(at: CGPoint(x: 160, y: 100))
        f.move(to: CGPoint(x: 160, y: 112))  // the pan begins
        f.move(to: CGPoint(x: 160, y: 212))  // 100 points past the top
        // Reference, from the published formula: (1 − 1/(x·c/d + 1))·d with x = 100, c = 0.55, d = 480.
        let d = 480.0, x = 100.0
        let expected = -(1 - 1 / (x * 0.55 / d + 1)) * d
        #expect(abs(Double(stage.scrollView.contentOffset.y) - expected) < 1e-9)
        #expect(stage.scrollView.contentOffset.y > -100, "less than the finger")
        f.wait(0.2)
        f.up()
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.y == 0)
        #expect(stage.take() == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                 "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test("DESIGN-SCROLL-DRAG without bounces the offset stops at the edge")
    func noBounce() {
        let stage = ScrollStage()
        stage.scrollView.bounces = false
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 0, y: -100))
        #expect(stage.scrollView.contentOffset.y == 0)
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 0, y: 5000))
        #expect(Double(stage.scrollView.contentOffset.y) == 1520, "\(Double(stage.scrollView.contentOffset.y))")
    }

    @Test("DESIGN-SCROLL-DRAG an axis that does not scroll does not move; a drag mostly along it does not begin")
    func axesThatScroll() {
        let stage = ScrollStage()
        stage.finger.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 100, y: 190), steps: 5)
        #expect(stage.take().isEmpty, "a horizontal drag on a vertical scroll view")
        #expect(!stage.scrollView.isTracking, "the failed pan stops tracking (found by the property test)")
        #expect(TactileHost.runLoop.currentMode == .default)
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 40, y: 100))
        #expect(stage.scrollView.contentOffset.x == 0)
        #expect(stage.scrollView.contentOffset.y == 100)
    }

    @Test("DESIGN-SCROLL-DRAG content that fits does not scroll unless it always bounces")
    func alwaysBounce() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 300))
        stage.finger.drag(from: CGPoint(x: 160, y: 300), to: CGPoint(x: 160, y: 100), steps: 5)
        #expect(stage.take().isEmpty)
        stage.scrollView.alwaysBounceVertical = true
        stage.finger.drag(from: CGPoint(x: 160, y: 300), to: CGPoint(x: 160, y: 100), steps: 5)
        #expect(stage.take().first == "willBeginDragging")
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.y == 0, "back within the range")
    }

    @Test("DESIGN-SCROLL-DRAG isScrollEnabled = false: no drag")
    func scrollDisabled() {
        let stage = ScrollStage()
        stage.scrollView.isScrollEnabled = false
        #expect(!stage.scrollView.panGestureRecognizer.isEnabled)
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 0, y: 100))
        #expect(stage.scrollView.contentOffset.y == 0)
    }

    @Test("DESIGN-SCROLL-DRAG the directional lock keeps a drag begun along an axis on it")
    func directionalLock() {
        let stage = ScrollStage(contentSize: CGSize(width: 2000, height: 2000))
        stage.scrollView.isDirectionalLockEnabled = true
        let f = stage.finger
        f.down(at: CGPoint(x: 200, y: 300))
        f.move(to: CGPoint(x: 200, y: 288))  // begins vertically
        f.move(to: CGPoint(x: 150, y: 200))
        #expect(stage.scrollView.contentOffset == CGPoint(x: 0, y: 88))
        f.wait(0.2)
        f.up()
        stage.scrollView.isDirectionalLockEnabled = false
        stage.scrollView.contentOffset = CGPoint(x: 100, y: 100)
        f.down(at: CGPoint(x: 200, y: 300))
        f.move(to: CGPoint(x: 200, y: 288))
        f.move(to: CGPoint(x: 150, y: 200))
        #expect(stage.scrollView.contentOffset == CGPoint(x: 150, y: 188))
        f.wait(0.2)
        f.up()
        // A first movement of (−2, −10): the pan's translation at its begin is (0, 0) once the hysteresis is off;
        // the lock follows the movement itself (vertical), not that (found by the C engine's author).
        stage.scrollView.isDirectionalLockEnabled = true
        stage.scrollView.contentOffset = CGPoint(x: 100, y: 100)
        f.down(at: CGPoint(x: 200, y: 300))
        f.move(to: CGPoint(x: 198, y: 290))
        f.move(to: CGPoint(x: 150, y: 200))
        #expect(stage.scrollView.contentOffset == CGPoint(x: 100, y: 190))
        f.wait(0.2)
        f.up()
    }

    @Test("DESIGN-SCROLL-DRAG isTracking from touch-down to lift; isDragging while the pan is active")
    func trackingAndDragging() {
        let stage = ScrollStage()
        let f = stage.finger
        f.down(at: CGPoint(x: 160, y: 300))
        #expect(stage.scrollView.isTracking && !stage.scrollView.isDragging)
        f.move(to: CGPoint(x: 160, y: 280))
        #expect(stage.scrollView.isTracking && stage.scrollView.isDragging)
        f.wait(0.2)
        f.up()
        #expect(!stage.scrollView.isTracking && !stage.scrollView.isDragging)
        f.tap(at: CGPoint(x: 100, y: 100))
        #expect(!stage.scrollView.isTracking)
    }

    @Test("DESIGN-SCROLL-DRAG a horizontal scroll view inside a vertical one leaves it the vertical drags")
    func nestedOrthogonal() {
        let stage = ScrollStage()
        let inner = UIScrollView(frame: CGRect(x: 0, y: 100, width: 320, height: 100))
        inner.contentSize = CGSize(width: 1000, height: 100)
        stage.scrollView.addSubview(inner)
        let f = stage.finger
        f.drag(from: CGPoint(x: 160, y: 150), to: CGPoint(x: 160, y: 50), steps: 5)
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.y > 0)
        #expect(inner.contentOffset.x == 0)
        stage.scrollView.contentOffset = .zero
        f.scroll(inner, by: CGPoint(x: 200, y: 0))
        #expect(inner.contentOffset.x == 200)
        #expect(stage.scrollView.contentOffset.y == 0)
    }

    @Test("DESIGN-SCROLL-DELEGATE the delegate's target is where the deceleration lands; velocity in points per ms")
    func retarget() {
        let stage = ScrollStage()
        stage.log.retarget = CGPoint(x: 0, y: 700)
        stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -1200))
        let v = stage.log.lastVelocity ?? .zero
        #expect(abs(v.y - 1.2) < 0.01, "1200 points per second upward is 1.2 points per ms of offset")
        let proposed = stage.log.proposedTarget ?? .zero
        // Reference: the projection v/k with k = −1000·ln 0.998 from the release offset.
        let k = -1000 * log(0.998)
        let release = stage.log.offsets.last(where: { _ in true }) ?? .zero
        _ = release
        #expect(proposed.y > 400, "the natural projection of 1200 pt/s is about \(1200 / k) points on")
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.y == 700)
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a touch-down on a decelerating scroll view stops it, without didEndDecelerating")
    func catchDeceleration() {
        let stage = ScrollStage()
        let content = ScrollContentView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000))
        content.name = "content"
        stage.scrollView.addSubview(content)
        stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -1500))
        stage.finger.wait(0.2)
        #expect(stage.scrollView.isDecelerating)
        let caught = stage.scrollView.contentOffset
        _ = stage.take()
        stage.finger.tap(at: CGPoint(x: 160, y: 240))
        stage.finger.wait(1)
        #expect(!stage.scrollView.isDecelerating)
        #expect(stage.scrollView.contentOffset.y >= caught.y && stage.scrollView.contentOffset.y < caught.y + 40)
        #expect(!stage.take().contains("didEndDecelerating"))
        #expect(content.log.isEmpty, "the catching tap reaches no content")
    }
}

/// `keyboardDismissMode` (UIKit: `.onDrag` "dismisses the keyboard when a drag begins").
@Suite("UIScrollView keyboard dismissal", .serialized)
@MainActor
struct ScrollViewKeyboardTests {
    final class Field: UIView {
        override var canBecomeFirstResponder: Bool { true }
    }

    @Test("DESIGN-SCROLL-DRAG keyboardDismissMode .onDrag ends editing when a drag begins; .none does not")
    func dismissOnDrag() {
        let stage = ScrollStage()
        let field = Field(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        stage.scrollView.addSubview(field)
        #expect(field.becomeFirstResponder())
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 0, y: 50))
        #expect(field.isFirstResponder, ".none keeps the keyboard")
        stage.scrollView.keyboardDismissMode = .onDrag
        stage.finger.tap(at: CGPoint(x: 200, y: 300))
        #expect(field.isFirstResponder, "a tap is not a drag")
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 0, y: 50))
        #expect(!field.isFirstResponder)
    }
}
