import Foundation

/// `UISegmentedControl`: a row of segments, one of which may be selected. A finger lifted on an enabled segment
/// other than the selected one selects it and sends `.valueChanged` (then `.primaryActionTriggered`); lifting on
/// the selected one sends nothing. A momentary control (``isMomentary``) selects the segment for its actions
/// and clears the selection afterwards. Setting ``selectedSegmentIndex`` from code sends nothing.
///
/// Segments share the width equally, except those given a width (``setWidth(_:forSegmentAt:)``).
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// `UISegmentedControl.noSegment`: no selection.
    public static let noSegment: Int = -1

    /// `UISegmentedControl.Segment` (the bar-metrics segment kinds).
    public enum Segment: Int, Sendable {
        case any = 0, left = 1, center = 2, right = 3, alone = 4
    }

    private struct SegmentModel {
        var title: String?
        var image: UIImage?
        var action: UIAction?
        var width: CGFloat = 0
        var isEnabled = true
    }

    /// A control with a segment for each string or image of `items`.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            switch item {
            case let image as UIImage: segments.append(SegmentModel(image: image))
            case let action as UIAction: segments.append(SegmentModel(title: action.title, image: action.image, action: action))
            default: segments.append(SegmentModel(title: "\(item)"))
            }
        }
    }

    /// A control with a segment for each action (iOS 14); selecting a segment runs its action.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { SegmentModel(title: $0.title, image: $0.image, action: $0) }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: - Segments

    /// The number of segments.
    open var numberOfSegments: Int { segments.count }

    /// The selected segment, or ``noSegment``. An index outside the segments is ignored (reported).
    open var selectedSegmentIndex: Int {
        get { selectedIndex }
        set {
            guard newValue == Self.noSegment || segments.indices.contains(newValue) else {
                TactileDiagnostics.report("UISegmentedControl.selectedSegmentIndex",
                                          "index \(newValue) is beyond the \(segments.count) segments")
                return
            }
            selectedIndex = newValue
        }
    }

    /// Whether a selection lasts only for its actions.
    open var isMomentary: Bool = false
    /// Whether segments are as wide as their content (false: equal widths).
    open var apportionsSegmentWidthsByContent: Bool = false
    /// The tint of the selected segment.
    open var selectedSegmentTintColor: UIColor?

    /// Inserts a segment with `title` before `segment` (an index past the end appends).
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(SegmentModel(title: title), at: segment)
    }

    /// Inserts a segment with `image` before `segment` (an index past the end appends).
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(SegmentModel(image: image), at: segment)
    }

    /// Inserts a segment for `action` before `segment` (iOS 14).
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(SegmentModel(title: action.title, image: action.image, action: action), at: segment)
    }

    /// Removes the segment at `segment` (an index outside the segments does nothing). The selection follows
    /// its segment, and is cleared when that segment goes.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedIndex == segment { selectedIndex = Self.noSegment } else if selectedIndex > segment { selectedIndex -= 1 }
    }

    /// Removes every segment; the selection is cleared.
    open func removeAllSegments() {
        segments.removeAll()
        selectedIndex = Self.noSegment
    }

    /// Sets the title of a segment (an index outside the segments is ignored).
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
    }

    /// The title of a segment (nil outside the segments).
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets the image of a segment (an index outside the segments is ignored).
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
    }

    /// The image of a segment (nil outside the segments).
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// The action of a segment (iOS 14).
    open func actionForSegment(at segment: Int) -> UIAction? {
        segments.indices.contains(segment) ? segments[segment].action : nil
    }

    /// The index of the segment whose action has `actionIdentifier`, or ``noSegment`` (iOS 14).
    open func segmentIndex(identifiedBy actionIdentifier: UIAction.Identifier) -> Int {
        segments.firstIndex { $0.action?.identifier == actionIdentifier } ?? Self.noSegment
    }

    /// Sets a segment's width (0: automatic). An index past the end sets the last segment's.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard let i = pinned(segment) else { return }
        segments[i].width = max(0, width)
    }

    /// A segment's width as set (0: automatic). An index past the end reads the last segment's.
    open func widthForSegment(at segment: Int) -> CGFloat {
        pinned(segment).map { segments[$0].width } ?? 0
    }

    /// Enables or disables a segment.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
    }

    /// Whether a segment is enabled (false outside the segments).
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Sets the text attributes of the titles in `state` (a model: nothing is drawn).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
    }

    /// The text attributes of the titles in `state`, as set.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    // MARK: - Tracking

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, let index = segment(atX: touch.location(in: self).x),
              segments[index].isEnabled, index != selectedIndex || isMomentary else { return }
        selectedIndex = index
        if let action = segments[index].action { sendAction(action) }
        sendControlEvents(.valueChanged, with: event)
        if isMomentary { selectedIndex = Self.noSegment }
    }

    override var primaryActionEvents: UIControl.Event { .valueChanged }

    /// The segment under `x` (in the control's coordinates), mirrored for right-to-left.
    func segment(atX x: CGFloat) -> Int? {
        guard !segments.isEmpty, bounds.width > 0 else { return nil }
        var offset = x - bounds.minX
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { offset = bounds.width - offset }
        let fixed = segments.reduce(0) { $0 + $1.width }
        let automatic = segments.filter { $0.width == 0 }.count
        let share = automatic > 0 ? max(0, bounds.width - fixed) / CGFloat(automatic) : 0
        var end: CGFloat = 0
        for (i, s) in segments.enumerated() {
            end += s.width > 0 ? s.width : share
            if offset < end { return i }
        }
        return segments.count - 1
    }

    private func insert(_ model: SegmentModel, at segment: Int) {
        let index = min(max(0, segment), segments.count)
        segments.insert(model, at: index)
        if selectedIndex >= index { selectedIndex += 1 }
    }

    private func pinned(_ segment: Int) -> Int? {
        segments.isEmpty ? nil : min(max(0, segment), segments.count - 1)
    }

    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    private var segments: [SegmentModel] = []
    private var selectedIndex = UISegmentedControl.noSegment

    /// A single-finger single tap stays the control's, not an ancestor's tap recognizer's (SBT-RSP-06).
    override func keepsGesture(from recognizer: UIGestureRecognizer) -> Bool { recognizer.isSingleFingerSingleTap }
}
