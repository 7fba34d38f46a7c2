import Foundation

/// Memory warnings (VCG-B-07 … VCG-B-12, VCG-G-04, VCG-G-05, SBT-MEM-01 … SBT-MEM-05).
///
/// A low-memory warning (``TactileHost/simulateMemoryWarning()`` or a system record) reaches the app
/// delegate, then every live view controller in creation order — visible or not, attached or not — then
/// `UIApplication.didReceiveMemoryWarningNotification`. What the default `didReceiveMemoryWarning()` does
/// depends on ``TactileHost/behavior``:
/// - ``TactileBehavior/modern`` (iOS 6+): nothing; views stay until the controller goes (SBT-MEM-01).
/// - ``TactileBehavior/iPhoneOS3``: a loaded view that is not in a window (VCG-B-08's predicate
///   `view.window == nil`) is released: `viewWillUnload()`, the view is dropped, `viewDidUnload()` (VCG-B-09,
///   SBT-MEM-04). A view in a window is never released and gets no `viewDidUnload()`. The next ``view`` access
///   loads again (`loadView()`, `viewDidLoad()`).
extension UIViewController {
    private static var live: [WeakController] = []

    static func registerLive(_ vc: UIViewController) {
        if live.count > 64, live.count.isMultiple(of: 64) { live.removeAll { $0.controller == nil } }
        live.append(WeakController(controller: vc))
    }

    /// Every live controller, in creation order.
    static var liveControllers: [UIViewController] {
        live.removeAll { $0.controller == nil }
        return live.compactMap(\.controller)
    }

    /// Sends `didReceiveMemoryWarning()` to every live controller.
    static func broadcastMemoryWarning() {
        for vc in liveControllers { vc.didReceiveMemoryWarning() }
    }

    func memoryWarningDefault() {
        guard UIApplication.shared.behavior == .iPhoneOS3, let view = loadedView, view.window == nil else { return }
        legacyUnload()
    }

    private func legacyUnload() {
        let callbacks: LegacyUnloadCallbacks = self  // the deprecated callbacks, called without a warning
        callbacks.viewWillUnload()
        setView(nil)
        appearState = .disappeared
        callbacks.viewDidUnload()
    }
}

/// The iPhone OS 3 unload callbacks, reached through a protocol so calling them is not a deprecation warning.
@MainActor
private protocol LegacyUnloadCallbacks {
    func viewWillUnload()
    func viewDidUnload()
}

extension UIViewController: LegacyUnloadCallbacks {}

private struct WeakController {
    weak var controller: UIViewController?
}
