#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Testing

// The value of these targets is in compiling; this test (run once per language mode) only makes sure they link
// and the overrides are the ones called.
@MainActor
@Test func clientSubclassesInstantiateAndOverride() {
    let controller = ProfileViewController(userName: "ada")
    #expect(controller.prefersStatusBarHidden)
    #expect(controller.preferredStatusBarStyle == .lightContent)
    #expect(controller.supportedInterfaceOrientations == [.portrait, .landscape])
    #expect(controller.view is CardView)
    #expect(controller.title == "ada")

    let card = CardView(title: "Inbox")
    #expect(card.canBecomeFirstResponder)
    #expect(card.accessibilityLabel == "Inbox")
    #expect(card.point(inside: CGPoint(x: -5, y: -5), with: nil))

    do {  // a hidden window, released at once (the app holds windows weakly until they are shown)
        let window = MainWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(window.windowLevel == .normal)
    }
    let badge = ViewFactory().makeBadge(count: 2, in: card)
    #expect(badge.superview === card)

    #expect(PlaceholderImage().size == CGSize(width: 44, height: 44))
    #expect(BrandColor.red != UIColor.red)
    #expect(BadgedTabBarItem().selectedImage == nil)
    #expect(DocumentResponder().canBecomeFirstResponder)
    #expect(ContentGuide().layoutFrame == .zero)
}

@MainActor
@Test func clientContainersRun() {
    let root = ProfileViewController(userName: "root")
    let nav = AppNavigationController(rootViewController: root)
    #expect(nav.viewControllers == [root] && nav.delegate === nav)
    let tabs = MainTabBarController()
    tabs.build()
    #expect(tabs.viewControllers?.count == 2 && tabs.selectedIndex == 0)
    root.openDetail()
    #expect(nav.viewControllers.count == 2 && nav.topViewController?.hidesBottomBarWhenPushed == true)
}

@MainActor
@Test func clientAutoLayoutRuns() {
    let login = LoginViewController()
    login.view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    login.view.layoutIfNeeded()
    #expect(login.header.frame.height == 120)
    #expect(login.tagView.frame.size == CGSize(width: 40, height: 24))
    login.toggleCompact()
    login.view.layoutIfNeeded()
    #expect(login.header.frame.height == 60)
}

@MainActor
@Test func clientControlsSendTheirActions() {
    let controller = ControlSettingsViewController()
    controller.loadViewIfNeeded()
    controller.toggle.isOn = true
    controller.toggle.sendActions(for: .valueChanged)
    controller.knob.sendActions(for: .valueChanged)
    controller.slider.value = 40
    controller.slider.sendActions(for: .valueChanged)
    controller.segments.sendActions(for: .valueChanged)
    #expect(controller.events == ["toggle true", "knob", "slider 40", "range"])
    #expect(controller.save.title(for: .highlighted) == "SAVE")
}

/// The drawing, layer and animation client code (Drawing.swift) runs as on iOS.
@MainActor
@Test func clientDrawingCodeRuns() {
    let button = RingButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
    #expect(button.point(inside: CGPoint(x: 30, y: 30), with: nil))
    #expect(!button.point(inside: CGPoint(x: 3, y: 3), with: nil), "the corner is outside the circle")
    #expect(button.layer.cornerRadius == 30)
    #expect(button.layer.borderColor != nil)
    let ring = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
    ring.setProgress(0.5, animated: true)
    #expect(ring.progress == 0.5)
    #expect(ring.layer.sublayers?.count == 2)
    let gradient = GradientView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(gradient.gradientLayer.colors?.count == 2)
    gradient.tintColor = .systemGreen
    #expect(gradient.tintChanges == 1)
    let badge = Thumbnailer.badge(text: "3", diameter: 24)
    #expect(badge.size == CGSize(width: 24, height: 24))
    #expect(Thumbnailer.pixelWidth > 0)
    let banner = BannerView(frame: .zero)
    #expect(!banner.titleLabel.isUserInteractionEnabled && !banner.iconView.isUserInteractionEnabled)
    #expect(banner.iconView.image != nil)
}

/// The gesture client code (Gestures.swift): a pan moves the photo, a lone tap fires once the double tap failed.
@MainActor
@Test func clientGestureCodeRuns() {
    #if !canImport(UIKit)
    TactileHost.launch(delegate: nil)  // a deterministic run loop: the double tap's timeout is on its clock
    #endif
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let controller = PhotoViewController()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    #expect(controller.photo.gestureRecognizers?.count == 6)
    #if !canImport(UIKit)
    let finger = TouchDriver(window: window)
    finger.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 160, y: 100), steps: 6)
    #expect(controller.photo.center == CGPoint(x: 150, y: 100))
    finger.wait(1)
    finger.tap(at: CGPoint(x: 150, y: 100))
    finger.wait(0.5)
    #expect(controller.events == ["pan ended 600", "tap 150"])
    window.isHidden = true
    #endif
}
