import Foundation
import Tactile
import Testing

/// The three flags in every combination, against a view's log (DESIGN-GESTURE-CANCELS, DESIGN-GESTURE-DELAYS).
///
/// The expected logs come from a reference written from Apple's documentation of the flags alone, not from the
/// engine: recognizers see each event first; `cancelsTouchesInView` — on recognition the view's delivered
/// touches are cancelled and the rest withheld; `delaysTouchesBegan` — began (and moves) wait until the
/// recognizer fails, are discarded if it recognizes, and on failure come as a began "and possibly a follow-up
/// touchesMoved"; `delaysTouchesEnded` — an end waits while the recognizer may still recognize, is cancelled
/// if it does and delivered if it fails.
@Suite("Gesture flags in every combination", .serialized)
@MainActor
struct GestureFlagCombinationTests {
    struct Flags: CustomStringConvertible {
        var cancels: Bool
        var delaysBegan: Bool
        var delaysEnded: Bool
        var description: String { "cancels \(cancels) delaysBegan \(delaysBegan) delaysEnded \(delaysEnded)" }
        static let all: [Flags] = (0..<8).map { Flags(cancels: $0 & 1 != 0, delaysBegan: $0 & 2 != 0, delaysEnded: $0 & 4 != 0) }
    }

    /// A tap recognized on the lift (began, ended).
    static func expectedTap(_ f: Flags) -> [String] {
        let sawBegan = !f.delaysBegan
        var log = sawBegan ? ["v.began"] : []
        // At the lift the recognizer recognizes before the view's call.
        if f.cancels {
            if sawBegan { log.append("v.cancelled") }
        } else if sawBegan {
            log.append("v.ended")  // the end was not held (the recognizer decided in this very event)
        }  // delaysBegan without cancels: the held began is discarded, the touch withheld
        return log
    }

    /// A pan beginning on the second move (began, moved 5, moved 20, moved 30, ended).
    static func expectedPan(_ f: Flags) -> [String] {
        guard !f.delaysBegan else { return [] }  // held, then discarded on recognition
        var log = ["v.began", "v.moved"]
        if f.cancels { return log + ["v.cancelled"] }
        log += ["v.moved", "v.moved", "v.ended"]
        return log
    }

    /// A tap failing on a 50-point move (began, moved, ended): the flags change only when things arrive.
    static func expectedFailingTap(_ f: Flags) -> [String] {
        ["v.began", "v.moved", "v.ended"]
    }

    /// A double tap seeing one tap and timing out: (before the timeout, after it).
    static func expectedLoneTap(_ f: Flags) -> (before: [String], after: [String]) {
        if f.delaysBegan { return ([], ["v.began", "v.ended"]) }
        if f.delaysEnded { return (["v.began"], ["v.ended"]) }
        return (["v.began", "v.ended"], [])
    }

    private func stage(_ recognizer: UIGestureRecognizer, _ f: Flags) -> (GestureLog, TouchLogView, TouchDriver) {
        TactileHost.launch(delegate: nil)
        let log = GestureLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = TouchLogView("v", log: log, frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        recognizer.cancelsTouchesInView = f.cancels
        recognizer.delaysTouchesBegan = f.delaysBegan
        recognizer.delaysTouchesEnded = f.delaysEnded
        view.addGestureRecognizer(recognizer)
        return (log, view, TouchDriver(window: window))
    }

    @Test("DESIGN-GESTURE-DELAYS DESIGN-GESTURE-CANCELS a recognized tap, all eight combinations", arguments: Flags.all)
    func tap(_ f: Flags) {
        let (log, _, finger) = stage(UITapGestureRecognizer(), f)
        finger.tap(at: CGPoint(x: 50, y: 50))
        finger.wait(1)
        #expect(log.lines == Self.expectedTap(f), "\(f)")
    }

    @Test("DESIGN-GESTURE-DELAYS DESIGN-GESTURE-CANCELS a pan, all eight combinations", arguments: Flags.all)
    func pan(_ f: Flags) {
        let (log, _, finger) = stage(UIPanGestureRecognizer(), f)
        finger.drag(along: [CGPoint(x: 50, y: 50), CGPoint(x: 55, y: 50), CGPoint(x: 70, y: 50), CGPoint(x: 80, y: 50)])
        #expect(log.lines == Self.expectedPan(f), "\(f)")
    }

    @Test("DESIGN-GESTURE-DELAYS a tap that fails on a long move, all eight combinations", arguments: Flags.all)
    func failingTap(_ f: Flags) {
        let (log, _, finger) = stage(UITapGestureRecognizer(), f)
        finger.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), steps: 1)
        #expect(log.lines == Self.expectedFailingTap(f), "\(f)")
    }

    @Test("DESIGN-GESTURE-DELAYS a double tap that times out after one tap, all eight combinations", arguments: Flags.all)
    func loneTap(_ f: Flags) {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (log, _, finger) = stage(double, f)
        finger.tap(at: CGPoint(x: 50, y: 50))
        let expected = Self.expectedLoneTap(f)
        #expect(log.lines == expected.before, "\(f)")
        log.clear()
        finger.wait(1)
        #expect(log.lines == expected.after, "\(f)")
    }
}
