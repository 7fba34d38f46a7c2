import Foundation
import Tactile
import Testing

/// A controller that also logs `viewIsAppearing(_:)`.
@MainActor
private final class AppearingLoggingController: LoggingViewController {
    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        log.append(name, "viewIsAppearing(\(animated)) inWindow=\(view.window != nil)")
    }
}

/// A controller whose supported orientations change at run time.
@MainActor
private final class LockableController: UIViewController {
    var mask: UIInterfaceOrientationMask = .portrait
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { mask }
}

/// A text-field-like view that can hold first responder and may refuse to give it up.
@MainActor
private final class EditingView: UIView {
    var refusesToResign = false
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { !refusesToResign }
}

/// Members of `UIViewController` and `UIView` from iOS 11–17 that real controllers use. Sources: Apple's
/// documentation of `viewIsAppearing(_:)` ("called after viewWillAppear(_:) … the view has been added to the
/// hierarchy and … its traits and geometry … are up to date", before `viewWillLayoutSubviews()` in the
/// WWDC 2023 "What's new in UIKit" timeline), `setNeedsUpdateOfSupportedInterfaceOrientations()` (iOS 16) and
/// `endEditing(_:)` ("causes the view (or one of its embedded text fields) to resign the first responder
/// status … if force is true, the text field is never even asked").
@MainActor
@Suite("Modern controller API")
struct ModernControllerAPITests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    @Test("VCG-D-02 viewIsAppearing comes once per appearance, after viewWillAppear with the view in its window, before the view's layout")
    func isAppearingOrder() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let vc = AppearingLoggingController("a", log: log)
        window.rootViewController = vc
        #expect(log.take() == ["a.loadView", "a.viewDidLoad", "a.viewWillAppear(false)",
                               "a.viewIsAppearing(false) inWindow=true", "a.viewWillLayoutSubviews",
                               "a.viewDidLayoutSubviews", "a.viewDidAppear(false)"])
        let b = AppearingLoggingController("b", log: log)
        b.modalPresentationStyle = .fullScreen
        vc.present(b, animated: true)
        settle()
        let presenting = log.take()
        #expect(presenting.filter { $0.hasPrefix("b.viewIsAppearing") } == ["b.viewIsAppearing(true) inWindow=true"])
        #expect(presenting.firstIndex(of: "b.viewIsAppearing(true) inWindow=true")! < presenting.firstIndex(of: "b.viewWillLayoutSubviews")!)
        try? TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(log.take().contains("b.viewDidAppear(true)[presented]"))
        b.dismiss(animated: false)
        #expect(log.take().filter { $0.contains("viewIsAppearing") } == ["a.viewIsAppearing(false) inWindow=true"])
    }

    @Test("SBT-ROT-09 setNeedsUpdateOfSupportedInterfaceOrientations turns the interface once the controller allows the device's orientation")
    func supportedOrientationsUpdate() {
        let window = launchWithWindow()
        let vc = LockableController()
        window.rootViewController = vc
        TouchDriver().rotate(to: .landscapeLeft)
        settle()
        #expect(appScene().interfaceOrientation == .portrait)
        vc.mask = .allButUpsideDown
        vc.setNeedsUpdateOfSupportedInterfaceOrientations()
        _ = try? TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(appScene().interfaceOrientation.isLandscape)
    }

    @Test("endEditing asks the first responder in the subtree to resign; force makes it resign regardless")
    func endEditing() {
        let window = launchWithWindow()
        let form = UIView(), field = EditingView(), outside = EditingView()
        window.addSubview(form)
        form.addSubview(field)
        window.addSubview(outside)
        #expect(outside.becomeFirstResponder())
        #expect(form.endEditing(false) && outside.isFirstResponder)  // not in the subtree: left alone
        #expect(field.becomeFirstResponder())
        field.refusesToResign = true
        #expect(!form.endEditing(false) && field.isFirstResponder)
        #expect(form.endEditing(true) && !field.isFirstResponder)
    }

    @Test("Stored presentation preferences keep what is set; home indicator preferences default to false")
    func storedPreferences() {
        let vc = UIViewController()
        #expect(!vc.isModalInPresentation && vc.preferredContentSize == .zero)
        vc.isModalInPresentation = true
        vc.preferredContentSize = CGSize(width: 320, height: 200)
        #expect(vc.isModalInPresentation && vc.preferredContentSize == CGSize(width: 320, height: 200))
        #expect(!vc.prefersHomeIndicatorAutoHidden && vc.childForHomeIndicatorAutoHidden == nil)
    }
}
