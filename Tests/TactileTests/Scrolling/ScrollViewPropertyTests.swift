import Foundation
import Tactile
import TactileCore
import TactileTestSupport
import Testing

/// Random drags, flicks, taps and catches on a long scroll view (10^4 rows of 44 points), with random settings
/// between gestures. After every gesture has settled: the offset is inside its range (or came back to it), the
/// scroll view is at rest, the run loop is back in the default mode, the delegate's calls follow UIKit's grammar
/// (DESIGN-SCROLL-DELEGATE), and every content view's touch sequences satisfy the shared sequence invariants
/// (began → moved* → ended | cancelled on one view; TactileTestSupport).
@Suite("UIScrollView property", .serialized)
@MainActor
struct ScrollViewPropertyTests {
    /// A content row that reports its touch calls to the invariants.
    final class Row: UIView {
        var check: ((UIView, UITouch.Phase, Set<UITouch>, UIEvent?) -> Void)?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { check?(self, .began, touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { check?(self, .moved, touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { check?(self, .ended, touches, event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { check?(self, .cancelled, touches, event) }
    }

    /// Checks the delegate grammar as calls arrive.
    final class Grammar: NSObject, UIScrollViewDelegate {
        var problems: [String] = []
        var dragging = false, decelerating = false, awaitingDecelerate: Bool?
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            if dragging { problems.append("willBeginDragging twice") }
            if awaitingDecelerate != nil { problems.append("willBeginDragging before didEndDragging's follow-up") }
            decelerating = false  // (a caught deceleration ends without didEndDecelerating)
            dragging = true
        }
        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            if !dragging { problems.append("willEndDragging without a drag") }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            if !dragging { problems.append("didEndDragging without a drag") }
            dragging = false
            if scrollView.isDragging { problems.append("isDragging in didEndDragging") }
            awaitingDecelerate = decelerate ? true : nil
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
            decelerating = true
            awaitingDecelerate = nil
        }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            if !decelerating { problems.append("didEndDecelerating without willBeginDecelerating") }
            decelerating = false
        }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            let o = scrollView.contentOffset
            if !o.x.isFinite || !o.y.isFinite { problems.append("non-finite offset \(o)") }
        }
    }

    @Test("DESIGN-SCROLL-MOTION random gestures on a 10^4-row scroll view settle within the range", arguments: 0..<40)
    func randomGestures(seed: Int) {
        var rng = FuzzSplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let window = launchWithWindow()
        let sv = UIScrollView(frame: window.bounds)
        sv.contentSize = CGSize(width: 320, height: 44 * 10_000)
        let grammar = Grammar()
        sv.delegate = grammar
        window.addSubview(sv)
        let invariants = SequenceInvariants<ObjectIdentifier, ObjectIdentifier>()
        invariants.context = "seed \(seed)"
        var retained: [UITouch] = []
        func check(_ view: UIView, _ phase: UITouch.Phase, _ touches: Set<UITouch>, _ event: UIEvent?) {
            retained.append(contentsOf: touches)
            func seen(_ t: UITouch) -> SequenceInvariants<ObjectIdentifier, ObjectIdentifier>.Seen {
                .init(touch: ObjectIdentifier(t), view: t.view.map(ObjectIdentifier.init), window: t.window.map(ObjectIdentifier.init),
                      phase: FuzzTouchChecker.phase(t.phase), timestamp: UInt64((t.timestamp * 1e9).rounded()))
            }
            invariants.handlerCall(view: ObjectIdentifier(view), window: ObjectIdentifier(window),
                                   phase: FuzzTouchChecker.phase(phase), touches: touches.map(seen), all: nil,
                                   inWindow: view.window === window)
        }
        // Rows near the top and spread through the content; every fourth holds a button.
        for k in 0..<60 {
            let y = CGFloat(k < 30 ? k * 44 : (k - 30) * 14_000 + 2_000)
            let row = Row(frame: CGRect(x: 0, y: y, width: 320, height: 44))
            row.check = check
            sv.addSubview(row)
            if k % 4 == 0 { row.addSubview(UIButton(frame: CGRect(x: 200, y: 4, width: 100, height: 36))) }
        }
        let finger = TouchDriver(window: window)
        settle()
        func point() -> CGPoint { CGPoint(x: rng.cg(10...310), y: rng.cg(20...460)) }
        for step in 0..<25 {
            invariants.step = step
            sv.bounces = !rng.chance(0.2)
            sv.isPagingEnabled = rng.chance(0.15)
            sv.delaysContentTouches = !rng.chance(0.2)
            sv.canCancelContentTouches = !rng.chance(0.15)
            sv.decelerationRate = rng.chance(0.3) ? .fast : .normal
            switch rng.int(0...5) {
            case 0:
                finger.tap(at: point())
            case 1:
                let a = point()
                finger.drag(from: a, to: CGPoint(x: a.x + rng.cg(-60...60), y: a.y + rng.cg(-400...400)), steps: rng.int(1...12))
            case 2:
                finger.flick(from: point(), velocity: CGPoint(x: rng.cg(-200...200), y: rng.cg(-6000...6000)),
                             duration: Double(rng.int(1...8)) / 60)
            case 3:
                let a = point()
                finger.down(at: a)
                finger.wait(Double(rng.int(0...20)) / 60)
                finger.move(to: CGPoint(x: a.x, y: a.y + rng.cg(-200...200)))
                finger.wait(Double(rng.int(0...10)) / 60)
                finger.up()
            case 4:
                // Flick, then catch it mid-way with a tap or a drag.
                finger.flick(from: point(), velocity: CGPoint(x: 0, y: rng.cg(-4000...4000)))
                finger.wait(Double(rng.int(1...30)) / 60)
                if rng.chance(0.5) { finger.tap(at: point()) } else { finger.drag(from: point(), to: point(), steps: 5) }
            default:
                sv.setContentOffset(CGPoint(x: 0, y: rng.cg(-100...440_000)), animated: rng.chance(0.5))
                finger.wait(Double(rng.int(0...30)) / 60)
            }
            // Settle.
            var waited = 0
            while (sv.isDecelerating || sv.isTracking || sv.isDragging) && waited < 1200 {
                finger.wait(1.0 / 60)
                waited += 1
            }
            finger.wait(0.5)
            let o = sv.contentOffset
            let maxY = sv.contentSize.height - sv.bounds.height
            #expect(!sv.isDecelerating && !sv.isDragging && !sv.isTracking, "seed \(seed) step \(step): at rest")
            #expect(TactileHost.runLoop.currentMode == .default, "seed \(seed) step \(step)")
            let programmatic = o.y < 0 || o.y > maxY  // setContentOffset may leave it anywhere; a drag brings it back
            if !programmatic {
                #expect(o.y >= 0 && o.y <= maxY && o.x == 0, "seed \(seed) step \(step): offset \(o)")
            }
            invariants.checkStep(isInWindow: { _, _ in true })
        }
        invariants.checkEnd()
        #expect(invariants.violations.isEmpty, "\(invariants.violations.prefix(3))")
        #expect(grammar.problems.isEmpty, "seed \(seed): \(grammar.problems.prefix(3))")
        _ = retained
    }
}
