import Foundation
import Tactile
import TactileCore
import Testing

/// The tracking run-loop mode (DESIGN-SCROLL-TRACKING-MODE; spec AG-F-06 names only the default and common
/// modes, UIKit runs the main loop in `UITrackingRunLoopMode` while a scroll view tracks — Apple's Threading
/// Programming Guide lists `UITrackingRunLoopMode` among the modes the main loop runs in).
@Suite("UIScrollView and the tracking run-loop mode", .serialized)
@MainActor
struct ScrollViewTrackingModeTests {
    @Test("DESIGN-SCROLL-TRACKING-MODE default-mode timers wait while dragging and decelerating; common ones fire")
    func timersDuringScroll() {
        let stage = ScrollStage()
        let loop = TactileHost.runLoop
        var fired: [String] = []
        stage.finger.down(at: CGPoint(x: 160, y: 400))
        stage.finger.move(to: CGPoint(x: 160, y: 380))
        #expect(loop.currentMode == .tracking)
        loop.perform(after: 50_000_000, mode: .default) { fired.append("default") }
        loop.perform(after: 50_000_000, mode: .common) { fired.append("common") }
        stage.finger.wait(0.1)
        #expect(fired == ["common"])
        // A flick: still tracking while it decelerates.
        stage.finger.move(to: CGPoint(x: 160, y: 340))
        stage.finger.move(to: CGPoint(x: 160, y: 300))
        stage.finger.up()
        #expect(stage.scrollView.isDecelerating)
        stage.finger.wait(0.2)
        #expect(loop.currentMode == .tracking)
        #expect(fired == ["common"], "the default-mode perform still waits")
        stage.settleMotion()
        #expect(loop.currentMode == .default)
        stage.finger.wait(0.01)
        #expect(fired == ["common", "default"])
    }

    @Test("DESIGN-SCROLL-TRACKING-MODE a touch-down that tracks without dragging is in the tracking mode until the lift")
    func trackingTouch() {
        let stage = ScrollStage()
        let loop = TactileHost.runLoop
        stage.finger.down(at: CGPoint(x: 160, y: 400))
        #expect(loop.currentMode == .tracking)
        stage.finger.up()
        #expect(loop.currentMode == .default)
    }

    @Test("DESIGN-SCROLL-TRACKING-MODE animations from code do not enter the tracking mode")
    func animationStaysDefault() {
        let stage = ScrollStage()
        stage.scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        stage.finger.wait(0.1)
        #expect(TactileHost.runLoop.currentMode == .default)
        stage.finger.wait(0.5)
        #expect(stage.scrollView.contentOffset.y == 300)
        #expect(stage.take() == ["didScroll", "didEndScrollingAnimation"])
    }
}
