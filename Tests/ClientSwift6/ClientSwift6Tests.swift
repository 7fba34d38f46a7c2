#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Testing

// Kept apart from the shared test (ClientShared/ClientTests.swift): while an async test is suspended, other
// main-actor tests run, and a controller alive across the suspension would keep its `queue: .main` observer
// registered (see TestingUIKitCodeOnLinux, "Differences that Linux forces").
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

/// Images render off the main actor and layers build there, as on iOS.
@Test func drawingWorksOffTheMainActor() async {
    let avatar = await renderAvatarOffMain(initials: "AL", diameter: 40)
    #expect(avatar.size == CGSize(width: 40, height: 40))
    #expect(avatar.cgImage?.tactileDrawing?.texts.first?.string == "AL")
    let spinner = makeSpinnerLayer(size: 24)
    #expect(spinner.sublayers?.count == 1)
}
