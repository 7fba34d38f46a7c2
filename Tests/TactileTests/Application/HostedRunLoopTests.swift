import Foundation
import XCTest
import Tactile

/// As in a hosted iOS unit test: the test body runs on the main thread, and work UIKit defers to the main run
/// loop runs when the test spins `RunLoop.main` (as `XCTWaiter` does). An XCTest case, because it mirrors
/// how UIKit tests are written.
final class HostedRunLoopTests: XCTestCase {
    @MainActor
    final class LayoutCounter: UIView {
        var layouts = 0
        var draws = 0
        override func layoutSubviews() { layouts += 1 }
        override func draw(_ rect: CGRect) { draws += 1 }
    }

    func testF07DeferredLayoutAndDisplayRunWhenRunLoopMainSpins() {
        MainActor.assumeIsolated {
            TactileHost.launch(delegate: nil, driving: .liveOnMain)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.makeKeyAndVisible()
            let view = LayoutCounter(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(view)
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
            let settled = (view.layouts, view.draws)
            XCTAssertGreaterThanOrEqual(settled.0, 1)
            XCTAssertEqual(settled.1, 1, "drawn once on entering the window")
            view.setNeedsLayout()
            view.setNeedsDisplay()
            XCTAssertEqual(view.layouts, settled.0, "deferred, not immediate")
            RunLoop.main.run(until: Date().addingTimeInterval(0.05))
            XCTAssertEqual(view.layouts, settled.0 + 1)
            XCTAssertEqual(view.draws, 2)
        }
    }
}
