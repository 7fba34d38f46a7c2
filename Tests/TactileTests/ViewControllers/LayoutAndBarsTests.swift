import Foundation
import Testing
import Tactile

/// A root view that records its constraint and layout callbacks.
@MainActor
final class ConstraintRecordingView: UIView {
    var log: CallbackLog?
    var name = "view"
    var callsSuper = true
    override func updateConstraints() {
        log?.append(name, "updateConstraints")
        if callsSuper { super.updateConstraints() }
    }
    override func layoutSubviews() { log?.append(name, "layoutSubviews") }
}

/// A controller over a ``ConstraintRecordingView`` that records `updateViewConstraints()`.
@MainActor
final class ConstraintRecordingController: LoggingViewController {
    var callsSuper = true
    let root = ConstraintRecordingView(frame: .zero)
    override func loadView() {
        root.log = log
        root.name = "\(name)View"
        view = root
    }
    override func updateViewConstraints() {
        log.append(name, "updateViewConstraints")
        if callsSuper { super.updateViewConstraints() }
    }
}

/// Layout, full-screen layout and bars as far as they are observable without containers (VCG-E, SBT-LAY, SBT-CON-02,
/// VCG-D-06).
@MainActor
@Suite("ViewController layout and bars")
struct ViewControllerLayoutTests {
    @Test("VCG-E-01 SBT-LAY-06 modern layout: the root view fills the window whatever wantsFullScreenLayout says; wantsFullScreenLayout is false, edgesForExtendedLayout .all, extendedLayoutIncludesOpaqueBars false by default")
    @available(*, deprecated)
    func e01FullScreenDefaults() {
        let window = launchWithWindow()
        let vc = UIViewController()
        #expect(!vc.wantsFullScreenLayout)
        #expect(vc.edgesForExtendedLayout == .all)
        #expect(!vc.extendedLayoutIncludesOpaqueBars)
        window.rootViewController = vc
        #expect(vc.view.frame == window.bounds)
        let wants = UIViewController()
        wants.wantsFullScreenLayout = true
        wants.edgesForExtendedLayout = [.top, .bottom]
        wants.extendedLayoutIncludesOpaqueBars = true
        #expect(wants.wantsFullScreenLayout && wants.edgesForExtendedLayout == [.top, .bottom] && wants.extendedLayoutIncludesOpaqueBars)
        window.rootViewController = wants
        #expect(wants.view.frame == window.bounds, "since iOS 7 the view always underlaps the status bar")
        #expect(UIRectEdge.all.rawValue == 15 && UIRectEdge.top.rawValue == 1 && UIRectEdge.right.rawValue == 8)
    }

    @Test("VCG-D-06 a view added directly to a window keeps the frame it has (set it yourself); presentation and the window's root controller size it")
    func d06DirectInstallFrame() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let direct = LoggingViewController("direct", log: log)
        window.addSubview(direct.view)
        #expect(direct.view.frame == CGRect(x: 0, y: 0, width: 10, height: 10), "not resized by the window")
        direct.view.frame = CGRect(x: 0, y: 20, width: 320, height: 460)
        #expect(direct.view.frame == CGRect(x: 0, y: 20, width: 320, height: 460))
        direct.view.removeFromSuperview()
        let root = LoggingViewController("root", log: log)
        window.rootViewController = root
        #expect(root.view.frame == window.bounds)
        let modal = LoggingViewController("modal", log: log)
        modal.modalPresentationStyle = .fullScreen
        root.present(modal, animated: false)
        #expect(modal.view.frame == window.bounds, "presentation sizes the presented view")
    }

    @Test("VCG-E-07 VCG-Q-15 a presented view extends only as far as its presenter: the window for a full-screen presentation, the context's frame for currentContext")
    func e07PresentationBounds() {
        let window = launchWithWindow()
        let root = UIViewController()
        window.rootViewController = root
        let context = UIViewController()
        context.definesPresentationContext = true
        root.addChild(context)
        context.view.frame = CGRect(x: 0, y: 100, width: 320, height: 200)
        root.view.addSubview(context.view)
        context.didMove(toParent: root)
        let inner = UIViewController()
        inner.modalPresentationStyle = .currentContext
        context.present(inner, animated: false)
        #expect(inner.view.frame == CGRect(x: 0, y: 100, width: 320, height: 200))
        #expect(inner.view.superview === root.view, "inside the presenter's area, not over the window")
        #expect(context.view.superview == nil, "the covered context view is taken out")
        context.dismiss(animated: false)
        #expect(context.view.superview === root.view)
        let full = UIViewController()
        full.modalPresentationStyle = .fullScreen
        context.present(full, animated: false)
        #expect(full.presentingViewController === root, "a full-screen presentation goes to the root of the chain")
        #expect(full.view.frame == window.bounds && full.view.superview === window)
    }

    @Test("VCG-E-09 SBT-LAY-03 autoresizing cascades: each resized view resizes its subviews by their masks, recursively")
    func e09AutoresizingCascade() {
        let window = launchWithWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        let band = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        band.autoresizingMask = [.flexibleWidth]
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 300, height: 50))
        inner.autoresizingMask = [.flexibleWidth]
        let pinned = UIView(frame: CGRect(x: 290, y: 0, width: 20, height: 20))
        pinned.autoresizingMask = [.flexibleLeftMargin]
        vc.view.addSubview(band)
        band.addSubview(inner)
        inner.addSubview(pinned)
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        #expect(vc.view.frame.size == CGSize(width: 480, height: 320))
        #expect(band.frame == CGRect(x: 0, y: 0, width: 480, height: 100))
        #expect(inner.frame == CGRect(x: 10, y: 10, width: 460, height: 50))
        #expect(pinned.frame == CGRect(x: 450, y: 0, width: 20, height: 20))
    }

    @Test("SBT-LAY-04 autoresizesSubviews false stops the cascade at that view; translatesAutoresizingMaskIntoConstraints is true by default and settable")
    func lay04AutoresizesSubviews() {
        let window = launchWithWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        #expect(vc.view.autoresizesSubviews)
        #expect(vc.view.translatesAutoresizingMaskIntoConstraints)
        let band = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        band.autoresizingMask = [.flexibleWidth]
        band.autoresizesSubviews = false
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 50))
        inner.autoresizingMask = [.flexibleWidth]
        inner.translatesAutoresizingMaskIntoConstraints = false
        #expect(!inner.translatesAutoresizingMaskIntoConstraints)
        vc.view.addSubview(band)
        band.addSubview(inner)
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        #expect(band.frame.width == 480)
        #expect(inner.frame.width == 320, "band does not resize its subviews")
    }

    @Test("SBT-LAY-05 SBT-CON-02 a child's view keeps the frame its parent gives it; when the parent resizes it, the child's viewWillLayoutSubviews and viewDidLayoutSubviews run")
    func lay05ParentResizesChild() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let parent = LoggingViewController("parent", log: log)
        parent.logsLayout = false
        window.rootViewController = parent
        let child = LoggingViewController("child", log: log)
        parent.addChild(child)
        child.view.frame = CGRect(x: 20, y: 40, width: 100, height: 100)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        settle()
        #expect(child.view.frame == CGRect(x: 20, y: 40, width: 100, height: 100), "the parent decides size and position, not the window")
        log.entries = []
        child.view.frame = CGRect(x: 20, y: 40, width: 200, height: 150)
        settle()
        #expect(log.take() == ["child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews"])
    }

    @Test("SBT-LAY-02 SBT-LAY-06 updateViewConstraints: its super calls the view's updateConstraints; the update runs before layout, subviews first")
    func lay02UpdateViewConstraints() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let vc = ConstraintRecordingController("vc", log: log)
        window.rootViewController = vc
        settle()
        let sub = ConstraintRecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        sub.log = log
        sub.name = "sub"
        vc.view.addSubview(sub)
        settle()
        log.entries = []
        vc.view.setNeedsUpdateConstraints()
        sub.setNeedsUpdateConstraints()
        vc.view.setNeedsLayout()
        #expect(vc.view.needsUpdateConstraints() && sub.needsUpdateConstraints())
        settle()
        #expect(log.take() == ["sub.updateConstraints", "vc.updateViewConstraints", "vcView.updateConstraints",
                               "vc.viewWillLayoutSubviews", "vcView.layoutSubviews", "vc.viewDidLayoutSubviews"])
        #expect(!vc.view.needsUpdateConstraints() && !sub.needsUpdateConstraints())
        #expect(TactileDiagnostics.misuseCount == 0)
        sub.setNeedsUpdateConstraints()
        sub.updateConstraintsIfNeeded()
        #expect(log.take() == ["sub.updateConstraints"])
        settle()
        #expect(log.entries.isEmpty, "done at once: nothing left for the pass")
    }

    @Test("SBT-LAY-02 an updateViewConstraints override that does not call super is reported (UIKit raises); so is an updateConstraints one")
    func lay02MissingSuper() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let vc = ConstraintRecordingController("vc", log: log)
        vc.logsLayout = false
        vc.callsSuper = false
        window.rootViewController = vc
        settle()
        log.entries = []
        vc.view.setNeedsUpdateConstraints()
        settle()
        #expect(log.take() == ["vc.updateViewConstraints"], "no super: the view's updateConstraints is not reached")
        #expect(TactileDiagnostics.misuseCount == 1)
        #expect(!vc.view.needsUpdateConstraints(), "the request is dropped, not repeated forever")
        let lazy = ConstraintRecordingView(frame: .zero)
        lazy.callsSuper = false
        vc.view.addSubview(lazy)
        lazy.setNeedsUpdateConstraints()
        lazy.updateConstraintsIfNeeded()
        #expect(TactileDiagnostics.misuseCount == 2)
    }
}
