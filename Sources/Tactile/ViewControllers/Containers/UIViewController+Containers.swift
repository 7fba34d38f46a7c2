import Foundation

extension UIViewController {
    /// The nearest container ancestor (by `parent`) of type `T` (VCG-J-06, SBT-CON-10).
    func nearestAncestor<T: UIViewController>(_ type: T.Type) -> T? {
        var c = parentLink
        while let x = c {
            if let found = x as? T { return found }
            c = x.parentLink
        }
        return nil
    }
}

/// Which controller classes override `show(_:sender:)` / `showDetailViewController(_:sender:)` — what UIKit's
/// `targetViewController(forAction:sender:)` asks (`respondsToSelector:` on the class's own implementation),
/// found from the vtable (``OverrideProbe``). `UINavigationController` overrides `show`.
@MainActor
enum ShowOverrides {
    static let show = Selector("showViewController:sender:")
    static let showDetail = Selector("showDetailViewController:sender:")

    private final class Plain1: UIViewController {}
    private final class Plain2: UIViewController {}
    private final class ProbeShow: UIViewController {
        override func show(_ vc: UIViewController, sender: Any?) {}
    }
    private final class ProbeDetail: UIViewController {
        override func showDetailViewController(_ vc: UIViewController, sender: Any?) {}
    }

    private static let probe = OverrideProbe<Selector>(
        base: UIViewController.self, plain: (Plain1.self, Plain2.self),
        probes: [(show, ProbeShow.self), (showDetail, ProbeDetail.self)])

    /// Whether `cls` overrides the method `action` names; when detection is off, navigation controllers
    /// still answer yes for `show`.
    static func overrides(_ cls: UIViewController.Type, _ action: Selector) -> Bool {
        if !probe.isAvailable { return action == show && cls is UINavigationController.Type }
        return probe.overriddenMethods(of: cls).contains(action)
    }
}
