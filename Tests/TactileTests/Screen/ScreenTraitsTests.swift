import Foundation
import Testing
import Tactile

/// The headless screen, trait collections and tint (UIScreen, UITraitCollection, `tintColor` [EXT]).
/// A launched app with a root view controller; synchronous rotations.
@MainActor
enum RotationHarness {
    static func launch() -> (UIWindow, UIViewController) {
        let window = rotationScene()
        let vc = UIViewController()
        window.rootViewController = vc
        settle()
        return (window, vc)
    }

    static func turn(to orientation: UIDeviceOrientation) {
        turnDevice(orientation)
        settle()
    }
}

@MainActor
@Suite("Screen, traits and tint")
struct ScreenTraitsTests {
    final class TraitView: UIView {
        var changes: [UITraitCollection?] = []
        var tintChanges = 0
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { changes.append(previousTraitCollection) }
        override func tintColorDidChange() { tintChanges += 1 }
    }

    func components(_ c: UIColor) -> [CGFloat] {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        _ = c.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }

    @Test("UIScreen.main: an iPhone-sized portrait screen at 3×; bounds turn with the interface (iOS 8+), nativeBounds stay portrait pixels")
    func screen() throws {
        TactileHost.launch(delegate: nil)
        let screen = UIScreen.main
        #expect(screen.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(screen.scale == 3 && screen.nativeScale == 3)
        #expect(screen.nativeBounds == CGRect(x: 0, y: 0, width: 1170, height: 2532))
        #expect(screen.coordinateSpace.bounds == screen.bounds)
        TactileHost.screenSize = CGSize(width: 375, height: 667)
        TactileHost.screenScale = 2
        defer { TactileHost.screenSize = CGSize(width: 390, height: 844); TactileHost.screenScale = 3 }
        #expect(screen.bounds.size == CGSize(width: 375, height: 667))
        #expect(UIWindow().frame.size == CGSize(width: 375, height: 667), "new windows take the screen's size")
        #expect(screen.traitCollection.displayScale == 2)
        TactileHost.screenScale = -1
        #expect(screen.scale == 2, "refused with a report")
    }

    @Test("Trait collections: the phone's traits in portrait; a rotation to landscape calls traitCollectionDidChange with the previous traits")
    func rotationTraits() throws {
        let (window, vc) = RotationHarness.launch()
        let v = TraitView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        vc.view.addSubview(v)
        let portrait = v.traitCollection
        #expect(portrait.horizontalSizeClass == .compact && portrait.verticalSizeClass == .regular)
        #expect(portrait.userInterfaceIdiom == .phone && portrait.displayScale == 3 && portrait.userInterfaceStyle == .light)
        RotationHarness.turn(to: .landscapeLeft)
        #expect(v.traitCollection.verticalSizeClass == .compact && v.traitCollection.horizontalSizeClass == .compact)
        #expect(v.changes.count == 1 && v.changes.first??.verticalSizeClass == .regular)
        #expect(UIScreen.main.bounds.size == CGSize(width: 844, height: 390))
        _ = window
    }

    @Test("Appearance: switching to dark calls traitCollectionDidChange down the windows; overrideUserInterfaceStyle pins a subtree")
    func appearance() {
        TactileHost.launch(delegate: nil)
        let window = UIWindow()
        window.makeKeyAndVisible()
        let pinned = TraitView(), child = TraitView(), free = TraitView()
        window.addSubview(pinned)
        pinned.addSubview(child)
        window.addSubview(free)
        pinned.overrideUserInterfaceStyle = .light
        #expect(child.changes.isEmpty, "light over light: nothing changed")
        TactileHost.userInterfaceStyle = .dark
        defer { TactileHost.userInterfaceStyle = .light }
        #expect(free.traitCollection.userInterfaceStyle == .dark && free.changes.count == 1)
        #expect(child.traitCollection.userInterfaceStyle == .light && child.changes.isEmpty)
        pinned.overrideUserInterfaceStyle = .unspecified
        #expect(child.changes.count == 1 && child.traitCollection.userInterfaceStyle == .dark)
        #expect(UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)])
            .containsTraits(in: UITraitCollection(userInterfaceStyle: .dark)))
    }

    @Test("tintColor is inherited down the tree (system blue by default); setting it calls tintColorDidChange on the view and the subviews that inherit it")
    func tintInheritance() {
        let root = TraitView(), child = TraitView(), own = TraitView()
        root.addSubview(child)
        root.addSubview(own)
        #expect(components(child.tintColor) == components(.systemBlue))
        own.tintColor = .green
        root.tintColor = .red
        #expect(child.tintColor === root.tintColor)
        #expect(own.tintColor == .green)
        #expect(root.tintChanges == 1 && child.tintChanges == 1 && own.tintChanges == 1, "own's change was its own, not the inherited one")
        root.tintColor = nil
        #expect(components(child.tintColor) == components(.systemBlue))
    }

    @Test("tintAdjustmentMode .dimmed desaturates the tint down the tree; views behind a presented sheet are dimmed")
    func tintDimming() throws {
        let root = TraitView(), child = TraitView()
        root.addSubview(child)
        root.tintColor = .red
        root.tintAdjustmentMode = .dimmed
        #expect(child.tintAdjustmentMode == .dimmed)
        let c = components(child.tintColor)
        #expect(c[0] == c[1] && c[1] == c[2], "gray")
        #expect(child.tintChanges == 2)
        root.tintAdjustmentMode = .automatic
        #expect(child.tintAdjustmentMode == .normal)

        let (_, vc) = RotationHarness.launch()
        let sheet = UIViewController()
        sheet.modalPresentationStyle = .pageSheet
        vc.present(sheet, animated: false)
        try TactileHost.runLoop.runUntilIdle()
        #expect(vc.view.tintAdjustmentMode == .dimmed)
        #expect(sheet.view.tintAdjustmentMode == .normal)
    }
}
