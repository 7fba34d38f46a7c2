import Foundation
import Tactile

// The scenario's views and recognizers: UIKit's own classes, subclassed only to report to the oracle (every
// view handler call; the touches each recognizer was handed since its last reset). Behaviour is unchanged:
// every override calls super first.

/// A view that reports its four touch handlers to the oracle.
@MainActor
public final class OracleView: UIView {
    weak var oracle: GestureOracle?
    /// Removes itself from its superview in its next `touchesCancelled` (after reporting it): a view leaving its
    /// window while a recognizer that is beginning takes its touches.
    var leavesOnCancel = false
    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .began, touches, event) }
    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .moved, touches, event) }
    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .ended, touches, event) }
    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        oracle?.viewCall(self, .cancelled, touches, event)
        guard leavesOnCancel else { return }
        leavesOnCancel = false
        oracle?.log("\(oracle?.name(self) ?? "?") leaves its window in touchesCancelled")
        removeFromSuperview()
    }
}

/// A scroll view that reports its four touch handlers to the oracle (a finger on its own area, not a subview).
@MainActor
public final class OracleScrollView: UIScrollView {
    weak var oracle: GestureOracle?
    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .began, touches, event) }
    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .moved, touches, event) }
    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .ended, touches, event) }
    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .cancelled, touches, event) }
}

/// The scenario's window, reporting like ``OracleView`` (a finger on no subview is the window's).
@MainActor
public final class OracleWindow: UIWindow {
    weak var oracle: GestureOracle?
    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .began, touches, event) }
    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .moved, touches, event) }
    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .ended, touches, event) }
    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { oracle?.viewCall(self, .cancelled, touches, event) }
}

/// What every oracle recognizer reports.
@MainActor
protocol OracleRecognizer: UIGestureRecognizer {
    var oracle: GestureOracle? { get set }
}

final class OracleTap: UITapGestureRecognizer, OracleRecognizer {
    weak var oracle: GestureOracle?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        oracle?.recognizerReceived(self, touches)
        super.touchesBegan(touches, with: event)
    }
    override func reset() {
        super.reset()
        oracle?.recognizerReset(self)
    }
}

final class OraclePan: UIPanGestureRecognizer, OracleRecognizer {
    weak var oracle: GestureOracle?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        oracle?.recognizerReceived(self, touches)
        super.touchesBegan(touches, with: event)
    }
    override func reset() {
        super.reset()
        oracle?.recognizerReset(self)
    }
}

final class OracleLongPress: UILongPressGestureRecognizer, OracleRecognizer {
    weak var oracle: GestureOracle?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        oracle?.recognizerReceived(self, touches)
        super.touchesBegan(touches, with: event)
    }
    override func reset() {
        super.reset()
        oracle?.recognizerReset(self)
    }
}

final class OracleSwipe: UISwipeGestureRecognizer, OracleRecognizer {
    weak var oracle: GestureOracle?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        oracle?.recognizerReceived(self, touches)
        super.touchesBegan(touches, with: event)
    }
    override func reset() {
        super.reset()
        oracle?.recognizerReset(self)
    }
}

final class OraclePinch: UIPinchGestureRecognizer, OracleRecognizer {
    weak var oracle: GestureOracle?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        oracle?.recognizerReceived(self, touches)
        super.touchesBegan(touches, with: event)
    }
    override func reset() {
        super.reset()
        oracle?.recognizerReset(self)
    }
}

final class OracleRotation: UIRotationGestureRecognizer, OracleRecognizer {
    weak var oracle: GestureOracle?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        oracle?.recognizerReceived(self, touches)
        super.touchesBegan(touches, with: event)
    }
    override func reset() {
        super.reset()
        oracle?.recognizerReset(self)
    }
}

/// Lets its recognizers recognize alongside any other (DESIGN-GESTURE-DELEGATE, DESIGN-GESTURE-EXCLUSION).
@MainActor
final class SimultaneousDelegate: NSObject, UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
