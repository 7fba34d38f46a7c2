import Foundation
import Tactile
import Testing

/// UIControl's tracking: the control events real touches produce, in UIKit's order (DESIGN-CONTROL-*).
/// Facts: Apple's UIControl documentation (https://developer.apple.com/documentation/uikit/uicontrol) and
/// UIControl.h ("highlighted … set/cleared automatically when touch enters/exits during tracking and cleared on
/// up"); the 70-point slop is measured on iOS (biluncloud.github.io 2015-05-21, stackoverflow.com/q/14340122).
@Suite("UIControl tracking", .serialized)
@MainActor
struct ControlTrackingTests {
    @Test("DESIGN-CONTROL-STATE state bits and event raw values are the SDK's")
    func stateAndEventValues() {
        #expect(UIControl.State.highlighted.rawValue == 1 && UIControl.State.disabled.rawValue == 2)
        #expect(UIControl.State.selected.rawValue == 4 && UIControl.State.focused.rawValue == 8)
        #expect(UIControl.State.normal.rawValue == 0)
        let events: [(UIControl.Event, UInt)] = [
            (.touchDown, 1), (.touchDownRepeat, 2), (.touchDragInside, 4), (.touchDragOutside, 8), (.touchDragEnter, 16),
            (.touchDragExit, 32), (.touchUpInside, 64), (.touchUpOutside, 128), (.touchCancel, 256),
            (.valueChanged, 4096), (.primaryActionTriggered, 8192), (.editingDidBegin, 1 << 16),
            (.editingChanged, 1 << 17), (.editingDidEnd, 1 << 18), (.editingDidEndOnExit, 1 << 19),
            (.allTouchEvents, 0xFFF), (.allEditingEvents, 0xF0000), (.allEvents, 0xFFFF_FFFF),
        ]
        for (event, raw) in events { #expect(event.rawValue == raw) }
        let control = UIControl()
        #expect(control.state == .normal)
        control.isSelected = true
        control.isEnabled = false
        #expect(control.state == [.selected, .disabled])
    }

    @Test("DESIGN-CONTROL-BEGIN DESIGN-CONTROL-END a tap sends touchDown then touchUpInside, highlighted during the actions")
    func tap() {
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        #expect(control.isTracking && control.isTouchInside && control.isHighlighted)
        #expect(control.state == .highlighted)
        stage.driver.up()
        #expect(log.names == ["down", "upIn"])
        #expect(log.highlightedAt["upIn"] == true)     // still highlighted during the touch-up actions
        #expect(log.trackingAt["upIn"] == false)       // tracking ended before them
        #expect(log.trackingAt["down"] == true)
        #expect(!control.isTracking && !control.isTouchInside)
        stage.settle()
        #expect(!control.isHighlighted)
        #expect(log.senders.allSatisfy { $0 == ObjectIdentifier(control) })
    }

    @Test("DESIGN-CONTROL-END a quick tap stays highlighted for the minimum time on the run loop clock, a long press does not")
    func minimumHighlight() {
        let control = UIControl()
        let stage = ControlStage(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        stage.driver.up()
        #expect(control.isHighlighted)
        stage.driver.wait(UIControl.tactileMinimumHighlightDuration)
        #expect(!control.isHighlighted)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        stage.driver.wait(0.5)
        stage.driver.up()
        #expect(!control.isHighlighted)
    }

    @Test("DESIGN-CONTROL-MOVE dragging out past the slop and back: exit, outside drags, enter, inside drags")
    func dragOutAndBack() {
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        stage.driver.move(to: CGPoint(x: 160, y: 125))
        #expect(control.isHighlighted)
        stage.driver.move(to: CGPoint(x: 150, y: 300))   // 125 pt below the bottom edge: outside the 70-pt slop
        #expect(!control.isTouchInside && !control.isHighlighted && control.isTracking)
        stage.driver.move(to: CGPoint(x: 150, y: 310))
        stage.driver.move(to: CGPoint(x: 150, y: 130))
        #expect(control.isTouchInside && control.isHighlighted)
        stage.driver.up()
        #expect(log.names == ["down", "dragIn", "exit", "dragOut", "dragOut", "enter", "dragIn", "upIn"])
    }

    @Test("DESIGN-CONTROL-MOVE the slop: 70 points around the bounds still count as inside")
    func slop() {
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        stage.driver.move(to: CGPoint(x: 150, y: 150 + 69))  // 69 pt below the bottom edge
        #expect(control.isTouchInside)
        stage.driver.move(to: CGPoint(x: 200 + 71, y: 125))  // 71 pt right of the right edge
        #expect(!control.isTouchInside)
        stage.driver.move(to: CGPoint(x: 100 - 70, y: 150 + 70))  // on the grown corner
        #expect(control.isTouchInside)
        stage.driver.up(at: CGPoint(x: 100 - 70, y: 150 + 70))
        #expect(log.names == ["down", "dragIn", "exit", "dragOut", "enter", "dragIn", "upIn"])
    }

    @Test("DESIGN-CONTROL-END lifting far away sends touchUpOutside, unhighlighted")
    func liftOutside() {
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.drag(from: CGPoint(x: 150, y: 125), to: CGPoint(x: 390, y: 590), steps: 4)
        #expect(log.collapsed == ["down", "exit", "dragOut", "upOut"])  // the first step is already 91 pt below
        #expect(log.highlightedAt["upOut"] == false)
        stage.settle()
        #expect(!control.isHighlighted && !control.isTracking && !control.isTouchInside)
    }

    @Test("DESIGN-CONTROL-END a lift outside that was inside at the last move sends the exit before touchUpOutside, then endTracking")
    func liftCrossing() {
        let control = HookedControl(), log = ControlEventLog()
        control.log = log
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        stage.driver.up(at: CGPoint(x: 390, y: 590))
        #expect(log.names == ["beginTracking", "down", "exit", "endTracking(tracking=true)", "upOut"])
    }

    @Test("DESIGN-CONTROL-BEGIN beginTracking returning false: nothing is sent, nothing highlights, later moves are ignored")
    func beginRefused() {
        let control = HookedControl(), log = ControlEventLog()
        control.acceptsBegin = false
        control.log = log
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        #expect(!control.isHighlighted && !control.isTracking && !control.isTouchInside)
        stage.driver.move(to: CGPoint(x: 160, y: 125))
        stage.driver.up()
        #expect(log.names == ["beginTracking"])
    }

    @Test("DESIGN-CONTROL-MOVE continueTracking returning false stops tracking: no drag, no touch up")
    func continueRefused() {
        let control = HookedControl(), log = ControlEventLog()
        control.continueAnswers = [true, false]
        control.log = log
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        stage.driver.move(to: CGPoint(x: 155, y: 125))
        stage.driver.move(to: CGPoint(x: 160, y: 125))
        #expect(!control.isTracking)
        stage.driver.move(to: CGPoint(x: 165, y: 125))
        stage.driver.up()
        #expect(log.names == ["beginTracking", "down", "continueTracking", "dragIn", "continueTracking"])
        stage.settle()
        #expect(!control.isHighlighted)
    }

    @Test("DESIGN-CONTROL-BEGIN a double tap sends touchDownRepeat after the second touchDown, in a separate send")
    func doubleTap() {
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        control.addTarget(log, action: "downOrRepeat", for: [.touchDown, .touchDownRepeat])
        log.observe(control)
        stage.driver.tap(at: CGPoint(x: 150, y: 125), count: 2)
        #expect(log.names == ["downOrRepeat", "down", "upIn", "downOrRepeat", "down", "downOrRepeat", "repeat", "upIn"])
    }

    @Test("DESIGN-CONTROL-CANCEL a system cancel calls cancelTracking, which sends touchCancel and unhighlights")
    func systemCancel() {
        let control = HookedControl(), log = ControlEventLog()
        control.log = log
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        stage.driver.systemCancel()
        #expect(log.names == ["beginTracking", "down", "cancelTracking", "cancel"])
        #expect(!control.isTracking && !control.isHighlighted && !control.isTouchInside)
    }

    @Test("DESIGN-CONTROL-CANCEL a control removed from its window while tracking is cancelled")
    func removedWhileTracking() {
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        control.removeFromSuperview()
        #expect(log.names == ["down", "cancel"])
        #expect(!control.isTracking && !control.isHighlighted)
        stage.driver.move(to: CGPoint(x: 160, y: 125))
        stage.driver.up()
        #expect(log.names == ["down", "cancel"])
    }

    @Test("DESIGN-CONTROL-CANCEL the app resigning active cancels the tracked touch")
    func resignActive() {
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(at: CGPoint(x: 150, y: 125))
        TactileHost.interrupt()
        #expect(log.names == ["down", "cancel"])
        TactileHost.resume()
        _ = stage
    }

    @Test("DESIGN-CONTROL-DISABLED a disabled control is passed over by hit-testing; isUserInteractionEnabled keeps its value")
    func disabled() {
        final class Behind: UIView {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        let control = UIControl(), log = ControlEventLog()
        let stage = ControlStage(control)
        let behind = Behind(frame: stage.window.bounds)
        stage.window.insertSubview(behind, at: 0)
        stage.behind.isUserInteractionEnabled = true
        log.observe(control)
        control.isEnabled = false
        #expect(control.isUserInteractionEnabled)
        #expect(control.state.contains(.disabled))
        #expect(stage.window.hitTest(CGPoint(x: 150, y: 125), with: nil) === stage.behind)
        stage.driver.tap(at: CGPoint(x: 150, y: 125))
        #expect(log.names.isEmpty)
        control.isEnabled = true
        #expect(stage.window.hitTest(CGPoint(x: 150, y: 125), with: nil) === control)
        control.isUserInteractionEnabled = false
        control.isEnabled = false
        control.isEnabled = true
        #expect(!control.isUserInteractionEnabled)  // re-enabling does not turn touches back on
        #expect(stage.window.hitTest(CGPoint(x: 150, y: 125), with: nil) === stage.behind)
    }

    @Test("DESIGN-CONTROL-BEGIN a second finger on a multi-touch control is not tracked")
    func secondFinger() {
        let control = UIControl(), log = ControlEventLog()
        control.isMultipleTouchEnabled = true
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.down(0, at: CGPoint(x: 150, y: 125))
        stage.driver.down(1, at: CGPoint(x: 120, y: 125))
        stage.driver.up(1)
        #expect(control.isTracking)
        stage.driver.up(0)
        #expect(log.names == ["down", "upIn"])
    }
}
