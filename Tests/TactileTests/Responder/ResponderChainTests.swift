import Foundation
import Testing
@_spi(Testing) import Tactile

// MARK: - Helpers (names prefixed `Chain…` to stay unique in the module)

/// An app delegate that is a responder: the last link of the chain (AG-P-03 [EXT], iOS 5+). Records what reaches it.
@MainActor
final class ChainAppDelegate: UIResponder, UIApplicationDelegate, TactileActionHandling {
    var window: UIWindow?
    var log: [String] = []
    var touchViews: [UIView?] = []
    var actions: Set<Selector> = []
    var performed: [String] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesBegan", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesMoved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesEnded", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesCancelled", touches) }
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.append("motionBegan") }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.append("motionEnded") }
    override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.append("motionCancelled") }

    private func note(_ what: String, _ touches: Set<UITouch>) {
        log.append(what)
        touchViews.append(contentsOf: touches.map(\.view))
    }

    func handlesAction(_ action: Selector) -> Bool { actions.contains(action) }
    func performAction(_ action: Selector, sender: Any?) { performed.append(action.name) }
}

/// A delegate that is not a responder: the chain ends at the application.
@MainActor
final class ChainPlainDelegate: NSObject, UIApplicationDelegate {
    var window: UIWindow?
}

/// A view that records touches and motions. `handlesTouches` / `handlesMotion` false: it forwards (calls super,
/// which passes the message to `next`).
@MainActor
final class ChainRecorderView: UIView {
    var name = "?"
    var log: [String] = []
    var touchViews: [UIView?] = []
    var motionEvents: [UIEvent?] = []
    var motionSubtypes: [UIEvent.EventSubtype] = []
    var handlesTouches = true
    var handlesMotion = true
    var canBecome = false
    var canResign = true
    var resignCalls = 0

    override var canBecomeFirstResponder: Bool { canBecome }
    override var canResignFirstResponder: Bool { canResign }
    override func resignFirstResponder() -> Bool {
        resignCalls += 1
        return super.resignFirstResponder()
    }

    private func touch(_ what: String, _ touches: Set<UITouch>) {
        log.append(what)
        touchViews.append(contentsOf: touches.map(\.view))
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        touch("began", touches)
        if !handlesTouches { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        touch("moved", touches)
        if !handlesTouches { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        touch("ended", touches)
        if !handlesTouches { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        touch("cancelled", touches)
        if !handlesTouches { super.touchesCancelled(touches, with: event) }
    }

    private func motion(_ what: String, _ subtype: UIEvent.EventSubtype, _ event: UIEvent?) {
        log.append(what)
        motionEvents.append(event)
        motionSubtypes.append(subtype)
    }
    override func motionBegan(_ m: UIEvent.EventSubtype, with event: UIEvent?) {
        motion("motionBegan", m, event)
        if !handlesMotion { super.motionBegan(m, with: event) }
    }
    override func motionEnded(_ m: UIEvent.EventSubtype, with event: UIEvent?) {
        motion("motionEnded", m, event)
        if !handlesMotion { super.motionEnded(m, with: event) }
    }
    override func motionCancelled(_ m: UIEvent.EventSubtype, with event: UIEvent?) {
        motion("motionCancelled", m, event)
        if !handlesMotion { super.motionCancelled(m, with: event) }
    }
}

/// AG-P-04 / AG-P-05: forwards whole sequences to `next` explicitly, except double taps, which it handles itself.
@MainActor
final class ChainForwardingView: UIView {
    var log: [String] = []
    /// Decided at began for the whole sequence (AG-P-05: forward all of it or none of it).
    private var forwarding = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        forwarding = touches.first!.tapCount < 2
        log.append(forwarding ? "forward began" : "handle began")
        if forwarding { next?.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append(forwarding ? "forward moved" : "handle moved")
        if forwarding { next?.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append(forwarding ? "forward ended" : "handle ended")
        if forwarding { next?.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append(forwarding ? "forward cancelled" : "handle cancelled")
        if forwarding { next?.touchesCancelled(touches, with: event) }
    }
}

/// A window that records (and handles) motion: the start of the chain when there is no first responder.
@MainActor
final class ChainMotionWindow: UIWindow {
    var log: [String] = []
    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.append("motionBegan") }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.append("motionEnded") }
    override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { log.append("motionCancelled") }
}

/// Implements copy, cut and paste, as UIKit code does: overrides and canPerformAction; `refused` narrows
/// them (AG-R-03).
@MainActor
final class ChainEditView: UIView {
    var performed: [String] = []
    var refused: Set<Selector> = []
    override var canBecomeFirstResponder: Bool { true }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        if refused.contains(action) { return false }
        return [Selector.copy, .cut, .paste].contains(action) || super.canPerformAction(action, withSender: sender)
    }
    override func copy(_ sender: Any?) { performed.append("copy:") }
    override func cut(_ sender: Any?) { performed.append("cut:") }
    override func paste(_ sender: Any?) { performed.append("paste:") }
}

/// Implements arbitrary actions through TactileActionHandling.
@MainActor
final class ChainActionView: UIView, TactileActionHandling {
    var actions: Set<Selector> = []
    var performed: [String] = []
    var senders: [ObjectIdentifier?] = []
    override var canBecomeFirstResponder: Bool { true }
    func handlesAction(_ action: Selector) -> Bool { actions.contains(action) }
    func performAction(_ action: Selector, sender: Any?) {
        performed.append(action.name)
        senders.append((sender as AnyObject?).map { ObjectIdentifier($0) })
    }
}

// MARK: - Tests

/// The responder chain, forwarding, motion delivery and first responder (AG-O, AG-P; fixtures AG-CC-12, AG-CC-15).
@MainActor
@Suite("Responder chain")
struct ResponderChainTests {
    static func window(_ w: UIWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))) -> UIWindow {
        w.makeKeyAndVisible()
        return w
    }

    // MARK: AG-CC-12 / AG-P-03

    @Test("AG-CC-12 AG-P-03 next: view → superview → … → window → application → app delegate (a responder) → nil")
    func p03NextChain() {
        let delegate = ChainAppDelegate()
        let app = TactileHost.launch(delegate: delegate)
        let w = Self.window()
        let a = UIView(), b = UIView(), c = ChainRecorderView()
        w.addSubview(a); a.addSubview(b); b.addSubview(c)
        #expect(c.next === b)
        #expect(b.next === a)
        #expect(a.next === w)
        #expect(w.next === app)
        #expect(app.next === delegate)
        #expect(delegate.next == nil)
        let detached = UIView()
        #expect(detached.next == nil, "a view with no superview (and no controller) ends the chain")
    }

    @Test("AG-P-03 a delegate that is not a responder: the chain ends at the application")
    func p03PlainDelegate() {
        let delegate = ChainPlainDelegate()
        let app = TactileHost.launch(delegate: delegate)
        #expect(app.next == nil)
        let w = Self.window()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(v)
        TouchDriver(window: w).tap(at: CGPoint(x: 10, y: 10))  // unhandled all the way: dropped, no crash
        #expect(app.applicationState == .active)
    }

    @Test("AG-CC-12 AG-P-02 AG-P-03 an unhandled touch sequence travels up to the app delegate; touch.view is the hit view")
    func p03UnhandledTouchesReachDelegate() {
        let delegate = ChainAppDelegate()
        TactileHost.launch(delegate: delegate)
        let w = Self.window()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let b = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        w.addSubview(a); a.addSubview(b)
        let finger = TouchDriver(window: w)
        finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 40, y: 20), steps: 1)
        finger.down(at: CGPoint(x: 20, y: 20))
        finger.systemCancel()
        finger.up()
        #expect(delegate.log == ["touchesBegan", "touchesMoved", "touchesEnded", "touchesBegan", "touchesCancelled"])
        #expect(delegate.touchViews.allSatisfy { $0 === b }, "touch.view stays the hit-test view all the way up")
    }

    @Test("AG-P-03 a responder in the middle that handles a phase stops it there")
    func p03HandledStops() {
        let delegate = ChainAppDelegate()
        TactileHost.launch(delegate: delegate)
        let w = Self.window()
        let mid = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let leaf = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        w.addSubview(mid); mid.addSubview(leaf)
        TouchDriver(window: w).tap(at: CGPoint(x: 20, y: 20))
        #expect(mid.log == ["began", "ended"])
        #expect(delegate.log.isEmpty, "handled in the middle: nothing goes further")
        mid.handlesTouches = false
        TouchDriver(window: w).wait(0.5)
        TouchDriver(window: w).tap(at: CGPoint(x: 20, y: 20))
        #expect(delegate.log == ["touchesBegan", "touchesEnded"], "calling super passes it on")
    }

    // MARK: AG-P-04 / AG-P-05

    @Test("AG-P-04 AG-P-05 explicit forwarding via next?.touchesBegan … of a whole sequence reaches the superview")
    func p04ExplicitForwarding() {
        TactileHost.launch(delegate: nil)
        let w = Self.window()
        let parent = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = ChainForwardingView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        w.addSubview(parent); parent.addSubview(child)
        let finger = TouchDriver(window: w)
        finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 30, y: 20), steps: 1)
        #expect(parent.log == ["began", "moved", "ended"], "every phase of the forwarded sequence reaches the superview")
        #expect(parent.touchViews.allSatisfy { $0 === child })
        finger.wait(0.5)
        finger.down(at: CGPoint(x: 20, y: 20))
        finger.systemCancel()
        finger.up()
        #expect(parent.log.suffix(2) == ["began", "cancelled"], "a cancellation is forwarded too")
        // AG-P-04's pattern: forward single taps, handle the double tap itself (the whole sequence).
        finger.wait(0.5)
        parent.log = []; child.log = []
        finger.tap(at: CGPoint(x: 20, y: 20), count: 2)
        #expect(child.log == ["forward began", "forward ended", "handle began", "handle ended"])
        #expect(parent.log == ["began", "ended"], "only the forwarded (first) sequence reaches the superview")
    }

    // MARK: AG-P-06

    @Test("AG-P-06 default pass-through: a plain subview's touches reach its custom superview, touch.view is the subview")
    func p06PassThrough() {
        TactileHost.launch(delegate: nil)
        let w = Self.window()
        let parent = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        parent.isMultipleTouchEnabled = true
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        w.addSubview(parent); parent.addSubview(child)
        let finger = TouchDriver(window: w)
        finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 200, y: 200), steps: 2)
        finger.down(at: CGPoint(x: 20, y: 20))
        finger.cancel()
        #expect(parent.log == ["began", "moved", "moved", "ended", "began", "cancelled"])
        #expect(parent.touchViews.allSatisfy { $0 === child }, "touch.view is the subview, not the superview")
        // Multi-touches stay associated with the (single-touch) subview: the superview cannot get the second one.
        parent.log = []
        parent.touchViews = []
        finger.wait(0.5)
        finger.down(0, at: CGPoint(x: 20, y: 20))
        finger.down(1, at: CGPoint(x: 60, y: 60))
        finger.frame([(0, .ended, CGPoint(x: 20, y: 20)), (1, .ended, CGPoint(x: 60, y: 60))])
        #expect(parent.log == ["began", "ended"], "the subview's second finger does not reach the superview: \(parent.log)")
        #expect(parent.touchViews.count == 2)
    }

    // MARK: AG-O-04 / AG-O-05 / AG-CC-15 motion

    @Test("AG-O-05 AG-CC-15 shake timing: began → ended under 1 s, began → cancelled at 1 s or more")
    func o05ShakeTiming() {
        TactileHost.launch(delegate: nil)
        let w = Self.window()
        let fr = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        fr.canBecome = true
        w.addSubview(fr)
        #expect(fr.becomeFirstResponder())
        let driver = TouchDriver(window: w)
        for (duration, expected) in [(0.5, "motionEnded"), (0.99, "motionEnded"), (1.0, "motionCancelled"), (2.5, "motionCancelled")] {
            fr.log = []
            driver.shake(duration: duration)
            #expect(fr.log == ["motionBegan", expected], "a \(duration) s shake")
        }
        #expect(fr.motionSubtypes.allSatisfy { $0 == .motionShake })
        for event in fr.motionEvents {
            #expect(event?.type == .motion && event?.subtype == .motionShake)
            #expect(event?.allTouches == nil, "a motion event carries no touches (AG-O-02)")
        }
    }

    @Test("AG-O-04 AG-CC-15 motion goes to the first responder (not a hit-test view) and bubbles up the chain when unhandled")
    func o04MotionChain() {
        let delegate = ChainAppDelegate()
        TactileHost.launch(delegate: delegate)
        let w = ChainMotionWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        w.makeKeyAndVisible()
        let parent = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let fr = ChainRecorderView(frame: CGRect(x: 200, y: 200, width: 10, height: 10))
        fr.canBecome = true
        w.addSubview(parent); parent.addSubview(fr)
        #expect(fr.becomeFirstResponder())
        let driver = TouchDriver(window: w)
        driver.shake(duration: 0.2)
        #expect(fr.log == ["motionBegan", "motionEnded"] && parent.log.isEmpty && w.log.isEmpty)
        fr.handlesMotion = false
        driver.shake(duration: 0.2)
        #expect(parent.log == ["motionBegan", "motionEnded"], "unhandled by the first responder: its superview")
        parent.handlesMotion = false
        driver.shake(duration: 1.5)
        #expect(w.log == ["motionBegan", "motionCancelled"], "then the window")
        // A plain window forwards to the application and the delegate.
        let plainWindow = Self.window()
        let plainParent = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        plainParent.handlesMotion = false
        let plainFR = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        plainFR.canBecome = true
        plainFR.handlesMotion = false
        plainWindow.addSubview(plainParent); plainParent.addSubview(plainFR)
        #expect(plainFR.becomeFirstResponder())
        driver.shake(duration: 0.2)
        #expect(plainFR.log == ["motionBegan", "motionEnded"] && plainParent.log == ["motionBegan", "motionEnded"])
        #expect(delegate.log == ["motionBegan", "motionEnded"], "unhandled all the way: the app delegate")
    }

    @Test("AG-O-04 with no first responder motion starts at the key window")
    func o04NoFirstResponder() {
        TactileHost.launch(delegate: nil)
        let other = ChainMotionWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        other.isHidden = false
        let key = ChainMotionWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        key.makeKeyAndVisible()
        let view = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        key.addSubview(view)
        #expect(UIApplication.shared.keyWindow === key)
        TouchDriver().shake(duration: 0.3)
        #expect(key.log == ["motionBegan", "motionEnded"])
        #expect(other.log.isEmpty, "only the key window")
        #expect(view.log.isEmpty, "not a hit-test view")
        other.makeKey()
        TouchDriver().shake(duration: 0.3)
        #expect(other.log == ["motionBegan", "motionEnded"], "follows the key window")
    }

    @Test("AG-P-11 a hidden first responder stays first responder and still gets motion")
    func p11HiddenFirstResponder() {
        TactileHost.launch(delegate: nil)
        let w = Self.window()
        let fr = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        fr.canBecome = true
        w.addSubview(fr)
        #expect(fr.becomeFirstResponder())
        fr.isHidden = true
        #expect(fr.isFirstResponder)
        TouchDriver(window: w).shake(duration: 0.2)
        #expect(fr.log == ["motionBegan", "motionEnded"])
    }

    // MARK: AG-O-06

    @Test("AG-O-06 shake-to-edit: an unhandled shake counts when applicationSupportsShakeToEdit, not when off or handled")
    func o06ShakeToEdit() {
        let app = TactileHost.launch(delegate: nil)
        let w = Self.window()
        let driver = TouchDriver(window: w)
        app.applicationSupportsShakeToEdit = true
        driver.shake(duration: 0.3)
        #expect(app.shakeToEditCount == 1, "unhandled shake with shake-to-edit on")
        driver.shake(duration: 1.2)
        #expect(app.shakeToEditCount == 1, "a cancelled shake is not a shake")
        app.applicationSupportsShakeToEdit = false
        driver.shake(duration: 0.3)
        #expect(app.shakeToEditCount == 1, "shake-to-edit off")
        app.applicationSupportsShakeToEdit = true
        let fr = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        fr.canBecome = true
        w.addSubview(fr)
        #expect(fr.becomeFirstResponder())
        driver.shake(duration: 0.3)
        #expect(app.shakeToEditCount == 1, "handled by the first responder")
        fr.handlesMotion = false
        driver.shake(duration: 0.3)
        #expect(app.shakeToEditCount == 2, "the first responder passed it on")
    }

    @Test("AG-O-05 AG-B-04 an interruption during a shake gives motionCancelled; shakes while inactive are dropped")
    func o05InterruptDuringShake() throws {
        TactileHost.launch(delegate: nil)
        let w = Self.window()
        let fr = ChainRecorderView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        fr.canBecome = true
        w.addSubview(fr)
        #expect(fr.becomeFirstResponder())
        func now() -> TimeInterval { TimeInterval(TactileHost.runLoop.now) / 1e9 }
        try TactileHost.input.post(.shakeBegan, timestamp: now())
        try TactileHost.runLoop.runUntilIdle()
        #expect(fr.log == ["motionBegan"])
        TactileHost.interrupt()
        #expect(fr.log == ["motionBegan", "motionCancelled"], "resigning active cancels the shake in progress")
        TactileHost.resume()
        try TactileHost.input.post(.shakeEnded, timestamp: now())
        try TactileHost.runLoop.runUntilIdle()
        #expect(fr.log == ["motionBegan", "motionCancelled"], "the interrupted shake's end is swallowed")
        TactileHost.interrupt()
        TouchDriver(window: w).shake(duration: 0.2)
        #expect(fr.log.count == 2, "no motion while inactive")
        TactileHost.resume()
        TouchDriver(window: w).shake(duration: 0.2)
        #expect(fr.log.suffix(2) == ["motionBegan", "motionEnded"])
    }

    // MARK: AG-P-07

    @Test("AG-P-07 sendAction with a nil target walks from the first responder; target(forAction:) names the first able responder")
    func p07SendAction() {
        let delegate = ChainAppDelegate()
        delegate.actions = ["paste:", "delegateOnly:"]
        let app = TactileHost.launch(delegate: delegate)
        let w = Self.window()
        let outer = ChainEditView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let inner = ChainActionView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        inner.actions = ["zoom:"]
        w.addSubview(outer); outer.addSubview(inner)
        #expect(inner.becomeFirstResponder())
        #expect(app.sendAction("zoom:", to: nil, from: w, for: nil))
        #expect(inner.performed == ["zoom:"], "the first responder itself")
        #expect(inner.senders == [ObjectIdentifier(w)], "the sender is passed along")
        #expect(app.sendAction("copy:", to: nil, from: nil, for: nil))
        #expect(outer.performed == ["copy:"], "the first responder cannot: its superview does")
        #expect(inner.target(forAction: "copy:", withSender: nil) as? UIView === outer)
        #expect(inner.target(forAction: "zoom:", withSender: nil) as? UIView === inner)
        // canPerformAction narrowing: outer refuses paste, so it goes on up to the delegate.
        outer.refused = ["paste:"]
        #expect(!outer.canPerformAction("paste:", withSender: nil))
        #expect(inner.target(forAction: "paste:", withSender: nil) as? ChainAppDelegate === delegate)
        #expect(app.sendAction("paste:", to: nil, from: nil, for: nil))
        #expect(outer.performed == ["copy:"] && delegate.performed == ["paste:"])
        #expect(app.sendAction("delegateOnly:", to: nil, from: nil, for: nil) && delegate.performed.last == "delegateOnly:")
        #expect(!app.sendAction("nobody:", to: nil, from: nil, for: nil), "no taker: not performed")
        #expect(inner.target(forAction: "nobody:", withSender: nil) == nil)
        // An explicit target gets it directly.
        #expect(app.sendAction("copy:", to: outer, from: nil, for: nil) && outer.performed == ["copy:", "copy:"])
        #expect(!app.sendAction("zoom:", to: outer, from: nil, for: nil), "an explicit target that does not implement it")
    }

    @Test("AG-P-07 with no first responder sendAction starts at the key window")
    func p07NoFirstResponder() {
        let delegate = ChainAppDelegate()
        delegate.actions = ["paste:"]
        let app = TactileHost.launch(delegate: delegate)
        let w = Self.window()
        let outer = ChainEditView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        w.addSubview(outer)
        #expect(!app.sendAction("copy:", to: nil, from: nil, for: nil), "views under the window are not in the chain")
        #expect(outer.performed.isEmpty)
        #expect(app.sendAction("paste:", to: nil, from: nil, for: nil) && delegate.performed == ["paste:"])
    }

    // MARK: AG-P-09

    @Test("AG-P-09 becomeFirstResponder: refused when canBecomeFirstResponder is false or not in a window; the old one resigns")
    func p09BecomeFirstResponder() {
        TactileHost.launch(delegate: nil)
        let w = Self.window()
        let plain = ChainRecorderView()
        w.addSubview(plain)
        #expect(!plain.canBecomeFirstResponder && !plain.becomeFirstResponder(), "canBecomeFirstResponder defaults to false")
        #expect(!UIResponder().canBecomeFirstResponder)
        #expect(UIResponder().canResignFirstResponder)
        let a = ChainRecorderView(), b = ChainRecorderView()
        a.canBecome = true; b.canBecome = true
        #expect(!a.becomeFirstResponder(), "a view outside a window cannot become first responder")
        #expect(!a.isFirstResponder)
        w.addSubview(a); w.addSubview(b)
        #expect(a.becomeFirstResponder() && a.isFirstResponder)
        #expect(a.becomeFirstResponder(), "already first responder: yes")
        #expect(b.becomeFirstResponder())
        #expect(b.isFirstResponder && !a.isFirstResponder)
        #expect(a.resignCalls == 1, "the old first responder was asked to resign")
        // An old first responder that refuses to resign keeps the status.
        b.canResign = false
        #expect(!a.becomeFirstResponder())
        #expect(b.isFirstResponder && !a.isFirstResponder)
        #expect(!b.resignFirstResponder() && b.isFirstResponder)
        b.canResign = true
        #expect(b.resignFirstResponder() && !b.isFirstResponder)
        // Leaving the window resigns.
        #expect(a.becomeFirstResponder())
        a.removeFromSuperview()
        #expect(!a.isFirstResponder)
    }
}

/// Overrides copy(_:) only, as UIKit code does (no canPerformAction override).
@MainActor
class ChainCopyOnlyView: UIView {
    var copies = 0
    override func copy(_ sender: Any?) { copies += 1 }
}

/// Inherits ChainCopyOnlyView's copy(_:) and adds paste(_:).
@MainActor
final class ChainCopyPasteView: ChainCopyOnlyView {
    override func paste(_ sender: Any?) {}
}

@MainActor
@Suite("Standard edit actions")
struct StandardEditActionTests {
    @Test("AG-R-03 AG-P-08 the default canPerformAction says yes exactly for the edit actions the class overrides")
    func r03ImplementsByOverride() {
        let app = TactileHost.launch(delegate: nil)
        let plain = UIView(), copyOnly = ChainCopyOnlyView(), both = ChainCopyPasteView()
        for action in Selector.standardEditActions { #expect(!plain.canPerformAction(action, withSender: nil)) }
        #expect(copyOnly.canPerformAction(.copy, withSender: nil) && !copyOnly.canPerformAction(.paste, withSender: nil))
        #expect(both.canPerformAction(.copy, withSender: nil) && both.canPerformAction(.paste, withSender: nil))
        #expect(!both.canPerformAction(.cut, withSender: nil) && !both.canPerformAction("frobnicate:", withSender: nil))
        #expect(!UIResponder().canPerformAction(.selectAll, withSender: nil))
        // A nil-target copy: travels from the first responder to the view that implements it.
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        w.makeKeyAndVisible()
        final class Focus: UIView { override var canBecomeFirstResponder: Bool { true } }
        let focus = Focus()
        w.addSubview(copyOnly)
        copyOnly.addSubview(focus)
        #expect(focus.becomeFirstResponder())
        #expect(focus.target(forAction: .copy, withSender: nil) as? UIView === copyOnly)
        #expect(app.sendAction(.copy, to: nil, from: nil, for: nil) && copyOnly.copies == 1)
        #expect(!app.sendAction(.paste, to: nil, from: nil, for: nil))
    }
}
