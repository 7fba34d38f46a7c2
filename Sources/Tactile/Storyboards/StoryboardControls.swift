import Foundation

/// Controls in storyboards: their attributes (enabled, selected, alignment, a button's type and titles, a
/// switch's state, a slider's and stepper's values, segments, pages) and their action connections, which become
/// target-action entries (`addTarget(_:action:for:)`; the First Responder placeholder is the nil target).
extension StoryboardInstantiator {
    /// Called while the control's `init?(coder:)` decodes the element.
    func decodeControl(_ control: UIControl, from element: Int32) {
        let e = xml[element]
        if e["enabled"] == "NO" { control.isEnabled = false }
        if e["selected"] == "YES" { control.isSelected = true }
        if e["highlighted"] == "YES" { control.isHighlighted = true }
        if let value = e["contentHorizontalAlignment"].flatMap(StoryboardValues.horizontalAlignment) {
            control.contentHorizontalAlignment = value
        }
        if let value = e["contentVerticalAlignment"].flatMap(StoryboardValues.verticalAlignment) {
            control.contentVerticalAlignment = value
        }
        if StoryboardStandInView.hasContentSize.contains(e.name) { control.storyboardDesignSize = control.bounds.size }
        switch control {
        case let button as UIButton:
            if let type = e["buttonType"].flatMap(StoryboardValues.buttonType) { button.buttonType = type }
            for s in xml.children(of: element, named: "state") {
                guard let state = xml[s]["key"].flatMap(StoryboardValues.controlState) else { continue }
                if let title = xml[s]["title"] { button.setTitle(title, for: state) }
                if let color = xml.child(of: s, named: "color", key: "titleColor") {
                    button.setTitleColor(StoryboardValues.color(xml[color].attributes), for: state)
                }
            }
            // Xcode 13+ buttons keep their title in a configuration (UIButton.Configuration, which Tactile does
            // not model): its title is the normal title.
            if button.title(for: .normal) == nil, let configuration = xml.child(of: element, named: "buttonConfiguration"),
               let title = xml[configuration]["title"] {
                button.setTitle(title, for: .normal)
            }
        case let toggle as UISwitch:
            toggle.isOn = e["on"] == "YES"
        case let slider as UISlider:
            if let v = e["minValue"].flatMap(Float.init) { slider.minimumValue = v }
            if let v = e["maxValue"].flatMap(Float.init) { slider.maximumValue = v }
            if let v = e["value"].flatMap(Float.init) { slider.value = v }
            if e["continuous"] == "NO" { slider.isContinuous = false }
        case let stepper as UIStepper:
            if let v = e["maximumValue"].flatMap(Double.init) { stepper.maximumValue = v }
            if let v = e["minimumValue"].flatMap(Double.init) { stepper.minimumValue = v }
            if let v = e["stepValue"].flatMap(Double.init) { stepper.stepValue = v }
            if let v = e["value"].flatMap(Double.init) { stepper.value = v }
            if e["wraps"] == "YES" { stepper.wraps = true }
            if e["autorepeat"] == "NO" { stepper.autorepeat = false }
            if e["continuous"] == "NO" { stepper.isContinuous = false }
        case let segmented as UISegmentedControl:
            for (i, s) in xml.grandchildren(of: element, in: "segments").enumerated() {
                segmented.insertSegment(withTitle: xml[s]["title"], at: i, animated: false)
                if xml[s]["enabled"] == "NO" { segmented.setEnabled(false, forSegmentAt: i) }
                if let width = xml[s]["width"].flatMap(Double.init) { segmented.setWidth(CGFloat(width), forSegmentAt: i) }
            }
            if let index = e["selectedSegmentIndex"].flatMap(Int.init) { segmented.selectedSegmentIndex = index }
            if e["momentary"] == "YES" { segmented.isMomentary = true }
        case let pages as UIPageControl:
            if let n = e["numberOfPages"].flatMap(Int.init) { pages.numberOfPages = n }
            if let n = e["currentPage"].flatMap(Int.init) { pages.currentPage = n }
            if e["hidesForSinglePage"] == "YES" { pages.hidesForSinglePage = true }
        default:
            break
        }
    }

    /// An `<action selector="tapped:" destination="…" eventType="touchUpInside"/>` of a control: its target
    /// and action. Actions of objects Tactile does not wire (gesture recognizers) are counted.
    func connectAction(_ connection: Int32, of object: UIResponder) {
        let c = xml[connection]
        guard let control = object as? UIControl, let selector = c["selector"],
              let events = c["eventType"].flatMap(StoryboardValues.controlEvent),
              let destination = actionDestination(c["destination"]) else {
            TactileStoryboardCounters.unconnected += 1
            return
        }
        let target: AnyObject? = if case .object(let object) = destination { object } else { nil }
        control.addTarget(target, action: Selector(selector), for: events)
    }

    /// A bar button item's `<action>`: its target (the scene's controller, or nil for First Responder) and action.
    func connectBarButtonAction(of element: Int32, to item: UIBarButtonItem, in controller: UIViewController) {
        guard let connections = xml.child(of: element, named: "connections") else { return }
        for c in xml.children(of: connections, named: "action") {
            guard let selector = xml[c]["selector"], let id = xml[c]["destination"] else { continue }
            if document.element(id: id).map({ xml[$0]["placeholderIdentifier"] == "IBFirstResponder" }) == true {
                item.target = nil
            } else if let scene = controller.storyboardLink?.element, xml[scene]["id"] == id {
                item.target = controller
            } else {
                TactileStoryboardCounters.unconnected += 1
                continue
            }
            item.action = Selector(selector)
        }
    }

    private enum ActionDestination {
        case object(AnyObject)
        /// The First Responder placeholder: the nil target, which goes up the responder chain.
        case firstResponder
    }

    /// What an action's `destination` names; nil when it names nothing built.
    private func actionDestination(_ id: String?) -> ActionDestination? {
        guard let id, let element = document.element(id: id) else { return nil }
        if xml[element]["placeholderIdentifier"] == "IBFirstResponder" { return .firstResponder }
        return objects[element].map { .object($0) }
    }

    /// A `<label>`: text and style; its intrinsic size is the one Interface Builder measured until the text or
    /// font changes.
    func decodeLabel(_ label: UILabel, from element: Int32) {
        let e = xml[element]
        if let font = xml.child(of: element, named: "fontDescription", key: "fontDescription") {
            label.font = StoryboardValues.font(xml[font].attributes)
        }
        if let color = xml.child(of: element, named: "color", key: "textColor"),
           let textColor = StoryboardValues.color(xml[color].attributes) {
            label.textColor = textColor
        }
        if let color = xml.child(of: element, named: "color", key: "highlightedColor") {
            label.highlightedTextColor = StoryboardValues.color(xml[color].attributes)
        }
        label.text = e["text"]
        if let n = e["numberOfLines"].flatMap({ Int($0) }) { label.numberOfLines = n }
        if let a = e["textAlignment"].flatMap(StoryboardValues.textAlignment) { label.textAlignment = a }
        if let m = e["lineBreakMode"].flatMap(StoryboardValues.lineBreakMode) { label.lineBreakMode = m }
        if e["adjustsFontSizeToFit"] == "YES" { label.adjustsFontSizeToFitWidth = true }
        if let f = e["minimumScaleFactor"].flatMap({ Double($0) }) { label.minimumScaleFactor = CGFloat(f) }
        if e["enabled"] == "NO" { label.isEnabled = false }
        if e["highlighted"] == "YES" { label.isHighlighted = true }
        if let w = e["preferredMaxLayoutWidth"].flatMap({ Double($0) }) { label.preferredMaxLayoutWidth = CGFloat(w) }
        label.designSize = label.bounds.size
    }

    /// An `<imageView>`: its images by name; its intrinsic size is the one Interface Builder measured until the
    /// image changes.
    func decodeImageView(_ imageView: UIImageView, from element: Int32) {
        let e = xml[element]
        if let name = e["image"] { imageView.image = UIImage(named: name) }
        if let name = e["highlightedImage"] { imageView.highlightedImage = UIImage(named: name) }
        if e["highlighted"] == "YES" { imageView.isHighlighted = true }
        imageView.designSize = imageView.bounds.size
    }
}
