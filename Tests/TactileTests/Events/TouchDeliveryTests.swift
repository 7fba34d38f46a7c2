import Foundation
import Testing
import Tactile

// MARK: - Recording helpers (names prefixed `Touch…` to stay unique in the module)

/// What one touch looked like inside one handler call, captured at the time of the call.
@MainActor
struct TouchSnapshot {
    let touch: UITouch
    let phase: UITouch.Phase
    /// `location(in: receiver)`.
    let location: CGPoint
    /// `previousLocation(in: receiver)`.
    let previous: CGPoint
    /// `location(in: nil)`: window coordinates.
    let windowLocation: CGPoint
    let tapCount: Int
    let view: UIView?
    let window: UIWindow?
    let timestamp: TimeInterval
}

/// One handler call (`touchesBegan/Moved/Ended/Cancelled`) as the receiver saw it.
@MainActor
struct TouchRecorderCall {
    /// Which handler ran.
    let handler: UITouch.Phase
    let touches: [TouchSnapshot]
    let allTouches: Set<UITouch>
    /// `event.touches(for: receiver)`.
    let touchesForSelf: Set<UITouch>
    /// The phase of every touch of the event at the time of the call (stationary ones included).
    let allPhases: [ObjectIdentifier: UITouch.Phase]
    /// `receiver.window` during the call.
    let receiverWindow: UIWindow?
    let event: UIEvent?

    var count: Int { touches.count }
    var touchSet: Set<UITouch> { Set(touches.map(\.touch)) }
    func snapshot(_ t: UITouch) -> TouchSnapshot? { touches.first { $0.touch === t } }
    /// AG-T-04: `touches.count == event.touches(for: self).count`.
    var isLastFingerUp: Bool { touches.count == touchesForSelf.count }
}

/// An ordered log shared by several views: "A.began 1", "B.moved 2" …
@MainActor
final class TouchJournal {
    var lines: [String] = []
}

@MainActor
func touchPhaseName(_ p: UITouch.Phase) -> String {
    switch p {
    case .began: "began"
    case .moved: "moved"
    case .stationary: "stationary"
    case .ended: "ended"
    case .cancelled: "cancelled"
    default: "other"
    }
}

/// A view that records every touch handler call and does not forward (it handles the touches).
@MainActor
class TouchRecorderView: UIView {
    var name = "?"
    var calls: [TouchRecorderCall] = []
    var journal: TouchJournal?
    /// Runs inside the handler, after the call was recorded.
    var onTouches: ((TouchRecorderView, UITouch.Phase, Set<UITouch>, UIEvent?) -> Void)?

    func record(_ handler: UITouch.Phase, _ touches: Set<UITouch>, _ event: UIEvent?) {
        let snaps = touches.map { t in
            TouchSnapshot(touch: t, phase: t.phase, location: t.location(in: self), previous: t.previousLocation(in: self),
                          windowLocation: t.location(in: nil), tapCount: t.tapCount, view: t.view, window: t.window,
                          timestamp: t.timestamp)
        }
        let all = event?.allTouches ?? []
        var phases: [ObjectIdentifier: UITouch.Phase] = [:]
        for t in all { phases[ObjectIdentifier(t)] = t.phase }
        calls.append(TouchRecorderCall(handler: handler, touches: snaps, allTouches: all,
                                       touchesForSelf: event?.touches(for: self) ?? [], allPhases: phases,
                                       receiverWindow: window, event: event))
        journal?.lines.append("\(name).\(touchPhaseName(handler)) \(touches.count)")
        onTouches?(self, handler, touches, event)
    }

    /// The handler names in order: ["began", "moved", "ended"].
    var phases: [String] { calls.map { touchPhaseName($0.handler) } }
    /// Every touch object this view was handed, in first-seen order.
    var touchObjects: [UITouch] {
        var seen: [UITouch] = []
        for c in calls { for s in c.touches where !seen.contains(where: { $0 === s.touch }) { seen.append(s.touch) } }
        return seen
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record(.began, touches, event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record(.moved, touches, event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record(.ended, touches, event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record(.cancelled, touches, event) }
}

/// AG-K-06 / AG-L-05: a recorder that keeps every touch inside it for itself.
@MainActor
final class TouchGreedyRecorderView: TouchRecorderView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        return self
    }
}

/// AG-T-08 (Listing 3-2): horizontal swipe = at least 12 pt across with at most 4 pt vertical drift.
@MainActor
final class TouchSwipeView: UIView {
    static let horizontalSwipeDragMin: CGFloat = 12
    static let verticalSwipeDragMax: CGFloat = 4
    var start = CGPoint.zero
    var swipes: [String] = []
    var swipedThisSequence = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        start = touches.first!.location(in: self)
        swipedThisSequence = false
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        let current = touches.first!.location(in: self)
        guard !swipedThisSequence else { return }
        if abs(start.x - current.x) >= Self.horizontalSwipeDragMin, abs(start.y - current.y) <= Self.verticalSwipeDragMax {
            swipes.append(start.x < current.x ? "right" : "left")
            swipedThisSequence = true
        }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// AG-T-07 (delay pattern): a single tap is acted on after a delay unless a second tap cancels it.
@MainActor
final class TouchDoubleTapView: UIView {
    static let delay: UInt64 = 300_000_000  // 0.3 s
    var singleTaps = 0
    var doubleTaps = 0
    /// Cancels the pending single-tap perform (`cancelPreviousPerformRequests`).
    var cancelPending: (() -> Void)?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touches.first!.tapCount == 2, let cancelPending {
            cancelPending()
            self.cancelPending = nil
        }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let touch = touches.first!
        if touch.tapCount == 1 {
            let id = TactileHost.runLoop.perform(after: Self.delay) { [weak self] in
                self?.singleTaps += 1
                self?.cancelPending = nil
            }
            cancelPending = { TactileHost.runLoop.cancel(id) }
        } else if touch.tapCount == 2 {
            doubleTaps += 1
        }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

// MARK: - Tests

/// Touch delivery to views (AG-K-04 … AG-K-08, AG-L, AG-M, AG-T; fixtures AG-CC-06 … AG-CC-11, AG-CC-13, AG-CC-14, AG-CC-16).
@MainActor
@Suite("Touch delivery")
struct TouchDeliveryTests {
    /// A fresh deterministic app with one key 320×480 window.
    static func scene() -> UIWindow {
        TactileHost.launch(delegate: nil)
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        w.makeKeyAndVisible()
        return w
    }

    static func recorder(_ name: String, _ frame: CGRect, in parent: UIView, journal: TouchJournal? = nil) -> TouchRecorderView {
        let v = TouchRecorderView(frame: frame)
        v.name = name
        v.journal = journal
        parent.addSubview(v)
        return v
    }

    static let left = CGRect(x: 10, y: 10, width: 100, height: 100)
    static let right = CGRect(x: 150, y: 10, width: 100, height: 100)

    // MARK: AG-K-08 / AG-CC-06

    @Test("AG-K-08 AG-CC-06 sticky binding: a finger that leaves its view keeps going to it; touch.view stays")
    func k08Sticky() {
        let w = Self.scene()
        let v = Self.recorder("V", Self.left, in: w)
        let other = Self.recorder("O", CGRect(x: 150, y: 150, width: 100, height: 100), in: w)
        let finger = TouchDriver(window: w)
        finger.down(at: CGPoint(x: 50, y: 50))
        finger.move(to: CGPoint(x: 200, y: 200))  // over O
        finger.move(to: CGPoint(x: 310, y: 470))  // over the window only
        finger.up()
        #expect(v.phases == ["began", "moved", "moved", "ended"], "V keeps every phase of its finger")
        #expect(other.calls.isEmpty, "the view under the finger later never sees it")
        for call in v.calls {
            #expect(call.touches.first?.view === v, "touch.view stays the view hit at began (\(touchPhaseName(call.handler)))")
            #expect(call.touches.first?.window === w)
        }
        #expect(v.calls[1].touches.first?.location == CGPoint(x: 190, y: 190), "location(in:) is in V's coordinates, outside its bounds")
        #expect(v.calls[2].touches.first?.windowLocation == CGPoint(x: 310, y: 470))
    }

    // MARK: AG-CC-07 / AG-M-05

    @Test("AG-CC-07 AG-M-05 one UITouch per finger, mutated in place; previousLocation is the prior location; a new finger is a new object")
    func m05Identity() {
        let w = Self.scene()
        let v = Self.recorder("V", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        let finger = TouchDriver(window: w)
        finger.down(at: CGPoint(x: 20, y: 20))
        finger.move(to: CGPoint(x: 30, y: 25))
        finger.move(to: CGPoint(x: 40, y: 35))
        finger.up(at: CGPoint(x: 45, y: 40))
        #expect(v.calls.count == 4)
        guard v.calls.count == 4 else { return }
        let touch = v.calls[0].touches[0].touch
        for call in v.calls {
            #expect(call.count == 1)
            #expect(call.touches[0].touch === touch, "the same UITouch object in \(touchPhaseName(call.handler))")
        }
        #expect(v.calls.map { $0.touches[0].phase } == [.began, .moved, .moved, .ended], "the phase is mutated")
        #expect(v.calls.map { $0.touches[0].location } ==
                [CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 25), CGPoint(x: 40, y: 35), CGPoint(x: 45, y: 40)])
        #expect(v.calls[0].touches[0].previous == CGPoint(x: 20, y: 20), "at began the previous location is the location")
        for k in 1..<4 {
            #expect(v.calls[k].touches[0].previous == v.calls[k - 1].touches[0].location,
                    "previousLocation(in:) equals the location of the prior event (call \(k))")
        }
        let stamps = v.calls.map { $0.touches[0].timestamp }
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 }, "timestamp is mutated on every change: \(stamps)")
        // Identity is a usable dictionary key for the whole sequence (AG-T-10).
        var starts: [UITouch: CGPoint] = [:]
        starts[touch] = v.calls[0].touches[0].location
        #expect(starts[v.calls[3].touches[0].touch] == CGPoint(x: 20, y: 20))

        // A new finger (even with the same producer id) gets a new object; the old one is not reused.
        finger.down(at: CGPoint(x: 60, y: 60))
        finger.up()
        #expect(v.calls.count == 6)
        if v.calls.count == 6 { #expect(v.calls[4].touches[0].touch !== touch, "a new sequence never reuses a touch object") }
        // Two fingers down together are two objects.
        v.isMultipleTouchEnabled = true
        finger.frame([(0, .began, CGPoint(x: 10, y: 10)), (1, .began, CGPoint(x: 100, y: 100))])
        #expect(v.calls.last?.count == 2)
        #expect(Set(v.calls.last?.touches.map { ObjectIdentifier($0.touch) } ?? []).count == 2)
        finger.frame([(0, .ended, CGPoint(x: 10, y: 10)), (1, .ended, CGPoint(x: 100, y: 100))])
    }

    // MARK: AG-M-04 / AG-T-01

    @Test("AG-M-04 AG-T-01 each handler matches its phase; phases have UIKit's raw values; a producer cancel is touchesCancelled")
    func m04Phases() {
        #expect([UITouch.Phase.began, .moved, .stationary, .ended, .cancelled].map(\.rawValue) == [0, 1, 2, 3, 4])
        let w = Self.scene()
        let v = Self.recorder("V", Self.left, in: w)
        let finger = TouchDriver(window: w)
        finger.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 60, y: 60), steps: 2)
        finger.down(at: CGPoint(x: 30, y: 30))
        finger.move(to: CGPoint(x: 35, y: 30))
        finger.cancel()
        #expect(v.phases == ["began", "moved", "moved", "ended", "began", "moved", "cancelled"])
        for call in v.calls {
            #expect(call.touches.allSatisfy { $0.phase == call.handler },
                    "touch.phase is the handler's phase in \(touchPhaseName(call.handler))")
        }
    }

    // MARK: AG-CC-08 / AG-L-03

    @Test("AG-CC-08 AG-L-03 isMultipleTouchEnabled false: the second finger is never reported; the sequence ends with the first")
    func l03SingleTouch() {
        let w = Self.scene()
        let v = Self.recorder("V", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        #expect(!v.isMultipleTouchEnabled, "default is false")
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 20, y: 20))
        finger.down(1, at: CGPoint(x: 100, y: 100))
        finger.frame([(0, .moved, CGPoint(x: 25, y: 20)), (1, .moved, CGPoint(x: 105, y: 100))])
        finger.move(1, to: CGPoint(x: 110, y: 100))  // only the ignored finger moves: no call
        finger.up(0)
        finger.move(1, to: CGPoint(x: 120, y: 100))
        finger.down(2, at: CGPoint(x: 50, y: 50))      // finger 1 is still down: same sequence, still ignored
        finger.up(2)
        finger.up(1)
        #expect(v.phases == ["began", "moved", "ended"])
        let first = v.calls.first?.touches.first?.touch
        #expect(v.calls.allSatisfy { $0.count == 1 && $0.touches[0].touch === first }, "only the first finger is reported")
        if v.calls.count == 3 {
            #expect(v.calls[1].allTouches.count == 2, "allTouches still holds both fingers while both are down")
            #expect(v.calls[2].allTouches.count == 2, "at the first finger's end the ignored one is still down")
        }
        // A new sequence (every finger lifted) is delivered again.
        finger.tap(at: CGPoint(x: 30, y: 30))
        #expect(v.phases.suffix(2) == ["began", "ended"])
    }

    @Test("AG-CC-08 AG-L-03 isMultipleTouchEnabled true: both reported; allTouches 2; a stationary finger is not in touches")
    func l03MultipleTouch() {
        let w = Self.scene()
        let v = Self.recorder("V", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        v.isMultipleTouchEnabled = true
        let finger = TouchDriver(window: w)
        finger.frame([(0, .began, CGPoint(x: 20, y: 20)), (1, .began, CGPoint(x: 100, y: 100))])
        finger.move(0, to: CGPoint(x: 30, y: 20))
        finger.down(2, at: CGPoint(x: 150, y: 150))
        finger.frame([(0, .ended, CGPoint(x: 30, y: 20)), (1, .moved, CGPoint(x: 101, y: 100)), (2, .ended, CGPoint(x: 150, y: 150))])
        finger.up(1)
        #expect(v.phases == ["began", "moved", "began", "moved", "ended", "ended"])
        guard v.calls.count == 6 else { return }
        #expect(v.calls[0].count == 2 && v.calls[0].allTouches.count == 2, "both fingers in one touchesBegan")
        let f0 = v.calls[1].touches[0].touch
        let f1 = v.calls[0].touches.first { $0.touch !== f0 }!.touch
        #expect(v.calls[1].count == 1 && v.calls[1].allTouches.count == 2)
        #expect(v.calls[1].allPhases[ObjectIdentifier(f1)] == .stationary, "the finger that did not move is stationary in the event")
        #expect(!v.calls[1].touchSet.contains(f1), "a stationary touch is never in the handler's touches")
        #expect(v.calls[2].count == 1 && v.calls[2].allTouches.count == 3, "a later finger: touchesBegan with it alone")
        #expect(v.calls[3].touchSet == [f1] && v.calls[4].count == 2, "one frame: moved {f1}, then ended {f0, f2}")
        #expect(v.calls[5].touchSet == [f1] && v.calls[5].allTouches == [f1])
    }

    // MARK: AG-CC-09 / AG-M-09

    @Test("AG-CC-09 AG-M-09 two fingers on two views: each view gets only its own; touches(for:) partitions allTouches")
    func m09TwoViews() {
        let w = Self.scene()
        let journal = TouchJournal()
        let a = Self.recorder("A", Self.left, in: w, journal: journal)
        let b = Self.recorder("B", Self.right, in: w, journal: journal)
        let finger = TouchDriver(window: w)
        finger.frame([(0, .began, CGPoint(x: 50, y: 50)), (1, .began, CGPoint(x: 200, y: 50))])
        finger.frame([(0, .moved, CGPoint(x: 55, y: 50)), (1, .moved, CGPoint(x: 205, y: 50))])
        finger.frame([(0, .ended, CGPoint(x: 55, y: 50)), (1, .ended, CGPoint(x: 205, y: 50))])
        #expect(journal.lines == ["A.began 1", "B.began 1", "A.moved 1", "B.moved 1", "A.ended 1", "B.ended 1"])
        for (view, other) in [(a, b), (b, a)] {
            for call in view.calls {
                #expect(call.touches.allSatisfy { $0.view === view })
                #expect(call.allTouches.count == 2)
                guard let event = call.event, let all = event.allTouches else { Issue.record("no event"); continue }
                let mine = event.touches(for: view) ?? [], theirs = event.touches(for: other) ?? []
                #expect(mine.isDisjoint(with: theirs) && mine.union(theirs) == all, "touches(for:) partitions allTouches")
                #expect(event.touches(for: w) == all, "touches(for: window) is every touch of that window")
            }
        }
    }

    // MARK: AG-CC-10 / AG-L-04

    @Test("AG-CC-10 AG-L-04 an exclusive view tracking a finger keeps a finger landing on another view of its window out")
    func l04ExclusiveBlocksOthers() {
        let w = Self.scene()
        let e = Self.recorder("E", Self.left, in: w)
        let a = Self.recorder("A", Self.right, in: w)
        e.isExclusiveTouch = true
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 50, y: 50))   // E tracks
        finger.down(1, at: CGPoint(x: 200, y: 50))  // lands on A: withheld
        finger.move(1, to: CGPoint(x: 210, y: 50))
        finger.up(0)
        finger.move(1, to: CGPoint(x: 220, y: 50))  // still the withheld sequence
        finger.up(1)
        #expect(e.phases == ["began", "ended"])
        #expect(a.calls.isEmpty, "A never sees a finger that landed while E tracked one: \(a.phases)")
        finger.tap(at: CGPoint(x: 200, y: 50))
        #expect(a.phases == ["began", "ended"], "once E tracks nothing, A gets new fingers")
    }

    @Test("AG-CC-10 AG-L-04 a finger landing on an exclusive view is kept out while another view of the window tracks")
    func l04ExclusiveBlockedByOthers() {
        let w = Self.scene()
        let e = Self.recorder("E", Self.left, in: w)
        let a = Self.recorder("A", Self.right, in: w)
        e.isExclusiveTouch = true
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 200, y: 50))  // A tracks
        finger.down(1, at: CGPoint(x: 50, y: 50))   // lands on E: withheld
        finger.move(1, to: CGPoint(x: 55, y: 50))
        finger.move(0, to: CGPoint(x: 205, y: 50))
        finger.up(1)
        finger.up(0)
        #expect(a.phases == ["began", "moved", "ended"])
        #expect(e.calls.isEmpty, "E never sees a finger that landed while A tracked one: \(e.phases)")
        finger.tap(at: CGPoint(x: 50, y: 50))
        #expect(e.phases == ["began", "ended"])
    }

    @Test("AG-CC-10 AG-L-04 an exclusive multi-touch view may take a second finger itself; plain views share freely")
    func l04ExclusiveSelfAndPlain() {
        let w = Self.scene()
        let e = Self.recorder("E", Self.left, in: w)
        let a = Self.recorder("A", Self.right, in: w)
        let b = Self.recorder("B", CGRect(x: 10, y: 200, width: 100, height: 100), in: w)
        e.isExclusiveTouch = true
        e.isMultipleTouchEnabled = true
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 30, y: 30))
        finger.down(1, at: CGPoint(x: 80, y: 80))
        finger.frame([(0, .ended, CGPoint(x: 30, y: 30)), (1, .ended, CGPoint(x: 80, y: 80))])
        #expect(e.phases == ["began", "began", "ended"], "E is the only view tracking, so its own second finger is delivered")
        // Two non-exclusive views track at the same time.
        finger.down(0, at: CGPoint(x: 200, y: 50))
        finger.down(1, at: CGPoint(x: 50, y: 250))
        finger.frame([(0, .ended, CGPoint(x: 200, y: 50)), (1, .ended, CGPoint(x: 50, y: 250))])
        #expect(a.phases == ["began", "ended"] && b.phases == ["began", "ended"])
    }

    @Test("AG-CC-10 AG-L-04 exclusive touch is per window: a view in another window is unaffected (screen coordinates)")
    func l04OtherWindow() {
        TactileHost.launch(delegate: nil)
        let top = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let bottom = UIWindow(frame: CGRect(x: 0, y: 240, width: 320, height: 240))
        top.makeKeyAndVisible()
        bottom.makeKeyAndVisible()
        let e = Self.recorder("E", Self.left, in: top)
        let c = Self.recorder("C", Self.left, in: bottom)
        e.isExclusiveTouch = true
        let screen = TouchDriver()
        screen.down(0, at: CGPoint(x: 50, y: 50))     // E in the top window
        screen.down(1, at: CGPoint(x: 50, y: 290))    // C in the bottom window, at (50, 50) there
        screen.frame([(0, .ended, CGPoint(x: 50, y: 50)), (1, .ended, CGPoint(x: 50, y: 290))])
        #expect(e.phases == ["began", "ended"])
        #expect(c.phases == ["began", "ended"], "another window's view gets its finger while E tracks")
        #expect(c.calls.first?.touches.first?.window === bottom)
        #expect(c.calls.first?.touches.first?.windowLocation == CGPoint(x: 50, y: 50), "location(in: nil) is in the touch's window")
        // And the other way round: C tracks, a finger lands on exclusive E.
        screen.down(0, at: CGPoint(x: 50, y: 290))
        screen.down(1, at: CGPoint(x: 50, y: 50))
        screen.frame([(0, .ended, CGPoint(x: 50, y: 290)), (1, .ended, CGPoint(x: 50, y: 50))])
        #expect(e.phases == ["began", "ended", "began", "ended"], "E is the only view tracking in its own window")
    }

    // MARK: AG-CC-11 / AG-T-04

    @Test("AG-CC-11 AG-T-04 last finger up: touches.count == touches(for: self).count only at the last lift")
    func t04LastFingerUp() {
        let w = Self.scene()
        let v = Self.recorder("V", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        v.isMultipleTouchEnabled = true
        let finger = TouchDriver(window: w)
        finger.frame([(0, .began, CGPoint(x: 20, y: 20)), (1, .began, CGPoint(x: 60, y: 60)), (2, .began, CGPoint(x: 90, y: 90))])
        finger.up(0)
        finger.frame([(1, .ended, CGPoint(x: 60, y: 60)), (2, .ended, CGPoint(x: 90, y: 90))])
        let ends = v.calls.filter { $0.handler == .ended }
        #expect(ends.map(\.count) == [1, 2])
        #expect(ends.map(\.isLastFingerUp) == [false, true])
        #expect(ends.map(\.touchesForSelf.count) == [3, 2])
    }

    // MARK: AG-K-04

    @Test("AG-K-04 AG-CC-03 hidden, userInteractionEnabled false and alpha < 0.01 views never receive touches: the view behind does")
    func k04Exclusions() {
        let w = Self.scene()
        let back = Self.recorder("back", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        let front = Self.recorder("front", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        let inner = Self.recorder("inner", CGRect(x: 10, y: 10, width: 50, height: 50), in: front)
        let finger = TouchDriver(window: w)
        let p = CGPoint(x: 20, y: 20)
        let settings: [(String, (UIView) -> Void, (UIView) -> Void)] = [
            ("hidden", { $0.isHidden = true }, { $0.isHidden = false }),
            ("userInteractionEnabled = false", { $0.isUserInteractionEnabled = false }, { $0.isUserInteractionEnabled = true }),
            ("alpha 0.005", { $0.alpha = 0.005 }, { $0.alpha = 1 }),
        ]
        for (what, set, reset) in settings {
            for target in [inner, front] as [TouchRecorderView] {
                back.calls = []; front.calls = []; inner.calls = []
                set(target)
                finger.tap(at: p)
                finger.wait(0.5)
                reset(target)
                if target === inner {
                    #expect(front.phases == ["began", "ended"] && inner.calls.isEmpty, "\(what) on inner: its superview gets the touch")
                } else {
                    #expect(back.phases == ["began", "ended"] && front.calls.isEmpty && inner.calls.isEmpty,
                            "\(what) on front excludes its whole subtree: back gets the touch")
                }
            }
        }
        back.calls = []; inner.calls = []
        inner.alpha = 0.01
        finger.tap(at: p)
        #expect(inner.phases == ["began", "ended"], "alpha exactly 0.01 is still hit")
        inner.isUserInteractionEnabled = false
        inner.calls = []
        finger.wait(0.5)
        finger.tap(at: p)
        #expect(inner.calls.isEmpty)
    }

    // MARK: AG-K-06 / AG-L-05

    @Test("AG-K-06 AG-L-05 a superview whose hitTest returns itself gets all touches, multi-touch included")
    func k06Greedy() {
        let w = Self.scene()
        let parent = TouchGreedyRecorderView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        parent.name = "P"
        parent.isMultipleTouchEnabled = true
        w.addSubview(parent)
        let a = Self.recorder("A", Self.left, in: parent)
        let b = Self.recorder("B", Self.right, in: parent)
        let finger = TouchDriver(window: w)
        finger.tap(at: CGPoint(x: 50, y: 50), count: 2)
        finger.frame([(0, .began, CGPoint(x: 50, y: 50)), (1, .began, CGPoint(x: 200, y: 50))])
        finger.frame([(0, .ended, CGPoint(x: 50, y: 50)), (1, .ended, CGPoint(x: 200, y: 50))])
        #expect(a.calls.isEmpty && b.calls.isEmpty, "the subviews see nothing")
        #expect(parent.phases == ["began", "ended", "began", "ended", "began", "ended"])
        #expect(parent.calls.allSatisfy { c in c.touches.allSatisfy { $0.view === parent } }, "touch.view is the superview")
        #expect(parent.calls[2].touches.first?.tapCount == 2, "multi-taps reach it")
        #expect(parent.calls[4].count == 2, "both fingers of a multi-touch reach it in one call")
    }

    // MARK: AG-CC-13 / AG-B-04 / AG-L-06

    @Test("AG-CC-13 AG-B-04 AG-L-06 an interruption cancels touches in flight; touches while inactive are dropped; resume delivers new ones")
    func b04Interruption() {
        let w = Self.scene()
        let v = Self.recorder("V", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 20, y: 20))
        finger.move(0, to: CGPoint(x: 25, y: 20))
        TactileHost.interrupt()
        #expect(UIApplication.shared.applicationState == .inactive)
        #expect(v.phases == ["began", "moved", "cancelled"], "the in-flight touch is cancelled when the app resigns active")
        #expect(v.calls.last?.touches.first?.phase == .cancelled)
        finger.move(0, to: CGPoint(x: 30, y: 20))
        finger.down(1, at: CGPoint(x: 50, y: 50))
        finger.move(1, to: CGPoint(x: 55, y: 50))
        #expect(v.calls.count == 3, "nothing is delivered while inactive")
        TactileHost.resume()
        finger.move(0, to: CGPoint(x: 35, y: 20))   // the old finger's later samples are swallowed
        finger.up(0)
        finger.move(1, to: CGPoint(x: 60, y: 50))   // a finger that landed while inactive stays swallowed
        finger.up(1)
        #expect(v.calls.count == 3, "old and inactive-time fingers stay swallowed after resume: \(v.phases)")
        finger.tap(at: CGPoint(x: 40, y: 40))
        #expect(v.phases == ["began", "moved", "cancelled", "began", "ended"], "new touches are delivered again")
    }

    // MARK: AG-CC-14 / AG-L-02

    @Test("AG-CC-14 AG-L-02 begin/endIgnoringInteractionEvents nest; new touches are dropped, a tracking finger continues")
    func l02Ignoring() {
        let w = Self.scene()
        let v = Self.recorder("V", CGRect(x: 0, y: 0, width: 200, height: 200), in: w)
        v.isMultipleTouchEnabled = true
        let app = UIApplication.shared
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 20, y: 20))        // tracking before ignoring
        app.beginIgnoringInteractionEvents()
        app.beginIgnoringInteractionEvents()
        #expect(app.isIgnoringInteractionEvents)
        finger.down(1, at: CGPoint(x: 50, y: 50))        // dropped
        finger.move(0, to: CGPoint(x: 25, y: 20))        // still delivered
        app.endIgnoringInteractionEvents()
        #expect(app.isIgnoringInteractionEvents, "one end after two begins: still ignoring")
        finger.down(2, at: CGPoint(x: 80, y: 80))        // dropped
        finger.up(0)                                      // still delivered
        app.endIgnoringInteractionEvents()
        #expect(!app.isIgnoringInteractionEvents)
        finger.move(1, to: CGPoint(x: 55, y: 50))        // began while ignoring: stays dropped
        finger.up(1)
        finger.up(2)
        #expect(v.phases == ["began", "moved", "ended"], "only the finger tracked before ignoring: \(v.phases)")
        finger.tap(at: CGPoint(x: 30, y: 30))
        #expect(v.phases.suffix(2) == ["began", "ended"], "delivery resumes after a balanced end")
        app.endIgnoringInteractionEvents()                // unbalanced: no effect
        app.beginIgnoringInteractionEvents()
        #expect(app.isIgnoringInteractionEvents, "an unbalanced end does not make a later begin ineffective")
        app.endIgnoringInteractionEvents()
    }

    // MARK: AG-F-10 / AG-M-10

    @Test("AG-F-10 AG-M-10 a system cancel cancels every live touch exactly once; later samples of those fingers are swallowed")
    func f10SystemCancel() {
        let w = Self.scene()
        let journal = TouchJournal()
        let a = Self.recorder("A", Self.left, in: w, journal: journal)
        let b = Self.recorder("B", Self.right, in: w, journal: journal)
        a.isMultipleTouchEnabled = true
        let finger = TouchDriver(window: w)
        finger.frame([(0, .began, CGPoint(x: 20, y: 20)), (1, .began, CGPoint(x: 60, y: 60)), (2, .began, CGPoint(x: 200, y: 50))])
        finger.systemCancel()
        finger.systemCancel()   // nothing live: nothing happens
        finger.frame([(0, .moved, CGPoint(x: 25, y: 20)), (2, .moved, CGPoint(x: 205, y: 50))])
        finger.frame([(0, .ended, CGPoint(x: 25, y: 20)), (1, .ended, CGPoint(x: 60, y: 60)), (2, .ended, CGPoint(x: 205, y: 50))])
        #expect(journal.lines == ["A.began 2", "B.began 1", "A.cancelled 2", "B.cancelled 1"])
        #expect(a.calls.last?.touches.allSatisfy { $0.phase == .cancelled } == true)
        #expect(b.calls.last?.touches.first?.phase == .cancelled)
        finger.tap(at: CGPoint(x: 200, y: 50))
        #expect(journal.lines.suffix(2) == ["B.began 1", "B.ended 1"], "new fingers are delivered after the cancel")
    }

    // MARK: Removal

    @Test("AG-H-05 AG-K-08 a view removed from its window mid-sequence gets touchesCancelled (while still in the window), then nothing")
    func removalCancels() {
        let w = Self.scene()
        let container = Self.recorder("C", CGRect(x: 0, y: 0, width: 300, height: 300), in: w)
        let v = Self.recorder("V", Self.left, in: container)
        let child = Self.recorder("child", CGRect(x: 10, y: 10, width: 50, height: 50), in: v)
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 15, y: 15))     // V
        finger.down(1, at: CGPoint(x: 30, y: 30))     // child (at 20,20 in V)
        finger.move(0, to: CGPoint(x: 16, y: 15))
        v.removeFromSuperview()
        #expect(v.phases == ["began", "moved", "cancelled"])
        #expect(child.phases == ["began", "cancelled"], "a removed subtree's touches are cancelled too")
        #expect(v.calls.last?.receiverWindow === w && child.calls.last?.receiverWindow === w,
                "touchesCancelled arrives while the view is still in its window")
        finger.move(0, to: CGPoint(x: 20, y: 15))
        finger.move(1, to: CGPoint(x: 35, y: 30))
        finger.up(0)
        finger.up(1)
        #expect(v.calls.count == 3 && child.calls.count == 2, "nothing reaches a removed view afterwards")
        #expect(container.calls.isEmpty, "nothing is redirected to the superview either")
    }

    @Test("AG-H-05 a view that removes itself from inside its own touchesMoved gets touchesCancelled, then nothing")
    func removalFromOwnHandler() {
        let w = Self.scene()
        let v = Self.recorder("V", Self.left, in: w)
        v.onTouches = { view, phase, _, _ in
            if phase == .moved { view.removeFromSuperview() }
        }
        let finger = TouchDriver(window: w)
        finger.down(at: CGPoint(x: 20, y: 20))
        finger.move(to: CGPoint(x: 25, y: 20))
        finger.move(to: CGPoint(x: 30, y: 20))
        finger.up()
        #expect(v.phases == ["began", "moved", "cancelled"])
        #expect(v.calls.last?.receiverWindow === w)
        #expect(v.calls.last?.touches.first?.phase == .cancelled)
    }

    @Test("AG-H-05 a handler removing another view with a moved touch due in the same event: that view gets cancelled, not moved")
    func removalOfOtherViewMidFrameMoved() {
        let w = Self.scene()
        let journal = TouchJournal()
        let a = Self.recorder("A", Self.left, in: w, journal: journal)
        let b = Self.recorder("B", Self.right, in: w, journal: journal)
        a.onTouches = { _, phase, _, _ in if phase == .moved { b.removeFromSuperview() } }
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 50, y: 50))
        finger.down(1, at: CGPoint(x: 200, y: 50))
        finger.frame([(0, .moved, CGPoint(x: 55, y: 50)), (1, .moved, CGPoint(x: 205, y: 50))])
        finger.frame([(0, .ended, CGPoint(x: 55, y: 50)), (1, .ended, CGPoint(x: 205, y: 50))])
        #expect(journal.lines == ["A.began 1", "B.began 1", "A.moved 1", "B.cancelled 1", "A.ended 1"])
        #expect(b.calls.allSatisfy { $0.receiverWindow === w }, "B is never called outside its window")
    }

    @Test("AG-H-05 a handler removing another view with an ended touch due in the same event: no call reaches it outside the window")
    func removalOfOtherViewMidFrameEnded() {
        let w = Self.scene()
        let journal = TouchJournal()
        let a = Self.recorder("A", Self.left, in: w, journal: journal)
        let b = Self.recorder("B", Self.right, in: w, journal: journal)
        a.onTouches = { _, phase, _, _ in if phase == .moved { b.removeFromSuperview() } }
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 50, y: 50))
        finger.down(1, at: CGPoint(x: 200, y: 50))
        finger.frame([(0, .moved, CGPoint(x: 55, y: 50)), (1, .ended, CGPoint(x: 200, y: 50))])
        finger.up(0)
        #expect(b.calls.allSatisfy { $0.receiverWindow === w },
                "B was removed before its ended was delivered: it must not be called outside its window (\(journal.lines))")
        #expect(b.phases.filter { $0 == "ended" || $0 == "cancelled" }.count == 1, "B's sequence ends exactly once")
        #expect(journal.lines == ["A.began 1", "B.began 1", "A.moved 1", "B.cancelled 1", "A.ended 1"])
    }

    @Test("AG-H-05 AG-H-06 a handler removing and letting go of another view with a call due in the same event: cancelled in its window, then released")
    func removalAndReleaseOfOtherViewMidFrame() {
        // The event's handler calls name their views by handle and hold none (UIApplication.dispatch): B goes
        // while the event is still being sent (its touch ended with the cancel), and its moved call, still in
        // the event's list, finds no view.
        let w = Self.scene()
        let journal = TouchJournal()
        let a = JournalingView(name: "A", frame: Self.left, journal: journal)  // (keeps no touches: they name their views)
        var b: JournalingView? = JournalingView(name: "B", frame: Self.right, journal: journal)
        w.addSubview(a)
        w.addSubview(b!)
        weak let released = b
        a.onTouches = { phase in
            if phase == .moved, let view = b {
                view.removeFromSuperview()
                b = nil
            }
        }
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 50, y: 50))
        finger.down(1, at: CGPoint(x: 200, y: 50))
        finger.frame([(0, .moved, CGPoint(x: 55, y: 50)), (1, .moved, CGPoint(x: 205, y: 50))])
        finger.frame([(0, .moved, CGPoint(x: 60, y: 50)), (1, .moved, CGPoint(x: 210, y: 50))])
        finger.frame([(0, .ended, CGPoint(x: 60, y: 50)), (1, .ended, CGPoint(x: 210, y: 50))])
        #expect(journal.lines == ["A.began 1 in window", "B.began 1 in window", "A.moved 1 in window", "B.cancelled 1 in window",
                                  "A.moved 1 in window", "A.ended 1 in window"])
        #expect(released == nil, "nothing keeps B once its touch has ended")
    }

    @Test("A relaunch from inside a touch handler: the old app's frame finishes, then the old app is released")
    func relaunchFromAHandler() {
        // The delivery path borrows the app (no retain per event): the old app must live until its frame is
        // sent, and not longer.
        let w = Self.scene()
        weak let first = UIApplication.shared
        let journal = TouchJournal()
        let a = JournalingView(name: "A", frame: Self.left, journal: journal)
        let b = JournalingView(name: "B", frame: Self.right, journal: journal)
        w.addSubview(a)
        w.addSubview(b)
        var relaunched = false
        a.onTouches = { phase in
            if phase == .moved, !relaunched {
                relaunched = true
                TactileHost.launch(delegate: nil)
            }
        }
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 50, y: 50))
        finger.down(1, at: CGPoint(x: 200, y: 50))
        finger.frame([(0, .moved, CGPoint(x: 55, y: 50)), (1, .moved, CGPoint(x: 205, y: 50))])
        #expect(journal.lines == ["A.began 1 in window", "B.began 1 in window", "A.moved 1 in window", "B.moved 1 in window"])
        #expect(first == nil, "the replaced app goes once its last event is sent")
    }

    @Test("AG-H-05 a handler removing another view whose finger began in the same event: it gets no touchesCancelled without a began")
    func removalOfOtherViewMidFrameBegan() {
        let w = Self.scene()
        let journal = TouchJournal()
        let a = Self.recorder("A", Self.left, in: w, journal: journal)
        let b = Self.recorder("B", Self.right, in: w, journal: journal)
        a.onTouches = { _, phase, _, _ in if phase == .began { b.removeFromSuperview() } }
        let finger = TouchDriver(window: w)
        finger.frame([(0, .began, CGPoint(x: 50, y: 50)), (1, .began, CGPoint(x: 200, y: 50))])
        finger.frame([(0, .ended, CGPoint(x: 50, y: 50)), (1, .ended, CGPoint(x: 200, y: 50))])
        #expect(b.calls.allSatisfy { $0.receiverWindow === w }, "B is never called outside its window (\(journal.lines))")
        #expect(!b.phases.contains("cancelled") || b.phases.contains("began"),
                "a view never gets touchesCancelled for a touch it never got touchesBegan for (\(journal.lines))")
        #expect(a.phases == ["began", "ended"])
    }

    @Test("AG-F-10 AG-H-05 during a system cancel, a touchesCancelled handler removing another view: that view is not called outside the window")
    func removalDuringSystemCancel() {
        let w = Self.scene()
        let journal = TouchJournal()
        let a = Self.recorder("A", Self.left, in: w, journal: journal)
        let b = Self.recorder("B", Self.right, in: w, journal: journal)
        a.onTouches = { _, phase, _, _ in if phase == .cancelled { b.removeFromSuperview() } }
        let finger = TouchDriver(window: w)
        finger.down(0, at: CGPoint(x: 50, y: 50))
        finger.down(1, at: CGPoint(x: 200, y: 50))
        finger.systemCancel()
        #expect(journal.lines == ["A.began 1", "B.began 1", "A.cancelled 1", "B.cancelled 1"], "each sequence ends exactly once")
        #expect(b.calls.allSatisfy { $0.receiverWindow === w },
                "B's touchesCancelled must reach it before it leaves the window, or not at all (B.window during the call: \(String(describing: b.calls.last?.receiverWindow)))")
    }

    @Test("AG-M-01 every began ends in exactly one ended or cancelled, however the sequence ends")
    func everyBeganEnds() {
        let w = Self.scene()
        let views = (0..<4).map { i in
            Self.recorder("V\(i)", CGRect(x: 10 + CGFloat(i % 2) * 150, y: 10 + CGFloat(i / 2) * 150, width: 100, height: 100), in: w)
        }
        for v in views { v.isMultipleTouchEnabled = true }
        let finger = TouchDriver(window: w)
        let p = [CGPoint(x: 50, y: 50), CGPoint(x: 200, y: 50), CGPoint(x: 50, y: 200), CGPoint(x: 200, y: 200)]
        finger.frame([(0, .began, p[0]), (1, .began, p[1]), (2, .began, p[2]), (3, .began, p[3])])
        finger.up(0)                       // ended
        finger.cancel(1)                   // producer cancel
        views[2].removeFromSuperview()     // removal
        finger.systemCancel()              // system cancel (finger 3)
        finger.frame([(1, .ended, p[1]), (2, .ended, p[2]), (3, .ended, p[3])])
        for v in views {
            for t in v.touchObjects {
                let began = v.calls.filter { $0.handler == .began && $0.touchSet.contains(t) }.count
                let ends = v.calls.filter { ($0.handler == .ended || $0.handler == .cancelled) && $0.touchSet.contains(t) }.count
                #expect(began == 1 && ends == 1, "\(v.name): began \(began), ended/cancelled \(ends)")
            }
        }
        #expect(views.map(\.phases) == [["began", "ended"], ["began", "cancelled"], ["began", "cancelled"], ["began", "cancelled"]])
    }

    // MARK: AG-T-06 / AG-M-09 taps

    @Test("AG-T-06 AG-M-09 tapCount counts quick taps on one view, resets after the interval or 10 pt away, and not across views")
    func t06TapCount() {
        let w = Self.scene()
        let a = Self.recorder("A", CGRect(x: 0, y: 0, width: 150, height: 150), in: w)
        let b = Self.recorder("B", CGRect(x: 160, y: 0, width: 150, height: 150), in: w)
        let finger = TouchDriver(window: w)
        func lastTapCounts(_ v: TouchRecorderView) -> [Int] { v.calls.suffix(2).compactMap { $0.touches.first?.tapCount } }
        let p = CGPoint(x: 50, y: 50)
        finger.tap(at: p, count: 3)
        #expect(a.calls.compactMap { $0.touches.first?.tapCount } == [1, 1, 2, 2, 3, 3], "began and ended both carry the count")
        finger.wait(0.3)
        finger.tap(at: p)
        #expect(lastTapCounts(a) == [4, 4], "0.3 s later is still within the 0.35 s interval")
        finger.wait(0.5)
        finger.tap(at: p)
        #expect(lastTapCounts(a) == [1, 1], "after the interval the count starts again")
        finger.wait(0.1)
        finger.tap(at: CGPoint(x: p.x + 15, y: p.y))
        #expect(lastTapCounts(a) == [1, 1], "a tap more than 10 pt away starts again")
        finger.wait(0.1)
        finger.tap(at: CGPoint(x: p.x + 20, y: p.y + 5))
        #expect(lastTapCounts(a) == [2, 2], "within 10 pt of the previous tap counts up")
        finger.wait(0.1)
        finger.tap(at: CGPoint(x: 200, y: 50))
        #expect(lastTapCounts(b) == [1, 1], "a quick tap on another view is not a multi-tap")
        finger.wait(0.5)
        finger.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 100, y: 100), steps: 2)
        finger.wait(0.1)
        finger.tap(at: CGPoint(x: 100, y: 100))
        #expect(lastTapCounts(a) == [1, 1], "a drag is not a tap: the next tap counts from 1")
    }

    // MARK: AG-T-08 swipe

    @Test("AG-T-08 swipe detection with the 12 pt / 4 pt rule")
    func t08Swipe() {
        let w = Self.scene()
        let v = TouchSwipeView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        w.addSubview(v)
        let finger = TouchDriver(window: w)
        finger.swipe(.right, from: CGPoint(x: 100, y: 100))
        finger.swipe(.left, from: CGPoint(x: 200, y: 100))
        finger.swipe(.down, from: CGPoint(x: 100, y: 50))
        finger.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 140, y: 110), steps: 1)  // drifts 10 pt
        finger.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 111, y: 100), steps: 1)  // 11 pt only
        finger.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 112, y: 104), steps: 1)  // exactly 12 / 4
        #expect(v.swipes == ["right", "left", "right"])
    }

    // MARK: AG-T-07 / AG-CC-16

    @Test("AG-T-07 AG-CC-16 delay pattern: a single tap acts after the delay; a double tap cancels it and acts as a double")
    func t07DoubleTapDelay() {
        let w = Self.scene()
        let v = TouchDoubleTapView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        w.addSubview(v)
        let finger = TouchDriver(window: w)
        finger.tap(at: CGPoint(x: 50, y: 50))
        #expect(v.singleTaps == 0, "the single-tap action waits for the delay")
        finger.wait(0.5)
        #expect(v.singleTaps == 1 && v.doubleTaps == 0)
        finger.wait(0.5)
        finger.tap(at: CGPoint(x: 50, y: 50), count: 2)
        #expect(v.doubleTaps == 1)
        finger.wait(1)
        #expect(v.singleTaps == 1, "the double tap cancelled the pending single tap")
        #expect(v.cancelPending == nil)
    }

    // MARK: Windows

    @Test("AG-K-01 AG-G screen touches go to the front-most visible window that claims the point (level, then hidden)")
    func windowPicking() {
        TactileHost.launch(delegate: nil)
        let main = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let alert = UIWindow(frame: CGRect(x: 20, y: 100, width: 200, height: 100))
        alert.windowLevel = .alert
        main.makeKeyAndVisible()
        alert.isHidden = false
        let inMain = Self.recorder("M", CGRect(x: 0, y: 0, width: 320, height: 480), in: main)
        let inAlert = Self.recorder("A", CGRect(x: 0, y: 0, width: 200, height: 100), in: alert)
        let screen = TouchDriver()
        screen.tap(at: CGPoint(x: 50, y: 150))
        #expect(inAlert.phases == ["began", "ended"] && inMain.calls.isEmpty, "the alert-level window is in front")
        #expect(inAlert.calls.first?.touches.first?.windowLocation == CGPoint(x: 30, y: 50), "window coordinates")
        #expect(inAlert.calls.first?.touches.first?.window === alert)
        screen.wait(0.5)
        screen.tap(at: CGPoint(x: 50, y: 300))
        #expect(inMain.phases == ["began", "ended"], "outside the alert window the main window gets it")
        alert.isHidden = true
        screen.wait(0.5)
        screen.tap(at: CGPoint(x: 50, y: 150))
        #expect(inMain.phases.count == 4 && inAlert.calls.count == 2, "a hidden window never gets touches")
        // Raising the main window's level puts it in front.
        alert.isHidden = false
        main.windowLevel = UIWindow.Level(rawValue: 3000)
        screen.wait(0.5)
        screen.tap(at: CGPoint(x: 50, y: 150))
        #expect(inMain.phases.count == 6 && inAlert.calls.count == 2, "higher windowLevel wins")
    }

    @Test("G makeKeyAndVisible puts the window in front of the other windows of its level (UIKit docs)")
    func windowSameLevelOrder() {
        TactileHost.launch(delegate: nil)
        let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let inFirst = Self.recorder("1", CGRect(x: 0, y: 0, width: 320, height: 480), in: first)
        let inSecond = Self.recorder("2", CGRect(x: 0, y: 0, width: 320, height: 480), in: second)
        second.makeKeyAndVisible()
        first.makeKeyAndVisible()   // shown last: ordered in front within its level
        let screen = TouchDriver()
        screen.tap(at: CGPoint(x: 50, y: 50))
        #expect(inFirst.phases == ["began", "ended"] && inSecond.calls.isEmpty,
                "the window made visible last is front-most within a level (got first: \(inFirst.phases), second: \(inSecond.phases))")
    }
}

/// A view that writes its handler calls to a journal ("B.moved 1 in window") and keeps no touches, events or
/// views (a test can watch a view being released).
@MainActor
final class JournalingView: UIView {
    let name: String
    weak var journal: TouchJournal?
    /// Runs inside the handler, after the call was written down.
    var onTouches: ((UITouch.Phase) -> Void)?

    init(name: String, frame: CGRect, journal: TouchJournal) {
        self.name = name
        self.journal = journal
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { nil }

    private func note(_ handler: UITouch.Phase, _ touches: Set<UITouch>) {
        journal?.lines.append("\(name).\(touchPhaseName(handler)) \(touches.count)\(window == nil ? "" : " in window")")
        onTouches?(handler)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note(.began, touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note(.moved, touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note(.ended, touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note(.cancelled, touches) }
}
