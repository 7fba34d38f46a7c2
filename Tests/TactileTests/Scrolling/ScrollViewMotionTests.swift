import Foundation
import Tactile
import TactileCore
import Testing

/// Deceleration, bounce and paging as functions of the release and time (DESIGN-SCROLL-MOTION). The reference is
/// UIKit's published model, stepped independently: the velocity is multiplied by `decelerationRate` every
/// millisecond (Apple, "Designing Fluid Interfaces", WWDC 2018: the projection of a release is
/// `v / 1000 · rate / (1 − rate)`).
@Suite("UIScrollView motion", .serialized)
@MainActor
struct ScrollViewMotionTests {
    /// Where a release at `v` (points per second) comes to rest, per-millisecond stepping.
    static func referenceRest(from x0: Double, velocity v0: Double, rate: Double) -> Double {
        var x = x0, v = v0
        while abs(v) > 0.01 {
            v *= rate
            x += v / 1000
        }
        return x
    }

    @Test("DESIGN-SCROLL-MOTION the deceleration rests where the per-millisecond model does", arguments: [
        (400.0, 0.998), (1500.0, 0.998), (-900.0, 0.998), (3000.0, 0.99), (250.0, 0.99),
    ])
    func restMatchesReference(velocity: Double, rate: Double) {
        let m = ScrollAxisMotion(decelerateFrom: 1000, velocity: velocity, rate: rate, minimum: -1e6, maximum: 1e6,
                                 bounces: true)
        let reference = Self.referenceRest(from: 1000, velocity: velocity, rate: rate)
        // The reference stops stepping below 0.01 pt/s: within a hundredth of a point.
        #expect(abs(m.target - reference) < 0.01)
        #expect(m.offset(at: m.duration) == m.target)
        // Monotonic toward the rest.
        var last = m.offset(at: 0)
        for k in 1...Int(m.duration * 60) {
            let x = m.offset(at: Double(k) / 60)
            #expect(velocity > 0 ? x >= last : x <= last)
            last = x
        }
    }

    @Test("DESIGN-SCROLL-MOTION .normal is 0.998 and .fast 0.99 per millisecond; fast stops sooner")
    func rates() {
        #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 100_000))
        stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -1000))
        stage.settleMotion()
        let normal = stage.scrollView.contentOffset.y
        stage.scrollView.contentOffset = .zero
        stage.scrollView.decelerationRate = .fast
        stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -1000))
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.y < normal / 2)
    }

    @Test("DESIGN-SCROLL-MOTION the same input gives the same frames")
    func deterministic() {
        func run() -> [CGPoint] {
            let stage = ScrollStage(contentSize: CGSize(width: 320, height: 3000))
            stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -2500))
            stage.settleMotion()
            return stage.log.offsets
        }
        let a = run(), b = run()
        #expect(a == b)
        #expect(a.count > 30)
    }

    @Test("DESIGN-SCROLL-MOTION one didScroll per 60 Hz frame while decelerating")
    func frameRate() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 100_000))
        stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -800))
        let before = stage.log.offsets.count
        stage.finger.wait(1)
        let frames = stage.log.offsets.count - before
        #expect(frames >= 59 && frames <= 61)
    }

    @Test("DESIGN-SCROLL-MOTION a fling into the bottom edge bounces and comes back exactly to it")
    func bounceAtBottom() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 1000))
        stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -3000))
        stage.settleMotion()
        let maximum = 1000.0 - 480
        #expect(stage.log.offsets.contains { Double($0.y) > maximum + 1 }, "it went past the edge")
        #expect(Double(stage.scrollView.contentOffset.y) == maximum)
        #expect(stage.take().last == "didEndDecelerating")
    }

    @Test("DESIGN-SCROLL-MOTION without bounces a fling stops at the edge")
    func noBounceFling() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 1000))
        stage.scrollView.bounces = false
        stage.finger.flick(from: CGPoint(x: 160, y: 400), velocity: CGPoint(x: 0, y: -3000))
        stage.settleMotion()
        #expect(stage.log.offsets.allSatisfy { $0.y <= 520 })
        #expect(stage.scrollView.contentOffset.y == 520)
    }

    @Test("DESIGN-SCROLL-MOTION paging: a slow release goes to the nearest page, a flick to the next one")
    func paging() {
        let stage = ScrollStage(contentSize: CGSize(width: 320 * 5, height: 480))
        stage.scrollView.isPagingEnabled = true
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 100, y: 0))
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.x == 0, "under half a page, slowly: back")
        stage.finger.scroll(stage.scrollView, by: CGPoint(x: 200, y: 0))
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.x == 320, "over half a page: the next")
        stage.finger.flick(from: CGPoint(x: 200, y: 200), velocity: CGPoint(x: -600, y: 0), duration: 0.05)
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.x == 640, "a short flick: the next page")
        stage.finger.flick(from: CGPoint(x: 100, y: 200), velocity: CGPoint(x: 3000, y: 0), duration: 0.05)
        stage.settleMotion()
        #expect(stage.scrollView.contentOffset.x == 320, "a fast flick back: one page only")
    }

    @Test("DESIGN-SCROLL-MOTION paging targets are page boundaries within the range (property)")
    func pagingProperty() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<2000 {
            let page = 100 + next() * 400, pages = 1 + Int(next() * 8)
            let maximum = page * Double(pages - 1)
            let offset = -page + next() * (maximum + 2 * page), velocity = (next() - 0.5) * 6000
            let axis = ScrollAxis(minimum: 0, maximum: maximum, dimension: page, scrollable: true, bounces: true, page: page)
            let m = axis.release(at: offset, velocity: velocity, rate: 0.998)
            let index = (m.target / page).rounded()
            #expect(abs(m.target - index * page) < 1e-9 && m.target >= 0 && m.target <= maximum + 1e-9)
            // At most one page from where the release was, in the velocity's direction for a flick.
            let from = min(max(offset, 0), maximum) / page
            #expect(abs(m.target / page - from) <= 1 + 1e-9)
            #expect(m.offset(at: m.duration) == m.target)
        }
    }
}
