import CTactile
import Foundation
import TactileTestSupport
import Testing

/// What the delivery, scroll, gesture and action callbacks saw, in one log: "touch <phase> <view id>" per
/// delivery, "scroll <kind> <view id> (x,y)" per scroll event (with the extras of will-end and did-end dragging),
/// "gesture <state>" and "action <event>".
final class ScrollRecorder {
    var log: [String] = []
    var events: [tactile_scroll_event] = []
    var app = tactile_app(id: 0)
    /// Set during WILL_END_DRAGGING as the new target.
    var retarget: tactile_point?
    /// Read the run-loop mode in every scroll event.
    var modes: [UInt32] = []
    /// Called inside every scroll event (hostile callbacks).
    var inside: ((tactile_scroll_event) -> Void)?

    var scrollLog: [String] { log.filter { $0.hasPrefix("scroll") } }
    func kinds(_ view: tactile_view) -> [UInt32] { events.filter { $0.view.id == view.id }.map(\.kind) }
}

private func number(_ v: Double) -> String { v == v.rounded() ? String(Int64(v)) : String(format: "%.3f", v) }

private let recordScroll: tactile_scroll_fn = { user, event in
    let r = Unmanaged<ScrollRecorder>.fromOpaque(user!).takeUnretainedValue()
    let e = event!.pointee
    var line = "scroll \(e.kind) \(e.view.id) (\(number(e.offset.x)),\(number(e.offset.y)))"
    if e.kind == TACTILE_SCROLL_DID_END_DRAGGING.rawValue { line += " decelerate=\(e.decelerate)" }
    r.log.append(line)
    r.events.append(e)
    var mode: UInt32 = 9
    _ = tactile_app_get_run_loop_mode(r.app, &mode)
    r.modes.append(mode)
    if e.kind == TACTILE_SCROLL_WILL_END_DRAGGING.rawValue, let t = r.retarget { event!.pointee.target = t }
    r.inside?(e)
}

private let recordTouches: tactile_delivery_fn = { user, delivery in
    let r = Unmanaged<ScrollRecorder>.fromOpaque(user!).takeUnretainedValue()
    let d = delivery!.pointee
    r.log.append("touch \(d.phase) \(d.view.id)")
}

/// Scroll views through tactile.h (DESIGN-CAPI-SCROLL): drags after the pan's 10 points, the content's touches
/// cancelled, the offset following the finger, deceleration, bounce and paging on the run loop's clock, the
/// delegate's events in UIKit's order, nesting, and the C gestures.
///
/// The scene: a 320×480 window; `scroll` filling it, its content 320×2000; `row` (0, 100, 320, 44) in it.
@Suite("C API scroll views")
struct ScrollCAPITests {
    let app: tactile_app
    let window: tactile_view, scroll: tactile_view, row: tactile_view
    let recorder = ScrollRecorder()

    static let ms: UInt64 = 1_000_000
    static let t0: UInt64 = 1_000_000_000

    init() throws {
        app = try CAPITests.makeApp(capacity: 256)
        window = try ViewCAPITests.view(app, 0, 0, 320, 480)
        scroll = try ViewCAPITests.view(app, 0, 0, 320, 480, in: window)
        row = try ViewCAPITests.view(app, 0, 100, 320, 44, in: scroll)
        try #require(tactile_view_set_scrollable(app, scroll, 1) == TACTILE_OK)
        try #require(tactile_scroll_set_content_size(app, scroll, 320, 2000) == TACTILE_OK)
        recorder.app = app
        let user = Unmanaged.passUnretained(recorder).toOpaque()
        #expect(tactile_app_set_delivery_callback(app, recordTouches, user) == TACTILE_OK)
        #expect(tactile_app_set_scroll_callback(app, recordScroll, user) == TACTILE_OK)
    }

    func touch(_ id: UInt32, _ phase: tactile_touch_phase, _ x: Double, _ y: Double, t: UInt64) -> tactile_event {
        tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: UInt8(phase.rawValue), flags: 0, touch_id: id,
                      window_id: tactile_window_id(window), altitude: 0, azimuth: 0, timestamp_ns: t, x: x, y: y, force: 0, radius: 0)
    }

    func route(_ events: [tactile_event]) {
        #expect(events.withUnsafeBufferPointer { tactile_route(app, $0.baseAddress, $0.count) } == TACTILE_OK)
    }

    /// A finger from (x, y) moving by (dx, dy) every 10 ms, `steps` times; lifted 10 ms after the last move unless
    /// `lift` is false. Returns the time after the last sample.
    @discardableResult
    func drag(_ id: UInt32 = 1, from x: Double, _ y: Double, by dx: Double, _ dy: Double, steps: Int, at start: UInt64 = t0,
              lift: Bool = true) -> UInt64 {
        route([touch(id, TACTILE_PHASE_BEGAN, x, y, t: start)])
        var t = start
        for k in 1...steps {
            t += 10 * Self.ms
            route([touch(id, TACTILE_PHASE_MOVED, x + dx * Double(k), y + dy * Double(k), t: t)])
        }
        if lift {
            t += 10 * Self.ms
            route([touch(id, TACTILE_PHASE_ENDED, x + dx * Double(steps), y + dy * Double(steps), t: t)])
        }
        return t
    }

    func offset(_ v: tactile_view? = nil) -> tactile_point {
        var p = tactile_point(x: .nan, y: .nan)
        #expect(tactile_scroll_get_content_offset(app, v ?? scroll, &p) == TACTILE_OK)
        return p
    }

    func state(_ v: tactile_view? = nil) -> UInt32 {
        var s: UInt32 = 99
        #expect(tactile_scroll_get_state(app, v ?? scroll, &s) == TACTILE_OK)
        return s
    }

    func mode() -> UInt32 {
        var m: UInt32 = 9
        #expect(tactile_app_get_run_loop_mode(app, &m) == TACTILE_OK)
        return m
    }

    /// Advances the run loop until the scroll view is at rest (at most 10 s).
    func settle() {
        for _ in 0..<600 where state() & (TACTILE_SCROLL_DECELERATING.rawValue | TACTILE_SCROLL_ANIMATING.rawValue) != 0 {
            #expect(tactile_app_advance(app, 1000 * Self.ms / 60) == TACTILE_OK)
        }
    }

    static let k = -1000 * log(TACTILE_SCROLL_DECELERATION_NORMAL)
    /// Apple's projection per point per second of release velocity: r/(1 − r)/1000 (the per-millisecond sum).
    static let p = TACTILE_SCROLL_DECELERATION_NORMAL / (1 - TACTILE_SCROLL_DECELERATION_NORMAL) / 1000

    func kind(_ k: tactile_scroll_event_kind) -> UInt32 { k.rawValue }

    @Test("DESIGN-CAPI-SCROLL a view marked scrollable: UIKit's defaults, its bounds origin as offset, clipping; unmarked, it is a view again")
    func marking() throws {
        // DESIGN-CAPI-SCROLL
        defer { _ = tactile_app_destroy(app) }
        var options: UInt32 = 0, rate = 0.0, size = tactile_size(), inset = tactile_insets(top: 9, left: 9, bottom: 9, right: 9)
        #expect(tactile_scroll_get_options(app, scroll, &options) == TACTILE_OK)
        #expect(options == TACTILE_SCROLL_BOUNCES.rawValue | TACTILE_SCROLL_SCROLL_ENABLED.rawValue | TACTILE_SCROLL_CANCELS_CONTENT_TOUCHES.rawValue)
        #expect(tactile_scroll_get_deceleration_rate(app, scroll, &rate) == TACTILE_OK && rate == 0.998)
        #expect(tactile_scroll_get_content_size(app, scroll, &size) == TACTILE_OK && size.width == 320 && size.height == 2000)
        #expect(tactile_scroll_get_content_inset(app, scroll, &inset) == TACTILE_OK)
        #expect(inset.top == 0 && inset.left == 0 && inset.bottom == 0 && inset.right == 0)
        #expect(state() == 0)
        var flags: UInt32 = 0
        #expect(tactile_view_get_flags(app, scroll, &flags) == TACTILE_OK && flags & TACTILE_VIEW_CLIPS_TO_BOUNDS.rawValue != 0)
        // The offset is the bounds origin, both ways; hit-testing follows it.
        var b = tactile_rect(x: 0, y: 60, width: 320, height: 480)
        #expect(tactile_view_set_bounds(app, scroll, &b) == TACTILE_OK)
        #expect(offset().y == 60)
        #expect(tactile_scroll_set_content_offset(app, scroll, 0, 90, 0) == TACTILE_OK)
        #expect(tactile_view_get_bounds(app, scroll, &b) == TACTILE_OK && b.y == 90 && b.height == 480)
        #expect(ViewCAPITests.hit(app, window, 10, 15) == row.id, "row (y 100…144) is at window y 10…54")
        #expect(recorder.scrollLog == ["scroll 1 \(scroll.id) (0,90)"], "a set offset is a did-scroll; set_bounds is not")
        // Options, inset and rate round-trip; marking again changes nothing.
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_PAGING.rawValue | TACTILE_SCROLL_DIRECTIONAL_LOCK.rawValue, 1) == TACTILE_OK)
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_BOUNCES.rawValue, 0) == TACTILE_OK)
        #expect(tactile_scroll_get_options(app, scroll, &options) == TACTILE_OK)
        #expect(options == TACTILE_SCROLL_PAGING.rawValue | TACTILE_SCROLL_DIRECTIONAL_LOCK.rawValue | TACTILE_SCROLL_SCROLL_ENABLED.rawValue
                | TACTILE_SCROLL_CANCELS_CONTENT_TOUCHES.rawValue)
        var newInset = tactile_insets(top: 64, left: 0, bottom: -10, right: 2)
        #expect(tactile_scroll_set_content_inset(app, scroll, &newInset) == TACTILE_OK)
        #expect(tactile_scroll_get_content_inset(app, scroll, &inset) == TACTILE_OK && inset.top == 64 && inset.bottom == -10)
        #expect(tactile_scroll_set_deceleration_rate(app, scroll, TACTILE_SCROLL_DECELERATION_FAST) == TACTILE_OK)
        #expect(tactile_scroll_get_deceleration_rate(app, scroll, &rate) == TACTILE_OK && rate == 0.99)
        #expect(tactile_view_set_scrollable(app, scroll, 1) == TACTILE_OK)
        #expect(tactile_scroll_get_deceleration_rate(app, scroll, &rate) == TACTILE_OK && rate == 0.99)
        // Unmarked: the getters refuse it (INVALID_STATE), counted; a drag reaches the row.
        #expect(tactile_view_set_scrollable(app, scroll, 0) == TACTILE_OK)
        let errors = CAPITests.counters(app).errors
        #expect(tactile_scroll_get_options(app, scroll, &options) == TACTILE_ERR_INVALID_STATE)
        #expect(CAPITests.lastError.contains("not a scroll view"))
        #expect(CAPITests.counters(app).errors == errors + 1)
        recorder.log = []
        drag(from: 160, 30, by: 0, -10, steps: 3)
        #expect(recorder.log == ["touch 0 \(row.id)", "touch 1 \(row.id)", "touch 1 \(row.id)", "touch 1 \(row.id)", "touch 3 \(row.id)"])
    }

    @Test("DESIGN-CAPI-SCROLL-DRAG DESIGN-CAPI-SCROLL-EVENTS a drag: the row's touch cancelled at 10 points, then will-begin-dragging; the offset follows the finger one to one from there")
    func dragFollowsFinger() throws {
        // DESIGN-CAPI-SCROLL-DRAG, DESIGN-CAPI-SCROLL-EVENTS
        defer { _ = tactile_app_destroy(app) }
        // Up by 5 points every 10 ms from (160, 120) on the row: the pan begins at the second move (10 points).
        let end = drag(from: 160, 120, by: 0, -5, steps: 6, lift: false)
        let s = scroll.id
        #expect(recorder.log == [
            "touch 0 \(row.id)", "touch 1 \(row.id)",                    // began, the first 5 points
            "touch 4 \(row.id)", "scroll 0 \(s) (0,0)",                    // 10 points: cancelled, will begin dragging
            "scroll 1 \(s) (0,5)", "scroll 1 \(s) (0,10)", "scroll 1 \(s) (0,15)", "scroll 1 \(s) (0,20)",
        ])
        #expect(state() == TACTILE_SCROLL_TRACKING.rawValue | TACTILE_SCROLL_DRAGGING.rawValue)
        #expect(mode() == TACTILE_RUN_LOOP_TRACKING.rawValue)
        // Rest 200 ms, then lift: no fling, no deceleration; the row hears nothing more.
        route([touch(1, TACTILE_PHASE_ENDED, 160, 90, t: end + 200 * Self.ms)])
        #expect(Array(recorder.log.suffix(2)) == ["scroll 2 \(s) (0,20)", "scroll 3 \(s) (0,20) decelerate=0"])
        let willEnd = recorder.events[recorder.events.count - 2]
        #expect(willEnd.velocity.x == 0 && willEnd.velocity.y == 0 && willEnd.target.y == 20)
        #expect(willEnd.timestamp_ns == end + 200 * Self.ms)
        #expect(state() == 0 && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        #expect(offset().y == 20)
        #expect(ViewCAPITests.hit(app, window, 160, 90) == row.id, "the row moved up by 20 points")
    }

    @Test("DESIGN-CAPI-SCROLL-MOTION a flick decelerates to Apple's projection x0 + v0/1000·r/(1 − r) on the run loop's clock: will-end (velocity in points per ms, target), did-end (decelerate), will-begin-decelerating, a did-scroll per 1/60 s frame, did-end-decelerating")
    func flickDecelerates() throws {
        // DESIGN-CAPI-SCROLL-MOTION, DESIGN-CAPI-SCROLL-EVENTS
        defer { _ = tactile_app_destroy(app) }
        // 2000 points per second, lifted 10 ms after the last move; the drag begins at the first move (20 points),
        // so the content moves 160 − 20 points.
        drag(from: 160, 400, by: 0, -20, steps: 8)
        let s = scroll.id
        let willEnd = try #require(recorder.events.first { $0.kind == kind(TACTILE_SCROLL_WILL_END_DRAGGING) })
        #expect(abs(willEnd.velocity.y - 2.0) < 1e-9, "2000 points per second = 2 points per ms")
        #expect(willEnd.offset.y == 140)
        let expected = 140 + 2000 * Self.p
        #expect(abs(willEnd.target.y - expected) < 1e-6)
        #expect(Array(recorder.scrollLog.suffix(3)) == ["scroll 2 \(s) (0,140)", "scroll 3 \(s) (0,140) decelerate=1", "scroll 4 \(s) (0,140)"])
        #expect(state() == TACTILE_SCROLL_DECELERATING.rawValue && mode() == TACTILE_RUN_LOOP_TRACKING.rawValue)
        // Frame by frame: x(t) = x0 + P (1 − e^(−kt)), P = v0/1000·r/(1 − r) at t = n/60 s on the loop's clock.
        let before = recorder.events.count
        for _ in 0..<3 { #expect(tactile_app_advance(app, 16_666_667) == TACTILE_OK) }
        let frames = recorder.events[before...].map(\.offset.y)
        #expect(frames.count == 3)
        for (n, y) in frames.enumerated() {
            let t = Double(16_666_667 * (n + 1)) / 1e9
            #expect(abs(y - (140 + 2000 * Self.p * (1 - exp(-Self.k * t)))) < 1e-6, "frame \(n + 1)")
        }
        #expect(recorder.events[before].timestamp_ns == willEnd.timestamp_ns + 16_666_667, "frames carry the touches' clock")
        settle()
        #expect(recorder.events.last?.kind == kind(TACTILE_SCROLL_DID_END_DECELERATING))
        #expect(recorder.events.last?.offset.y == willEnd.target.y)
        #expect(offset().y == willEnd.target.y)
        #expect(state() == 0 && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        // The mode was tracking throughout the drag and the deceleration, and every event came in order.
        #expect(recorder.modes.dropLast().allSatisfy { $0 == TACTILE_RUN_LOOP_TRACKING.rawValue })
        let order = recorder.kinds(scroll).reduce(into: [UInt32]()) { if $0.last != $1 { $0.append($1) } }
        #expect(order == [0, 1, 2, 3, 4, 1, 5])
    }

    @Test("DESIGN-CAPI-SCROLL-EVENTS the callback's target of will-end-dragging is where the content comes to rest")
    func retarget() throws {
        // DESIGN-CAPI-SCROLL-EVENTS: UIKit's inout targetContentOffset.
        defer { _ = tactile_app_destroy(app) }
        recorder.retarget = tactile_point(x: 0, y: 440)
        drag(from: 160, 400, by: 0, -20, steps: 8)
        settle()
        #expect(offset().y == 440)
        #expect(recorder.events.last?.kind == kind(TACTILE_SCROLL_DID_END_DECELERATING) && recorder.events.last?.offset.y == 440)
        // A target past the content is kept within the range (2000 − 480).
        recorder.retarget = tactile_point(x: 0, y: 99_999)
        drag(from: 160, 400, by: 0, -20, steps: 8, at: 3 * Self.t0)
        settle()
        #expect(offset().y == 1520)
    }

    @Test("DESIGN-CAPI-SCROLL-DRAG DESIGN-CAPI-SCROLL-MOTION past the top the drag is rubber-banded; released, it springs back to the edge")
    func bounce() throws {
        // DESIGN-CAPI-SCROLL-DRAG, DESIGN-CAPI-SCROLL-MOTION
        defer { _ = tactile_app_destroy(app) }
        let end = drag(from: 160, 100, by: 0, 10, steps: 11, lift: false)  // 100 points down past the begin
        let y = offset().y
        let d = 480.0, band = (1 - 1 / (100 * 0.55 / d + 1)) * d  // the rubber band of 100 points
        #expect(abs(y + band) < 1e-9, "offset \(y), expected \(-band)")
        route([touch(1, TACTILE_PHASE_ENDED, 160, 210, t: end + 200 * Self.ms)])
        let ended = try #require(recorder.events.last { $0.kind == kind(TACTILE_SCROLL_DID_END_DRAGGING) })
        #expect(ended.decelerate == 1, "out of range: it springs back")
        settle()
        #expect(offset().y == 0)
        #expect(recorder.kinds(scroll).last == kind(TACTILE_SCROLL_DID_END_DECELERATING))
        // Without bouncing the drag stops at the edge and nothing follows.
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_BOUNCES.rawValue, 0) == TACTILE_OK)
        recorder.events = []
        drag(from: 160, 100, by: 0, 10, steps: 11, at: 3 * Self.t0)
        #expect(recorder.events.allSatisfy { $0.offset.y == 0 })
        #expect(recorder.kinds(scroll) == [0, 2, 3])
        #expect(recorder.events.last?.decelerate == 0)
    }

    @Test("DESIGN-CAPI-SCROLL-MOTION paging lands on a page boundary: the nearest for a slow release, the next for a flick")
    func paging() throws {
        // DESIGN-CAPI-SCROLL-MOTION
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_scroll_set_content_size(app, scroll, 960, 480) == TACTILE_OK)  // three pages across
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_PAGING.rawValue, 1) == TACTILE_OK)
        // 100 points left, slowly, resting before the lift: back to page 0.
        let end = drag(from: 300, 200, by: -10, 0, steps: 11, lift: false)
        route([touch(1, TACTILE_PHASE_ENDED, 190, 200, t: end + 200 * Self.ms)])
        settle()
        #expect(offset().x == 0)
        // 200 points, resting: the nearest page is 1.
        let end2 = drag(from: 300, 200, by: -20, 0, steps: 11, at: 3 * Self.t0, lift: false)
        route([touch(1, TACTILE_PHASE_ENDED, 80, 200, t: end2 + 200 * Self.ms)])
        settle()
        #expect(offset().x == 320)
        // A 60-point flick: the next page (2), even though the nearest is still 1.
        drag(from: 300, 200, by: -10, 0, steps: 7, at: 6 * Self.t0)
        let willEnd = try #require(recorder.events.last { $0.kind == kind(TACTILE_SCROLL_WILL_END_DRAGGING) })
        #expect(willEnd.target.x == 640)
        settle()
        #expect(offset().x == 640 && offset().y == 0)
    }

    @Test("DESIGN-CAPI-SCROLL-DRAG directional lock: a drag begun along y moves along y only")
    func directionalLock() throws {
        // DESIGN-CAPI-SCROLL-DRAG
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_scroll_set_content_size(app, scroll, 960, 2000) == TACTILE_OK)
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_DIRECTIONAL_LOCK.rawValue, 1) == TACTILE_OK)
        drag(from: 300, 400, by: -2, -10, steps: 6, lift: false)
        #expect(offset().x == 0 && offset().y == 50)
        // Without the lock the same drag moves along both.
        route([touch(1, TACTILE_PHASE_ENDED, 288, 340, t: 2 * Self.t0)])
        settle()
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_DIRECTIONAL_LOCK.rawValue, 0) == TACTILE_OK)
        #expect(tactile_scroll_set_content_offset(app, scroll, 100, 100, 0) == TACTILE_OK)
        drag(from: 300, 400, by: -2, -10, steps: 6, at: 3 * Self.t0, lift: false)
        #expect(offset().x > 100 && offset().y > 100)
    }

    @Test("DESIGN-CAPI-SCROLL-MOTION a touch-down on a decelerating scroll view stops it where it is, without did-end-decelerating; the row never gets that touch")
    func catchStops() throws {
        // DESIGN-CAPI-SCROLL-MOTION
        defer { _ = tactile_app_destroy(app) }
        drag(from: 160, 400, by: 0, -20, steps: 8)
        for _ in 0..<5 { #expect(tactile_app_advance(app, 16_666_667) == TACTILE_OK) }
        let caught = offset().y
        #expect(caught > 200 && state() == TACTILE_SCROLL_DECELERATING.rawValue)
        recorder.log = []
        recorder.events = []
        // A tap on the row, which moved up to window y 100 − caught … 144 − caught: it stops the scroll view and
        // goes nowhere.
        let rowY = 122 - caught + 200
        #expect(tactile_view_set_center(app, row, 160, 122 + 200) == TACTILE_OK)  // (the row, where the finger lands)
        route([touch(2, TACTILE_PHASE_BEGAN, 160, rowY, t: 2 * Self.t0), touch(2, TACTILE_PHASE_ENDED, 160, rowY, t: 2 * Self.t0 + 50 * Self.ms)])
        #expect(tactile_app_advance(app, 2000 * Self.ms) == TACTILE_OK)
        #expect(offset().y == caught)
        #expect(recorder.log == [], "no delivery, no scroll event")
        #expect(state() == 0 && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        // The next tap reaches the row.
        route([touch(3, TACTILE_PHASE_BEGAN, 160, rowY, t: 3 * Self.t0), touch(3, TACTILE_PHASE_ENDED, 160, rowY, t: 3 * Self.t0 + 50 * Self.ms)])
        #expect(recorder.log == ["touch 0 \(row.id)", "touch 3 \(row.id)"])
    }

    @Test("DESIGN-CAPI-SCROLL-DRAG a second finger that lands while the scroll view drags joins the drag; its view never sees it")
    func joiningFinger() throws {
        // DESIGN-CAPI-SCROLL-DRAG
        defer { _ = tactile_app_destroy(app) }
        let other = try ViewCAPITests.view(app, 0, 300, 320, 44, in: scroll)
        drag(from: 160, 120, by: 0, -10, steps: 3, lift: false)
        #expect(offset().y == 20)
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 160, 300, t: Self.t0 + 40 * Self.ms)])
        // Both fingers up 10: the centroid moves 10, the content follows.
        route([touch(1, TACTILE_PHASE_MOVED, 160, 80, t: Self.t0 + 50 * Self.ms), touch(2, TACTILE_PHASE_MOVED, 160, 290, t: Self.t0 + 50 * Self.ms)])
        #expect(offset().y == 30)
        route([touch(1, TACTILE_PHASE_ENDED, 160, 80, t: Self.t0 + 300 * Self.ms), touch(2, TACTILE_PHASE_ENDED, 160, 290, t: Self.t0 + 300 * Self.ms)])
        #expect(!recorder.log.contains { $0.hasPrefix("touch") }, "\(other.id) never got finger 2: \(recorder.log)")
        #expect(state() == 0)
    }

    @Test("DESIGN-CAPI-SCROLL-NESTED a vertical table in a horizontal pager: a vertical drag scrolls the table, a horizontal one the pager")
    func nested() throws {
        // DESIGN-CAPI-SCROLL-NESTED
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_scroll_set_content_size(app, scroll, 960, 480) == TACTILE_OK)  // the pager
        let table = try ViewCAPITests.view(app, 0, 0, 320, 480, in: scroll)
        #expect(tactile_view_set_scrollable(app, table, 1) == TACTILE_OK)
        #expect(tactile_scroll_set_content_size(app, table, 320, 4000) == TACTILE_OK)
        let cell = try ViewCAPITests.view(app, 0, 200, 320, 44, in: table)
        drag(from: 160, 220, by: 0, -10, steps: 5, lift: false)
        #expect(offset(table).y == 40 && offset().x == 0)
        route([touch(1, TACTILE_PHASE_ENDED, 160, 170, t: 2 * Self.t0)])
        settle()
        recorder.events = []
        recorder.log = []
        drag(from: 200, 180, by: -10, 0, steps: 5, at: 3 * Self.t0, lift: false)  // on the cell (window y 160 … 204)
        #expect(offset().x == 40 && offset(table).y == 40)
        #expect(recorder.log.first == "touch 0 \(cell.id)" && recorder.log.contains("touch 4 \(cell.id)"))
        #expect(recorder.kinds(table) == [], "the inner table could not scroll across")
        #expect(recorder.kinds(scroll).first == 0)
        #expect(state(table) == TACTILE_SCROLL_TRACKING.rawValue && state() & TACTILE_SCROLL_DRAGGING.rawValue != 0)
    }

    @Test("DESIGN-CAPI-SCROLL-GESTURES a long press that began keeps the scroll view still; a tap on the row fails when the drag begins")
    func gestures() throws {
        // DESIGN-CAPI-SCROLL-GESTURES
        defer { _ = tactile_app_destroy(app) }
        final class States { var log: [String] = [] }
        let states = States()
        let fn: tactile_gesture_fn = { user, g, _, state, _ in
            Unmanaged<States>.fromOpaque(user!).takeUnretainedValue().log.append("\(g.id):\(state)")
        }
        #expect(tactile_app_set_gesture_callback(app, fn, Unmanaged.passUnretained(states).toOpaque()) == TACTILE_OK)
        var press = tactile_gesture(id: 0), tap = tactile_gesture(id: 0)
        #expect(tactile_view_add_gesture(app, row, TACTILE_GESTURE_LONG_PRESS.rawValue, &press) == TACTILE_OK)
        #expect(tactile_gesture_set_allowable_movement(app, press, 1000) == TACTILE_OK)
        #expect(tactile_view_add_gesture(app, row, TACTILE_GESTURE_TAP.rawValue, &tap) == TACTILE_OK)
        // Held 0.6 s: the long press begins (and the tap fails), then the finger drags: no scroll.
        route([touch(1, TACTILE_PHASE_BEGAN, 160, 120, t: Self.t0)])
        #expect(tactile_app_advance(app, 600 * Self.ms) == TACTILE_OK)
        #expect(states.log == ["\(press.id):1"])
        for k in 1...5 { route([touch(1, TACTILE_PHASE_MOVED, 160, 120 - 10 * Double(k), t: Self.t0 + UInt64(600 + 10 * k) * Self.ms)]) }
        route([touch(1, TACTILE_PHASE_ENDED, 160, 70, t: Self.t0 + 700 * Self.ms)])
        #expect(offset().y == 0 && recorder.kinds(scroll) == [])
        #expect(states.log.last == "\(press.id):3")
        // A quick drag: the scroll view takes the touch; the possible tap and long press fail (no callback), the
        // row gets its cancel.
        states.log = []
        recorder.log = []
        drag(from: 160, 120, by: 0, -10, steps: 3, at: 3 * Self.t0)
        #expect(states.log == [])
        #expect(recorder.log.prefix(3) == ["touch 0 \(row.id)", "touch 4 \(row.id)", "scroll 0 \(scroll.id) (0,0)"])
        #expect(offset().y == 20)
        var s: UInt32 = 9
        #expect(tactile_gesture_get_state(app, tap, &s) == TACTILE_OK && s == 0)
    }

    @Test("DESIGN-CAPI-SCROLL-DRAG a control in the content gets TOUCH_CANCEL when the drag takes its touch; without cancelling content touches the drag does not scroll")
    func controlsAndContentTouches() throws {
        // DESIGN-CAPI-SCROLL-DRAG
        defer { _ = tactile_app_destroy(app) }
        final class Actions { var events: [UInt32] = [] }
        let actions = Actions()
        let fn: tactile_action_fn = { user, _, event, _ in Unmanaged<Actions>.fromOpaque(user!).takeUnretainedValue().events.append(event) }
        #expect(tactile_app_set_action_callback(app, fn, Unmanaged.passUnretained(actions).toOpaque()) == TACTILE_OK)
        #expect(tactile_view_set_control(app, row, 1) == TACTILE_OK)
        drag(from: 160, 120, by: 0, -10, steps: 3)
        #expect(actions.events == [TACTILE_CONTROL_TOUCH_DOWN.rawValue, TACTILE_CONTROL_TOUCH_CANCEL.rawValue],
                "the first move (10 points) begins the drag")
        #expect(offset().y == 20)
        // canCancelContentTouches off: a drag begun on the row leaves it its touch and does not scroll …
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_CANCELS_CONTENT_TOUCHES.rawValue, 0) == TACTILE_OK)
        #expect(tactile_scroll_set_content_offset(app, scroll, 0, 0, 0) == TACTILE_OK)
        actions.events = []
        drag(from: 160, 120, by: 0, -10, steps: 3, at: 3 * Self.t0)
        #expect(offset().y == 0)
        #expect(actions.events.last == TACTILE_CONTROL_TOUCH_UP_OUTSIDE.rawValue || actions.events.last == TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED.rawValue)
        // … one begun on the scroll view itself scrolls.
        drag(from: 160, 300, by: 0, -10, steps: 3, at: 5 * Self.t0)
        #expect(offset().y == 20)
        // Scrolling disabled: nothing scrolls, the row gets its whole sequence.
        #expect(tactile_scroll_set_options(app, scroll, TACTILE_SCROLL_SCROLL_ENABLED.rawValue, 0) == TACTILE_OK)
        drag(from: 160, 300, by: 0, -10, steps: 3, at: 7 * Self.t0)
        #expect(offset().y == 20)
    }

    @Test("DESIGN-CAPI-SCROLL-OFFSET an animated set eases over 0.3 s: a did-scroll per frame, then did-end-scrolling-animation; not the tracking mode")
    func animatedOffset() throws {
        // DESIGN-CAPI-SCROLL-OFFSET
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_scroll_set_content_offset(app, scroll, 0, 300, 1) == TACTILE_OK)
        #expect(state() == TACTILE_SCROLL_ANIMATING.rawValue && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        #expect(offset().y == 0)
        #expect(tactile_app_advance(app, 150 * Self.ms) == TACTILE_OK)
        let u = Double(8 * 16_666_667) / 0.3e9  // 8 frames in 150 ms
        #expect(abs(offset().y - 300 * u * u * (3 - 2 * u)) < 1e-9, "smoothstep: \(offset().y)")
        #expect(tactile_app_advance(app, 200 * Self.ms) == TACTILE_OK)
        #expect(offset().y == 300 && state() == 0)
        #expect(recorder.kinds(scroll).last == kind(TACTILE_SCROLL_DID_END_SCROLLING_ANIMATION))
        #expect(recorder.kinds(scroll).dropLast().allSatisfy { $0 == kind(TACTILE_SCROLL_DID_SCROLL) })
        #expect(recorder.kinds(scroll).count == 19, "18 frames in 0.3 s (the last at the end), then the end")
        // Already there: nothing. Interrupted by a set at once: no end event.
        recorder.events = []
        #expect(tactile_scroll_set_content_offset(app, scroll, 0, 300, 1) == TACTILE_OK)
        #expect(state() == 0 && recorder.events.isEmpty)
        #expect(tactile_scroll_set_content_offset(app, scroll, 0, 0, 1) == TACTILE_OK)
        #expect(tactile_app_advance(app, 50 * Self.ms) == TACTILE_OK)
        #expect(tactile_scroll_set_content_offset(app, scroll, 0, 10, 0) == TACTILE_OK)
        #expect(tactile_app_advance(app, 500 * Self.ms) == TACTILE_OK)
        #expect(offset().y == 10 && state() == 0)
        #expect(!recorder.kinds(scroll).contains(kind(TACTILE_SCROLL_DID_END_SCROLLING_ANIMATION)))
    }

    @Test("DESIGN-CAPI-SCROLL-MOTION a scroll view destroyed or unmarked while decelerating stops without events; hostile callbacks do not crash")
    func destroyedWhileMoving() throws {
        // DESIGN-CAPI-SCROLL-MOTION, DESIGN-BAD-INPUT
        defer { _ = tactile_app_destroy(app) }
        drag(from: 160, 400, by: 0, -20, steps: 8)
        #expect(tactile_view_set_scrollable(app, scroll, 0) == TACTILE_OK)
        let count = recorder.events.count
        #expect(tactile_app_advance(app, 3000 * Self.ms) == TACTILE_OK)
        #expect(recorder.events.count == count && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        // Marked again, flicked, destroyed from inside its own did-scroll.
        #expect(tactile_view_set_scrollable(app, scroll, 1) == TACTILE_OK)
        #expect(tactile_scroll_set_content_size(app, scroll, 320, 2000) == TACTILE_OK)
        let (app, scroll) = (self.app, self.scroll)
        recorder.inside = { e in
            if e.kind == TACTILE_SCROLL_DID_SCROLL.rawValue, e.offset.y > 400 { _ = tactile_view_destroy(app, scroll) }
        }
        drag(from: 160, 400, by: 0, -20, steps: 8, at: 3 * Self.t0)
        #expect(tactile_app_advance(app, 3000 * Self.ms) == TACTILE_OK)
        var s: UInt32 = 0
        #expect(tactile_scroll_get_state(app, scroll, &s) == TACTILE_ERR_INVALID_HANDLE)
        #expect(mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
    }

    @Test("DESIGN-CAPI-SCROLL-MOTION DESIGN-CAPI-SCROLL-OFFSET a deceleration replaced from inside the callback ends without its end event; the state and the tracking mode follow")
    func motionReplacedFromCallback() throws {
        // DESIGN-CAPI-SCROLL-MOTION, DESIGN-CAPI-SCROLL-OFFSET
        defer { _ = tactile_app_destroy(app) }
        let (app, scroll) = (self.app, self.scroll)
        // At will-begin-decelerating the callback animates elsewhere: the animation takes over.
        recorder.inside = { e in
            if e.kind == TACTILE_SCROLL_WILL_BEGIN_DECELERATING.rawValue { _ = tactile_scroll_set_content_offset(app, scroll, 0, 700, 1) }
        }
        drag(from: 160, 400, by: 0, -20, steps: 8)
        #expect(state() == TACTILE_SCROLL_ANIMATING.rawValue && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        settle()
        #expect(offset().y == 700 && state() == 0)
        #expect(!recorder.kinds(scroll).contains(kind(TACTILE_SCROLL_DID_END_DECELERATING)))
        #expect(recorder.kinds(scroll).last == kind(TACTILE_SCROLL_DID_END_SCROLLING_ANIMATION))
        // At the first frame the callback sets the offset at once: the deceleration stops there, silently.
        recorder.events = []
        var frames = 0
        recorder.inside = { e in
            guard e.kind == TACTILE_SCROLL_DID_SCROLL.rawValue, e.offset.y > 700 else { return }
            frames += 1
            if frames == 1 { _ = tactile_scroll_set_content_offset(app, scroll, 0, 10, 0) }
        }
        drag(from: 160, 400, by: 0, 20, steps: 8, at: 3 * Self.t0)  // down: from 700 toward the top
        #expect(tactile_app_advance(app, 5000 * Self.ms) == TACTILE_OK)
        #expect(state() == 0 && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        // The last frame's callback animates: no did-end-decelerating, the animation's end instead.
        recorder.events = []
        #expect(tactile_scroll_set_content_offset(app, scroll, 0, 1000, 0) == TACTILE_OK)
        recorder.inside = { e in
            if e.kind == TACTILE_SCROLL_DID_SCROLL.rawValue, e.offset.y == 1520 { _ = tactile_scroll_set_content_offset(app, scroll, 0, 100, 1) }
        }
        drag(from: 160, 400, by: 0, -30, steps: 8, at: 6 * Self.t0)  // to the bottom edge and past it: the bounce ends at 1520
        settle()
        #expect(offset().y == 100 && state() == 0 && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        #expect(!recorder.kinds(scroll).contains(kind(TACTILE_SCROLL_DID_END_DECELERATING)))
        #expect(recorder.kinds(scroll).last == kind(TACTILE_SCROLL_DID_END_SCROLLING_ANIMATION))
    }

    @Test("DESIGN-CAPI-SCROLL-EVENTS callbacks that move the offset or remove the content during a release keep UIKit's order (c-api fuzzer finding: a nested cancel of the lifting touch settled the scroll view between did-end-dragging and will-begin-decelerating)")
    func nestedCallbacksDuringRelease() throws {
        // DESIGN-CAPI-SCROLL-EVENTS, DESIGN-CAPI-SCROLL-MOTION
        defer { _ = tactile_app_destroy(app) }
        let (app, scroll, row) = (self.app, self.scroll, self.row)
        let grammar = ScrollEventOracle<UInt64>()
        var programmatic = false
        recorder.inside = { e in
            if !programmatic {
                grammar.event(e.kind, view: e.view.id, decelerate: e.decelerate != 0, offset: (e.offset.x, e.offset.y), range: nil)
            }
            switch e.kind {
            case TACTILE_SCROLL_WILL_END_DRAGGING.rawValue:
                _ = tactile_view_remove_from_parent(app, row)  // the lifting touch is cancelled, nested
            case TACTILE_SCROLL_DID_END_DRAGGING.rawValue where e.decelerate != 0:
                programmatic = true  // (a set offset's did-scroll, as the caller knows)
                _ = tactile_scroll_set_content_offset(app, scroll, 0, 300, 0)
                programmatic = false
            default: break
            }
        }
        drag(from: 160, 120, by: 0, 10, steps: 6)  // down past the top: a bounce follows
        settle()
        #expect(grammar.violations == [])
        #expect(recorder.kinds(scroll).contains(kind(TACTILE_SCROLL_WILL_BEGIN_DECELERATING)), "from 300, released down: it decelerates")
        #expect(recorder.kinds(scroll).last == kind(TACTILE_SCROLL_DID_END_DECELERATING))
        #expect(state() == 0 && mode() == TACTILE_RUN_LOOP_DEFAULT.rawValue)
        let y = offset().y
        #expect(y >= 0 && y <= 1520)
    }

    @Test("DESIGN-CAPI-SCROLL-EVENTS an animated set from will-end-dragging is dropped: the release takes over (c-api fuzzer finding); an offset set there is where the release starts")
    func setOffsetInWillEndDragging() throws {
        // DESIGN-CAPI-SCROLL-EVENTS, DESIGN-CAPI-SCROLL-OFFSET
        defer { _ = tactile_app_destroy(app) }
        let (app, scroll) = (self.app, self.scroll)
        recorder.inside = { e in
            if e.kind == TACTILE_SCROLL_WILL_END_DRAGGING.rawValue { _ = tactile_scroll_set_content_offset(app, scroll, 0, 900, 1) }
        }
        drag(from: 160, 400, by: 0, -20, steps: 8)
        let order = recorder.kinds(scroll).reduce(into: [UInt32]()) { if $0.last != $1 { $0.append($1) } }
        #expect(order == [0, 1, 2, 3, 4], "no animation frame between the release's events")
        settle()
        #expect(!recorder.kinds(scroll).contains(kind(TACTILE_SCROLL_DID_END_SCROLLING_ANIMATION)))
        let willEnd = try #require(recorder.events.first { $0.kind == kind(TACTILE_SCROLL_WILL_END_DRAGGING) })
        #expect(abs(offset().y - willEnd.target.y) < 1e-9, "the flick's own target")
        // Set at once instead: the release starts there, with the flick's velocity.
        recorder.events = []
        recorder.inside = { e in
            if e.kind == TACTILE_SCROLL_WILL_END_DRAGGING.rawValue { _ = tactile_scroll_set_content_offset(app, scroll, 0, 100, 0) }
        }
        drag(from: 160, 400, by: 0, -20, steps: 8, at: 9 * Self.t0)
        settle()
        #expect(abs(offset().y - (100 + 2000 * Self.p)) < 1e-6)
    }

    @Test("DESIGN-CAPI-SCROLL-TRACE the table scene's scroll view scrolls from the start: 44-point rows, content rows × 44 tall")
    func tableScene() throws {
        // DESIGN-CAPI-SCROLL-TRACE
        defer { _ = tactile_app_destroy(app) }
        let other = try CAPITests.makeApp(capacity: 64)
        defer { _ = tactile_app_destroy(other) }
        var w = tactile_view(id: 0), table = tactile_view(id: 0)
        #expect(tactile_scene_build(other, TACTILE_SCENE_TABLE.rawValue, 306, 1, &w) == TACTILE_OK)
        #expect(tactile_view_child_at(other, w, 1, &table) == TACTILE_OK)
        var size = tactile_size()
        #expect(tactile_scroll_get_content_size(other, table, &size) == TACTILE_OK && size.height == 100 * 44 && size.width == 320)
        var f = tactile_rect()
        #expect(tactile_view_get_frame(other, table, &f) == TACTILE_OK && f.y == 64 && f.height == 416)
        var events = [touch(1, TACTILE_PHASE_BEGAN, 100, 300, t: 1)]
        for k in 1...5 { events.append(touch(1, TACTILE_PHASE_MOVED, 100, 300 - 30 * Double(k), t: UInt64(k) * 10 * Self.ms)) }
        for k in events.indices { events[k].window_id = tactile_window_id(w) }
        #expect(tactile_route(other, &events, events.count) == TACTILE_OK)
        var p = tactile_point()
        #expect(tactile_scroll_get_content_offset(other, table, &p) == TACTILE_OK && p.y == 150 - 30, "from the begin (30 points)")
    }

    @Test("DESIGN-CAPI-SCROLL-TRACE the delivery log has a line per scroll event and per touch a scroll view takes")
    func deliveryLog() throws {
        // DESIGN-CAPI-SCROLL-TRACE
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_app_set_delivery_log(app, 1) == TACTILE_OK)
        drag(from: 160, 120, by: 0, -10, steps: 2, lift: false)
        var length = 0
        #expect(tactile_app_delivery_log(app, nil, 0, &length) == TACTILE_OK)
        var buffer = [CChar](repeating: 0, count: length + 1)
        #expect(tactile_app_delivery_log(app, &buffer, buffer.count, nil) == TACTILE_OK)
        let lines = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "\n").map(String.init)
        let t1 = Self.t0 + 10 * Self.ms, t2 = Self.t0 + 20 * Self.ms
        let rowIndex = UInt32(truncatingIfNeeded: row.id), scrollIndex = UInt32(truncatingIfNeeded: scroll.id)
        #expect(Array(lines.suffix(5)) == [
            "\(t1) touchesMoved view=\(rowIndex) [1@(160,110) tap=1]",
            "\(t1) scroll view=\(scrollIndex) cancels touch 1 view=\(rowIndex)",
            "\(t1) scroll view=\(scrollIndex) willBeginDragging offset=(0,0)",
            "\(t2) touchesMoved view=\(rowIndex) [1@(160,100) tap=1]",  // the router's decision, taken by the scroll view
            "\(t2) scroll view=\(scrollIndex) didScroll offset=(0,10)",
        ])
    }

    /// The scroll calls for the bad-app-handle table of `CAPIMisuseTests` (DESIGN-CAPI-SCROLL-MISUSE).
    static func appCalls(_ v: tactile_view) -> [(String, (tactile_app) -> tactile_status)] {
        var mode: UInt32 = 0
        return [
            ("tactile_app_set_scroll_callback", { tactile_app_set_scroll_callback($0, nil, nil) }),
            ("tactile_app_get_run_loop_mode", { tactile_app_get_run_loop_mode($0, &mode) }),
        ] + viewCalls().map { name, call in (name, { app in call(app, v) }) }
    }

    /// Every scroll call with a view handle, otherwise valid.
    static func viewCalls() -> [(String, (tactile_app, tactile_view) -> tactile_status)] {
        var size = tactile_size(), inset = tactile_insets(), point = tactile_point(), bits: UInt32 = 0, rate = 0.0
        return [
            ("tactile_view_set_scrollable", { tactile_view_set_scrollable($0, $1, 1) }),
            ("tactile_scroll_set_content_size", { tactile_scroll_set_content_size($0, $1, 1, 1) }),
            ("tactile_scroll_get_content_size", { tactile_scroll_get_content_size($0, $1, &size) }),
            ("tactile_scroll_set_content_inset", { tactile_scroll_set_content_inset($0, $1, &inset) }),
            ("tactile_scroll_get_content_inset", { tactile_scroll_get_content_inset($0, $1, &inset) }),
            ("tactile_scroll_set_content_offset", { tactile_scroll_set_content_offset($0, $1, 1, 1, 0) }),
            ("tactile_scroll_get_content_offset", { tactile_scroll_get_content_offset($0, $1, &point) }),
            ("tactile_scroll_set_options", { tactile_scroll_set_options($0, $1, 1, 1) }),
            ("tactile_scroll_get_options", { tactile_scroll_get_options($0, $1, &bits) }),
            ("tactile_scroll_set_deceleration_rate", { tactile_scroll_set_deceleration_rate($0, $1, 0.99) }),
            ("tactile_scroll_get_deceleration_rate", { tactile_scroll_get_deceleration_rate($0, $1, &rate) }),
            ("tactile_scroll_get_state", { tactile_scroll_get_state($0, $1, &bits) }),
        ]
    }

    @Test("DESIGN-CAPI-SCROLL-MISUSE DESIGN-BAD-INPUT bad view handles, views that are not scroll views, NaN, negative sizes, bad rates and option bits, NULLs — each refused with a message and counted, nothing changed")
    func misuse() throws {
        // DESIGN-CAPI-SCROLL-MISUSE, DESIGN-BAD-INPUT
        defer { _ = tactile_app_destroy(app) }
        let other = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(other) }
        _ = try ViewCAPITests.view(other, 0, 0, 10, 10)
        let foreign = try ViewCAPITests.view(other, 0, 0, 10, 10)
        let destroyed = try ViewCAPITests.view(app, 0, 0, 5, 5)
        #expect(tactile_view_destroy(app, destroyed) == TACTILE_OK)
        var errors = CAPITests.counters(app).errors
        for (name, call) in Self.viewCalls() {
            for v in [tactile_view(id: 0), tactile_view(id: .max), destroyed, foreign] {
                #expect(call(app, v) == TACTILE_ERR_INVALID_HANDLE, "\(name) with view \(v.id)")
                #expect(CAPITests.lastError.contains("view handle"), "\(name): message")
                errors += 1
            }
            // A live view that is not a scroll view (the row): INVALID_STATE, except marking it.
            guard name != "tactile_view_set_scrollable" else { continue }
            #expect(call(app, row) == TACTILE_ERR_INVALID_STATE, "\(name) on a plain view")
            #expect(CAPITests.lastError.contains("not a scroll view"), "\(name): message")
            errors += 1
        }
        #expect(CAPITests.counters(app).errors == errors)
        #expect(CAPITests.counters(other).errors == 0)
        let (app, scroll) = (self.app, self.scroll)
        var nanInset = tactile_insets(top: .nan, left: 0, bottom: 0, right: 0)
        let bad: [(String, tactile_status, () -> tactile_status)] = [
            ("NaN content width", TACTILE_ERR_INVALID_COORDINATE, { tactile_scroll_set_content_size(app, scroll, .nan, 1) }),
            ("infinite content height", TACTILE_ERR_INVALID_COORDINATE, { tactile_scroll_set_content_size(app, scroll, 1, .infinity) }),
            ("negative content size", TACTILE_ERR_OUT_OF_RANGE, { tactile_scroll_set_content_size(app, scroll, -1, 1) }),
            ("NaN inset", TACTILE_ERR_INVALID_COORDINATE, { tactile_scroll_set_content_inset(app, scroll, &nanInset) }),
            ("NaN offset", TACTILE_ERR_INVALID_COORDINATE, { tactile_scroll_set_content_offset(app, scroll, .nan, 0, 0) }),
            ("infinite animated offset", TACTILE_ERR_INVALID_COORDINATE, { tactile_scroll_set_content_offset(app, scroll, 0, -.infinity, 1) }),
            ("unknown option bit", TACTILE_ERR_OUT_OF_RANGE, { tactile_scroll_set_options(app, scroll, 1 << 7, 1) }),
            ("rate 0", TACTILE_ERR_OUT_OF_RANGE, { tactile_scroll_set_deceleration_rate(app, scroll, 0) }),
            ("rate 1", TACTILE_ERR_OUT_OF_RANGE, { tactile_scroll_set_deceleration_rate(app, scroll, 1) }),
            ("negative rate", TACTILE_ERR_OUT_OF_RANGE, { tactile_scroll_set_deceleration_rate(app, scroll, -0.5) }),
            ("NaN rate", TACTILE_ERR_OUT_OF_RANGE, { tactile_scroll_set_deceleration_rate(app, scroll, .nan) }),
            ("NULL inset", TACTILE_ERR_NULL_ARGUMENT, { tactile_scroll_set_content_inset(app, scroll, nil) }),
            ("NULL out size", TACTILE_ERR_NULL_ARGUMENT, { tactile_scroll_get_content_size(app, scroll, nil) }),
            ("NULL out inset", TACTILE_ERR_NULL_ARGUMENT, { tactile_scroll_get_content_inset(app, scroll, nil) }),
            ("NULL out offset", TACTILE_ERR_NULL_ARGUMENT, { tactile_scroll_get_content_offset(app, scroll, nil) }),
            ("NULL out options", TACTILE_ERR_NULL_ARGUMENT, { tactile_scroll_get_options(app, scroll, nil) }),
            ("NULL out rate", TACTILE_ERR_NULL_ARGUMENT, { tactile_scroll_get_deceleration_rate(app, scroll, nil) }),
            ("NULL out state", TACTILE_ERR_NULL_ARGUMENT, { tactile_scroll_get_state(app, scroll, nil) }),
            ("NULL out mode", TACTILE_ERR_NULL_ARGUMENT, { tactile_app_get_run_loop_mode(app, nil) }),
        ]
        for (name, status, call) in bad {
            #expect(call() == status, "\(name)")
            #expect(!CAPITests.lastError.isEmpty, "\(name): message")
            errors += 1
        }
        #expect(CAPITests.counters(app).errors == errors)
        // Nothing changed.
        var size = tactile_size(), rate = 0.0, options: UInt32 = 0
        #expect(tactile_scroll_get_content_size(app, scroll, &size) == TACTILE_OK && size.width == 320 && size.height == 2000)
        #expect(tactile_scroll_get_deceleration_rate(app, scroll, &rate) == TACTILE_OK && rate == 0.998)
        #expect(tactile_scroll_get_options(app, scroll, &options) == TACTILE_OK && options == 0x52)
        #expect(offset().x == 0 && offset().y == 0 && recorder.events.isEmpty)
    }
}
