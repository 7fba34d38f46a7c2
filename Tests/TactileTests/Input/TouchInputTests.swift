import Foundation
import Testing
import Tactile
import TactileCore

@MainActor
private final class InputRecorderView: UIView {
    var calls: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("cancelled") }
}

/// The input API (`TouchInput`, any thread) and the test driver against a live main run loop (AG-F-03, AG-F-05).
@MainActor
@Suite("Touch input")
struct TouchInputTests {
    fileprivate func scene() -> (UIWindow, InputRecorderView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let view = InputRecorderView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        return (window, view)
    }

    @Test("AG-F-03 AG-F-05 touches posted on another thread wait in the queue and reach the view on the live main loop")
    func postedFromAnotherThread() throws {
        // Synchronous on purpose: an `await` would let other suites' tests launch apps meanwhile. The test body
        // occupies the main queue, so the live loop's own iteration cannot run until it returns; the test runs
        // one on the spot (`iterateNow`, allowed on the loop's queue) once the producer is done.
        TactileHost.launch(delegate: nil, driving: .liveOnMain)
        let (window, view) = scene()
        let input = TactileHost.input, id = window.inputWindowID
        let done = DispatchSemaphore(value: 0)
        Thread {
            try? input.post(.init(finger: 1, phase: .began, location: CGPoint(x: 10, y: 10)), window: id, timestamp: 1)
            try? input.post(.init(finger: 1, phase: .moved, location: CGPoint(x: 20, y: 10)), window: id, timestamp: 2)
            try? input.post(.init(finger: 1, phase: .ended, location: CGPoint(x: 20, y: 10)), window: id, timestamp: 3)
            done.signal()
        }.start()
        done.wait()
        #expect(view.calls.isEmpty, "input waits in the queue until the loop runs")
        try TactileHost.runLoop.iterateNow()
        #expect(view.calls == ["began", "moved", "ended"])
        TactileHost.launch(delegate: nil)  // leave a deterministic app behind
    }

    @Test("TouchDriver routes at once on the main actor when the app's loop is live")
    func driverOnLiveLoop() {
        TactileHost.launch(delegate: nil, driving: .liveOnMain)
        let (window, view) = scene()
        TouchDriver(window: window).drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 50, y: 50), steps: 2)
        #expect(view.calls == ["began", "moved", "moved", "ended"])
        TactileHost.launch(delegate: nil)
    }

    @Test("bad input through TouchInput is refused before the queue: NaN points, region phases")
    func refusedInput() {
        TactileHost.launch(delegate: nil)
        let input = TactileHost.input
        #expect(throws: EventQueue.PostError.self) {
            try input.post(.init(finger: 1, phase: .began, location: CGPoint(x: CGFloat.nan, y: 0)), timestamp: 0)
        }
        #expect(throws: EventQueue.PostError.self) {
            try input.post(.init(finger: 1, phase: .regionEntered, location: .zero), timestamp: 0)
        }
        #expect(TactileHost.events.isEmpty)
    }

    @Test("the delivery log records the same lines for the same gesture")
    func deliveryLog() {
        func run() -> [String] {
            TactileHost.launch(delegate: nil)
            let (window, _) = scene()
            TactileHost.touchRouter.log = DeliveryLog()
            TouchDriver(window: window).tap(at: CGPoint(x: 5, y: 5), count: 2)
            return TactileHost.touchRouter.log!.lines.map { $0.replacingOccurrences(of: #"view=\d+"#, with: "view=V", options: .regularExpression) }
        }
        let a = run(), b = run()
        #expect(a.count == 4)
        #expect(a == b)
    }

    @Test("AG-M-06 AG-M-07 a UITouch or UIEvent made by hand has UIKit's defaults; coalesced/predicted touches")
    func handMadeDefaults() {
        TactileHost.launch(delegate: nil)
        let touch = UITouch()
        #expect(touch.phase == .began && touch.tapCount == 0 && touch.view == nil && touch.window == nil)
        #expect(touch.location(in: nil) == .zero && touch.timestamp == 0 && touch.type == .direct)
        let event = UIEvent()
        #expect(event.type == .touches && event.subtype == .none && event.allTouches == nil)
        #expect(event.coalescedTouches(for: touch) == nil && event.touches(for: UIView()) == nil)
        let (window, view) = scene()
        var seen: (coalesced: Int?, predicted: Int?) = (nil, nil)
        final class Probe: UIView {
            var onMoved: ((UITouch, UIEvent?) -> Void)?
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { onMoved?(touches.first!, event) }
        }
        let probe = Probe(frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        window.addSubview(probe)
        probe.onMoved = { t, e in seen = (e?.coalescedTouches(for: t)?.count, e?.predictedTouches(for: t)?.count) }
        TouchDriver(window: window).drag(from: CGPoint(x: 210, y: 10), to: CGPoint(x: 220, y: 10), steps: 1)
        #expect(seen.coalesced == 1 && seen.predicted == 0)
        _ = view
    }
}
