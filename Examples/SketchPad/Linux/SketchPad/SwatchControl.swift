import Foundation
import Tactile

/// A row of color swatches: touch one (or slide along the row) to choose it; sends `.valueChanged` when the choice
/// changes, as a `UISegmentedControl` does.
public class SwatchControl: UIControl {
    public let colors: [UIColor]
    public var selectedIndex: Int = 0

    public init(colors: [UIColor], frame: CGRect) {
        self.colors = colors
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        colors = [.black]
        super.init(coder: coder)
    }

    /// The swatch under `point` (the row is divided evenly).
    func index(at point: CGPoint) -> Int {
        let width = bounds.width / CGFloat(max(colors.count, 1))
        return min(max(Int(point.x / width), 0), colors.count - 1)
    }

    private func select(_ touch: UITouch) {
        let index = index(at: touch.location(in: self))
        guard index != selectedIndex else { return }
        selectedIndex = index
        sendActions(for: .valueChanged)
    }

    public override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        select(touch)
        return true
    }

    public override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        select(touch)
        return true
    }
}
