import Foundation
@_spi(Testing) import Tactile
import Testing

// Behaviour of the standard controls — UIButton, UISwitch, UISlider, UIStepper, UISegmentedControl, UIPageControl —
// driven by real touches through the event queue, the main run loop and the touch router (issue 20).
// Rules: DESIGN-CONTROL-BUTTON, -SWITCH, -SLIDER, -STEPPER, -SEGMENTED, -PAGE, -END, -CANCEL (docs/rules.md).

// MARK: - Helpers (prefixed `Std…` to stay unique in the module)

/// The control events worth logging by name (the drag-inside/outside stream is left out: it repeats per move).
private let stdEvents: [(UIControl.Event, String)] = [
    (.touchDown, "down"), (.touchDownRepeat, "repeat"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
    (.touchUpInside, "upIn"), (.touchUpOutside, "upOut"), (.touchCancel, "cancel"), (.valueChanged, "value"),
    (.primaryActionTriggered, "primary"),
]

/// An ordered log of control events, recorded with `UIAction`s.
@MainActor
private final class StdLog {
    var lines: [String] = []

    /// Adds one `UIAction` per event of `events` that appends the event's name.
    func observe(_ control: UIControl, _ events: [(UIControl.Event, String)] = stdEvents) {
        for (event, name) in events {
            control.addAction(UIAction { [unowned self] _ in self.lines.append(name) }, for: event)
        }
    }

    /// Adds a `UIAction` on `event` that appends what `describe` says of the sender at the time.
    func observe<Control: UIControl>(_ control: Control, _ event: UIControl.Event, _ describe: @escaping @MainActor (Control) -> String) {
        control.addAction(UIAction { [unowned self] action in
            guard let sender = action.sender as? Control else { self.lines.append("sender is not the control"); return }
            self.lines.append(describe(sender))
        }, for: event)
    }

    func clear() { lines.removeAll() }
}

/// A responder target naming its action methods in `tactileActions` (DESIGN-CONTROL-ACTIONS).
@MainActor
private final class StdRecorder: UIResponder {
    var calls: [String] = []

    override class var tactileActions: [TactileAction] {
        super.tactileActions + [TactileAction("changed:", StdRecorder.changed), TactileAction("tapped", StdRecorder.tapped)]
    }

    func changed(_ sender: UIControl) {
        switch sender {
        case let s as UISwitch: calls.append("changed isOn=\(s.isOn)")
        case let s as UIStepper: calls.append("changed value=\(s.value)")
        default: calls.append("changed \(type(of: sender))")
        }
    }

    func tapped() { calls.append("tapped") }
}

/// A fresh deterministic app with a 400 × 600 key window and a finger. Keep it alive for the whole test
/// (`withExtendedLifetime(stage)`): the window must outlive the touches.
@MainActor
private final class StdStage {
    let app: UIApplication
    let window: UIWindow
    let driver: TouchDriver

    init() {
        app = TactileHost.launch(delegate: nil)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        window.makeKeyAndVisible()
        driver = TouchDriver(window: window)
    }

    func add(_ views: UIView...) { for v in views { window.addSubview(v) } }

    /// Lets the run loop's clock pass the minimum highlight (DESIGN-CONTROL-END) and the multi-tap interval, so the
    /// next tap is a tap of its own (no `touchDownRepeat`).
    func settle() { driver.wait(0.5) }
}

/// SplitMix64: a small seeded generator, so a failing run can be replayed.
private struct StdSplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The centre of `view`'s frame, in its superview's (here: the window's) coordinates.
@MainActor
private func stdCenter(_ view: UIView) -> CGPoint { CGPoint(x: view.frame.midX, y: view.frame.midY) }

// MARK: - Tests

@MainActor
@Suite("Standard controls", .serialized)
struct StandardControlTests {

    // MARK: UIButton

    @Test("DESIGN-CONTROL-BUTTON: a tap sends touchDown, then touchUpInside and after it primaryActionTriggered; a target-action runs too")
    func buttonTapSendsTouchUpInsideThenPrimary() {
        // DESIGN-CONTROL-BUTTON, DESIGN-CONTROL-PRIMARY
        // https://developer.apple.com/documentation/uikit/uicontrol/event/primaryactiontriggered
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44))
        stage.add(button)
        let log = StdLog(), recorder = StdRecorder()
        log.observe(button)
        button.addTarget(recorder, action: "tapped", for: .touchUpInside)

        stage.driver.tap(at: stdCenter(button))
        #expect(log.lines == ["down", "upIn", "primary"])
        #expect(recorder.calls == ["tapped"])

        log.clear()
        stage.settle()
        button.isEnabled = false  // DESIGN-CONTROL-DISABLED: passed over by hit-testing
        stage.driver.tap(at: stdCenter(button))
        #expect(log.lines.isEmpty, "a disabled button sends nothing")
        #expect(recorder.calls == ["tapped"])
    }

    @Test("DESIGN-CONTROL-BUTTON-PARTS: titleLabel and imageView show the current state's title, colour and image, centred")
    func buttonPartsFollowState() {
        // https://developer.apple.com/documentation/uikit/uibutton/titlelabel — "Although this property is
        // read-only, its own properties are read/write"; the label shows currentTitle.
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44))
        stage.add(button)
        button.setTitle("Save", for: .normal)
        button.setTitle("Saving", for: .highlighted)
        button.setTitleColor(.red, for: .normal)
        let label = button.titleLabel
        #expect(label?.superview === button)
        #expect(label?.text == "Save")
        #expect(label?.textColor == .red)
        #expect(button.titleLabel === label, "made once")
        button.isHighlighted = true
        #expect(label?.text == "Saving")
        button.isHighlighted = false
        button.setTitle("Store", for: .normal)
        #expect(label?.text == "Store")
        stage.settle()
        let frame = label?.frame ?? .zero
        #expect(abs(frame.midX - 60) < 0.5 && abs(frame.midY - 22) < 0.5, "centred: \(frame)")
        let image = UIImage(size: CGSize(width: 10, height: 10))
        button.setImage(image, for: .normal)
        #expect(button.imageView?.image === image)
    }

    @Test("DESIGN-CONTROL-BUTTON: title(for:) falls back to .normal; currentTitle follows the state (highlighted while touched, disabled, selected)")
    func buttonTitlesFollowState() {
        // DESIGN-CONTROL-BUTTON
        // https://developer.apple.com/documentation/uikit/uibutton/title(for:)
        // https://developer.apple.com/documentation/uikit/uibutton/currenttitle
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 44)
        stage.add(button)

        #expect(button.title(for: .normal) == nil)
        #expect(button.currentTitle == nil)
        button.setTitle("Send", for: .normal)
        button.setTitle("Sending", for: .highlighted)
        #expect(button.title(for: .highlighted) == "Sending")
        #expect(button.title(for: .disabled) == "Send", "no disabled title: the normal one")
        #expect(button.title(for: .selected) == "Send")
        #expect(button.title(for: [.selected, .highlighted]) == "Send", "a combined state without its own title: the normal one")
        #expect(button.currentTitle == "Send")

        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        button.setTitleColor(red, for: .normal)
        #expect(button.titleColor(for: .disabled) == red)

        // Highlighted while the finger is down on it.
        stage.driver.down(at: stdCenter(button))
        #expect(button.isHighlighted)
        #expect(button.state == .highlighted)
        #expect(button.currentTitle == "Sending")
        stage.driver.up()
        stage.settle()
        #expect(!button.isHighlighted)
        #expect(button.currentTitle == "Send")

        // Disabled: its own title once it has one.
        button.isEnabled = false
        #expect(button.state == .disabled)
        #expect(button.currentTitle == "Send")
        button.setTitle("Unavailable", for: .disabled)
        #expect(button.currentTitle == "Unavailable")
        button.isEnabled = true

        // Selected.
        button.isSelected = true
        button.setTitle("Sent", for: .selected)
        #expect(button.currentTitle == "Sent")
        button.setTitle(nil, for: .selected)
        #expect(button.currentTitle == "Send", "a title removed for a state falls back to the normal one again")
    }

    @Test("DESIGN-CONTROL-BUTTON: ButtonType has the SDK's raw values; UIButton() and init(frame:) are .custom")
    func buttonTypes() {
        // DESIGN-CONTROL-BUTTON
        // https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum (UIButtonTypeCustom = 0 … UIButtonTypeClose = 7)
        let types: [(UIButton.ButtonType, Int)] = [(.custom, 0), (.system, 1), (.detailDisclosure, 2), (.infoLight, 3),
                                                  (.infoDark, 4), (.contactAdd, 5), (.plain, 6), (.close, 7)]
        for (type, raw) in types {
            #expect(type.rawValue == raw)
            #expect(UIButton.ButtonType(rawValue: raw) == type)
        }
        _ = TactileHost.launch(delegate: nil)
        #expect(UIButton().buttonType == .custom)
        #expect(UIButton(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).buttonType == .custom)
        #expect(UIButton(type: .system).buttonType == .system)
        #expect(UIButton(type: .contactAdd).buttonType == .contactAdd)
        // https://developer.apple.com/documentation/uikit/uibutton/init(type:primaryaction:) — the type defaults to .system
        #expect(UIButton(primaryAction: nil).buttonType == .system)
    }

    @Test("DESIGN-CONTROL-BUTTON: init(frame:primaryAction:) registers the action for primaryActionTriggered, takes its title and image, and a tap runs it")
    func buttonPrimaryAction() {
        // DESIGN-CONTROL-BUTTON
        // https://developer.apple.com/documentation/uikit/uibutton/init(frame:primaryaction:)
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        var runs: [String] = []
        let image = UIImage(named: "paperplane")
        let action = UIAction(title: "Share", image: image) { action in
            runs.append("share from \((action.sender as? UIButton)?.currentTitle ?? "?")")
        }
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44), primaryAction: action)
        stage.add(button)

        #expect(button.title(for: .normal) == "Share")
        #expect(button.image(for: .normal) === image)
        #expect(button.currentImage === image)
        var registered: [(String?, UIControl.Event)] = []
        button.enumerateEventHandlers { handler, _, events, _ in registered.append((handler?.title, events)) }
        #expect(registered.count == 1)
        #expect(registered.first?.0 == "Share")
        #expect(registered.first?.1 == .primaryActionTriggered)

        stage.driver.tap(at: stdCenter(button))
        #expect(runs == ["share from Share"], "the tap runs the action once, with the button as its sender")
        #expect(action.sender == nil, "sender is only set while the handler runs")

        stage.driver.down(at: stdCenter(button))
        stage.driver.up(at: CGPoint(x: 390, y: 590))  // lifted outside the slop: touchUpOutside, no primary action
        #expect(runs.count == 1)
    }

    // MARK: UISwitch

    @Test("DESIGN-CONTROL-SWITCH: the switch is 51 × 31 points whatever frame it is given")
    func switchKeepsItsSize() {
        // DESIGN-CONTROL-SWITCH
        _ = TactileHost.launch(delegate: nil)
        let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        #expect(toggle.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        toggle.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        #expect(toggle.frame == CGRect(x: 5, y: 6, width: 51, height: 31))
        #expect(UISwitch().frame.size == CGSize(width: 51, height: 31))
        #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(toggle.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 51, height: 31))
        #expect(!toggle.isOn)
    }

    @Test("DESIGN-CONTROL-SWITCH: a tap toggles it and sends valueChanged then primaryActionTriggered before touchUpInside; its target-action reads the new value")
    func switchTapToggles() {
        // DESIGN-CONTROL-SWITCH, DESIGN-CONTROL-PRIMARY
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stage.add(toggle)
        let log = StdLog(), recorder = StdRecorder()
        log.observe(toggle)
        toggle.addTarget(recorder, action: "changed:", for: .valueChanged)

        stage.driver.tap(at: stdCenter(toggle))
        #expect(toggle.isOn)
        #expect(log.lines == ["down", "value", "primary", "upIn"])
        #expect(recorder.calls == ["changed isOn=true"])

        log.clear()
        stage.settle()
        stage.driver.tap(at: stdCenter(toggle))
        #expect(!toggle.isOn)
        #expect(log.lines == ["down", "value", "primary", "upIn"])
        #expect(recorder.calls == ["changed isOn=true", "changed isOn=false"])
    }

    @Test("DESIGN-CONTROL-SWITCH: a touch that ends outside the slop without dragging along the switch changes nothing")
    func switchTapEndingOutsideChangesNothing() {
        // DESIGN-CONTROL-SWITCH
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stage.add(toggle)
        let log = StdLog()
        log.observe(toggle)
        let c = stdCenter(toggle)

        // Lifted far below (beyond the 70-point slop) with no move in between.
        stage.driver.down(at: c)
        stage.driver.up(at: CGPoint(x: c.x, y: c.y + 200))
        #expect(!toggle.isOn)
        #expect(log.lines == ["down", "exit", "upOut"])

        // Moved straight down out of the slop, then lifted.
        log.clear()
        stage.settle()
        stage.driver.drag(from: c, to: CGPoint(x: c.x, y: c.y + 200), steps: 4)
        #expect(!toggle.isOn)
        #expect(log.lines == ["down", "exit", "upOut"])
    }

    @Test("DESIGN-CONTROL-SWITCH: a drag leaves the switch on the side the finger ends on; valueChanged only when the value changed")
    func switchDrag() {
        // DESIGN-CONTROL-SWITCH
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stage.add(toggle)
        let log = StdLog()
        log.observe(toggle, [(.valueChanged, "value")])
        let y = stdCenter(toggle).y
        let offSide = CGPoint(x: 108, y: y), onSide = CGPoint(x: 145, y: y)

        stage.driver.drag(from: offSide, to: onSide, steps: 6)
        #expect(toggle.isOn)
        #expect(log.lines == ["value"])

        // A drag that ends on the side it already is on: no change, nothing sent.
        stage.settle()
        stage.driver.drag(along: [onSide, CGPoint(x: 120, y: y), CGPoint(x: 148, y: y)])
        #expect(toggle.isOn)
        #expect(log.lines == ["value"])

        stage.settle()
        stage.driver.drag(from: onSide, to: offSide, steps: 6)
        #expect(!toggle.isOn)
        #expect(log.lines == ["value", "value"])
    }

    @Test("DESIGN-CONTROL-SWITCH: isOn and setOn(_:animated:) send nothing")
    func switchSetOnSendsNothing() {
        // DESIGN-CONTROL-SWITCH
        // https://developer.apple.com/documentation/uikit/uiswitch/setOn(_:animated:) — "Setting the switch to either
        // position doesn't result in an action message being sent."
        _ = TactileHost.launch(delegate: nil)
        let toggle = UISwitch()
        let log = StdLog()
        log.observe(toggle)
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn)
        toggle.setOn(false, animated: false)
        #expect(!toggle.isOn)
        toggle.isOn = true
        #expect(toggle.isOn)
        #expect(log.lines.isEmpty)
    }

    // MARK: UISlider

    @Test("DESIGN-CONTROL-SLIDER: 0 within 0…1; the value is clamped; each limit moves the value and the other limit")
    func sliderLimits() {
        // DESIGN-CONTROL-SLIDER
        // https://developer.apple.com/documentation/uikit/uislider/value
        // https://developer.apple.com/documentation/uikit/uislider/minimumvalue
        // https://developer.apple.com/documentation/uikit/uislider/maximumvalue
        _ = TactileHost.launch(delegate: nil)
        let slider = UISlider()
        #expect(slider.value == 0)
        #expect(slider.minimumValue == 0)
        #expect(slider.maximumValue == 1)
        #expect(slider.isContinuous)

        slider.value = 2
        #expect(slider.value == 1)
        slider.value = -1
        #expect(slider.value == 0)
        slider.setValue(0.5, animated: true)
        #expect(slider.value == 0.5)
        slider.setValue(7, animated: false)
        #expect(slider.value == 1)

        slider.value = 0.5
        slider.minimumValue = 0.7
        #expect(slider.value == 0.7, "a minimum above the value moves the value up")
        slider.maximumValue = 0.6
        #expect(slider.minimumValue == 0.6, "a maximum below the minimum moves the minimum down")
        #expect(slider.value == 0.6)
        slider.minimumValue = 2
        #expect(slider.maximumValue == 2, "a minimum above the maximum moves the maximum up")
        #expect(slider.value == 2)
        slider.minimumValue = -10
        slider.maximumValue = 10
        slider.value = -20
        #expect(slider.value == -10)
    }

    @Test("DESIGN-CONTROL-SLIDER: a touch on the track away from the thumb starts nothing")
    func sliderTrackTouchDoesNothing() {
        // DESIGN-CONTROL-SLIDER
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 200, height: 31))
        stage.add(slider)
        let log = StdLog()
        log.observe(slider)

        stage.driver.down(at: CGPoint(x: 200, y: 115.5))  // the thumb is at the start (value 0)
        #expect(!slider.isTracking)
        #expect(!slider.isHighlighted)
        stage.driver.move(to: CGPoint(x: 230, y: 115.5))
        stage.driver.up()
        stage.driver.tap(at: CGPoint(x: 240, y: 115.5))
        #expect(slider.value == 0)
        #expect(log.lines.isEmpty)
    }

    @Test("DESIGN-CONTROL-SLIDER: a continuous slider's thumb follows the finger (keeping the grab offset) and sends valueChanged at each change")
    func sliderContinuousDrag() {
        // DESIGN-CONTROL-SLIDER
        // https://developer.apple.com/documentation/uikit/uislider/iscontinuous
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 200, height: 31))
        stage.add(slider)
        let log = StdLog()
        log.observe(slider, .valueChanged) { "value \($0.value)" }
        log.observe(slider, [(.primaryActionTriggered, "primary"), (.touchUpInside, "upIn")])

        // Thumb 28 wide, centred at x 14 (window 64) for value 0; the track's travel is 200 − 28 = 172 points.
        let y: CGFloat = 115.5, grab: CGFloat = 69  // 5 points right of the thumb's centre
        stage.driver.down(at: CGPoint(x: grab, y: y))
        #expect(slider.isTracking)
        #expect(log.lines.isEmpty, "grabbing the thumb changes nothing")
        stage.driver.move(to: CGPoint(x: grab + 21.5, y: y))       // 0.125
        stage.driver.move(to: CGPoint(x: grab + 21.5, y: y + 10))  // no change: nothing sent
        stage.driver.move(to: CGPoint(x: grab + 43, y: y))         // 0.25
        stage.driver.move(to: CGPoint(x: grab + 86, y: y))         // 0.5
        stage.driver.up()
        #expect(slider.value == 0.5)
        #expect(log.lines == ["value 0.125", "primary", "value 0.25", "primary", "value 0.5", "primary", "upIn"])

        // Past the end: clamped to the maximum.
        log.clear()
        stage.settle()
        stage.driver.drag(from: CGPoint(x: 64 + 86, y: y), to: CGPoint(x: 390, y: y), steps: 3)
        #expect(slider.value == 1)
        #expect(log.lines.filter { $0.hasPrefix("value") }.last == "value 1.0")
    }

    @Test("DESIGN-CONTROL-SLIDER: grabbing the thumb and lifting without moving along the track changes nothing, whatever the limits")
    func sliderTapOnThumbKeepsValue() {
        // DESIGN-CONTROL-SLIDER: the thumb follows the finger; a finger that did not move leaves the value as it was.
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 200, height: 31))
        stage.add(slider)
        let log = StdLog()
        log.observe(slider, .valueChanged) { "value \($0.value)" }

        for continuous in [true, false] {
            slider.isContinuous = continuous
            for (minimum, maximum): (Float, Float) in [(0, 1), (-7.3, 12.9), (0.1, 0.7), (-1000, 3)] {
                slider.minimumValue = -10_000
                slider.maximumValue = maximum
                slider.minimumValue = minimum
                for fraction: Float in [0.1, 0.3, 1.0 / 3, 0.7, 0.99] {
                    let value = minimum + fraction * (maximum - minimum)
                    slider.value = value
                    let start = slider.value
                    // The thumb's centre: 14 points in, plus the fraction of the 172-point travel.
                    let x = 50 + 14 + 172 * CGFloat((start - minimum) / (maximum - minimum))
                    stage.settle()
                    stage.driver.down(at: CGPoint(x: x + 3, y: 112))
                    stage.driver.move(to: CGPoint(x: x + 3, y: 125))  // straight down: not along the track
                    stage.driver.up()
                    #expect(slider.value == start, "continuous \(continuous), \(minimum)…\(maximum), value \(start)")
                }
            }
        }
        #expect(log.lines.isEmpty)
    }

    @Test("DESIGN-CONTROL-SLIDER: a continuous slider also reports the change made where the finger lifts")
    func sliderContinuousLiftElsewhere() {
        // DESIGN-CONTROL-SLIDER: `.valueChanged` on every change while continuous.
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 200, height: 31))
        stage.add(slider)
        let log = StdLog()
        log.observe(slider, .valueChanged) { "value \($0.value)" }

        stage.driver.down(at: CGPoint(x: 64, y: 115.5))
        stage.driver.move(to: CGPoint(x: 64 + 43, y: 115.5))
        stage.driver.up(at: CGPoint(x: 64 + 86, y: 115.5))  // the finger moved on between the last move and the lift
        #expect(slider.value == 0.5)
        #expect(log.lines == ["value 0.25", "value 0.5"])
    }

    @Test("DESIGN-CONTROL-SLIDER: a slider that is not continuous sends valueChanged once, when the finger lifts, if the value changed")
    func sliderNotContinuous() {
        // DESIGN-CONTROL-SLIDER
        // https://developer.apple.com/documentation/uikit/uislider/iscontinuous
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 200, height: 31))
        slider.isContinuous = false
        stage.add(slider)
        let log = StdLog()
        log.observe(slider)
        log.observe(slider, .valueChanged) { "now \($0.value)" }

        stage.driver.drag(from: CGPoint(x: 64, y: 115.5), to: CGPoint(x: 64 + 86, y: 115.5), steps: 4)
        #expect(slider.value == 0.5)
        #expect(log.lines == ["down", "value", "now 0.5", "primary", "upIn"])

        // Back to where it started: no change, nothing sent.
        log.clear()
        stage.settle()
        stage.driver.drag(along: [CGPoint(x: 150, y: 115.5), CGPoint(x: 190, y: 115.5), CGPoint(x: 150, y: 115.5)])
        #expect(slider.value == 0.5)
        #expect(log.lines == ["down", "upIn"])
    }

    @Test("DESIGN-CONTROL-SLIDER: setting the value, or the limits, sends nothing")
    func sliderSetValueSendsNothing() {
        // DESIGN-CONTROL-SLIDER
        _ = TactileHost.launch(delegate: nil)
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        let log = StdLog()
        log.observe(slider)
        slider.value = 0.3
        slider.setValue(0.8, animated: true)
        slider.maximumValue = 0.5
        #expect(slider.value == 0.5)
        #expect(log.lines.isEmpty)
    }

    // MARK: UIStepper

    @Test("DESIGN-CONTROL-STEPPER: 0 within 0…100 by 1, repeating, continuous, not wrapping; 94 × 32 points")
    func stepperDefaults() {
        // DESIGN-CONTROL-STEPPER
        // https://developer.apple.com/documentation/uikit/uistepper/value
        // https://developer.apple.com/documentation/uikit/uistepper/stepvalue
        // https://developer.apple.com/documentation/uikit/uistepper/wraps
        _ = TactileHost.launch(delegate: nil)
        let stepper = UIStepper()
        #expect(stepper.value == 0)
        #expect(stepper.minimumValue == 0)
        #expect(stepper.maximumValue == 100)
        #expect(stepper.stepValue == 1)
        #expect(stepper.autorepeat)
        #expect(stepper.isContinuous)
        #expect(!stepper.wraps)
        #expect(stepper.frame.size == CGSize(width: 94, height: 32))
        stepper.value = 250
        #expect(stepper.value == 100)
        stepper.value = -3
        #expect(stepper.value == 0)
    }

    @Test("DESIGN-CONTROL-STEPPER: a tap on the + half steps up, on the − half steps down, each with valueChanged then primaryActionTriggered after touchDown")
    func stepperTapHalves() {
        // DESIGN-CONTROL-STEPPER
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stage.add(stepper)
        let log = StdLog(), recorder = StdRecorder()
        log.observe(stepper)
        stepper.addTarget(recorder, action: "changed:", for: .valueChanged)
        let plus = CGPoint(x: 170, y: 116), minus = CGPoint(x: 125, y: 116)

        stage.driver.tap(at: plus)
        #expect(stepper.value == 1)
        #expect(log.lines == ["down", "value", "primary", "upIn"])
        stage.settle()
        stage.driver.tap(at: plus)
        #expect(stepper.value == 2)
        stage.settle()
        stage.driver.tap(at: minus)
        #expect(stepper.value == 1)
        #expect(recorder.calls == ["changed value=1.0", "changed value=2.0", "changed value=1.0"])

        // Setting the value from code sends nothing.
        log.clear()
        stepper.value = 40
        #expect(log.lines.isEmpty)
    }

    @Test("DESIGN-CONTROL-STEPPER: the half at its limit is off — a touch there sends nothing, not even touchDown")
    func stepperHalfAtLimit() {
        // DESIGN-CONTROL-STEPPER
        // https://developer.apple.com/documentation/uikit/uistepper/wraps — without wrapping the stepper "holds at those values"
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stage.add(stepper)
        let log = StdLog()
        log.observe(stepper)
        let plus = CGPoint(x: 170, y: 116), minus = CGPoint(x: 125, y: 116)

        stage.driver.down(at: minus)
        #expect(!stepper.isHighlighted)
        #expect(!stepper.isTracking)
        stage.driver.wait(1)  // held: no repeat either
        stage.driver.up()
        #expect(stepper.value == 0)
        #expect(log.lines.isEmpty)

        stepper.value = 100
        stage.driver.tap(at: plus)
        #expect(stepper.value == 100)
        #expect(log.lines.isEmpty)

        // The other half still works; a step past the limit holds at it.
        stage.driver.tap(at: minus)
        #expect(stepper.value == 99)
        stepper.stepValue = 30
        stepper.value = 90
        stage.settle()
        stage.driver.tap(at: plus)
        #expect(stepper.value == 100)
    }

    @Test("DESIGN-CONTROL-STEPPER: wraps carries a step past a limit to the other limit")
    func stepperWraps() {
        // DESIGN-CONTROL-STEPPER
        // https://developer.apple.com/documentation/uikit/uistepper/wraps — "incrementing beyond maximumValue sets value
        // to minimumValue; likewise, decrementing below minimumValue sets value to maximumValue"
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stepper.wraps = true
        stepper.maximumValue = 10
        stage.add(stepper)
        let log = StdLog()
        log.observe(stepper, .valueChanged) { "value \($0.value)" }
        let plus = CGPoint(x: 170, y: 116), minus = CGPoint(x: 125, y: 116)

        stage.driver.tap(at: minus)
        #expect(stepper.value == 10)
        stage.settle()
        stage.driver.tap(at: plus)
        #expect(stepper.value == 0)
        stepper.value = 8
        stepper.stepValue = 5
        stage.settle()
        stage.driver.tap(at: plus)
        #expect(stepper.value == 0, "incrementing beyond the maximum sets the minimum")
        #expect(log.lines == ["value 10.0", "value 0.0", "value 0.0"])
    }

    @Test("DESIGN-CONTROL-STEPPER: a held half repeats on the run loop's clock while held, and stops when lifted; autorepeat false steps once")
    func stepperAutorepeat() {
        // DESIGN-CONTROL-STEPPER
        // https://developer.apple.com/documentation/uikit/uistepper/autorepeat
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stage.add(stepper)
        let log = StdLog()
        log.observe(stepper, [(.valueChanged, "value")])
        let plus = CGPoint(x: 170, y: 116)
        let delay = UIStepper.tactileAutorepeatDelay, interval = UIStepper.tactileAutorepeatInterval

        stage.driver.down(at: plus)
        #expect(stepper.value == 1, "the touch down steps at once")
        stage.driver.wait(delay - 0.1)
        #expect(stepper.value == 1, "no repeat before the delay")
        stage.driver.wait(0.1 + 2.5 * interval)  // past the delay and two more intervals: three repeats
        #expect(stepper.value == 4)
        stage.driver.up()
        stage.driver.wait(1)
        #expect(stepper.value == 4, "lifting stops the repeat")
        #expect(log.lines.count == 4)

        stepper.autorepeat = false
        stage.driver.down(at: plus)
        stage.driver.wait(1)
        stage.driver.up()
        #expect(stepper.value == 5)
    }

    @Test("DESIGN-CONTROL-STEPPER: a second finger on a multi-touch stepper neither steps nor starts a second repeat")
    func stepperSecondFinger() {
        // DESIGN-CONTROL-STEPPER: one touch steps and repeats; the control tracks one touch (DESIGN-CONTROL-BEGIN).
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stepper.isMultipleTouchEnabled = true
        stage.add(stepper)
        let log = StdLog()
        log.observe(stepper, [(.valueChanged, "value")])
        let plus = CGPoint(x: 170, y: 116), minus = CGPoint(x: 125, y: 116)

        stage.driver.down(0, at: plus)
        stage.driver.down(1, at: minus)
        #expect(stepper.value == 1, "the second finger does not step")
        stage.driver.up(1)
        stage.driver.up(0)
        let value = stepper.value
        stage.driver.wait(2)
        #expect(stepper.value == value, "no repeat is left running once both fingers are up")

        // Held again: one step, then one repeat per interval.
        stepper.value = 10
        stage.driver.down(at: plus)
        stage.driver.wait(UIStepper.tactileAutorepeatDelay + 1.5 * UIStepper.tactileAutorepeatInterval)
        stage.driver.up()
        #expect(stepper.value == 13)
    }

    @Test("DESIGN-CONTROL-STEPPER: a cancelled hold, or the stepper leaving its window, stops the repeat")
    func stepperCancelStopsRepeat() {
        // DESIGN-CONTROL-STEPPER, DESIGN-CONTROL-CANCEL
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stage.add(stepper)
        let log = StdLog()
        log.observe(stepper)
        let plus = CGPoint(x: 170, y: 116)

        stage.driver.down(at: plus)
        stage.driver.systemCancel()
        stage.driver.wait(2)
        #expect(stepper.value == 1)
        #expect(log.lines == ["down", "value", "primary", "cancel"])
        #expect(!stepper.isTracking)

        log.clear()
        stage.settle()
        stage.driver.down(1, at: plus)
        stepper.removeFromSuperview()
        stage.driver.wait(2)
        #expect(stepper.value == 2)
        #expect(log.lines == ["down", "value", "primary", "cancel"])
        stage.driver.up(1)
    }

    @Test("DESIGN-CONTROL-STEPPER: without isContinuous, a held half steps and repeats but sends one valueChanged when the finger lifts")
    func stepperNotContinuous() {
        // DESIGN-CONTROL-STEPPER
        // https://developer.apple.com/documentation/uikit/uistepper/iscontinuous
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        stepper.isContinuous = false
        stage.add(stepper)
        let log = StdLog()
        log.observe(stepper)
        log.observe(stepper, .valueChanged) { "now \($0.value)" }

        stage.driver.down(at: CGPoint(x: 170, y: 116))
        stage.driver.wait(UIStepper.tactileAutorepeatDelay + 1.5 * UIStepper.tactileAutorepeatInterval)
        #expect(stepper.value == 3)
        #expect(log.lines == ["down"], "nothing sent while held")
        stage.driver.up()
        #expect(log.lines == ["down", "value", "now 3.0", "primary", "upIn"])
    }

    @Test("DESIGN-CONTROL-STEPPER: a non-positive step or crossed limits are NSInvalidArgumentException, reported; the property keeps its value")
    func stepperMisuse() {
        // DESIGN-CONTROL-STEPPER
        // https://developer.apple.com/documentation/uikit/uistepper/stepvalue
        // https://developer.apple.com/documentation/uikit/uistepper/minimumvalue
        // https://developer.apple.com/documentation/uikit/uistepper/maximumvalue
        let logs = TactileDiagnostics.logsToStandardError
        TactileDiagnostics.logsToStandardError = false
        defer { TactileDiagnostics.logsToStandardError = logs }
        _ = TactileHost.launch(delegate: nil)
        let stepper = UIStepper()
        var count = TactileDiagnostics.misuseCount

        func expectReported(_ api: String, _ sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(TactileDiagnostics.misuseCount == count + 1, sourceLocation: sourceLocation)
            #expect(TactileDiagnostics.recentMisuses.last?.api == api, sourceLocation: sourceLocation)
            #expect(TactileDiagnostics.recentMisuses.last?.reason.hasPrefix("NSInvalidArgumentException") == true,
                    sourceLocation: sourceLocation)
            count = TactileDiagnostics.misuseCount
        }

        stepper.stepValue = 0
        expectReported("UIStepper.stepValue")
        stepper.stepValue = -2
        expectReported("UIStepper.stepValue")
        #expect(stepper.stepValue == 1)

        stepper.minimumValue = 100
        expectReported("UIStepper.minimumValue")
        stepper.maximumValue = 0
        expectReported("UIStepper.maximumValue")
        stepper.maximumValue = -5
        expectReported("UIStepper.maximumValue")
        #expect(stepper.minimumValue == 0)
        #expect(stepper.maximumValue == 100)

        stepper.minimumValue = -10
        stepper.maximumValue = 10
        stepper.stepValue = 0.5
        #expect(TactileDiagnostics.misuseCount == count, "valid limits and steps report nothing")
        #expect((stepper.minimumValue, stepper.maximumValue, stepper.stepValue) == (-10, 10, 0.5))
    }

    // MARK: UISegmentedControl

    @Test("DESIGN-CONTROL-SEGMENTED: init(items:) makes a segment per item with no selection (noSegment)")
    func segmentedInitItems() {
        // DESIGN-CONTROL-SEGMENTED
        // https://developer.apple.com/documentation/uikit/uisegmentedcontrol/selectedsegmentindex
        _ = TactileHost.launch(delegate: nil)
        let image = UIImage(named: "grid")!
        let control = UISegmentedControl(items: ["List", image, "Map"])
        #expect(control.numberOfSegments == 3)
        #expect(control.titleForSegment(at: 0) == "List")
        #expect(control.imageForSegment(at: 1) === image)
        #expect(control.titleForSegment(at: 1) == nil)
        #expect(control.titleForSegment(at: 2) == "Map")
        #expect(control.titleForSegment(at: 3) == nil)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(UISegmentedControl.noSegment == -1)
        #expect(!control.isMomentary)
        #expect(UISegmentedControl(items: nil).numberOfSegments == 0)
    }

    @Test("DESIGN-CONTROL-SEGMENTED: a tap selects the segment and sends valueChanged; a tap on the selected one sends nothing; setting the selection from code sends nothing")
    func segmentedTapSelects() {
        // DESIGN-CONTROL-SEGMENTED
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let control = UISegmentedControl(items: ["A", "B", "C"])
        control.frame = CGRect(x: 50, y: 100, width: 300, height: 32)  // three segments 100 wide
        stage.add(control)
        let log = StdLog()
        log.observe(control)
        log.observe(control, .valueChanged) { "selected \($0.selectedSegmentIndex)" }

        stage.driver.tap(at: CGPoint(x: 200, y: 116))
        #expect(control.selectedSegmentIndex == 1)
        #expect(log.lines == ["down", "value", "selected 1", "primary", "upIn"])

        log.clear()
        stage.settle()
        stage.driver.tap(at: CGPoint(x: 210, y: 116))
        #expect(control.selectedSegmentIndex == 1)
        #expect(log.lines == ["down", "upIn"], "the selected segment again: nothing changes, nothing is sent")

        log.clear()
        stage.settle()
        stage.driver.tap(at: CGPoint(x: 340, y: 116))
        #expect(control.selectedSegmentIndex == 2)
        #expect(log.lines.contains("selected 2"))

        log.clear()
        control.selectedSegmentIndex = 0
        #expect(control.selectedSegmentIndex == 0)
        control.selectedSegmentIndex = UISegmentedControl.noSegment
        #expect(control.selectedSegmentIndex == -1)
        #expect(log.lines.isEmpty)
    }

    @Test("DESIGN-CONTROL-SEGMENTED: a momentary control selects the tapped segment for its actions and clears the selection after them")
    func segmentedMomentary() {
        // DESIGN-CONTROL-SEGMENTED
        // https://developer.apple.com/documentation/uikit/uisegmentedcontrol/ismomentary
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let control = UISegmentedControl(items: ["Cut", "Copy", "Paste"])
        control.isMomentary = true
        control.frame = CGRect(x: 50, y: 100, width: 300, height: 32)
        stage.add(control)
        let log = StdLog()
        log.observe(control, .valueChanged) { "value \($0.selectedSegmentIndex)" }
        log.observe(control, .primaryActionTriggered) { "primary \($0.selectedSegmentIndex)" }
        log.observe(control, .touchUpInside) { "upIn \($0.selectedSegmentIndex)" }

        stage.driver.tap(at: CGPoint(x: 100, y: 116))
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        stage.settle()
        stage.driver.tap(at: CGPoint(x: 100, y: 116))
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(log.lines == ["value 0", "primary 0", "upIn -1", "value 0", "primary 0", "upIn -1"],
                "the actions read the tapped segment; every tap sends, even on the same segment")
    }

    @Test("DESIGN-CONTROL-SEGMENTED: a segment made from a UIAction runs it, with the control as sender, when a tap selects it")
    func segmentedActions() {
        // DESIGN-CONTROL-SEGMENTED, DESIGN-CONTROL-UIACTION
        // https://developer.apple.com/documentation/uikit/uisegmentedcontrol/insertsegment(action:at:animated:) —
        // "Selecting a segment invokes the action's UIActionHandler, as well as handlers for valueChanged and
        // primaryActionTriggered"
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        var ran: [String] = []
        let day = UIAction(title: "Day", identifier: UIAction.Identifier("day")) { action in
            ran.append("day from \((action.sender as? UISegmentedControl)?.titleForSegment(at: 1) ?? "?")")
        }
        let week = UIAction(title: "Week", identifier: UIAction.Identifier("week")) { action in
            ran.append("week selected \((action.sender as? UISegmentedControl)?.selectedSegmentIndex ?? -2)")
        }
        let control = UISegmentedControl(frame: CGRect(x: 50, y: 100, width: 200, height: 32), actions: [day, week])
        stage.add(control)
        let log = StdLog()
        log.observe(control, [(.valueChanged, "value"), (.primaryActionTriggered, "primary")])
        #expect(control.numberOfSegments == 2)
        #expect(control.titleForSegment(at: 1) == "Week")
        #expect(control.actionForSegment(at: 0) === day)
        #expect(control.segmentIndex(identifiedBy: UIAction.Identifier("week")) == 1)
        #expect(control.segmentIndex(identifiedBy: UIAction.Identifier("month")) == UISegmentedControl.noSegment)

        stage.driver.tap(at: CGPoint(x: 200, y: 116))
        #expect(control.selectedSegmentIndex == 1)
        #expect(ran == ["week selected 1"])
        #expect(log.lines == ["value", "primary"])

        stage.settle()
        stage.driver.tap(at: CGPoint(x: 200, y: 116))  // the selected one: nothing
        #expect(ran == ["week selected 1"])
        stage.settle()
        stage.driver.tap(at: CGPoint(x: 100, y: 116))
        #expect(ran == ["week selected 1", "day from Week"])
        #expect(log.lines == ["value", "primary", "value", "primary"])
    }

    @Test("DESIGN-CONTROL-SEGMENTED: a tap on a disabled segment selects nothing and sends no valueChanged")
    func segmentedDisabledSegment() {
        // DESIGN-CONTROL-SEGMENTED
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let control = UISegmentedControl(items: ["A", "B", "C"])
        control.frame = CGRect(x: 50, y: 100, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        control.setEnabled(false, forSegmentAt: 2)
        stage.add(control)
        let log = StdLog()
        log.observe(control, [(.valueChanged, "value")])
        #expect(!control.isEnabledForSegment(at: 2))
        #expect(control.isEnabledForSegment(at: 1))

        stage.driver.tap(at: CGPoint(x: 300, y: 116))
        #expect(control.selectedSegmentIndex == 0)
        #expect(log.lines.isEmpty)

        control.setEnabled(true, forSegmentAt: 2)
        stage.settle()
        stage.driver.tap(at: CGPoint(x: 300, y: 116))
        #expect(control.selectedSegmentIndex == 2)
        #expect(log.lines == ["value"])
    }

    @Test("DESIGN-CONTROL-SEGMENTED: inserting past the end appends; removing a segment keeps the selection on its segment, or clears it")
    func segmentedInsertRemove() {
        // DESIGN-CONTROL-SEGMENTED
        // https://developer.apple.com/documentation/uikit/uisegmentedcontrol/insertsegment(withtitle:at:animated:) —
        // "the segmented control pins values exceeding this upper range to the last segment"
        _ = TactileHost.launch(delegate: nil)
        let control = UISegmentedControl(items: ["A", "B", "C"])
        control.insertSegment(withTitle: "D", at: 99, animated: false)
        #expect(control.numberOfSegments == 4)
        #expect(control.titleForSegment(at: 3) == "D")
        control.insertSegment(withTitle: "Start", at: 0, animated: true)
        #expect((0..<5).map { control.titleForSegment(at: $0) } == ["Start", "A", "B", "C", "D"])

        control.selectedSegmentIndex = 3  // "C"
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2)
        #expect(control.titleForSegment(at: control.selectedSegmentIndex) == "C")
        control.removeSegment(at: 3, animated: false)  // after the selection
        #expect(control.selectedSegmentIndex == 2)
        control.removeSegment(at: 2, animated: false)  // the selected segment
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect((0..<control.numberOfSegments).map { control.titleForSegment(at: $0) } == ["A", "B"])
        control.removeSegment(at: 7, animated: false)
        #expect(control.numberOfSegments == 2)
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0)
    }

    @Test("DESIGN-CONTROL-SEGMENTED: custom widths decide which segment a tap hits; a width past the end pins to the last segment")
    func segmentedCustomWidths() {
        // DESIGN-CONTROL-SEGMENTED
        // https://developer.apple.com/documentation/uikit/uisegmentedcontrol/setwidth(_:forsegmentat:)
        // https://developer.apple.com/documentation/uikit/uisegmentedcontrol/widthforsegment(at:)
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let control = UISegmentedControl(items: ["Wide", "B", "C"])
        control.frame = CGRect(x: 50, y: 100, width: 300, height: 32)
        stage.add(control)
        control.setWidth(200, forSegmentAt: 0)  // the other two share the 100 points left: 50 each
        #expect(control.widthForSegment(at: 0) == 200)
        #expect(control.widthForSegment(at: 1) == 0, "0: automatic")

        func tap(_ x: CGFloat) -> Int {
            stage.settle()
            control.selectedSegmentIndex = UISegmentedControl.noSegment
            stage.driver.tap(at: CGPoint(x: 50 + x, y: 116))
            return control.selectedSegmentIndex
        }
        #expect(tap(190) == 0)
        #expect(tap(210) == 1)
        #expect(tap(260) == 2)

        control.setWidth(40, forSegmentAt: 9)  // pinned to the last segment
        #expect(control.widthForSegment(at: 2) == 40)
        #expect(control.widthForSegment(at: 9) == 40)
        // 200 + 40 fixed, segment 1 takes the 60 left: 0 ..< 200, 200 ..< 260, 260 ..< 300.
        #expect(tap(255) == 1)
        #expect(tap(265) == 2)
    }

    // MARK: UIPageControl

    @Test("DESIGN-CONTROL-PAGE: currentPage is kept within the pages, and follows numberOfPages shrinking")
    func pageControlClamps() {
        // DESIGN-CONTROL-PAGE
        // https://developer.apple.com/documentation/uikit/uipagecontrol/currentpage — "Values outside the possible range
        // are pinned to either 0 or numberOfPages minus 1."
        _ = TactileHost.launch(delegate: nil)
        let pages = UIPageControl()
        #expect(pages.numberOfPages == 0)
        #expect(pages.currentPage == 0)
        pages.numberOfPages = 5
        pages.currentPage = 7
        #expect(pages.currentPage == 4)
        pages.currentPage = -3
        #expect(pages.currentPage == 0)
        pages.currentPage = 4
        pages.numberOfPages = 3
        #expect(pages.currentPage == 2)
        pages.numberOfPages = 0
        #expect(pages.currentPage == 0)
        pages.numberOfPages = -4
        #expect(pages.numberOfPages == 0)
    }

    @Test("DESIGN-CONTROL-PAGE: a tap on the trailing side of the current indicator moves to the next page, on the leading side to the previous; at the ends nothing changes")
    func pageControlTaps() {
        // DESIGN-CONTROL-PAGE
        // https://developer.apple.com/documentation/uikit/uipagecontrol — "When a user taps a page control to move to
        // the next or previous page, the control sends the valueChanged event … The page control advances only one
        // page in either direction."
        let stage = StdStage()
        defer { withExtendedLifetime(stage) {} }
        let pages = UIPageControl(frame: CGRect(x: 50, y: 100, width: 200, height: 26))
        pages.numberOfPages = 5
        stage.add(pages)
        let log = StdLog()
        log.observe(pages)
        log.observe(pages, .valueChanged) { "page \($0.currentPage)" }
        let trailing = CGPoint(x: 240, y: 113), leading = CGPoint(x: 60, y: 113)

        stage.driver.tap(at: trailing)
        #expect(pages.currentPage == 1)
        #expect(log.lines == ["down", "value", "page 1", "primary", "upIn"])

        log.clear()
        stage.settle()
        stage.driver.tap(at: trailing)
        #expect(pages.currentPage == 2, "one page per tap")
        stage.settle()
        stage.driver.tap(at: leading)
        #expect(pages.currentPage == 1)
        #expect(log.lines.filter { $0.hasPrefix("page") } == ["page 2", "page 1"])

        // At the last page a tap beyond it changes nothing; at the first, a tap before it.
        log.clear()
        pages.currentPage = 4
        stage.settle()
        stage.driver.tap(at: trailing)
        #expect(pages.currentPage == 4)
        pages.currentPage = 0
        stage.settle()
        stage.driver.tap(at: leading)
        #expect(pages.currentPage == 0)
        #expect(log.lines == ["down", "upIn", "down", "upIn"], "setting the page from code sends nothing either")
    }

    // MARK: Property: every tracked touch ends once

    @Test("DESIGN-CONTROL-END: random touch sequences on a button — every tracked touch ends in exactly one of touchUpInside, touchUpOutside, touchCancel; settled, nothing is tracked or highlighted")
    func buttonRandomTouchSequences() {
        // DESIGN-CONTROL-END, DESIGN-CONTROL-CANCEL, DESIGN-CONTROL-BEGIN
        let seed: UInt64 = 0x5EED_0020
        var rng = StdSplitMix(state: seed)
        var trackedTouches = 0
        var endings: [String: Int] = [:]

        func point(_ rng: inout StdSplitMix) -> CGPoint {
            // The button is at (100, 100, 100, 50); its slop reaches (30, 30) – (270, 220).
            switch rng.next() % 4 {
            case 0, 1: CGPoint(x: 100 + Double(rng.next() % 100), y: 100 + Double(rng.next() % 50))  // on it
            case 2: CGPoint(x: 30 + Double(rng.next() % 240), y: 30 + Double(rng.next() % 190))     // within the slop
            default: CGPoint(x: Double(rng.next() % 400), y: Double(rng.next() % 600))              // anywhere
            }
        }

        for run in 0..<200 {
            let stage = StdStage()
            let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
            stage.add(button)
            var lines: [String] = []
            var problems: [String] = []
            for (event, name) in [(UIControl.Event.touchDown, "down"), (.touchUpInside, "upIn"),
                                  (.touchUpOutside, "upOut"), (.touchCancel, "cancel")] {
                button.addAction(UIAction { action in
                    lines.append(name)
                    let b = action.sender as? UIButton
                    if name == "upIn", b?.isHighlighted != true { problems.append("touchUpInside sent while not highlighted") }
                    if name != "down", b?.isTracking != false { problems.append("\(name) sent while still tracking") }
                }, for: event)
            }

            var down: [Int: CGPoint] = [:]
            let steps = 4 + Int(rng.next() % 30)
            for _ in 0..<steps {
                let finger = Int(rng.next() % 2)
                switch rng.next() % 100 {
                case 0..<25:
                    guard down[finger] == nil else { continue }
                    let p = point(&rng)
                    stage.driver.down(finger, at: p)
                    down[finger] = p
                case 25..<60:
                    guard down[finger] != nil else { continue }
                    let p = point(&rng)
                    stage.driver.move(finger, to: p)
                    down[finger] = p
                case 60..<80:
                    guard let p = down[finger] else { continue }
                    stage.driver.up(finger, at: rng.next() % 2 == 0 ? p : point(&rng))
                    down[finger] = nil
                case 80..<86:
                    guard down[finger] != nil else { continue }
                    stage.driver.cancel(finger)
                    down[finger] = nil
                case 86..<89:
                    stage.driver.systemCancel()
                    down.removeAll()
                case 89..<93:  // the button leaves its window (cancelling its touch) or comes back
                    if button.superview == nil { stage.add(button) } else { button.removeFromSuperview() }
                default:
                    stage.driver.wait(Double(rng.next() % 300) / 1000)
                }
                if button.isTracking, button.isHighlighted != button.isTouchInside {
                    problems.append("tracking: isHighlighted \(button.isHighlighted) != isTouchInside \(button.isTouchInside)")
                }
            }
            for (finger, p) in down.sorted(by: { $0.key < $1.key }) { stage.driver.up(finger, at: p) }
            if button.superview == nil { stage.add(button) }
            stage.driver.wait(0.2)

            var open = false
            for line in lines {
                if line == "down" {
                    if open { problems.append("touchDown while a touch was still tracked") }
                    open = true
                    trackedTouches += 1
                } else {
                    if !open { problems.append("\(line) without a tracked touch") }
                    open = false
                    endings[line, default: 0] += 1
                }
            }
            if open { problems.append("a tracked touch never ended") }
            if button.isTracking { problems.append("still tracking once settled") }
            if button.isHighlighted { problems.append("still highlighted once settled") }
            if !problems.isEmpty {
                Issue.record("seed \(seed), run \(run): \(problems) — events \(lines)")
                return
            }
            withExtendedLifetime(stage) {}
        }
        #expect(trackedTouches > 100, "the sequences tracked touches (\(trackedTouches))")
        #expect(endings["upIn", default: 0] > 10 && endings["upOut", default: 0] > 10 && endings["cancel", default: 0] > 10,
                "every ending occurred: \(endings)")
    }
}
