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

