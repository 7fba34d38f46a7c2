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
