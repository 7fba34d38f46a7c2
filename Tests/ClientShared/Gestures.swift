#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import Tactile
#endif

// Gesture code as apps write it (the forms found in open-source UIKit files): recognizers made with a target and
// an action, their state switched over, translations applied to views, a delegate letting two recognize at once,
// failure requirements, and a custom recognizer subclass setting its own state. Actions are named with
// `Selector("…")` and listed in `tactileActions` on Linux, as for controls.

/// A custom recognizer: a "check mark" stroke — down, then right — as UIKit's subclassing guide builds one.
final class CheckmarkGestureRecognizer: UIGestureRecognizer {
    private var strokeStart: CGPoint = .zero
    private var wentDown = false

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard touches.count == 1, let touch = touches.first else {
            state = .failed
            return
        }
        strokeStart = touch.location(in: view)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state != .failed, let touch = touches.first else { return }
        let point = touch.location(in: view)
        if point.y > strokeStart.y + 20 { wentDown = true }
        if wentDown, point.x > strokeStart.x + 40 { state = .recognized }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
    }

    override func reset() {
        super.reset()
        wentDown = false
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// A photo screen: drag, pinch and rotate the photo at once, double tap to reset, single tap to toggle chrome,
/// long press for a menu, swipe to dismiss, an edge pan to go back.
final class PhotoViewController: UIViewController, UIGestureRecognizerDelegate {
    let photo = UIImageView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    private(set) var events: [String] = []
    private var lastScale: CGFloat = 1

    #if !canImport(UIKit)
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [
            TactileAction("handlePan:", PhotoViewController.handlePan),
            TactileAction("handlePinch:", PhotoViewController.handlePinch),
            TactileAction("handleRotation:", PhotoViewController.handleRotation),
            TactileAction("handleDoubleTap", PhotoViewController.handleDoubleTap),
            TactileAction("handleTap:", PhotoViewController.handleTap),
            TactileAction("handleLongPress:", PhotoViewController.handleLongPress),
            TactileAction("handleSwipe:", PhotoViewController.handleSwipe),
            TactileAction("handleEdge:", PhotoViewController.handleEdge),
        ]
    }
    #endif

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(photo)
        photo.isUserInteractionEnabled = true
        let pan = UIPanGestureRecognizer(target: self, action: Selector("handlePan:"))
        pan.maximumNumberOfTouches = 2
        pan.delegate = self
        let pinch = UIPinchGestureRecognizer(target: self, action: Selector("handlePinch:"))
        pinch.delegate = self
        let rotation = UIRotationGestureRecognizer(target: self, action: Selector("handleRotation:"))
        rotation.delegate = self
        let doubleTap = UITapGestureRecognizer(target: self, action: Selector("handleDoubleTap"))
        doubleTap.numberOfTapsRequired = 2
        let tap = UITapGestureRecognizer(target: self, action: Selector("handleTap:"))
        tap.require(toFail: doubleTap)
        tap.cancelsTouchesInView = false
        let longPress = UILongPressGestureRecognizer(target: self, action: Selector("handleLongPress:"))
        longPress.minimumPressDuration = 0.8
        longPress.allowableMovement = 15
        let swipe = UISwipeGestureRecognizer(target: self, action: Selector("handleSwipe:"))
        swipe.direction = [.down]
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: Selector("handleEdge:"))
        edge.edges = .left
        for recognizer in [pan, pinch, rotation, doubleTap, tap, longPress] as [UIGestureRecognizer] {
            photo.addGestureRecognizer(recognizer)
        }
        view.addGestureRecognizer(swipe)
        view.addGestureRecognizer(edge)
        view.addGestureRecognizer(CheckmarkGestureRecognizer(target: nil, action: nil))
    }

    func handlePan(_ gesture: UIPanGestureRecognizer) {
        guard let target = gesture.view else { return }
        switch gesture.state {
        case .began, .changed:
            let translation = gesture.translation(in: view)
            target.center = CGPoint(x: target.center.x + translation.x, y: target.center.y + translation.y)
            gesture.setTranslation(.zero, in: view)
        case .ended:
            let velocity = gesture.velocity(in: view)
            events.append("pan ended \(Int(velocity.x.rounded()))")
        case .cancelled, .failed:
            events.append("pan cancelled")
        default:
            break
        }
    }

    func handlePinch(_ gesture: UIPinchGestureRecognizer) {
        guard gesture.state == .changed else { return }
        photo.transform = photo.transform.scaledBy(x: gesture.scale / lastScale, y: gesture.scale / lastScale)
        lastScale = gesture.scale
        _ = gesture.velocity
    }

    func handleRotation(_ gesture: UIRotationGestureRecognizer) {
        photo.transform = photo.transform.rotated(by: gesture.rotation)
        gesture.rotation = 0
    }

    func handleDoubleTap() { events.append("double tap") }

    func handleTap(_ gesture: UITapGestureRecognizer) {
        let point = gesture.location(in: view)
        events.append("tap \(Int(point.x))")
    }

    func handleLongPress(_ gesture: UILongPressGestureRecognizer) {
        if gesture.state == .began { events.append("menu") }
    }

    func handleSwipe(_ gesture: UISwipeGestureRecognizer) {
        if gesture.direction.contains(.down) { events.append("dismiss") }
    }

    func handleEdge(_ gesture: UIScreenEdgePanGestureRecognizer) {
        if gesture.state == .ended { events.append("back") }
    }

    // MARK: UIGestureRecognizerDelegate

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        gestureRecognizer.view === otherGestureRecognizer.view
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let velocity = pan.velocity(in: view)
        return abs(velocity.x) >= 0 || abs(velocity.y) >= 0
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        !(touch.view is UIButton)
    }
}

/// A view that keeps an ancestor's recognizers off its own drags (UIKit's `gestureRecognizerShouldBegin`).
final class SketchView: UIView {
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        !(gestureRecognizer is UIPanGestureRecognizer)
    }

    override func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.cancelsTouchesInView = false
        super.addGestureRecognizer(gestureRecognizer)
    }
}
