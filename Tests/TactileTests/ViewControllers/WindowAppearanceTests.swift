import Foundation
import Testing
import Tactile

/// Window visibility drives appearance (DESIGN-WINDOW-APPEARANCE, VCG-D-03): a controller's view counts as appeared
/// while it is in a visible window. UIKit: "when the view controller detects that its view is about to be
/// removed or hidden, it calls viewWillDisappear: and viewDidDisappear:" (View Controller Programming Guide,
/// Responding to Display-Related Notifications).
@MainActor
@Suite("ViewController appearance: window visibility")
struct WindowAppearanceTests {
    private func quiet(_ vcs: LoggingViewController...) { for vc in vcs { vc.logsLayout = false } }

    @Test("DESIGN-WINDOW-APPEARANCE VCG-D-03 hiding the window sends the root controller the disappear pair; showing it again the appear pair")
    func hideAndShowRoot() {
        let window = launchWithWindow()
        let log = CallbackLog()
        final class Probe: LoggingViewController {
            var windowVisibleInWill: Bool?
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                windowVisibleInWill = view.window.map { !$0.isHidden }
            }
        }
        let root = Probe("root", log: log)
        quiet(root)
        window.rootViewController = root
        log.entries = []
        window.isHidden = true
        #expect(log.take() == ["root.viewWillDisappear(false)", "root.viewDidDisappear(false)"])
        #expect(root.windowVisibleInWill == true, "viewWillDisappear comes while the window is still visible")
        #expect(root.view.superview === window, "hiding moves no view")
        window.isHidden = true
        #expect(log.take() == [], "no change, no callbacks")
        window.isHidden = false
        #expect(log.take() == ["root.viewWillAppear(false)", "root.viewDidAppear(false)"])
        window.isHidden = true
        window.makeKeyAndVisible()
        #expect(log.take() == ["root.viewWillDisappear(false)", "root.viewDidDisappear(false)",
                               "root.viewWillAppear(false)", "root.viewDidAppear(false)"])
    }

    @Test("DESIGN-WINDOW-APPEARANCE VCG-D-09 VCG-Q-08 hiding reaches the forwarded children and the controllers presented in the window; a covered presenter gets nothing")
    func hideReachesChildrenAndPresented() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let root = LoggingViewController("root", log: log), child = LoggingViewController("child", log: log)
        let sheet = LoggingViewController("sheet", log: log)
        quiet(root, child, sheet)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        window.rootViewController = root
        root.present(sheet, animated: false)  // .automatic: a sheet, the presenter stays
        log.entries = []
        window.isHidden = true
        #expect(log.take() == ["root.viewWillDisappear(false)", "child.viewWillDisappear(false)", "sheet.viewWillDisappear(false)",
                               "root.viewDidDisappear(false)", "child.viewDidDisappear(false)", "sheet.viewDidDisappear(false)"])
        window.isHidden = false
        #expect(log.take() == ["root.viewWillAppear(false)", "child.viewWillAppear(false)", "sheet.viewWillAppear(false)",
                               "root.viewDidAppear(false)", "child.viewDidAppear(false)", "sheet.viewDidAppear(false)"])

        // A full-screen presentation covers (and removes) the root's view: only the presented one is on screen.
        root.dismiss(animated: false)
        let full = LoggingViewController("full", log: log)
        quiet(full)
        full.modalPresentationStyle = .fullScreen
        root.present(full, animated: false)
        log.entries = []
        window.isHidden = true
        #expect(log.take() == ["full.viewWillDisappear(false)", "full.viewDidDisappear(false)"])
        window.isHidden = false
        #expect(log.take() == ["full.viewWillAppear(false)", "full.viewDidAppear(false)"])
    }

    @Test("DESIGN-WINDOW-APPEARANCE makeKeyAndVisible on a second window: its root appears; the first window stays visible and its root gets nothing")
    func secondWindow() {
        let first = launchWithWindow()
        let log = CallbackLog()
        let a = LoggingViewController("a", log: log), b = LoggingViewController("b", log: log)
        quiet(a, b)
        first.rootViewController = a
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        second.rootViewController = b
        #expect(!b.isViewLoaded, "SBT-LCH-03: a hidden window does not install its root")
        log.entries = []
        second.makeKeyAndVisible()
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "b.viewWillAppear(false)", "b.viewDidAppear(false)"])
        #expect(!first.isKeyWindow && !first.isHidden)
        first.makeKeyAndVisible()
        #expect(log.take() == [], "becoming key again changes no visibility")
        second.isHidden = true
        #expect(log.take() == ["b.viewWillDisappear(false)", "b.viewDidDisappear(false)"])
    }

    @Test("DESIGN-WINDOW-APPEARANCE VCG-D-03 a view moved between visible windows stays appeared; into a hidden window it disappears; that window shown, it appears")
    func moveBetweenWindows() {
        let first = launchWithWindow()
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        quiet(vc)
        first.addSubview(vc.view)
        let visible = UIWindow(frame: first.frame)
        visible.isHidden = false
        let hidden = UIWindow(frame: first.frame)
        log.entries = []
        visible.addSubview(vc.view)
        #expect(log.take() == [], "visible window to visible window: still on screen")
        hidden.addSubview(vc.view)
        #expect(log.take() == ["vc.viewWillDisappear(false)", "vc.viewDidDisappear(false)"])
        vc.view.removeFromSuperview()
        #expect(log.take() == [], "leaving a hidden window: it had already disappeared")
        hidden.addSubview(vc.view)
        #expect(log.take() == [], "a hidden window shows nothing")
        hidden.isHidden = false
        #expect(log.take() == ["vc.viewWillAppear(false)", "vc.viewDidAppear(false)"])
        vc.view.removeFromSuperview()
        #expect(log.take() == ["vc.viewWillDisappear(false)", "vc.viewDidDisappear(false)"], "VCG-D-03: removed from a visible window")
    }

    @Test("DESIGN-WINDOW-APPEARANCE SBT-LCH-04 removing the root view or replacing the root controller of a hidden window sends nothing; shown again, the new root appears")
    func hiddenWindowRootChanges() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let a = LoggingViewController("a", log: log), b = LoggingViewController("b", log: log)
        quiet(a, b)
        window.rootViewController = a
        window.isHidden = true
        log.entries = []
        a.view.removeFromSuperview()
        #expect(log.take() == [])
        window.rootViewController = b
        #expect(log.take() == [], "not installed while hidden")
        window.isHidden = false
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "b.viewWillAppear(false)", "b.viewDidAppear(false)"])
        #expect(a.view.superview == nil && b.view.superview === window)
    }
}
