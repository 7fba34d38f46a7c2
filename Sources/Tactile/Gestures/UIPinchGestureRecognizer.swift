import Foundation
import TactileCore

/// `UIPinchGestureRecognizer`, continuous (DESIGN-GESTURE-PINCH): two fingers; it begins once their distance has
/// changed by 4 points, then ``scale`` is the ratio of their distance to the distance when both were down (1 at
/// the start), ``velocity`` its rate in scale factor per second; it ends when the last finger lifts. Setting
/// ``scale`` rebases it: the fingers go on from the value set.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) private var model = TwoFingerGesture(measure: .scale, beginThreshold: TwoFingerGesture.pinchThreshold)

    open var scale: CGFloat {
        get { CGFloat(model.value) }
        set { model.setValue(Double(newValue)) }
    }

    /// Scale factor per second.
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
