import Foundation
import TactileCore

/// `UIPinchGestureRecognizer`, continuous (DESIGN-GESTURE-PINCH): two fingers; it begins once their distance has
/// changed by 4 points, then ``scale`` is the ratio of their distance to the distance when both were down (1 at
/// the start), ``velocity`` its rate in scale factor per second; it ends when the last finger lifts. Setting
/// ``scale`` rebases it: the fingers go on from the value set.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) private var model = TwoFingerGesture(measure: .scale, beginThreshold: TwoFingerGesture.pinchThreshold)

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        feed(touches, phase, event, into: &model)
    }

    override func resetModel() { model.reset() }

    open var scale: CGFloat {
        get { CGFloat(model.value) }
        set { model.setValue(Double(newValue)) }
    }

    /// Scale factor per second.
    open var velocity: CGFloat { CGFloat(model.velocity.value) }
}
