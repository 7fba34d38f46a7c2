import Foundation
import TactileCore

/// `UITapGestureRecognizer`, discrete (DESIGN-GESTURE-TAP): ``numberOfTapsRequired`` taps of
/// ``numberOfTouchesRequired`` fingers, each tap within 0.35 s of the previous lift and 45 points of the first,
/// no finger straying more than 45 points nor staying down longer than 1.5 s (the engine's `TapGesture`). It is
/// recognized on the lift that completes the last tap; a multi-tap recognizer still waiting for its next tap
/// fails when the interval runs out, on the run loop's clock.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps that make the gesture (1 by default).
    open var numberOfTapsRequired: Int = 1
    /// Fingers each tap takes (1 by default).
    open var numberOfTouchesRequired: Int = 1

    @exclusivity(unchecked) private var model = TapGesture()

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        if phase == .began, model.taps == 0, model.touches.isEmpty {
            model.tapsRequired = max(1, numberOfTapsRequired)
            model.touchesRequired = max(1, numberOfTouchesRequired)
        }
        feed(touches, phase, event, into: &model)
    }

    override func resetModel() { model.reset() }

    override func deadlineReached(_ time: UInt64) { apply(model.evaluate(at: time)) }
}
