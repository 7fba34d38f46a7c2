import Foundation
import Testing
import Tactile

/// Memory warnings in both behaviours (VCG-B-07 … VCG-B-12, SBT-MEM-01 … SBT-MEM-05).
@MainActor
@Suite("ViewController memory warnings")
struct ViewControllerMemoryWarningTests {
    @Test("VCG-B-07 SBT-MEM-01 SBT-MEM-02 every live controller gets didReceiveMemoryWarning, visible or not; iOS 6 and later keep every view")
    func mem01Modern() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let visible = LoggingViewController("visible", log: log)
        let offscreen = LoggingViewController("offscreen", log: log)
        let unloaded = LoggingViewController("unloaded", log: log)
        visible.logsLayout = false
        window.rootViewController = visible
        _ = offscreen.view
        log.entries = []
        #expect(TactileHost.behavior == .modern)
        TactileHost.simulateMemoryWarning()
        #expect(log.take() == ["visible.didReceiveMemoryWarning", "offscreen.didReceiveMemoryWarning",
                               "unloaded.didReceiveMemoryWarning"])
        #expect(visible.isViewLoaded && offscreen.isViewLoaded && !unloaded.isViewLoaded)
    }

    @Test("VCG-B-08 VCG-B-09 SBT-MEM-04 iPhone OS 3: a loaded view not in a window is released, then viewDidUnload; the next access loads again")
    @available(*, deprecated)
    func b09LegacyUnload() {
        TactileHost.launch(delegate: nil)
        TactileHost.behavior = .iPhoneOS3
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        let first: UIView = vc.view
        log.entries = []
        TactileHost.simulateMemoryWarning()
        #expect(log.take() == ["vc.didReceiveMemoryWarning", "vc.viewWillUnload(loaded: true)", "vc.viewDidUnload(loaded: false)"])
        #expect(!vc.isViewLoaded)
        let second: UIView = vc.view
        #expect(second !== first)
        #expect(log.take() == ["vc.loadView", "vc.viewDidLoad"])
    }

    @Test("VCG-B-08 VCG-B-09 iPhone OS 3: a visible view is never released and gets no viewDidUnload; a never-loaded one gets none either")
    @available(*, deprecated)
    func b08VisibleKept() {
        let window = launchWithWindow()
        TactileHost.behavior = .iPhoneOS3
        let log = CallbackLog()
        let visible = LoggingViewController("visible", log: log)
        let unloaded = LoggingViewController("unloaded", log: log)
        visible.logsLayout = false
        window.rootViewController = visible
        let view: UIView = visible.view
        log.entries = []
        withExtendedLifetime(unloaded) { TactileHost.simulateMemoryWarning() }  // alive, never loaded
        #expect(log.take() == ["visible.didReceiveMemoryWarning", "unloaded.didReceiveMemoryWarning"])
        #expect(visible.view === view)
    }

    @Test("VCG-B-10 VCG-G-05 an override that calls super still releases the view (iPhone OS 3); one that does not keeps it")
    @available(*, deprecated)
    func b10Override() {
        TactileHost.launch(delegate: nil)
        TactileHost.behavior = .iPhoneOS3
        final class Keeper: UIViewController {
            override func didReceiveMemoryWarning() {}  // forgets super
        }
        let keeper = Keeper()
        let log = CallbackLog()
        let good = LoggingViewController("good", log: log)  // calls super
        _ = keeper.view
        _ = good.view
        TactileHost.simulateMemoryWarning()
        #expect(keeper.isViewLoaded)
        #expect(!good.isViewLoaded)
    }

    @Test("VCG-B-08 iPhone OS 3: a presenter whose view a full-screen presentation took out of the window is unloaded, and reloads on dismissal")
    @available(*, deprecated)
    func b08CoveredPresenter() {
        let window = launchWithWindow()
        TactileHost.behavior = .iPhoneOS3
        let log = CallbackLog()
        let root = LoggingViewController("root", log: log), modal = LoggingViewController("modal", log: log)
        root.logsLayout = false; modal.logsLayout = false
        window.rootViewController = root
        root.presentModalViewController(modal, animated: false)
        log.entries = []
        TactileHost.simulateMemoryWarning()
        #expect(log.take() == ["root.didReceiveMemoryWarning", "root.viewWillUnload(loaded: true)", "root.viewDidUnload(loaded: false)",
                               "modal.didReceiveMemoryWarning"])
        modal.dismissModalViewController(animated: false)
        #expect(log.take() == ["root.loadView", "root.viewDidLoad", "modal.viewWillDisappear(false)[dismissed]",
                               "root.viewWillAppear(false)", "root.viewDidAppear(false)", "modal.viewDidDisappear(false)[dismissed]"])
        #expect(root.view.superview === window)
    }
}
