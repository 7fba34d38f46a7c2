import Foundation
import TactileCore

/// `UISwipeGestureRecognizer`, discrete (DESIGN-GESTURE-SWIPE): ``numberOfTouchesRequired`` fingers travel
/// 50 points in one of the permitted ``direction``s within 0.5 s of going down, straying across it by at most
/// half the travel; recognized as the travel is reached (the engine's `SwipeGesture`; UIKit's thresholds are
/// private, these are Tactile's). Too slow, lifted first, or travelling that far another way: it fails.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The permitted directions (`.right` by default).
    open var direction: Direction = .right
    open var numberOfTouchesRequired: Int = 1

    @exclusivity(unchecked) private var model = SwipeGesture()

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        if phase == .began, model.touches.isEmpty {
            model.direction = SwipeGesture.Direction(rawValue: direction.rawValue)
            model.touchesRequired = max(1, numberOfTouchesRequired)
        }
        feed(touches, phase, event, into: &model)
    }

    override func resetModel() { model.reset() }

    override func deadlineReached(_ time: UInt64) { apply(model.evaluate(at: time)) }
}
