import Foundation
import Testing
import Tactile

/// Containment and the responder chain (SBT-CON-01 … SBT-CON-10, VCG-I-01 … VCG-I-06, SBT-RSP-01 … SBT-RSP-03, SBT-APR-05).
@MainActor
@Suite("ViewController containment")
struct ViewControllerContainmentTests {
    func pair(_ log: CallbackLog) -> (LoggingViewController, LoggingViewController) {
        let p = LoggingViewController("parent", log: log), c = LoggingViewController("child", log: log)
        p.logsLayout = false; c.logsLayout = false
        return (p, c)
    }

    @Test("SBT-CON-06 addChild calls willMove(toParent:) but not didMove; SBT-CON-09 children keep the order of addition")
    func con06AddChild() {
        TactileHost.launch(delegate: nil)
        let log = CallbackLog()
        let (parent, child) = pair(log)
        let second = LoggingViewController("second", log: log)
        parent.addChild(child)
        #expect(log.take() == ["child.willMove(toParent: parent)"])
        #expect(child.parent === parent)
        parent.addChild(second)
        #expect(parent.children == [child, second])
        parent.addChild(child)  // already a child
        #expect(parent.children == [child, second])
        #expect(!child.isViewLoaded, "containment does not load the view")
    }

    @Test("SBT-CON-07 removeFromParent calls didMove(toParent: nil); without a parent it does nothing")
    func con07RemoveFromParent() {
        TactileHost.launch(delegate: nil)
        let log = CallbackLog()
        let (parent, child) = pair(log)
        parent.addChild(child)
        child.didMove(toParent: parent)
        log.entries = []
        child.willMove(toParent: nil)
        child.removeFromParent()
        #expect(log.take() == ["child.willMove(toParent: nil)", "child.didMove(toParent: nil)"])
        #expect(child.parent == nil && parent.children.isEmpty)
        child.removeFromParent()
        #expect(log.entries.isEmpty)
    }

    @Test("SBT-CON-06 SBT-CON-07 SBT-APR-05 a child shown in a visible parent appears with isMovingToParent, and disappears with isMovingFromParent")
    func con06ChildAppearance() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let (parent, child) = pair(log)
        window.rootViewController = parent
        log.entries = []
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.take() == ["child.willMove(toParent: parent)", "child.loadView", "child.viewDidLoad",
                               "child.viewWillAppear(false)[toParent]", "child.viewDidAppear(false)[toParent]",
                               "child.didMove(toParent: parent)"])
        #expect(!child.isMovingToParent)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == ["child.willMove(toParent: nil)", "child.viewWillDisappear(false)[fromParent]",
                               "child.viewDidDisappear(false)[fromParent]", "child.didMove(toParent: nil)"])
        #expect(!child.isMovingFromParent)
    }

    @Test("SBT-CON-05 VCG-D-05 a child's view in a parent that is not on screen gets no appearance until the parent appears")
    func con05HiddenParent() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let (parent, child) = pair(log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        log.entries = []
        window.addSubview(parent.view)
        #expect(log.take() == ["parent.viewWillAppear(false)", "child.viewWillAppear(false)",
                               "parent.viewDidAppear(false)", "child.viewDidAppear(false)"])
    }

    @Test("SBT-CON-04 adding a controller to itself or to one of its descendants is misuse: reported, nothing changes")
    func con04Misuse() {
        TactileHost.launch(delegate: nil)
        TactileDiagnostics.reset()
        let log = CallbackLog()
        let (parent, child) = pair(log)
        let grandchild = LoggingViewController("grandchild", log: log)
        parent.addChild(child)
        child.addChild(grandchild)
        log.entries = []
        parent.addChild(parent)
        grandchild.addChild(parent)
        child.addChild(parent)
        #expect(TactileDiagnostics.misuseCount == 3)
        #expect(log.entries.isEmpty)
        #expect(parent.parent == nil && parent.children == [child] && grandchild.children.isEmpty)
    }

    @Test("SBT-CON-08 transition(from:to:) swaps the views, runs the animations at once, and ends appearance and completion on the run loop")
    func con08Transition() throws {
        let window = launchWithWindow()
        let log = CallbackLog()
        let parent = LoggingViewController("parent", log: log)
        let old = LoggingViewController("old", log: log), new = LoggingViewController("new", log: log)
        for vc in [parent, old, new] { vc.logsLayout = false }
        window.rootViewController = parent
        parent.addChild(old)
        parent.view.addSubview(old.view)
        old.didMove(toParent: parent)
        _ = new.view
        log.entries = []
        old.willMove(toParent: nil)
        parent.addChild(new)
        var finished: Bool?
        parent.transition(from: old, to: new, duration: 0.25, options: [.transitionCrossDissolve], animations: {
            log.append("block", "animations")
        }, completion: { done in
            finished = done
            old.removeFromParent()
            new.didMove(toParent: parent)
        })
        #expect(log.take() == ["old.willMove(toParent: nil)", "new.willMove(toParent: parent)",
                               "old.viewWillDisappear(true)[fromParent]", "new.viewWillAppear(true)[toParent]", "block.animations"])
        #expect(new.view.superview === parent.view)
        #expect(finished == nil)
        try TactileHost.runLoop.advance(by: 250_000_000)
        #expect(finished == true)
        #expect(log.take() == ["new.viewDidAppear(true)[toParent]", "old.viewDidDisappear(true)[fromParent]",
                               "old.didMove(toParent: nil)", "new.didMove(toParent: parent)"])
        #expect(old.view.superview == nil)
        #expect(parent.children == [new])
    }

    @Test("SBT-CON-08 transition(from:to:) between controllers that are not both children of the receiver is reported")
    func con08Misuse() {
        TactileHost.launch(delegate: nil)
        TactileDiagnostics.reset()
        let parent = UIViewController(), a = UIViewController(), b = UIViewController()
        parent.addChild(a)
        var called = false
        parent.transition(from: a, to: b, duration: 0, animations: nil) { _ in called = true }
        settle()
        #expect(TactileDiagnostics.misuseCount == 1)
        #expect(!called)
    }

    @Test("VCG-I-02 SBT-RSP-02 the root view's next responder is its controller; the controller's is the view's superview (the window for a root controller)")
    func rsp02Chain() {
        let window = launchWithWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        #expect(vc.view.next === vc)
        #expect(vc.next === window)
        let sub = UIView()
        vc.view.addSubview(sub)
        #expect(sub.next === vc.view, "an ordinary view passes to its superview")
    }

    @Test("VCG-I-06 SBT-RSP-03 SBT-CON-03 nested controllers: child view → child → parent's view → parent → window")
    func i06Nested() {
        let window = launchWithWindow()
        let parent = UIViewController(), child = UIViewController()
        window.rootViewController = parent
        parent.addChild(child)
        let holder = UIView()
        parent.view.addSubview(holder)
        holder.addSubview(child.view)
        child.didMove(toParent: parent)
        var chain: [UIResponder] = []
        var r: UIResponder? = child.view
        while let x = r, chain.count < 8 { chain.append(x); r = x.next }
        #expect(chain.count == 7)
        #expect(chain[0] === child.view && chain[1] === child && chain[2] === holder && chain[3] === parent.view
                && chain[4] === parent && chain[5] === window && chain[6] === UIApplication.shared)
    }

    @Test("VCG-I-01 VCG-I-03 an event the views leave unhandled reaches the controller, then the window")
    func i03UnhandledTouch() {
        let window = launchWithWindow()
        final class Catcher: UIViewController {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        let vc = Catcher()
        window.rootViewController = vc
        let custom = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        vc.view.addSubview(custom)
        custom.touchesBegan([], with: nil)
        #expect(vc.began == 1)
    }
}
