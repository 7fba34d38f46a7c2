import Foundation
import Testing
import Tactile

/// The view hierarchy (AG-H) through UIKit's API.
@MainActor
@Suite("UIView hierarchy")
struct ViewHierarchyTests {
    @Test("AG-H-02 AG-H-09 addSubview appends front-most; superview, subviews, window, isDescendant")
    func h02() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = UIView(), b = UIView(), c = UIView()
        window.addSubview(a)
        window.addSubview(b)
        a.addSubview(c)
        #expect(window.subviews == [a, b])
        #expect(c.superview === a && a.superview === window && window.superview == nil)
        #expect(c.window === window && UIView().window == nil)
        #expect(c.isDescendant(of: window) && c.isDescendant(of: c) && !window.isDescendant(of: c))
        window.addSubview(a)
        #expect(window.subviews == [b, a], "re-adding brings to front")
    }

    @Test("AG-H-03 insertSubview at (clamped), above and below")
    func h03() {
        let p = UIView(), a = UIView(), b = UIView(), c = UIView(), d = UIView()
        p.addSubview(a); p.addSubview(b)
        p.insertSubview(c, at: 1)
        #expect(p.subviews == [a, c, b])
        p.insertSubview(d, at: 100)
        #expect(p.subviews == [a, c, b, d])
        p.insertSubview(d, belowSubview: a)
        #expect(p.subviews == [d, a, c, b])
        p.insertSubview(d, aboveSubview: b)
        #expect(p.subviews == [a, c, b, d])
        p.insertSubview(a, aboveSubview: c)
        #expect(p.subviews == [c, a, b, d])
    }

    @Test("AG-H-04 bringSubviewToFront, sendSubviewToBack, exchangeSubview")
    func h04() {
        let p = UIView(), a = UIView(), b = UIView(), c = UIView()
        [a, b, c].forEach(p.addSubview)
        p.bringSubviewToFront(a)
        #expect(p.subviews == [b, c, a])
        p.sendSubviewToBack(c)
        #expect(p.subviews == [c, b, a])
        p.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(p.subviews == [a, b, c])
        p.bringSubviewToFront(UIView())  // not a subview: ignored
        #expect(p.subviews.count == 3)
    }

    @Test("AG-H-05 AG-H-06 removeFromSuperview releases the subview; a superview keeps its subviews alive")
    func h06Ownership() {
        let parent = UIView()
        weak var weakChild: UIView?
        weak var weakGrandchild: UIView?
        do {
            let child = UIView(), grandchild = UIView()
            weakChild = child
            weakGrandchild = grandchild
            parent.addSubview(child)
            child.addSubview(grandchild)
        }
        #expect(weakChild != nil && weakGrandchild != nil, "owned by their superviews")
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil && weakGrandchild == nil, "released with their subtree")
        parent.removeFromSuperview()  // no superview: a no-op
        weak var weakOrphanParent: UIView?
        weak var weakOrphanChild: UIView?
        do {
            let p2 = UIView(), c2 = UIView()
            p2.addSubview(c2)
            weakOrphanParent = p2
            weakOrphanChild = c2
        }
        #expect(weakOrphanParent == nil && weakOrphanChild == nil, "a released superview releases its subviews")
    }

    @Test("AG-H-08 notifications on add into a window and on removal, in UIKit's order")
    func h08Order() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = LoggingView("parent")
        window.addSubview(parent)
        let child = LoggingView("child"), grandchild = LoggingView("grandchild")
        child.addSubview(grandchild)
        LoggingView.log = []
        parent.addSubview(child)
        #expect(LoggingView.log == [
            "child.willMoveToSuperview(parent)", "child.didMoveToSuperview",
            "child.willMoveToWindow(w)", "grandchild.willMoveToWindow(w)",
            "child.didMoveToWindow", "grandchild.didMoveToWindow",
            "parent.didAddSubview(child)",
        ])
        LoggingView.log = []
        child.removeFromSuperview()
        #expect(LoggingView.log == [
            "parent.willRemoveSubview(child)", "child.willMoveToSuperview(nil)",
            "child.willMoveToWindow(nil)", "grandchild.willMoveToWindow(nil)",
            "child.didMoveToWindow", "grandchild.didMoveToWindow", "child.didMoveToSuperview",
        ])
        // Outside a window: no window notifications.
        LoggingView.log = []
        child.addSubview(LoggingView("x"))
        #expect(LoggingView.log == ["x.willMoveToSuperview(child)", "x.didMoveToSuperview", "child.didAddSubview(x)"])
        // Moving between superviews: the old superview is told first.
        let other = LoggingView("other")
        LoggingView.log = []
        other.addSubview(grandchild)
        #expect(LoggingView.log == ["child.willRemoveSubview(grandchild)", "grandchild.willMoveToSuperview(other)",
                                    "grandchild.didMoveToSuperview", "other.didAddSubview(grandchild)"])
    }

    @Test("AG-H-10 viewWithTag: default 0, depth-first from the receiver")
    func h10() {
        let root = UIView(), a = UIView(), b = UIView(), deep = UIView()
        root.addSubview(a); root.addSubview(b); a.addSubview(deep)
        #expect(root.tag == 0)
        deep.tag = 5; b.tag = 5
        #expect(root.viewWithTag(5) === deep)
        #expect(root.viewWithTag(0) === root)
        #expect(b.viewWithTag(5) === b)
        #expect(root.viewWithTag(9) == nil)
    }

    @Test("Misuse UIKit raises for is reported and changes nothing; lenient misuse is silent")
    func misuse() {
        TactileDiagnostics.reset()
        TactileDiagnostics.logsToStandardError = false
        defer { TactileDiagnostics.logsToStandardError = true }
        let a = UIView(), b = UIView()
        a.addSubview(b)
        a.addSubview(a)
        b.addSubview(a)
        a.exchangeSubview(at: 0, withSubviewAt: 3)
        b.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        #expect(TactileDiagnostics.misuseCount == 4)
        #expect(TactileDiagnostics.recentMisuses.first?.reason == "Can't add self as subview")
        #expect(a.superview == nil && b.superview === a && a.subviews == [b] && b.frame == .zero)
        b.removeFromSuperview()
        b.removeFromSuperview()  // lenient, as UIKit
        #expect(TactileDiagnostics.misuseCount == 4)
    }
}
