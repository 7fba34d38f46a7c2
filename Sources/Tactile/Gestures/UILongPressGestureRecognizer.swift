import Foundation
import TactileCore

/// `UILongPressGestureRecognizer`, continuous (DESIGN-GESTURE-LONG-PRESS): after ``numberOfTapsRequired`` taps,
/// ``numberOfTouchesRequired`` fingers held for ``minimumPressDuration`` (0.5 s, on the run loop's clock) without
/// moving more than ``allowableMovement`` (10 points) begin it; once begun, movement is free and every move
/// changes it; the lift ends it. Moving too far first, an early lift or an extra finger fail it.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired: Int = 0
    open var numberOfTouchesRequired: Int = 1
    /// Seconds the fingers must stay down.
    open var minimumPressDuration: TimeInterval = 0.5
    /// Points a finger may move before the press begins.
    open var allowableMovement: CGFloat = 10

    @exclusivity(unchecked) private var model = LongPressGesture()

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        if phase == .began, model.touches.isEmpty, !model.began {
            model.minimumPressDuration = Self.nanoseconds(max(0, minimumPressDuration.isFinite ? minimumPressDuration : 0.5))
            model.allowableMovement = Double(allowableMovement.isFinite ? max(0, allowableMovement) : 10)
            model.touchesRequired = max(1, numberOfTouchesRequired)
            model.tapsRequired = max(0, numberOfTapsRequired)
        }
        feed(touches, phase, event, into: &model)
    }

    override func resetModel() { model.reset() }

    override func deadlineReached(_ time: UInt64) { apply(model.evaluate(at: time)) }
}
