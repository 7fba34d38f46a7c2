import Foundation
import Tactile
import Testing

/// A view controller whose action methods are listed the Linux way (``TactileAction``), in UIKit's three shapes.
@MainActor
class ActionViewController: UIViewController {
    var calls: [String] = []
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [
            TactileAction("refresh", ActionViewController.refresh),
            TactileAction("save:", ActionViewController.save),
            TactileAction("drag:forEvent:", ActionViewController.drag),
        ]
    }
    func refresh() { calls.append("refresh") }
    func save(_ sender: UIButton) { calls.append("save \(sender.currentTitle ?? "")") }
    func drag(_ sender: UIControl, forEvent event: UIEvent) { calls.append("drag \(event.type == .touches)") }
}

/// A subclass overriding one action and adding another.
@MainActor
final class ActionSubViewController: ActionViewController {
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [TactileAction("extra:", ActionSubViewController.extra)]
    }
    override func refresh() { calls.append("sub refresh") }
    func extra(_ sender: Any) { calls.append("extra") }
}

/// A non-responder target.
@MainActor
final class PlainTarget: TactileActionTarget {
    var count = 0
    static var tactileActions: [TactileAction] { [TactileAction("bump:", PlainTarget.bump)] }
    func bump(_ sender: Any?) { count += 1 }
}

/// Target-action on controls (DESIGN-CONTROL-TARGETS, -SEND, -UIACTION, -PRIMARY, -ACTIONS; AG-P-07).
/// Facts: UIControl.h and https://developer.apple.com/documentation/uikit/uicontrol — "set may include NSNull to
/// indicate at least one nil target"; `actions(forTarget:forControlEvent:)` "returns nil if none".
@Suite("UIControl target-action", .serialized)
@MainActor
struct ControlTargetActionTests {
    @Test("DESIGN-CONTROL-TARGETS the same target and action merge their events into one entry, moved to the end")
    func merging() {
        let control = UIControl(), a = ControlEventLog(), b = ControlEventLog()
        control.addTarget(a, action: "x", for: .touchDown)
        control.addTarget(b, action: "y", for: .touchUpInside)
        control.addTarget(a, action: "x", for: .touchUpInside)
        var entries: [(String, UInt)] = []
        control.enumerateEventHandlers { _, targetAction, events, _ in
            entries.append((targetAction?.1.name ?? "?", events.rawValue))
        }
        #expect(entries.map(\.0) == ["y", "x"])
        #expect(entries.map(\.1) == [UIControl.Event.touchUpInside.rawValue, UIControl.Event([.touchDown, .touchUpInside]).rawValue])
        control.sendActions(for: .touchUpInside)
        #expect(a.names == ["x"] && b.names == ["y"])
        control.addTarget(a, action: "z", for: [])
        #expect(control.actions(forTarget: a, forControlEvent: .allEvents) == ["x"])
        #expect(control.allControlEvents == [.touchDown, .touchUpInside])
    }

    @Test("DESIGN-CONTROL-TARGETS removeTarget: a nil target or action matches all; an entry left without events goes")
    func removing() {
        let control = UIControl(), a = ControlEventLog(), b = ControlEventLog()
        control.addTarget(a, action: "x", for: [.touchDown, .touchUpInside])
        control.addTarget(a, action: "w", for: .touchDown)
        control.addTarget(b, action: "y", for: .touchDown)
        control.removeTarget(a, action: "x", for: .touchDown)
        #expect(control.actions(forTarget: a, forControlEvent: .touchDown) == ["w"])
        #expect(control.actions(forTarget: a, forControlEvent: .touchUpInside) == ["x"])
        control.removeTarget(a, action: nil, for: .allEvents)
        #expect(control.actions(forTarget: a, forControlEvent: .allEvents) == nil)
        #expect(control.actions(forTarget: b, forControlEvent: .touchDown) == ["y"])
        control.removeTarget(nil, action: nil, for: .allEvents)
        #expect(control.allTargets.isEmpty && control.allControlEvents.isEmpty)
    }

    @Test("DESIGN-CONTROL-TARGETS allTargets has NSNull for the nil target; actions(forTarget: nil) names the nil target's")
    func nilTarget() {
        let control = UIControl(), a = ControlEventLog()
        control.addTarget(nil, action: "up:", for: .touchUpInside)
        control.addTarget(a, action: "x", for: .touchUpInside)
        #expect(control.allTargets.contains { $0.base is NSNull })
        #expect(control.allTargets.count == 2)
        #expect(control.actions(forTarget: nil, forControlEvent: .touchUpInside) == ["up:"])
        #expect(control.actions(forTarget: nil, forControlEvent: .touchDown) == nil)
    }

    @Test("DESIGN-CONTROL-TARGETS targets are held weakly; a released target's entries are dropped and get nothing")
    func weakTargets() {
        let control = UIControl()
        var target: ControlEventLog? = ControlEventLog()
        weak var released = target
        control.addTarget(target, action: "x", for: .touchUpInside)
        #expect(control.allTargets.count == 1)
        target = nil
        #expect(released == nil)
        #expect(control.allTargets.isEmpty)
        #expect(control.allControlEvents.isEmpty)
        let misuses = TactileDiagnostics.misuseCount
        control.sendActions(for: .touchUpInside)  // not sent up the chain, not reported
        #expect(TactileDiagnostics.misuseCount == misuses)
    }

    @Test("DESIGN-CONTROL-SEND actions go in insertion order over a copy: a handler that removes a later entry does not stop it this time")
    func orderAndCopy() {
        let control = UIControl()
        var order: [String] = []
        let second = UIAction(identifier: .init("second")) { _ in order.append("second") }
        control.addAction(UIAction { _ in
            order.append("first")
            control.removeAction(second, for: .valueChanged)
        }, for: .valueChanged)
        control.addAction(second, for: .valueChanged)
        control.addAction(UIAction { _ in order.append("third") }, for: [.valueChanged, .touchDown])
        control.sendActions(for: .valueChanged)
        #expect(order == ["first", "second", "third"])
        order = []
        control.sendActions(for: .valueChanged)
        #expect(order == ["first", "third"])
    }

    @Test("DESIGN-CONTROL-SEND AG-P-07 a nil target goes up the responder chain from the first responder")
    func nilTargetFromFirstResponder() {
        final class Field: UIView {
            override var canBecomeFirstResponder: Bool { true }
        }
        let controller = ActionViewController()
        let stage = ControlStage(UIControl())
        stage.window.rootViewController = controller
        let field = Field(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        controller.view.addSubview(field)
        let button = UIButton(type: .system)
        button.setTitle("OK", for: .normal)
        button.frame = CGRect(x: 20, y: 300, width: 100, height: 40)
        stage.window.addSubview(button)       // not in the controller's view: only the first responder leads there
        button.addTarget(nil, action: "save:", for: .touchUpInside)
        #expect(field.becomeFirstResponder())
        stage.driver.tap(at: CGPoint(x: 50, y: 320))
        #expect(controller.calls == ["save OK"])
    }

    @Test("DESIGN-CONTROL-SEND AG-P-07 without a first responder a nil target's action goes up the control's own chain")
    func nilTargetFromSender() {
        let controller = ActionViewController()
        let stage = ControlStage(UIControl())
        stage.window.rootViewController = controller
        let button = UIButton(frame: CGRect(x: 20, y: 300, width: 100, height: 40))
        controller.view.addSubview(button)
        button.addTarget(nil, action: "refresh", for: .touchUpInside)
        stage.driver.tap(at: CGPoint(x: 50, y: 320))
        #expect(controller.calls == ["refresh"])
    }

    @Test("DESIGN-CONTROL-ACTIONS the three action shapes, a subclass's override and addition, a non-responder target")
    func actionShapes() {
        let controller = ActionSubViewController()
        let stage = ControlStage(UIButton())
        stage.window.rootViewController = controller
        let button = UIButton(frame: CGRect(x: 20, y: 300, width: 100, height: 40))
        button.setTitle("Go", for: .normal)
        controller.view.addSubview(button)
        let plain = PlainTarget()
        button.addTarget(controller, action: "refresh", for: .touchUpInside)
        button.addTarget(controller, action: "save:", for: .touchUpInside)
        button.addTarget(controller, action: "drag:forEvent:", for: .touchUpInside)
        button.addTarget(controller, action: "extra:", for: .touchUpInside)
        button.addTarget(plain, action: "bump:", for: .touchUpInside)
        stage.driver.tap(at: CGPoint(x: 50, y: 320))
        #expect(controller.calls == ["sub refresh", "save Go", "drag true", "extra"])
        #expect(plain.count == 1)
        #expect(controller.canPerformAction("extra:", withSender: nil))
        #expect(controller.canPerformAction("save:", withSender: nil))
        #expect(!controller.canPerformAction("missing:", withSender: nil))
        #expect(!ActionViewController().canPerformAction("extra:", withSender: nil))
    }

    @Test("DESIGN-CONTROL-ACTIONS DESIGN-SEGUE-UNWIND an unwind action listed in tactileActions makes the controller an unwind destination")
    func unwindDestination() {
        let destination = ActionViewController(), source = UIViewController()
        #expect(destination.canPerformUnwindSegueAction("save:", from: source, sender: nil))
        #expect(!destination.canPerformUnwindSegueAction("save:", from: destination, sender: nil))
        #expect(!destination.canPerformUnwindSegueAction("unwindElsewhere:", from: source, sender: nil))
    }

    @Test("DESIGN-CONTROL-ACTIONS an explicit target without the method is UIKit's unrecognized-selector exception, reported")
    func unrecognizedSelector() {
        let logs = TactileDiagnostics.logsToStandardError
        TactileDiagnostics.logsToStandardError = false
        defer { TactileDiagnostics.logsToStandardError = logs }
        let control = UIControl(), controller = ActionViewController()
        control.addTarget(controller, action: "missing:", for: .touchUpInside)
        let before = TactileDiagnostics.misuseCount
        control.sendActions(for: .touchUpInside)
        #expect(TactileDiagnostics.misuseCount == before + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("-[ActionViewController missing:]: unrecognized selector sent to instance") == true)
        // A sender of the wrong type for the method is reported too, not cast blindly.
        control.addTarget(controller, action: "save:", for: .touchDown)
        control.sendActions(for: .touchDown)
        #expect(TactileDiagnostics.misuseCount == before + 2)
        #expect(controller.calls.isEmpty)
    }

    @Test("DESIGN-CONTROL-UIACTION an action with the same identifier replaces the old one; removal by identifier; sender during the handler")
    func uiActions() {
        let control = UIControl()
        var log: [String] = []
        var senderSeen: Any?
        let first = UIAction(title: "A", identifier: .init("id")) { _ in log.append("A") }
        control.addAction(first, for: .touchUpInside)
        control.addAction(UIAction(title: "B", identifier: .init("id")) { action in
            log.append("B")
            senderSeen = action.sender
        }, for: .valueChanged)
        var count = 0
        control.enumerateEventHandlers { action, targetAction, events, _ in
            count += 1
            #expect(action?.title == "B" && targetAction == nil && events == .valueChanged)
        }
        #expect(count == 1)
        control.sendActions(for: [.touchUpInside, .valueChanged])
        #expect(log == ["B"])
        #expect((senderSeen as? UIControl) === control)
        control.removeAction(identifiedBy: .init("id"), for: .valueChanged)
        #expect(control.allControlEvents.isEmpty)
        let unnamed1 = UIAction { _ in }, unnamed2 = UIAction { _ in }
        #expect(unnamed1.identifier != unnamed2.identifier)
    }

    @Test("DESIGN-CONTROL-UIACTION enumerateEventHandlers stops when asked")
    func enumerationStops() {
        let control = UIControl(), a = ControlEventLog()
        control.addTarget(a, action: "x", for: .touchDown)
        control.addTarget(a, action: "y", for: .touchDown)
        var seen = 0
        control.enumerateEventHandlers { _, _, _, stop in
            seen += 1
            stop = true
        }
        #expect(seen == 1)
    }

    @Test("DESIGN-CONTROL-PRIMARY a plain UIControl has no primary event; performPrimaryAction sends primaryActionTriggered")
    func primary() {
        let control = UIControl(), log = ControlEventLog()
        log.observe(control)
        control.sendActions(for: .touchUpInside)
        #expect(log.names == ["upIn"])
        control.performPrimaryAction()
        #expect(log.names == ["upIn", "primary"])
        let button = UIButton(), buttonLog = ControlEventLog()
        buttonLog.observe(button)
        button.sendActions(for: .touchUpInside)  // also from code (younata.github.io, 2023-06-25, tested on iOS 17)
        #expect(buttonLog.names == ["upIn", "primary"])
    }

    @Test("DESIGN-CONTROL-SEND sendAction(_:to:for:) is the one door for target-action: an override sees every action")
    func sendActionOverride() {
        final class Watched: UIControl {
            var seen: [String] = []
            override func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
                seen.append(action.name)
                super.sendAction(action, to: target, for: event)
            }
        }
        let control = Watched(), log = ControlEventLog()
        let stage = ControlStage(control)
        log.observe(control)
        stage.driver.tap(at: CGPoint(x: 150, y: 125))
        #expect(control.seen == ["down", "upIn"])
        #expect(log.names == ["down", "upIn"])
    }
}
