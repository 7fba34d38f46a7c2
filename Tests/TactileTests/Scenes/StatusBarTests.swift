import Foundation
import Tactile
import Testing

/// A controller with settable status bar answers.
@MainActor
private final class StatusBarController: UIViewController {
    var hides = false
    var style = UIStatusBarStyle.default
    var hiddenChild: UIViewController?
    var styleChild: UIViewController?
    override var prefersStatusBarHidden: Bool { hides }
    override var preferredStatusBarStyle: UIStatusBarStyle { style }
    override var childForStatusBarHidden: UIViewController? { hiddenChild }
    override var childForStatusBarStyle: UIViewController? { styleChild }
}

/// Reads and sets the deprecated app-level status bar API without a warning at every use.
@MainActor
private protocol AppStatusBar {
    var isStatusBarHidden: Bool { get set }
    var statusBarStyle: UIStatusBarStyle { get set }
    var statusBarFrame: CGRect { get }
    func setStatusBarHidden(_ hidden: Bool, with animation: UIStatusBarAnimation)
}
extension UIApplication: AppStatusBar {}

/// The status bar, decided by view controllers (iOS 7 and later) or by the app (AG-D-03). Sources: Apple's
/// documentation of `setNeedsStatusBarAppearanceUpdate()` ("Call this method if the view controller's status
/// bar attributes, such as hidden/unhidden status or style, change"), `childForStatusBarHidden`,
/// `modalPresentationCapturesStatusBarAppearance` ("status bar appearance control is transferred from the
/// presenting to the presented view controller only if the presented controller's modalPresentationStyle
/// value is UIModalPresentationStyle.fullScreen"), `prefersStatusBarHidden` ("returns false with one exception
/// … true if the view controller is in a vertically compact environment") and the Info.plist key
/// `UIViewControllerBasedStatusBarAppearance`.
@MainActor
@Suite("Status bar")
struct StatusBarTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    private func setUp(_ root: UIViewController) -> (UIWindow, UIStatusBarManager) {
        let window = launchWithWindow()
        TactileHost.statusBarHeight = 20
        window.rootViewController = root
        settle()
        return (window, appScene().statusBarManager!)
    }

    @Test("The root controller decides once it asks: setNeedsStatusBarAppearanceUpdate settles hidden and style, and the safe area follows")
    func rootDecides() {
        let vc = StatusBarController()
        let (window, bar) = setUp(vc)
        #expect(!bar.isStatusBarHidden && bar.statusBarStyle == .default)
        #expect(bar.statusBarFrame == CGRect(x: 0, y: 0, width: 390, height: 20))
        #expect(window.safeAreaInsets.top == 20)
        vc.hides = true
        vc.style = .lightContent
        #expect(!bar.isStatusBarHidden)  // not asked yet
        vc.setNeedsStatusBarAppearanceUpdate()
        #expect(bar.isStatusBarHidden && bar.statusBarStyle == .lightContent)
        #expect(bar.statusBarFrame == .zero)
        #expect(window.safeAreaInsets.top == 0 && vc.view.safeAreaInsets.top == 0)
        #expect(vc.preferredStatusBarUpdateAnimation == .fade)
    }

    @Test("childForStatusBarHidden and childForStatusBarStyle hand the question to a child, each on its own")
    func childrenDecide() {
        let parent = StatusBarController(), hiding = StatusBarController(), styled = StatusBarController()
        hiding.hides = true
        styled.style = .darkContent
        parent.hiddenChild = hiding
        parent.styleChild = styled
        let (_, bar) = setUp(parent)
        #expect(bar.isStatusBarHidden && bar.statusBarStyle == .darkContent)
        parent.styleChild = nil
        parent.setNeedsStatusBarAppearanceUpdate()
        #expect(bar.isStatusBarHidden && bar.statusBarStyle == .default)
    }

    @Test("A full-screen presentation takes over the status bar; a sheet does not, unless modalPresentationCapturesStatusBarAppearance")
    func presentedControllers() {
        let root = StatusBarController()
        let (_, bar) = setUp(root)
        let sheet = StatusBarController()
        sheet.hides = true
        sheet.modalPresentationStyle = .pageSheet
        root.present(sheet, animated: false)
        settle()
        #expect(!bar.isStatusBarHidden)
        sheet.modalPresentationCapturesStatusBarAppearance = true
        sheet.setNeedsStatusBarAppearanceUpdate()
        #expect(bar.isStatusBarHidden)
        sheet.dismiss(animated: false)
        settle()
        #expect(!bar.isStatusBarHidden)
        let full = StatusBarController()
        full.hides = true
        full.modalPresentationStyle = .fullScreen
        root.present(full, animated: false)
        settle()
        #expect(bar.isStatusBarHidden)
        full.dismiss(animated: false)
        settle()
        #expect(!bar.isStatusBarHidden)
    }

    @Test("prefersStatusBarHidden is false, and true on an iPhone in landscape")
    func defaultPreference() {
        let vc = UIViewController()
        let (_, bar) = setUp(vc)
        #expect(!vc.prefersStatusBarHidden && vc.preferredStatusBarStyle == .default)
        TouchDriver().rotate(to: .landscapeLeft)
        settle()
        #expect(appScene().interfaceOrientation.isLandscape)
        #expect(vc.prefersStatusBarHidden && bar.isStatusBarHidden)
    }

    @Test("AG-D-03 without view-controller-based appearance the app's setters decide; with it they do nothing")
    func appLevelStatusBar() {
        let vc = StatusBarController()
        let (_, bar) = setUp(vc)
        var app: AppStatusBar = UIApplication.shared
        app.setStatusBarHidden(true, with: .none)
        #expect(!bar.isStatusBarHidden)  // the controllers decide
        TactileHost.viewControllerBasedStatusBarAppearance = false
        #expect(bar.isStatusBarHidden && app.isStatusBarHidden && app.statusBarFrame == .zero)
        app.isStatusBarHidden = false
        app.statusBarStyle = .lightContent
        #expect(!bar.isStatusBarHidden && bar.statusBarStyle == .lightContent)
        #expect(app.statusBarFrame == CGRect(x: 0, y: 0, width: 390, height: 20))
        vc.hides = true
        vc.setNeedsStatusBarAppearanceUpdate()
        #expect(!bar.isStatusBarHidden)  // the controller is not asked
    }
}
