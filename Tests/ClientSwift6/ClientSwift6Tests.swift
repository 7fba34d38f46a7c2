#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Testing

// The value of this target is in compiling; this test only makes sure it links and the overrides are the ones
// called.
@MainActor
@Test func clientSubclassesInstantiateAndOverrideInSwift6() {
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

// Kept apart from the test above: while an async test is suspended, other main-actor tests run, and a
// controller alive across the suspension would keep its `queue: .main` observer registered (see
// TestingUIKitCodeOnLinux, "Differences that Linux forces").
@MainActor
@Test func sendableUIKitValuesCrossIsolationInSwift6() async {
    // Sendable UIKit values cross into an actor and a detached task.
    let store = ThemeStore()
    var theme = Theme.standard
    theme.tint = BrandColor.red
    await store.apply(theme)
    #expect(await store.current.tint == BrandColor.red)
    #expect(await averageBrightness(of: [UIColor(white: 1, alpha: 1)]) == 1)
}
