import Foundation
import Testing
import Tactile

/// A view that records layout and drawing.
@MainActor
final class RecordingView: UIView {
    static var log: [String] = []
    var name = ""
    var draws: [CGRect] = []
    override func layoutSubviews() { Self.log.append("layout \(name)") }
    override func draw(_ rect: CGRect) {
        draws.append(rect)
        Self.log.append("draw \(name)")
    }
}

/// Layout and display cycle (AG-F-07, AG-F-08, AG-I-03 … AG-I-07; fixtures AG-CC-19, AG-CC-20).
@MainActor
@Suite("Layout and display")
struct LayoutDisplayTests {
    func scene() -> (UIWindow, RecordingView) {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.name = "v"
        window.addSubview(v)
        _ = try? TactileHost.runLoop.runUntilIdle()
        RecordingView.log = []
        v.draws = []
        return (window, v)
    }

    @Test("AG-I-07 AG-F-07 setNeedsLayout is deferred to the end of the iteration and merges; layoutIfNeeded runs it now")
    func i07Deferred() throws {
        let (_, v) = scene()
        v.setNeedsLayout()
        v.setNeedsLayout()
        #expect(RecordingView.log.isEmpty)
        try TactileHost.runLoop.runUntilIdle()
        #expect(RecordingView.log == ["layout v"])
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(RecordingView.log == ["layout v", "layout v"])
        try TactileHost.runLoop.runUntilIdle()
        #expect(RecordingView.log.count == 2, "nothing left to lay out")
    }

    @Test("AG-I-07 a bounds size change lays the view out; AG-F-07 layout runs before drawing in the same iteration")
    func f07LayoutBeforeDraw() throws {
        let (_, v) = scene()
        v.bounds.size = CGSize(width: 50, height: 50)
        v.setNeedsDisplay()
        try TactileHost.runLoop.step()
        #expect(RecordingView.log == ["layout v", "draw v"])
    }

    @Test("AG-CC-20 AG-F-08 display requests in one iteration merge into one draw with their union; geometry alone does not redraw")
    func cc20Coalescing() throws {
        let (_, v) = scene()
        #expect(v.draws.isEmpty)
        v.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        v.setNeedsDisplay(CGRect(x: 20, y: 20, width: 10, height: 10))
        try TactileHost.runLoop.runUntilIdle()
        #expect(v.draws == [CGRect(x: 0, y: 0, width: 30, height: 30)])
        v.frame = CGRect(x: 5, y: 5, width: 60, height: 60)
        try TactileHost.runLoop.runUntilIdle()
        #expect(v.draws.count == 1, "AG-I-02: geometry changes reuse the content")
        v.contentMode = .redraw
        v.bounds.size = CGSize(width: 70, height: 70)
        try TactileHost.runLoop.runUntilIdle()
        #expect(v.draws.count == 2 && v.draws.last == CGRect(x: 0, y: 0, width: 70, height: 70))
    }

    @Test("AG-F-08 the first draw gets the whole bounds; drawing goes root down, back to front; hidden views do not draw")
    func f08Order() throws {
        let (window, v) = scene()
        let back = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)); back.name = "back"
        let front = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)); front.name = "front"
        let child = RecordingView(frame: CGRect(x: 0, y: 0, width: 5, height: 5)); child.name = "child"
        window.addSubview(back); window.addSubview(front); back.addSubview(child)
        try TactileHost.runLoop.runUntilIdle()
        RecordingView.log = []
        front.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        child.setNeedsDisplay()
        back.setNeedsDisplay()
        v.isHidden = true
        v.setNeedsDisplay()
        try TactileHost.runLoop.runUntilIdle()
        #expect(RecordingView.log == ["draw back", "draw child", "draw front"])
        v.isHidden = false
        try TactileHost.runLoop.runUntilIdle()
        #expect(RecordingView.log.last == "draw v", "a view shown again redraws")
    }

    @Test("AG-I-03 AG-CC-19 autoresizing shares the change among flexible parts in proportion to their sizes")
    func i03Autoresizing() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let width = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
        width.autoresizingMask = [.flexibleWidth]
        let margins = UIView(frame: CGRect(x: 10, y: 40, width: 20, height: 20))  // left 10, right 70
        margins.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let pinned = UIView(frame: CGRect(x: 10, y: 70, width: 20, height: 20))
        pinned.autoresizingMask = [.flexibleRightMargin, .flexibleTopMargin]  // pinned to the bottom-left
        let fixed = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        [width, margins, pinned, fixed].forEach(parent.addSubview)
        parent.frame = CGRect(x: 0, y: 0, width: 180, height: 150)
        #expect(width.frame == CGRect(x: 10, y: 10, width: 160, height: 20))
        #expect(margins.frame == CGRect(x: 20, y: 40, width: 20, height: 20), "+80 split 10:70")
        #expect(pinned.frame == CGRect(x: 10, y: 120, width: 20, height: 20))
        #expect(fixed.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test("AG-I-04 autoresizesSubviews = false ignores the masks; a view that does not resize does not resize its subviews")
    func i04Cutoffs() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = [.flexibleWidth]
        parent.addSubview(child)
        parent.frame.size.width = 200
        #expect(child.frame.width == 100)
        parent.autoresizesSubviews = true
        let rigid = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))  // mask none
        let grandchild = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        grandchild.autoresizingMask = [.flexibleWidth]
        parent.addSubview(rigid)
        rigid.addSubview(grandchild)
        parent.frame.size.width = 300
        #expect(rigid.frame.width == 100 && grandchild.frame.width == 100)
        #expect(child.frame.width == 200)
    }

    @Test("sizeThatFits defaults to the current size; sizeToFit applies it")
    func sizeToFit() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        #expect(v.sizeThatFits(CGSize(width: 1000, height: 1000)) == CGSize(width: 40, height: 30))
        v.sizeToFit()
        #expect(v.frame.size == CGSize(width: 40, height: 30))
    }
}
