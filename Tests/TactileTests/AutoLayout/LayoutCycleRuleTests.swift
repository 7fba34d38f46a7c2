import Foundation
import Tactile
import Testing

/// The order of a controller's layout callbacks when its view changes size with Auto Layout (SBT-LAY-01:
/// "On a size change: resize the view, autoresize subviews, viewWillLayoutSubviews, layoutSubviews (constraints
/// update first), viewDidLayoutSubviews"). It extends the existing checks — AppearanceTests.lay01Order (the
/// order without constraints, after setNeedsLayout) and GuidesAndFittingTests.cycleOrder (after
/// setNeedsUpdateConstraints, no size change) — with a change of the window's size. Expected order from the
/// Auto Layout Guide, "Changing Constraints" → "The Deferred Layout Pass": the update pass ("calls
/// updateViewConstraints on all view controllers, and updateConstraints on all views") comes before the layout
/// pass ("calls viewWillLayoutSubviews on all view controllers, and layoutSubviews on all views"), and
/// `viewDidLayoutSubviews()` — "Called to notify the view controller that its view has just laid out its
/// subviews" — sees the solved frames. Constraints changed in `viewWillLayoutSubviews()` take effect in the same
/// pass (the frames are applied by the root view's `layoutSubviews()`, which comes after it).
@MainActor
@Suite("Auto Layout rules: the layout cycle on a size change")
struct LayoutCycleRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    @MainActor
    final class Log {
        var entries: [String] = []
    }

    final class LoggingRoot: UIView {
        var log: Log?
        override func updateConstraints() { log?.entries.append("root.updateConstraints"); super.updateConstraints() }
        override func layoutSubviews() { log?.entries.append("root.layoutSubviews"); super.layoutSubviews() }
    }

    final class LoggingChild: UIView {
        var log: Log?
        var heightConstraint: NSLayoutConstraint?
        var wantedHeight: CGFloat = 10
        override func updateConstraints() {
            log?.entries.append("child.updateConstraints")
            heightConstraint?.constant = wantedHeight
            super.updateConstraints()
        }
    }

    /// A controller whose child spans the view's width less 20 on each side.
    final class Controller: UIViewController {
        let log = Log()
        let child = LoggingChild()
        lazy var top = child.topAnchor.constraint(equalTo: view.topAnchor, constant: 50)
        var topInLandscape: CGFloat?
        override func loadView() {
            let root = LoggingRoot()
            root.log = log
            view = root
        }
        override func viewDidLoad() {
            super.viewDidLoad()
            child.log = log
            child.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(child)
            let height = child.heightAnchor.constraint(equalToConstant: 10)
            child.heightConstraint = height
            NSLayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                                         child.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20), top, height])
        }
        override func updateViewConstraints() {
            log.entries.append("vc.updateViewConstraints")
            super.updateViewConstraints()
        }
        override func viewWillLayoutSubviews() {
            super.viewWillLayoutSubviews()
            log.entries.append("vc.viewWillLayoutSubviews view=\(Int(view.bounds.width)) child=\(Int(child.frame.width))")
            if let topInLandscape { top.constant = view.bounds.width > view.bounds.height ? topInLandscape : 50 }
        }
        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            log.entries.append("vc.viewDidLayoutSubviews child=\(child.frame)")
        }
    }

    func launch() -> (UIWindow, Controller) {
        let window = launchWithWindow()
        let vc = Controller()
        window.rootViewController = vc
        settle()
        #expect(vc.child.frame == CGRect(x: 20, y: 50, width: 280, height: 10))
        vc.log.entries.removeAll()
        return (window, vc)
    }

    @Test("SBT-LAY-01: on a size change the view is resized first; viewWillLayoutSubviews sees old child frames, viewDidLayoutSubviews the solved ones")
    func sizeChangeOrder() {
        let (window, vc) = launch()
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        settle()
        #expect(vc.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
        #expect(vc.log.entries == ["vc.viewWillLayoutSubviews view=480 child=280", "root.layoutSubviews",
                                   "vc.viewDidLayoutSubviews child=\(CGRect(x: 20, y: 50, width: 440, height: 10))"])
    }

    @Test("SBT-LAY-01: constraint updates requested with a size change run before viewWillLayoutSubviews and count in the same pass")
    func sizeChangeWithConstraintUpdates() {
        let (window, vc) = launch()
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        vc.child.wantedHeight = 30
        vc.child.setNeedsUpdateConstraints()
        vc.view.setNeedsUpdateConstraints()
        settle()
        let entries = vc.log.entries
        let willLayout = entries.firstIndex { $0.hasPrefix("vc.viewWillLayoutSubviews") }
        #expect(willLayout != nil)
        for update in ["child.updateConstraints", "vc.updateViewConstraints"] {
            let index = entries.firstIndex(of: update)
            #expect(index != nil, "\(update) did not run")
            if let index, let willLayout { #expect(index < willLayout, "\(update) ran after viewWillLayoutSubviews") }
        }
        #expect(Array(entries.drop { !$0.hasPrefix("vc.viewWillLayoutSubviews") }) ==
                ["vc.viewWillLayoutSubviews view=480 child=280", "root.layoutSubviews",
                 "vc.viewDidLayoutSubviews child=\(CGRect(x: 20, y: 50, width: 440, height: 30))"])
    }

    @Test("SBT-LAY-01: a constant changed in viewWillLayoutSubviews for the new size is in the frames viewDidLayoutSubviews sees")
    func constantChangedInWillLayout() {
        let (window, vc) = launch()
        vc.topInLandscape = 5
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        settle()
        #expect(vc.log.entries.last == "vc.viewDidLayoutSubviews child=\(CGRect(x: 20, y: 5, width: 440, height: 10))")
        #expect(vc.child.frame == CGRect(x: 20, y: 5, width: 440, height: 10))
        // And back.
        vc.log.entries.removeAll()
        window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        settle()
        #expect(vc.child.frame == CGRect(x: 20, y: 50, width: 280, height: 10))
        #expect(vc.log.entries.first { $0.hasPrefix("vc.viewDidLayoutSubviews") } == "vc.viewDidLayoutSubviews child=\(CGRect(x: 20, y: 50, width: 280, height: 10))")
    }
}
