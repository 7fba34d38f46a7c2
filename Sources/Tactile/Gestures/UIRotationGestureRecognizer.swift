import Foundation
import TactileCore

/// `UIRotationGestureRecognizer`, continuous (DESIGN-GESTURE-ROTATION): two fingers; it begins once the line
/// between them has turned 0.07 rad, then ``rotation`` is the turn in radians since both were down (0 at the
/// start, clockwise positive on the y-down screen, unwrapped past ±π), ``velocity`` its rate in radians per
/// second; it ends when the last finger lifts. Setting ``rotation`` rebases it.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) private var model = TwoFingerGesture(measure: .rotation, beginThreshold: TwoFingerGesture.rotationThreshold)

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        feed(touches, phase, event, into: &model)
    }

    override func resetModel() { model.reset() }

    open var rotation: CGFloat {
        get { CGFloat(model.value) }
        set { model.setValue(Double(newValue)) }
    }

    /// Radians per second.
    open var velocity: CGFloat { CGFloat(model.velocity.value) }
}
