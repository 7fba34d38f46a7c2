import Foundation
import Tactile
import Testing

/// Hierarchy calls with arguments that are not where UIKit expects them, each doing what iOS does. Sources:
/// "iOS" cases were checked on devices and simulators (the conformance cases behind issue 15, and the
/// `UIKitTests` of flowkey/UIKit-cross-platform, which also run against Apple's UIKit); "raises" cases are
/// UIKit's documented exceptions, reported here through `TactileDiagnostics` (the trap switch crashes instead).
@MainActor
@Suite("UIView hierarchy: lenient and refused calls")
struct LenientHierarchyTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    /// Misuses reported while `body` ran (other suites report too: count around the calls only).
    func misuses(_ body: () -> Void) -> Int {
        let before = TactileDiagnostics.misuseCount
        body()
        return TactileDiagnostics.misuseCount - before
    }

    @Test("AG-H-03 insertSubview(_:belowSubview:) with a sibling that is not a subview puts the view on top (iOS, UIKitTests testInsertSubviewAboveNonExistentSibling)")
    func siblingOutsideTheReceiver() {
        let p = LoggingView("p"), a = UIView(), b = UIView(), v = LoggingView("v"), stranger = UIView()
        p.addSubview(a)
        p.addSubview(b)
        LoggingView.log = []
        #expect(misuses { p.insertSubview(v, belowSubview: stranger) } == 0)
        #expect(p.subviews == [a, b, v])
        #expect(LoggingView.log == ["v.willMoveToSuperview(p)", "v.didMoveToSuperview", "p.didAddSubview(v)"])
        #expect(misuses { p.insertSubview(UIView(), aboveSubview: stranger) } == 0)
        #expect(p.subviews.count == 4 && stranger.subviews.isEmpty)
    }

    @Test("AG-H-03 insertSubview(_:aboveSubview:) naming the receiver itself completes the insertion on top and calls the superview hooks (iOS)")
    func siblingIsTheReceiver() {
        let p = LoggingView("p"), a = UIView(), v = LoggingView("v")
        p.addSubview(a)
        LoggingView.log = []
        #expect(misuses { p.insertSubview(v, aboveSubview: p) } == 0)
        #expect(p.subviews == [a, v] && v.superview === p)
        #expect(LoggingView.log == ["v.willMoveToSuperview(p)", "v.didMoveToSuperview", "p.didAddSubview(v)"])
        #expect(misuses { p.insertSubview(UIView(), belowSubview: p) } == 0)
        #expect(p.subviews.count == 3)
    }

    @Test("AG-H-03 moving an existing subview relative to a view outside the receiver puts it on top (iOS)")
    func existingSubviewNextToAStranger() {
        let p = UIView(), a = UIView(), b = UIView(), c = UIView(), stranger = UIView()
        [a, b, c].forEach(p.addSubview)
        #expect(misuses { p.insertSubview(a, belowSubview: stranger) } == 0)
        #expect(p.subviews == [b, c, a])
        #expect(misuses { p.insertSubview(b, aboveSubview: stranger) } == 0)
        #expect(p.subviews == [c, a, b])
    }

    @Test("AG-H-03 insertSubview(_:at:) past the end appends (iOS, UIKitTests testInsertSubviewAtUnrealisticIndex); inserting a subview next to itself changes nothing")
    func indexPastTheEndAndSelfSibling() {
        let p = UIView(), a = UIView(), b = UIView()
        p.insertSubview(a, at: 999)
        p.addSubview(b)
        #expect(p.subviews == [a, b])
        p.insertSubview(a, aboveSubview: a)
        p.insertSubview(b, belowSubview: b)
        #expect(p.subviews == [a, b])
    }

    @Test("AG-H-02 adding a current subview again brings it to the front without notifications")
    func addingACurrentSubview() {
        let p = LoggingView("p"), a = LoggingView("a"), b = UIView()
        p.addSubview(a)
        p.addSubview(b)
        LoggingView.log = []
        p.addSubview(a)
        #expect(p.subviews == [b, a])
        #expect(LoggingView.log.isEmpty)
    }

    @Test("AG-H-02 AG-H-08 adding a view that is in another window moves it: it leaves that window first")
    func viewFromAnotherWindow() {
        let w1 = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let w2 = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = LoggingView("v")
        w1.addSubview(v)
        LoggingView.log = []
        w2.addSubview(v)
        #expect(v.window === w2 && w1.subviews.isEmpty)
        #expect(LoggingView.log == ["v.willMoveToSuperview(view)", "v.didMoveToSuperview", "v.willMoveToWindow(w)", "v.didMoveToWindow"])
    }

    @Test("AG-H-02 adding a view to itself or to one of its descendants raises in UIKit: reported, nothing changes")
    func cycles() {
        let p = UIView(), child = UIView()
        p.addSubview(child)
        #expect(misuses { p.addSubview(p) } == 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Can't add self as subview")
        #expect(misuses {
            child.addSubview(p)
            p.insertSubview(p, aboveSubview: child)
        } == 2)
        #expect(p.superview == nil && p.subviews == [child] && child.subviews.isEmpty)
    }

    @Test("AG-H-04 AG-H-05 bringing or sending a non-subview, and removing a view twice, are silent no-ops; an exchange out of range raises in UIKit: reported")
    func noOpsAndRanges() {
        let p = UIView(), a = UIView(), b = UIView()
        p.addSubview(a)
        p.addSubview(b)
        #expect(misuses {
            p.bringSubviewToFront(UIView())
            p.sendSubviewToBack(UIView())
            b.removeFromSuperview()
            b.removeFromSuperview()
        } == 0)
        #expect(p.subviews == [a])
        #expect(misuses { p.exchangeSubview(at: 0, withSubviewAt: 3) } == 1)
        #expect(p.subviews == [a])
    }
}
