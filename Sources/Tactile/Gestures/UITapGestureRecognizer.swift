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

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if model.taps == 0, model.touches.isEmpty {
            model.tapsRequired = max(1, numberOfTapsRequired)
            model.touchesRequired = max(1, numberOfTouchesRequired)
        }
        feed(touches, .began, event, into: &model)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(touches, .moved, event, into: &model)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(touches, .ended, event, into: &model)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    open override func reset() {
        super.reset()
        model.reset()
    }


    override func deadlineReached(_ time: UInt64) { apply(model.evaluate(at: time)) }
}
