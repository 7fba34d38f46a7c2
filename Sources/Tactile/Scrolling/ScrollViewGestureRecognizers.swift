import Foundation
import TactileCore

/// The scroll view's pan (UIKit's `UIScrollViewPanGestureRecognizer`): a `UIPanGestureRecognizer` whose delegate
/// is the scroll view. It begins only for a drag within 45° of an axis that scrolls (so a horizontal scroll view
/// inside a vertical one leaves it the vertical drags), and only if the content touches may be cancelled
/// (DESIGN-SCROLL-CONTENT-TOUCHES).
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer, UIGestureRecognizerDelegate {
    /// Unowned: the scroll view owns its recognizers.
    unowned(unsafe) let scrollView: UIScrollView
    /// Where the first finger touched down (window space).
    private var downLocation = CGPoint.zero

    init(scrollView: UIScrollView) {
        self.scrollView = scrollView
        super.init(target: nil, action: nil)
        super.delegate = self
    }

    /// The delegate stays the scroll view, as UIKit requires.
    override var delegate: UIGestureRecognizerDelegate? {
        get { super.delegate }
        set {
            guard newValue === self else {
                return TactileDiagnostics.report("UIScrollView.panGestureRecognizer.delegate",
                                                 "UIScrollView's built-in pan gesture recognizer must have its scroll view as its delegate.")
            }
        }
    }

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        if phase == .began, model.touches.isEmpty, let touch = touches.first {
            downLocation = touch.windowLocation
            scrollView.touchDown()
        }
        super.handleTouches(touches, phase, event)
        if phase == .ended || phase == .cancelled, model.touches.isEmpty || trackedAllFinished() {
            scrollView.touchesLifted()
        }
    }

    /// After its final state (or a failure, which takes its touches away: their lift never comes here), the
    /// scroll view no longer tracks.
    override func reset() {
        super.reset()
        if scrollView.isTracking { scrollView.touchesLifted() }
    }

    private func trackedAllFinished() -> Bool {
        trackedTouches.allSatisfy { $0.storedPhase == .ended || $0.storedPhase == .cancelled }
    }

    override func sendActions() {
        scrollView.panChanged(self)
        super.sendActions()
    }

    // MARK: - UIGestureRecognizerDelegate (the scroll view's part: a subclass may override or conform)

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        scrollView.gestureRecognizerShouldBegin(self)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        if otherGestureRecognizer === scrollView.pinchRecognizer { return true }  // (pan and pinch together)
        return (scrollView as? UIGestureRecognizerDelegate)?
            .gestureRecognizer(gestureRecognizer, shouldRecognizeSimultaneouslyWith: otherGestureRecognizer) ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        (scrollView as? UIGestureRecognizerDelegate)?
            .gestureRecognizer(gestureRecognizer, shouldRequireFailureOf: otherGestureRecognizer) ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        (scrollView as? UIGestureRecognizerDelegate)?
            .gestureRecognizer(gestureRecognizer, shouldBeRequiredToFailBy: otherGestureRecognizer) ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        (scrollView as? UIGestureRecognizerDelegate)?.gestureRecognizer(gestureRecognizer, shouldReceive: touch) ?? true
    }

    /// The fingers' movement since touch-down (window space).
    func movement() -> CGPoint {
        guard let touch = trackedTouches.first else { return .zero }
        return CGPoint(x: touch.windowLocation.x - downLocation.x, y: touch.windowLocation.y - downLocation.y)
    }
}

/// Holds touch-downs back from the scroll view's content (UIKit's `UIScrollViewDelayedTouchesBeganGestureRecognizer`;
/// DESIGN-SCROLL-CONTENT-TOUCHES): it delays touches began while ``UIScrollView/delaysContentTouches``, and fails —
/// letting them through — ``UIScrollView/tactileContentTouchDelay`` after the touch-down or when the finger lifts
/// sooner. A drag that begins first takes the touches (the content never sees them). A touch-down on a moving
/// scroll view stops it and is the scroll view's alone (it is recognized, swallowing the touch).
@MainActor
final class ScrollViewDelayedTouchesRecognizer: UIGestureRecognizer {
    unowned(unsafe) let scrollView: UIScrollView

    init(scrollView: UIScrollView) {
        self.scrollView = scrollView
        super.init(target: nil, action: nil)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        switch phase {
        case .began:
            if scrollView.stopsMotionOnTouchDown() {
                for touch in touches { GestureEnvironment.shared.withhold(touch) }
                state = .ended
                return
            }
            if !scrollView.delaysContentTouches {
                release(touches, event)
                return
            }
            let now = Self.nanoseconds(event.timestamp)
            schedule(now &+ Self.nanoseconds(UIScrollView.tactileContentTouchDelay), now: now)
        case .ended:
            release(Set(trackedTouches), event)
        case .cancelled:
            if state == .possible { state = .failed }
        default:
            break
        }
    }

    override func deadlineReached(_ time: UInt64) {
        release(Set(trackedTouches), UIApplication.shared.touchEvent)
    }

    /// The content may have its touches: those ``UIScrollView/touchesShouldBegin(_:with:in:)`` refuses are
    /// withheld from it, the rest are let through (the recognizer fails).
    private func release(_ touches: Set<UITouch>, _ event: UIEvent) {
        guard state == .possible else { return }
        for touch in touches {
            guard let view = touch.storedView, view !== scrollView else { continue }
            if !scrollView.touchesShouldBegin([touch], with: event, in: view) { GestureEnvironment.shared.withhold(touch) }
        }
        state = .failed
    }

    /// It never stops the scroll view's own pan (a drag may go on from a caught deceleration).
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventedGestureRecognizer !== scrollView.panRecognizer
    }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
