import Foundation
import Testing
import TactileCore

/// The engine's touch router (AG-K-08, AG-L, AG-M, AG-O-05; DESIGN-BAD-INPUT): what it decides, without the
/// object model.
@Suite("TouchRouter")
struct TouchRouterTests {
    let scene: TwoPaneScene
    var tree: ViewTree { scene.tree }
    var window: ViewID { scene.window }
    var left: ViewID { scene.left }
    var right: ViewID { scene.right }
    var router: TouchRouter { scene.router }
    let recorder = FrameRecorder()

    init() throws {
        scene = try TwoPaneScene()
        scene.router.frontEnd = recorder
    }

    /// One handler call as made: the touches claimed when it was made.
    struct Call: Equatable, CustomStringConvertible {
        var view: ViewID
        var phase: EventRecord.TouchPhase
        var ids: [UInt32]
        var description: String { "\(phase) \(view) \(ids)" }
    }

    /// The router's front end here: claims every call of every frame, in order, and records it; frames are
    /// listed in the order they began (a nested cancellation after the frame inside which it happened).
    final class FrameRecorder: TouchFrontEnd {
        var frames: [[Call]] = []
        var motions: [MotionPhase] = []
        /// Runs once, at the start of the next frame's delivery, before its calls are claimed.
        var beforeClaims: (() -> Void)?

        func deliverEvent(_ frame: TouchRouter.Frame, from router: TouchRouter) {
            let index = frames.count
            frames.append([])
            if let hook = beforeClaims {
                beforeClaims = nil
                hook()
            }
            frames[index] = frame.calls.map { i in
                let decided = router.call(i, of: frame)
                return Call(view: decided.view, phase: decided.phase, ids: router.claim(i, of: frame).touches.map(\.touchID))
            }
        }
        func deliverMotion(_ phase: MotionPhase, timestamp: UInt64) { motions.append(phase) }
        func handleSystem(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64, from router: TouchRouter) {}
    }

    func touch(_ id: UInt32, _ phase: EventRecord.TouchPhase, _ x: Double, _ y: Double, t: UInt64, window w: UInt32? = nil) -> EventRecord {
        scene.touch(id, phase, x, y, t: t, window: w)
    }

    /// Routes `records`, returning the handler calls of every frame and the motions.
    @discardableResult
    func route(_ records: [EventRecord]) -> (calls: [[Call]], motions: [MotionPhase]) {
        let (frames, motions) = (recorder.frames.count, recorder.motions.count)
        records.withUnsafeBufferPointer { router.route($0) }
        return (Array(recorder.frames[frames...]), Array(recorder.motions[motions...]))
    }

    @Test("A front end replaced while a batch is routed: the next frame goes to the new one; the old one lives until the batch is done")
    func frontEndReplacedMidBatch() {
        // TouchRouter.route takes the front end once per batch and again when it was replaced (frontEndVersion).
        let replacement = FrameRecorder()
        weak var replaced: FrameRecorder?
        do {
            let first = FrameRecorder()
            replaced = first
            router.frontEnd = first
            first.beforeClaims = { [unowned router = router] in router.frontEnd = replacement }
        }
        let records = [touch(1, .began, 20, 20, t: 1), touch(1, .moved, 22, 20, t: 2), touch(1, .moved, 24, 20, t: 3)]
        records.withUnsafeBufferPointer { router.route($0) }
        #expect(replaced == nil, "the replaced front end goes once the batch is done")
        #expect(replacement.frames.map(\.count) == [1, 1], "the frames after the replacement reach the new front end")
        #expect(replacement.frames.flatMap { $0 }.map(\.phase) == [.moved, .moved])
    }

    @Test("a reset router is new again (its tree restored, no fingers, counts, taps, front end or screen) and routes as it did the first time")
    func resetRouterIsNew() throws {
        // The touch-sequences fuzzer reuses one router per scene (SceneCache): what one input leaves must not reach the next.
        let template = tree.copy()
        let records = [touch(1, .began, 10, 10, t: 1), touch(2, .began, 200, 10, t: 1), touch(1, .ended, 12, 10, t: 2),
                       touch(3, .began, 20, 20, t: 3), touch(3, .moved, 30, 20, t: 4)]
        let first = route(records)
        let counters = router.counters
        #expect(router.liveTouchCount == 2 && counters.ended == 1)
        router.beginIgnoringInteractionEvents()
        try tree.removeFromParent(right)  // cancels finger 2
        #expect(router.differenceFromNew() != nil)
        router.reset(restoringTreeFrom: template)
        #expect(router.differenceFromNew() == nil)
        #expect(tree.firstDifference(from: template) == nil)
        #expect(router.liveTouchCount == 0 && router.counters.samples == 0 && router.counters.frames == 0 && router.frontEnd == nil && router.screen.isEmpty)
        router.frontEnd = recorder
        router.screen = [window]
        let again = route(records)
        #expect(again.calls == first.calls)
        #expect(router.counters == counters)
    }

    @Test("AG-M-03 AG-M-08 samples with one timestamp form one event; a second sample of a finger starts the next")
    func m03Frames() {
        let (frames, _) = route([
            touch(1, .began, 10, 10, t: 1), touch(2, .began, 200, 10, t: 1),
            touch(1, .moved, 20, 10, t: 2), touch(1, .moved, 30, 10, t: 2),
        ])
        #expect(frames == [
            [Call(view: left, phase: .began, ids: [1]), Call(view: right, phase: .began, ids: [2])],
            [Call(view: left, phase: .moved, ids: [1])],
            [Call(view: left, phase: .moved, ids: [1])],
        ])
        #expect(router.counters.frames == 3)
        // Finger 2 did not change in the last frames: stationary, in the table, not delivered.
        let two = (0..<router.liveTouchCount).map { router.touch(atSlot: router.liveSlot($0)) }.first { $0.id == 2 }
        #expect(two?.phase == .stationary)
    }

    @Test("AG-K-08 the binding made at began sticks when the finger leaves the view, and locations follow it")
    func k08StickyBinding() {
        let (frames, _) = route([touch(1, .began, 10, 10, t: 1), touch(1, .moved, 300, 400, t: 2), touch(1, .ended, 310, 470, t: 3)])
        #expect(frames.map { $0.map(\.view) } == [[left], [left], [left]])
        #expect(frames.map { $0.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(router.liveTouchCount == 0)
    }

    @Test("AG-M-08 one view, several fingers in one frame: one call per phase, began before moved before ended")
    func m08GroupedPerViewAndPhase() throws {
        try tree.setFlags(.multipleTouchEnabled, true, of: left)
        route([touch(1, .began, 10, 10, t: 1)])
        let (frames, _) = route([touch(2, .began, 20, 10, t: 2), touch(1, .ended, 11, 10, t: 2), touch(3, .began, 30, 10, t: 2)])
        #expect(frames == [[Call(view: left, phase: .began, ids: [2, 3]), Call(view: left, phase: .ended, ids: [1])]])
    }

    @Test("AG-L-03 a single-touch view sees only the first finger; the withheld one stays in the table")
    func l03SingleTouch() {
        let (frames, _) = route([touch(1, .began, 10, 10, t: 1), touch(2, .began, 20, 10, t: 2), touch(2, .moved, 25, 10, t: 3),
                                 touch(1, .ended, 10, 10, t: 4), touch(2, .ended, 25, 10, t: 5)])
        #expect(frames.map { $0.map(\.ids) } == [[[1]], [], [], [[1]], []])
        #expect(router.counters.withheld == 1)
    }

    @Test("AG-L-04 an exclusive view tracking a finger keeps new fingers from other views, and the reverse")
    func l04ExclusiveTouch() throws {
        try tree.setFlags(.exclusiveTouch, true, of: left)
        // Exclusive view first: the finger on the other view is withheld.
        var (frames, _) = route([touch(1, .began, 10, 10, t: 1), touch(2, .began, 200, 10, t: 2)])
        #expect(frames.map { $0.map(\.view) } == [[left], []])
        route([touch(1, .ended, 10, 10, t: 3), touch(2, .ended, 200, 10, t: 3)])
        // Other view first: a finger landing on the exclusive view is withheld.
        (frames, _) = route([touch(3, .began, 200, 10, t: 4), touch(4, .began, 10, 10, t: 5)])
        #expect(frames.map { $0.map(\.view) } == [[right], []])
        #expect(router.counters.withheld == 2)
    }

    @Test("AG-L-02 while new touches are not accepted, a finger is swallowed for its whole life; live ones go on")
    func l02Ignoring() {
        route([touch(1, .began, 10, 10, t: 1)])
        router.beginIgnoringInteractionEvents()
        var (frames, _) = route([touch(2, .began, 200, 10, t: 2), touch(1, .moved, 12, 10, t: 3)])
        #expect(frames.map { $0.map(\.ids) } == [[], [[1]]])
        router.endIgnoringInteractionEvents()
        (frames, _) = route([touch(2, .moved, 210, 10, t: 4), touch(2, .ended, 210, 10, t: 5)])
        #expect(frames.map { $0.count } == [0, 0])
        #expect(router.counters.ignored == 1 && router.counters.swallowedSamples == 2)
        #expect(router.counters.errors == 0)
    }

    @Test("AG-F-10 cancelling every touch: one cancelled call per view; later samples swallowed until the lift")
    func f10CancelAll() throws {
        route([touch(1, .began, 10, 10, t: 1), touch(2, .began, 200, 10, t: 1)])
        router.cancelAll(timestamp: 1)
        #expect(recorder.frames.last == [Call(view: left, phase: .cancelled, ids: [1]), Call(view: right, phase: .cancelled, ids: [2])])
        let delivered = recorder.frames.count
        router.cancelAll(timestamp: 1)
        #expect(recorder.frames.count == delivered)  // nothing left to cancel
        let (frames, _) = route([touch(1, .moved, 12, 10, t: 2), touch(1, .ended, 12, 10, t: 3), touch(2, .ended, 200, 10, t: 3)])
        #expect(frames.allSatisfy { $0.isEmpty })
        // The ids are free again.
        let (again, _) = route([touch(1, .began, 10, 10, t: 4)])
        #expect(again == [[Call(view: left, phase: .began, ids: [1])]])
        #expect(router.counters.errors == 0)
    }

    @Test("a view leaving its window inside another frame's delivery: its touches are cancelled in a nested frame that overtakes their pending calls")
    func nestedCancellation() throws {
        route([touch(1, .began, 10, 10, t: 1), touch(2, .began, 200, 10, t: 1)])
        // Before the calls are made, a handler removes the right view: its touch is cancelled now.
        recorder.beforeClaims = { [tree, right] in try? tree.removeFromParent(right) }
        let (frames, _) = route([touch(1, .moved, 11, 10, t: 2), touch(2, .moved, 201, 10, t: 2)])
        #expect(frames == [
            [Call(view: left, phase: .moved, ids: [1]), Call(view: right, phase: .moved, ids: [])],  // overtaken
            [Call(view: right, phase: .cancelled, ids: [2])],
        ])
        #expect(router.liveTouchCount == 1)
    }

    @Test("removing or destroying a view between events delivers its touches' cancellation at once, through the tree")
    func cancellationThroughTheTree() throws {
        let inner = try tree.makeView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        try tree.addChild(inner, to: right)
        route([touch(1, .began, 10, 10, t: 1), touch(2, .began, 200, 20, t: 1)])
        try tree.removeFromParent(right)  // takes `inner`, which finger 2 hit, with it
        #expect(recorder.frames.last == [Call(view: inner, phase: .cancelled, ids: [2])])
        try tree.destroy(left)
        #expect(recorder.frames.last == [Call(view: left, phase: .cancelled, ids: [1])])
        #expect(router.liveTouchCount == 0 && router.counters.cancelledDetached == 0)
    }

    @Test("a finger whose view left its window without notice is dropped, counted, never delivered again")
    func detachedSafetyNet() throws {
        route([touch(1, .began, 200, 10, t: 1)])
        tree.removeObserver(router)  // the router does not hear of the removal
        try tree.removeFromParent(right)
        let (frames, _) = route([touch(1, .moved, 201, 10, t: 2), touch(1, .ended, 201, 10, t: 3)])
        #expect(frames.allSatisfy { $0.isEmpty })
        #expect(router.counters.cancelledDetached == 1)
    }

    @Test("AG-K-04 a finger on nothing hittable is missed, not an error; its later samples are swallowed")
    func k04Missed() throws {
        try tree.setFlags(.interactionDisabled, true, of: window)
        let (frames, _) = route([touch(1, .began, 10, 10, t: 1), touch(1, .ended, 10, 10, t: 2)])
        #expect(frames.allSatisfy { $0.isEmpty })
        #expect(router.counters.missed == 1 && router.counters.errors == 0)
    }

    @Test("window id 0: screen coordinates, the front-most window of the screen that claims the point")
    func screenCoordinates() throws {
        let popup = try tree.makeView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        router.screen = [popup, window]
        let (frames, _) = route([touch(1, .began, 120, 110, t: 1, window: 0), touch(2, .began, 10, 10, t: 1, window: 0)])
        #expect(frames == [[Call(view: popup, phase: .began, ids: [1]), Call(view: left, phase: .began, ids: [2])]])
        let one = (0..<router.liveTouchCount).map { router.touch(atSlot: router.liveSlot($0)) }.first { $0.id == 1 }!
        #expect(one.x == 20 && one.y == 10)  // in the popup's coordinates
    }

    @Test("AG-T-06 AG-M-09 tapCount counts quick taps close together on the same view")
    func t06TapCount() {
        let ms: UInt64 = 1_000_000
        var counts: [UInt32] = []
        // 3 quick taps count up; after a long pause 1 again; 26 pt away 1; on the other view 1.
        for (k, (x, t)) in [(10.0, 0), (12.0, 100), (14.0, 200), (14.0, 800), (40.0, 900), (200.0, 1000)].enumerated() {
            let id = UInt32(k + 1), start = UInt64(t) * ms + 1
            route([touch(id, .began, x, 10, t: start)])
            counts.append(router.touch(atSlot: router.liveSlot(0)).tapCount)
            route([touch(id, .ended, x, 10, t: start + 10 * ms)])
        }
        #expect(counts == [1, 2, 3, 1, 1, 1])
    }

    @Test("AG-T-06 a finger that moved away before lifting is no tap; interval and distance are configurable")
    func t06TapRules() {
        let custom = TouchRouter(tree: tree, configuration: .init(tapInterval: 1_000_000_000, tapDistance: 50))
        #expect(custom.configuration.tapInterval == 1_000_000_000 && custom.configuration.tapDistance == 50)
        route([touch(1, .began, 10, 10, t: 1), touch(1, .moved, 100, 10, t: 2), touch(1, .ended, 100, 10, t: 3)])
        route([touch(2, .began, 100, 10, t: 4)])
        #expect(router.touch(atSlot: router.liveSlot(0)).tapCount == 1)
    }

    @Test("AG-O-05 a shake under the limit ends; a longer one is cancelled; unmatched records are errors")
    func o05Shake() {
        let s: UInt64 = 1_000_000_000
        let (_, motions) = route([.motion(.shakeBegan, timestamp: 0), .motion(.shakeEnded, timestamp: s / 2),
                                  .motion(.shakeBegan, timestamp: s), .motion(.shakeEnded, timestamp: 2 * s + 1),
                                  .motion(.shakeEnded, timestamp: 3 * s), .motion(.shakeBegan, timestamp: 4 * s),
                                  .motion(.shakeBegan, timestamp: 4 * s), .motion(.shakeCancelled, timestamp: 5 * s)])
        #expect(motions == [.began, .ended, .began, .cancelled, .began, .cancelled])
        #expect(router.counters.unmatchedMotion == 2)
    }

    @Test("bad input: table full, unknown finger, duplicate began, unknown window — counted, never delivered")
    func badInput() {
        let (frames, _) = route([
            touch(9, .moved, 10, 10, t: 1),                      // unknown finger
            touch(1, .began, 10, 10, t: 2), touch(1, .began, 10, 10, t: 3),  // duplicate began
            touch(2, .began, 10, 10, t: 4, window: 99_999),      // unknown window
            touch(3, .began, 200, 10, t: 5), touch(4, .began, 200, 10, t: 5), touch(6, .began, 200, 10, t: 5),
        ])
        // Fingers 1, 2 (refused, but down: its samples are swallowed), 3 and 4 fill the table of 4.
        let c = router.counters
        #expect(c.unknownTouch == 1 && c.duplicateBegan == 1 && c.unknownWindow == 1 && c.tableFull == 1)
        #expect(c.errors == 4)
        #expect(frames.flatMap { $0 }.flatMap(\.ids).sorted() == [1, 3])
        #expect(router.lastError == .tableFull(touchID: 6, capacity: 4))
    }

    @Test("the delivery log is the same for the same input, and off by default")
    func deliveryLogDeterministic() throws {
        #expect(router.log == nil)
        func run() throws -> [String] {
            let tree = ViewTree()
            let w = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let router = TouchRouter(tree: tree)
            router.log = DeliveryLog()
            let records: [EventRecord] = [.touch(1, .began, window: TouchRouter.windowID(of: w), x: 1, y: 2, timestamp: 5),
                                          .touch(1, .moved, window: TouchRouter.windowID(of: w), x: 1.5, y: 2, timestamp: 6),
                                          .touch(1, .ended, window: TouchRouter.windowID(of: w), x: 1.5, y: 2, timestamp: 7),
                                          .touch(1, .ended, window: TouchRouter.windowID(of: w), x: 1.5, y: 2, timestamp: 8)]
            records.withUnsafeBufferPointer { router.route($0) }
            return router.log!.lines
        }
        let a = try run(), b = try run()
        #expect(a == b)
        #expect(a == ["5 touchesBegan view=0 [1@(1,2) tap=1]", "6 touchesMoved view=0 [1@(1.5,2) tap=1]",
                      "7 touchesEnded view=0 [1@(1.5,2) tap=1]", "8 error touch 1 moved, ended or was cancelled without a began"])
    }
}
