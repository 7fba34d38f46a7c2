import Foundation
import Tactile
import Testing

/// The README's first example, as written there (so the first thing a newcomer copies works).
private final class TapCounter: UIView {
    var taps = 0
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { taps += 1 }
}

@Suite("README example")
struct ReadmeExampleTests {
    @MainActor @Test("AG-T-06 the README's double tap reaches the view twice through the real path")
    func doubleTapReachesTheView() {
        TactileHost.launch(delegate: nil)                     // a fresh app whose run loop the test steps
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = TapCounter(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        window.addSubview(view)
        window.makeKeyAndVisible()
        TouchDriver(window: window).tap(at: CGPoint(x: 50, y: 50), count: 2)
        #expect(view.taps == 2)
    }
}

/// The README's gesture example, as written there.
private final class CardView: UIView {
    var taps = 0
    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: "tapped"))    // iOS: #selector(tapped)
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: "panned:"))
    }
    required init?(coder: NSCoder) { fatalError() }
    override class var tactileActions: [TactileAction] {    // what @objc does on iOS (no Objective-C runtime)
        super.tactileActions + [TactileAction("tapped", CardView.tapped), TactileAction("panned:", CardView.panned)]
    }
    func tapped() { taps += 1 }
    func panned(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: superview)
        center = CGPoint(x: center.x + t.x, y: center.y + t.y)
        pan.setTranslation(.zero, in: superview)
    }
}

@Suite("README gesture example")
struct ReadmeGestureExampleTests {
    @MainActor @Test("DESIGN-GESTURE-PAN DESIGN-GESTURE-TAP the README's pan moves the card, its tap counts")
    func aPanMovesTheCardAndATapCounts() {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let card = CardView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        window.addSubview(card)
        window.makeKeyAndVisible()
        let finger = TouchDriver(window: window)
        finger.tap(at: CGPoint(x: 70, y: 70))
        finger.drag(from: CGPoint(x: 70, y: 70), to: CGPoint(x: 170, y: 120))   // 10 steps of (10, 5)
        #expect(card.taps == 1)
        #expect(card.center == CGPoint(x: 160, y: 115))   // 100 × 50 less the hysteresis taken off each axis
    }
}
