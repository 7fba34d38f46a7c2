import Foundation
import Tactile
import Testing
@testable import SketchPad

/// A delegate that implements none of the canvas's optional methods.
final class SilentDelegate: NSObject, CanvasViewDelegate {}

/// A delegate that refuses strokes.
final class RefusingDelegate: NSObject, CanvasViewDelegate {
    func canvasViewShouldBeginStroke(_ canvas: CanvasView) -> Bool { false }
}

@MainActor @Suite struct SketchPadTests {
    @Test func swatchChangesTheStrokeColor() {
        let controller = SketchViewController()
        controller.loadViewIfNeeded()
        controller.swatches.selectedIndex = 2
        controller.swatches.sendActions(for: .valueChanged)
        #expect(controller.canvas.strokeColor == controller.palette[2])
    }

    @Test func anUnimplementedOptionalMethodAnswersNil() {
        let canvas = CanvasView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let silent: CanvasViewDelegate = SilentDelegate()
        let refusing: CanvasViewDelegate = RefusingDelegate()
        #expect(TactileOptionalRequirement.result({ silent.canvasViewShouldBeginStroke(canvas) }) == nil)
        #expect(TactileOptionalRequirement.result({ refusing.canvasViewShouldBeginStroke(canvas) }) == false)
    }

    @Test func theOverrideInAnExtensionRuns() {
        let controller = SketchViewController()
        controller.loadViewIfNeeded()
        controller.viewDidAppear(false)
        #expect(controller.appearances == 1)
    }

    @Test func clearIsAnAction() {
        let controller = SketchViewController()
        controller.loadViewIfNeeded()
        controller.clear(controller)
        #expect(controller.canvas.strokes.isEmpty)
    }
}

#if !canImport(UIKit)
// On Linux (ported): the same controller driven by real touches through Tactile's event path.
@MainActor @Suite(.serialized) struct SketchPadTouchTests {
    /// A fresh app with the sketch screen in a window, and a driver for its touches. Made inside each test (not in
    /// an initializer), so that no other test's app launches between the setup and the test.
    func launch() -> (SketchViewController, TouchDriver) {
        TactileHost.launch(delegate: nil)
        let controller = SketchViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        return (controller, TouchDriver(window: window))
    }

    @Test func aDragDrawsAStroke() {
        let (controller, driver) = launch()
        driver.drag(from: CGPoint(x: 40, y: 100), to: CGPoint(x: 200, y: 300))
        driver.wait(0.05)
        #expect(controller.canvas.strokes.count == 1)
        #expect(controller.canvas.strokes[0].count > 2)
        #expect(controller.canvas.drawCount > 0)
    }

    @Test func tappingASwatchSendsItsAction() {
        let (controller, driver) = launch()
        driver.tap(at: CGPoint(x: 280, y: 30))
        #expect(controller.swatches.selectedIndex == 3)
        #expect(controller.canvas.strokeColor == controller.palette[3])
    }

    @Test func twoFingersMoveTheCanvas() {
        let (controller, driver) = launch()
        let before = controller.canvas.center
        for step in 0...10 {
            let dy = CGFloat(step) * 4
            driver.frame([(0, step == 0 ? .began : .moved, CGPoint(x: 100, y: 200 + dy)),
                          (1, step == 0 ? .began : .moved, CGPoint(x: 160, y: 200 + dy))])
            driver.wait(0.016)
        }
        driver.frame([(0, .ended, CGPoint(x: 100, y: 240)), (1, .ended, CGPoint(x: 160, y: 240))])
        #expect(controller.canvas.center.y > before.y)
        #expect(controller.canvas.strokes.isEmpty)  // the pan took the touches: no stroke
    }

    @Test func autosaveWaitsTwoSecondsAfterTheLastStroke() {
        let (controller, driver) = launch()
        driver.drag(from: CGPoint(x: 40, y: 100), to: CGPoint(x: 80, y: 140))
        driver.wait(1.5)
        driver.drag(from: CGPoint(x: 40, y: 200), to: CGPoint(x: 80, y: 240))
        driver.wait(1.5)
        #expect(controller.autosaves == 0)  // the second stroke restarted the countdown
        driver.wait(1)
        #expect(controller.autosaves == 1)
        #expect(controller.savedStrokeCount == 2)
    }

    @Test func theUndoButtonRemovesTheLastStroke() throws {
        let (controller, driver) = launch()
        driver.drag(from: CGPoint(x: 40, y: 100), to: CGPoint(x: 80, y: 140))
        let undo = try #require(controller.navigationItem.rightBarButtonItem)
        #expect(UIApplication.shared.sendAction(try #require(undo.action), to: undo.target, from: undo, for: nil))
        #expect(controller.canvas.strokes.isEmpty)
    }

    @Test func enteringTheBackgroundSaves() {
        let (controller, driver) = launch()
        driver.drag(from: CGPoint(x: 40, y: 100), to: CGPoint(x: 80, y: 140))
        TactileHost.enterBackground()
        #expect(controller.savedStrokeCount == 1)
    }
}
#endif
