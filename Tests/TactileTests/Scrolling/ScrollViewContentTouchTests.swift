import Foundation
import Tactile
import Testing

/// Touches on a scroll view's content (DESIGN-SCROLL-CONTENT-TOUCHES, AG-K-09). UIKit's documentation of
/// `delaysContentTouches`: "If the value of this property is true, the scroll view delays handling the
/// touch-down gesture until it can determine if scrolling is the intent"; of `canCancelContentTouches`: "If the
/// value of this property is false, the scroll view does not scroll regardless of finger movement once the
/// content view starts tracking"; of `touchesShouldCancel(in:)`: "The default returned value is true if view
/// isn't a UIControl object; otherwise, it returns false."
@Suite("UIScrollView content touches", .serialized)
@MainActor
struct ScrollViewContentTouchTests {
    /// A scroll view with a logging content view at (0, 0, 320, 2000).
    @MainActor
    struct Stage {
        let stage: ScrollStage
        let content: ScrollContentView
        init() {
            stage = ScrollStage()
            content = ScrollContentView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000))
            content.name = "content"
            stage.scrollView.addSubview(content)
        }
        var finger: TouchDriver { stage.finger }
    }

    @Test("AG-K-09 a touch-down reaches the content only after the delay")
    func delayed() {
        let s = Stage()
        s.finger.down(at: CGPoint(x: 100, y: 100))
        #expect(s.content.log.isEmpty)
        s.finger.wait(0.1)
        #expect(s.content.log.isEmpty, "still within 150 ms")
        s.finger.wait(0.05)
        #expect(s.content.log == ["content.began"])
        s.finger.up()
        #expect(s.content.log == ["content.began", "content.ended"])
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a quick tap still delivers began before ended, at the lift")
    func quickTap() {
        let s = Stage()
        s.finger.down(at: CGPoint(x: 100, y: 100))
        #expect(s.content.log.isEmpty)
        s.finger.up()
        #expect(s.content.log == ["content.began", "content.ended"])
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a drag that begins within the delay: the content never sees the touch")
    func dragFirst() {
        let s = Stage()
        s.finger.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 100), steps: 4)
        s.stage.settleMotion()
        #expect(s.content.log.isEmpty)
        #expect(s.stage.scrollView.contentOffset.y > 0)
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a drag after the delay cancels the content's touch and scrolls")
    func dragAfterDelay() {
        let s = Stage()
        s.finger.down(at: CGPoint(x: 100, y: 300))
        s.finger.wait(0.2)
        s.finger.move(to: CGPoint(x: 100, y: 295))
        #expect(s.content.log == ["content.began", "content.moved"])
        s.finger.move(to: CGPoint(x: 100, y: 250))
        #expect(s.content.log == ["content.began", "content.moved", "content.cancelled"])
        s.finger.move(to: CGPoint(x: 100, y: 200))
        s.finger.wait(0.2)
        s.finger.up()
        #expect(s.content.log.count == 3)
        #expect(s.stage.scrollView.contentOffset.y == 50)
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES canCancelContentTouches = false keeps the content's touch; no scrolling")
    func cannotCancel() {
        let s = Stage()
        s.stage.scrollView.canCancelContentTouches = false
        s.finger.down(at: CGPoint(x: 100, y: 300))
        s.finger.wait(0.2)
        s.finger.move(to: CGPoint(x: 100, y: 250))
        s.finger.move(to: CGPoint(x: 100, y: 200))
        s.finger.up()
        #expect(s.content.log == ["content.began", "content.moved", "content.moved", "content.ended"])
        #expect(s.stage.scrollView.contentOffset.y == 0)
        #expect(s.stage.take().isEmpty)
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a button held past the delay keeps its touch: touchesShouldCancel is false for controls")
    func buttonKeepsTouch() {
        let s = ScrollStage()
        let button = UIButton(frame: CGRect(x: 50, y: 250, width: 200, height: 100))
        var fired = 0
        button.addAction(UIAction { _ in fired += 1 }, for: .touchUpInside)
        s.scrollView.addSubview(button)
        s.finger.down(at: CGPoint(x: 100, y: 300))
        s.finger.wait(0.2)
        #expect(button.isHighlighted)
        s.finger.move(to: CGPoint(x: 100, y: 280))
        s.finger.move(to: CGPoint(x: 100, y: 290))
        s.finger.up()
        #expect(s.scrollView.contentOffset.y == 0)
        #expect(fired == 1)
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a quick drag from a button scrolls and the button sends nothing")
    func buttonQuickDrag() {
        let s = ScrollStage()
        let button = UIButton(frame: CGRect(x: 50, y: 250, width: 200, height: 100))
        var events: [String] = []
        button.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
        button.addAction(UIAction { _ in events.append("up") }, for: .touchUpInside)
        s.scrollView.addSubview(button)
        s.finger.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 200), steps: 4)
        s.settleMotion()
        #expect(events.isEmpty)
        #expect(s.scrollView.contentOffset.y > 0)
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a quick tap on a button in a scroll view sends touchUpInside")
    func buttonTap() {
        let s = ScrollStage()
        let button = UIButton(frame: CGRect(x: 50, y: 250, width: 200, height: 100))
        var events: [String] = []
        button.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
        button.addAction(UIAction { _ in events.append("up") }, for: .touchUpInside)
        s.scrollView.addSubview(button)
        s.finger.tap(at: CGPoint(x: 100, y: 300))
        #expect(events == ["down", "up"])
    }

    /// A scroll view that lets drags cancel controls too (a common override).
    final class CancellingScrollView: UIScrollView {
        override func touchesShouldCancel(in view: UIView) -> Bool { true }
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES overriding touchesShouldCancel(in:) lets a drag cancel a held button")
    func overrideShouldCancel() {
        let s = ScrollStage(make: { CancellingScrollView() })
        let button = UIButton(frame: CGRect(x: 50, y: 250, width: 200, height: 100))
        var events: [String] = []
        button.addAction(UIAction { _ in events.append("cancel") }, for: .touchCancel)
        button.addAction(UIAction { _ in events.append("up") }, for: .touchUpInside)
        s.scrollView.addSubview(button)
        s.finger.down(at: CGPoint(x: 100, y: 300))
        s.finger.wait(0.2)
        s.finger.move(to: CGPoint(x: 100, y: 250))
        s.finger.move(to: CGPoint(x: 100, y: 200))
        s.finger.wait(0.2)
        s.finger.up()
        #expect(events == ["cancel"])
        #expect(s.scrollView.contentOffset.y == 50)
        #expect(!button.isHighlighted)
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES delaysContentTouches = false: the content gets the touch-down at once")
    func noDelay() {
        let s = Stage()
        s.stage.scrollView.delaysContentTouches = false
        s.finger.down(at: CGPoint(x: 100, y: 300))
        #expect(s.content.log == ["content.began"])
        s.finger.move(to: CGPoint(x: 100, y: 250))
        #expect(s.content.log == ["content.began", "content.cancelled"])
        s.finger.up()
    }

    /// A scroll view whose content never gets touches.
    final class RefusingScrollView: UIScrollView {
        var asked = 0
        override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
            asked += 1
            return false
        }
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES touchesShouldBegin(_:with:in:) false keeps the touch from the content")
    func shouldBeginFalse() {
        let s = ScrollStage(make: { RefusingScrollView() })
        let content = ScrollContentView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000))
        s.scrollView.addSubview(content)
        s.finger.tap(at: CGPoint(x: 100, y: 100))
        s.finger.down(at: CGPoint(x: 100, y: 100))
        s.finger.wait(0.3)
        s.finger.up()
        #expect(content.log.isEmpty)
        #expect((s.scrollView as! RefusingScrollView).asked == 2)
        s.finger.scroll(s.scrollView, by: CGPoint(x: 0, y: 100))
        #expect(s.scrollView.contentOffset.y == 100, "the scroll view still scrolls")
    }

    @Test("DESIGN-SCROLL-CONTENT-TOUCHES a tap recognizer on the content still recognizes inside a scroll view")
    func tapRecognizerInside() {
        let s = Stage()
        var taps = 0
        s.content.addGestureRecognizer(UITapGestureRecognizer(tactileHandler: { _ in taps += 1 }))
        s.finger.tap(at: CGPoint(x: 100, y: 100))
        #expect(taps == 1)
        s.finger.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 100), steps: 4)
        s.stage.settleMotion()
        #expect(taps == 1, "a drag is not a tap")
    }
}
