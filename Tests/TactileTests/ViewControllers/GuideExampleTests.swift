import Foundation
import Testing
import Tactile

/// The view-controller example of the "Testing UIKit Code on Linux" article (Tactile.docc), run as written
/// (SBT-LCH-02, VCG-Q-08, SBT-ROT-01), so the article stays true.
@MainActor
@Suite("ViewController example of the testing guide")
struct ViewControllerGuideExampleTests {
    @Test("SBT-LCH-02 VCG-Q-08 SBT-ROT-01 the guide's example: root installed and appeared, full-screen present completes after the transition, rotation through the input path")
    func guideExample() throws {
        let log = CallbackLog()
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let home = LoggingViewController("home", log: log)
        home.logsLayout = false
        window.rootViewController = home
        window.makeKeyAndVisible()
        #expect(log.take() == ["home.loadView", "home.viewDidLoad", "home.viewWillAppear(false)", "home.viewDidAppear(false)"])
        #expect(home.view.frame == window.bounds)

        let detail = LoggingViewController("detail", log: log)
        detail.logsLayout = false
        detail.modalPresentationStyle = .fullScreen
        var presented = false
        window.rootViewController!.present(detail, animated: true) { presented = true }
        #expect(!presented)
        #expect(log.take() == ["detail.loadView", "detail.viewDidLoad", "home.viewWillDisappear(true)", "detail.viewWillAppear(true)[presented]"])
        try TactileHost.runLoop.advance(by: UInt64(TactileHost.transitionDuration * 1e9))
        #expect(presented)
        #expect(log.take() == ["detail.viewDidAppear(true)[presented]", "home.viewDidDisappear(true)"])
        #expect(home.presentedViewController === detail)

        try TactileHost.input.deviceOrientation(.landscapeLeft)
        try TactileHost.runLoop.runUntilIdle()
        #expect(UIDevice.current.orientation == .landscapeLeft)
        #expect(window.bounds.size == CGSize(width: 480, height: 320))  // the interface turned with it
    }
}
