#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif

// Control code as apps write it, unchanged except for the action declarations: on iOS `@objc` methods found by
// `#selector`; on Linux the same methods, named with `Selector("…")` (which iOS accepts too) and listed once in
// `tactileActions`.

/// A custom control that follows a finger (the classic "knob" of UIKit tutorials).
final class KnobControl: UIControl {
    private(set) var angle: CGFloat = 0
    var startPoint: CGPoint = .zero

    override init(frame: CGRect) {
        super.init(frame: frame)
        isExclusiveTouch = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        startPoint = touch.location(in: self)
        return super.beginTracking(touch, with: event)
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        angle = atan2(point.y - bounds.midY, point.x - bounds.midX)
        sendActions(for: .valueChanged)
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
    }

    override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
    }

    override var isHighlighted: Bool {
        didSet { alpha = isHighlighted ? 0.5 : 1 }
    }

    override var isEnabled: Bool {
        didSet { accessibilityLabel = isEnabled ? "Knob" : "Knob (off)" }
    }

    override var isSelected: Bool {
        get { super.isSelected }
        set { super.isSelected = newValue }
    }

    override func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        super.sendAction(action, to: target, for: event)
    }

    override func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
        super.addTarget(target, action: action, for: controlEvents)
    }
}

/// A button subclass that keeps its own look per state.
final class PillButton: UIButton {
    override func setTitle(_ title: String?, for state: UIControl.State) {
        super.setTitle(title?.uppercased(), for: state)
    }

    override var isHighlighted: Bool {
        didSet { transform = isHighlighted ? CGAffineTransform(scaleX: 0.95, y: 0.95) : .identity }
    }
}

/// A settings screen wiring controls to its methods by target-action and with UIAction closures.
final class ControlSettingsViewController: UIViewController {
    let knob = KnobControl(frame: CGRect(x: 20, y: 100, width: 120, height: 120))
    let toggle = UISwitch()
    let slider = UISlider(frame: CGRect(x: 20, y: 260, width: 200, height: 31))
    let stepper = UIStepper()
    let segments = UISegmentedControl(items: ["Day", "Week", "Month"])
    let pages = UIPageControl()
    let save = PillButton(type: .system)
    private(set) var events: [String] = []

    #if !canImport(UIKit)
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [
            TactileAction("knobTurned:", ControlSettingsViewController.knobTurned),
            TactileAction("toggled:", ControlSettingsViewController.toggled),
            TactileAction("saveTapped:forEvent:", ControlSettingsViewController.saveTapped),
            TactileAction("refresh", ControlSettingsViewController.refresh),
        ]
    }
    #endif

    override func viewDidLoad() {
        super.viewDidLoad()
        for control in [knob, toggle, slider, stepper, segments, pages, save] as [UIControl] { view.addSubview(control) }
        knob.addTarget(self, action: Selector("knobTurned:"), for: .valueChanged)
        toggle.addTarget(self, action: Selector("toggled:"), for: .valueChanged)
        save.addTarget(self, action: Selector("saveTapped:forEvent:"), for: .touchUpInside)
        save.addTarget(nil, action: Selector("refresh"), for: .touchUpInside)
        save.setTitle("save", for: .normal)
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.isContinuous = false
        slider.addAction(UIAction { [weak self] action in
            guard let slider = action.sender as? UISlider else { return }
            self?.events.append("slider \(Int(slider.value))")
        }, for: .valueChanged)
        stepper.stepValue = 5
        stepper.wraps = true
        segments.selectedSegmentIndex = 0
        segments.addAction(UIAction(title: "Range") { [weak self] _ in self?.events.append("range") }, for: .valueChanged)
        pages.numberOfPages = 3
        pages.currentPage = 1
    }

    func knobTurned(_ sender: KnobControl) { events.append("knob") }
    func toggled(_ sender: UISwitch) { events.append("toggle \(sender.isOn)") }
    func saveTapped(_ sender: UIButton, forEvent event: UIEvent) { events.append("save \(event.type == .touches)") }
    func refresh() { events.append("refresh") }
}
