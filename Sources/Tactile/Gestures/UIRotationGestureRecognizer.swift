import Foundation
import TactileCore

/// `UIRotationGestureRecognizer`, continuous (DESIGN-GESTURE-ROTATION): two fingers; it begins once the line
/// between them has turned 0.07 rad, then ``rotation`` is the turn in radians since both were down (0 at the
/// start, clockwise positive on the y-down screen, unwrapped past ±π), ``velocity`` its rate in radians per
/// second; it ends when the last finger lifts. Setting ``rotation`` rebases it.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) private var model = TwoFingerGesture(measure: .rotation, beginThreshold: TwoFingerGesture.rotationThreshold)

    open var rotation: CGFloat {
        get { CGFloat(model.value) }
        set { model.setValue(Double(newValue)) }
    }

    /// Radians per second.
    open var velocity: CGFloat { CGFloat(model.velocity.value) }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(touches, .began, event, into: &model)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(touches, .moved, event, into: &model)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(touches, .ended, event, into: &model)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = model.began ? .cancelled : .failed
    }

    open override func reset() {
        super.reset()
        model.reset()
    }
}
