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
