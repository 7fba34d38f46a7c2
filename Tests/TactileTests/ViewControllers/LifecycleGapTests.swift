import Foundation
import Testing
import Tactile

/// A controller with an outlet to a subview, cleared where the guide says (VCG-B-11, VCG-G-04).
@MainActor
final class OutletController: UIViewController {
    var label: UIView?
    var clearsOutletOnUnload = true
    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let label = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        root.addSubview(label)
        self.label = label
        view = root
    }
    @available(*, deprecated)
    override func viewDidUnload() {
        super.viewDidUnload()
        if clearsOutletOnUnload { label = nil }
    }
}

/// The recipe-adding modal of the guide's Listings 5-1 … 5-3 (VCG-Q-10).
@MainActor
protocol RecipeAddDelegate: AnyObject {
    func recipeAddViewController(_ controller: RecipeAddViewController, didAddRecipe recipe: String?)
}

@MainActor
final class RecipeAddViewController: UIViewController {
    weak var delegate: RecipeAddDelegate?
    func save(_ name: String) { delegate?.recipeAddViewController(self, didAddRecipe: name) }
    func cancel() { delegate?.recipeAddViewController(self, didAddRecipe: nil) }
}

@MainActor
final class RecipeListViewController: UIViewController, RecipeAddDelegate {
    var recipes: [String] = []
    func add() {
        let adder = RecipeAddViewController()
        adder.modalTransitionStyle = .coverVertical
        adder.modalPresentationStyle = .fullScreen
        adder.delegate = self
        present(adder, animated: true)
    }
    func recipeAddViewController(_ controller: RecipeAddViewController, didAddRecipe recipe: String?) {
        if let recipe { recipes.append(recipe) }
        dismiss(animated: true)
    }
}

/// Rules of groups A, B, D, G, I, J, Q, MEM, VL, APR, PRS and RSP that had no test of their own.
@MainActor
@Suite("ViewController lifecycle gaps")
struct ViewControllerLifecycleGapTests {
    @Test("VCG-A-01 VCG-Q-01 modal is a relationship, not a class: a plain controller and a container with a child are presented the same way")
    func a01ModalIsARelationship() {
        let window = launchWithWindow()
        let root = UIViewController()
        window.rootViewController = root
        let plain = UIViewController()
        plain.modalPresentationStyle = .fullScreen
        root.present(plain, animated: false)
        #expect(root.presentedViewController === plain && type(of: plain) == UIViewController.self)
        root.dismiss(animated: false)
        let container = UIViewController(), child = UIViewController()
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        container.modalPresentationStyle = .fullScreen
        root.present(container, animated: false)
        #expect(root.presentedViewController === container)
        #expect(child.presentingViewController === root && child.view.window === window)
    }

    @Test("VCG-A-05 VCG-J-05 the view is the only object a controller must provide: a plain one has a view and default bar models")
    func a05ViewIsTheOnlyRequirement() {
        TactileHost.launch(delegate: nil)
        let vc = UIViewController()
        #expect(vc.view != nil)
        #expect(vc.title == nil && vc.toolbarItems == nil)
        #expect(vc.navigationItem.title == nil && vc.navigationItem.leftBarButtonItem == nil)
        #expect(vc.tabBarItem.title == nil && vc.tabBarItem.image == nil)
    }

    @Test("VCG-A-07 the checklist hooks: a subclass's view setup, appear and disappear, memory, editing, bar items and events are all called by the framework")
    func a07ChecklistHooks() {
        let window = launchWithWindow()
        final class Checklist: UIViewController {
            var calls: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                calls.append("viewDidLoad")
                navigationItem.rightBarButtonItem = editButtonItem
                toolbarItems = [UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)]
                tabBarItem = UITabBarItem(title: "List", image: nil, tag: 1)
            }
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); calls.append("viewWillAppear") }
            override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); calls.append("viewDidDisappear") }
            override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning(); calls.append("didReceiveMemoryWarning") }
            override func setEditing(_ editing: Bool, animated: Bool) { super.setEditing(editing, animated: animated); calls.append("setEditing(\(editing))") }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("touchesBegan") }
        }
        let vc = Checklist()
        window.rootViewController = vc
        TactileHost.simulateMemoryWarning()
        let item = vc.navigationItem.rightBarButtonItem!
        UIApplication.shared.sendAction(item.action!, to: item.target, from: item, for: nil)
        let sub = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        vc.view.addSubview(sub)
        sub.touchesBegan([], with: nil)
        window.rootViewController = nil
        #expect(vc.calls == ["viewDidLoad", "viewWillAppear", "didReceiveMemoryWarning", "setEditing(true)", "touchesBegan", "viewDidDisappear"])
        #expect(vc.toolbarItems?.count == 1 && vc.tabBarItem.tag == 1)
    }

    @Test("VCG-B-11 VCG-G-04 iPhone OS 3: a controller that clears its outlets in viewDidUnload lets the whole unloaded hierarchy go")
    @available(*, deprecated)
    func b11OutletsClearedOnUnload() {
        TactileHost.launch(delegate: nil)
        TactileHost.behavior = .iPhoneOS3
        let vc = OutletController()
        weak var root: UIView?
        weak var label: UIView?
        do {
            root = vc.view
            label = vc.label
        }
        #expect(root != nil && label != nil)
        TactileHost.simulateMemoryWarning()
        #expect(!vc.isViewLoaded && vc.label == nil)
        #expect(root == nil, "the controller released its view")
        #expect(label == nil, "no outlet keeps the subview alive")
        let keeper = OutletController()
        keeper.clearsOutletOnUnload = false
        weak var keptLabel: UIView?
        do { _ = keeper.view; keptLabel = keeper.label }
        TactileHost.simulateMemoryWarning()
        #expect(!keeper.isViewLoaded)
        #expect(keptLabel != nil, "an outlet that is not cleared outlives the unloaded root view (the leak VCG-B-11 warns of)")
        _ = keeper.view
        #expect(keeper.label !== keptLabel, "the next load makes new subviews")
    }

    @Test("VCG-G-06 SBT-MEM-06 deinit: releasing the controller releases its view and subviews; no explicit cleanup is needed")
    func g06DeinitReleasesEverything() {
        TactileHost.launch(delegate: nil)
        weak var weakController: OutletController?
        weak var root: UIView?
        weak var label: UIView?
        do {
            let vc = OutletController()
            weakController = vc
            root = vc.view
            label = vc.label
        }
        #expect(weakController == nil)
        #expect(root == nil && label == nil)
    }

    @Test("VCG-G-01 VCG-G-02 VCG-G-03 the initializer sets up data and loads no view; loadView creates the views (a nib name falls back to an empty view); viewDidLoad finds them in memory, not yet in a window")
    func g01ToG03Responsibilities() {
        let window = launchWithWindow()
        final class Responsible: UIViewController {
            var data: [Int]
            var seenInViewDidLoad: (loaded: Bool, subviews: Int, inWindow: Bool)?
            init() {
                data = [1, 2, 3]
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError("unused") }
            override func loadView() {
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                root.addSubview(UIView())
                view = root
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                seenInViewDidLoad = (isViewLoaded, view.subviews.count, view.window != nil)
            }
        }
        let vc = Responsible()
        #expect(vc.data == [1, 2, 3] && !vc.isViewLoaded, "VCG-G-01: data, no views")
        window.rootViewController = vc
        #expect(vc.seenInViewDidLoad?.loaded == true && vc.seenInViewDidLoad?.subviews == 1 && vc.seenInViewDidLoad?.inWindow == false)
        let nibBased = UIViewController(nibName: "Missing", bundle: nil)
        #expect(nibBased.view.subviews.isEmpty && type(of: nibBased.view!) == UIView.self, "VCG-G-02: no nib headless: an empty view")
    }

    @Test("SBT-MEM-03 iOS 6 pattern: didReceiveMemoryWarning unloads by hand when the view is not in a window; the next read reloads; reading view in the handler loads it")
    func mem03ManualUnload() {
        let window = launchWithWindow()
        final class Purging: LoggingViewController {
            var readsViewBlindly = false
            override func didReceiveMemoryWarning() {
                super.didReceiveMemoryWarning()
                if readsViewBlindly {
                    if view.window == nil { view = nil }
                } else if isViewLoaded, view.window == nil {
                    view = nil
                }
            }
        }
        let log = CallbackLog()
        let visible = Purging("visible", log: log), hidden = Purging("hidden", log: log), never = Purging("never", log: log)
        visible.logsLayout = false
        window.rootViewController = visible
        _ = hidden.view
        log.entries = []
        TactileHost.simulateMemoryWarning()
        #expect(visible.isViewLoaded && !hidden.isViewLoaded && !never.isViewLoaded)
        #expect(!log.entries.contains { $0.hasSuffix("loadView") })
        _ = hidden.view
        #expect(log.take().suffix(2) == ["hidden.loadView", "hidden.viewDidLoad"])
        never.readsViewBlindly = true
        TactileHost.simulateMemoryWarning()
        #expect(log.entries.contains("never.loadView"), "the seed's `self.view.window` read loads the view first")
        #expect(!never.isViewLoaded)
        withExtendedLifetime((visible, hidden, never)) {}
    }

    @Test("SBT-VL-04 the controller calls loadView only when view is read while nil, once per load")
    func vl04LoadViewOnlyOnDemand() {
        TactileHost.launch(delegate: nil)
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        #expect(log.entries.isEmpty)
        for _ in 0..<3 { _ = vc.view; vc.loadViewIfNeeded() }
        _ = vc.isViewLoaded
        _ = vc.viewIfLoaded
        #expect(log.take() == ["vc.loadView", "vc.viewDidLoad"])
    }

    @Test("VCG-D-04 the displayed controllers are on record: the window's root, each view leading to its controller, and the frontmost found along presentedViewController")
    func d04DisplayedControllersRecord() {
        let window = launchWithWindow()
        let root = UIViewController(), top = UIViewController()
        window.rootViewController = root
        top.modalPresentationStyle = .fullScreen
        root.present(top, animated: false)
        #expect(window.rootViewController === root)
        var frontmost = window.rootViewController!
        while let next = frontmost.presentedViewController { frontmost = next }
        #expect(frontmost === top)
        #expect(top.view.next === top && top.view.superview === window)
        #expect(root.viewIfLoaded?.window == nil, "the covered root is out of the window but still recorded")
    }

    @Test("SBT-APR-04 viewDidDisappear runs after the view left the hierarchy; viewWillDisappear while it is still there")
    func apr04DidDisappearAfterRemoval() {
        let window = launchWithWindow()
        final class Watcher: UIViewController {
            var seen: [String] = []
            override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); seen.append("will:\(view.window != nil)") }
            override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); seen.append("did:\(view.window != nil),\(view.superview != nil)") }
        }
        let a = Watcher()
        window.rootViewController = a
        window.rootViewController = UIViewController()
        #expect(a.seen == ["will:true", "did:false,false"])
        let b = Watcher()
        window.rootViewController = b
        let modal = Watcher()
        modal.modalPresentationStyle = .fullScreen
        b.present(modal, animated: false)
        #expect(b.seen == ["will:true", "did:false,false"], "covered by a full-screen presentation")
        b.dismiss(animated: false)
        #expect(modal.seen == ["will:true", "did:false,false"])
    }

    @Test("SBT-APR-06 SBT-PRS-09 a presenter whose presented controller is shown in a popover gets no appear callbacks when it is dismissed")
    func apr06PopoverDismissal() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let presenter = LoggingViewController("presenter", log: log)
        presenter.logsLayout = false
        window.rootViewController = presenter
        let popover = LoggingViewController("popover", log: log)
        popover.logsLayout = false
        popover.modalPresentationStyle = .popover
        log.entries = []
        presenter.present(popover, animated: false)
        presenter.dismiss(animated: false)
        #expect(!log.entries.contains { $0.hasPrefix("presenter.") })
        #expect(log.take() == ["popover.loadView", "popover.viewDidLoad", "popover.viewWillAppear(false)[presented]", "popover.viewDidAppear(false)[presented]",
                               "popover.viewWillDisappear(false)[dismissed]", "popover.viewDidDisappear(false)[dismissed]"])
    }

    @Test("VCG-Q-03 SBT-PRS-05 steps to present: create, set modalTransitionStyle, set a delegate, present from the current controller")
    func q03PresentSteps() {
        let window = launchWithWindow()
        let list = RecipeListViewController()
        window.rootViewController = list
        let adder = RecipeAddViewController()
        adder.modalTransitionStyle = .flipHorizontal
        adder.delegate = list
        list.present(adder, animated: false)
        #expect(list.presentedViewController === adder && adder.presentingViewController === list)
        #expect(adder.modalTransitionStyle == .flipHorizontal && adder.delegate === list)
    }

    @Test("VCG-Q-10 VCG-Q-06 the delegate pattern: the modal reports save or cancel to its delegate, which commits and dismisses; the modal knows nothing of its parent")
    func q10DelegateDismissal() throws {
        let window = launchWithWindow()
        let list = RecipeListViewController()
        window.rootViewController = list
        list.add()
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        let adder = list.presentedViewController as! RecipeAddViewController
        adder.save("Curry")
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(list.recipes == ["Curry"] && list.presentedViewController == nil)
        #expect(list.view.window === window)
        list.add()
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        (list.presentedViewController as! RecipeAddViewController).cancel()
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(list.recipes == ["Curry"] && list.presentedViewController == nil)
        #expect(TactileDiagnostics.misuseCount == 0)
    }

    @Test("SBT-PRS-08 presentingViewController, presentedViewController and the deprecated modalViewController link presenter and presented, for descendants too, and clear on dismissal")
    @available(*, deprecated)
    func prs08RelationshipProperties() {
        let window = launchWithWindow()
        let root = UIViewController(), child = UIViewController()
        window.rootViewController = root
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let modal = UIViewController()
        root.present(modal, animated: false)
        #expect(root.presentedViewController === modal && root.modalViewController === modal)
        #expect(child.presentedViewController === modal, "answered through the ancestor")
        #expect(modal.presentingViewController === root && modal.presentedViewController == nil)
        modal.dismiss(animated: false)
        #expect(root.presentedViewController == nil && root.modalViewController == nil && modal.presentingViewController == nil)
    }

    @Test("VCG-J-01 the title is the default for the navigation item's and the tab bar item's titles, created before or after it is set")
    func j01TitleDefaults() {
        TactileHost.launch(delegate: nil)
        let early = UIViewController()
        let nav = early.navigationItem, tab = early.tabBarItem!
        early.title = "Recipes"
        #expect(nav.title == "Recipes" && tab.title == "Recipes")
        let late = UIViewController()
        late.title = "Settings"
        #expect(late.navigationItem.title == "Settings" && late.tabBarItem.title == "Settings")
    }

    @Test("VCG-J-07 hidesBottomBarWhenPushed is a per-controller flag, false by default")
    func j07HidesBottomBar() {
        TactileHost.launch(delegate: nil)
        let vc = UIViewController()
        #expect(!vc.hidesBottomBarWhenPushed)
        vc.hidesBottomBarWhenPushed = true
        #expect(vc.hidesBottomBarWhenPushed)
    }

    @Test("VCG-I-04 the view–controller link is private and fixed: the root view leads to its controller wherever it is put; the controller follows the view's superview")
    func i04PrivateLink() {
        let window = launchWithWindow()
        let vc = UIViewController()
        let holder = UIView(frame: window.bounds)
        window.addSubview(holder)
        holder.addSubview(vc.view)
        #expect(vc.view.next === vc && vc.next === holder)
        vc.view.removeFromSuperview()
        window.addSubview(vc.view)
        #expect(vc.view.next === vc && vc.next === window)
    }

    @Test("VCG-I-05 a controller can become first responder and handle motion events")
    func i05MotionAndFirstResponder() {
        let window = launchWithWindow()
        final class Shaker: UIViewController {
            var motions: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { motions.append("motionEnded") }
            override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); becomeFirstResponder() }
        }
        let vc = Shaker()
        window.rootViewController = vc
        #expect(vc.isFirstResponder)
        TouchDriver(window: window).shake(duration: 0.2)
        #expect(vc.motions == ["motionEnded"])
        #expect(vc.resignFirstResponder() && !vc.isFirstResponder)
    }

    @Test("VCG-I-08 VCG-H-03 tapping the Edit/Done item toggles the controller's editing")
    func i08EditButtonTap() {
        TactileHost.launch(delegate: nil)
        let vc = UIViewController()
        let item = vc.editButtonItem
        UIApplication.shared.sendAction(item.action!, to: item.target, from: item, for: nil)
        #expect(vc.isEditing && item.title == "Done")
        UIApplication.shared.sendAction(item.action!, to: item.target, from: item, for: nil)
        #expect(!vc.isEditing && item.title == "Edit")
    }

    @Test("SBT-RSP-04 viewWillDisappear is where first responder is resigned: the responder is still in the window then, and is not first responder afterwards")
    func rsp04ResignOnDisappear() {
        let window = launchWithWindow()
        final class Field: UIView { override var canBecomeFirstResponder: Bool { true } }
        final class Form: UIViewController {
            let field = Field(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
            var resigned: Bool?
            override func viewDidLoad() { super.viewDidLoad(); view.addSubview(field) }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                resigned = field.window != nil && field.isFirstResponder && field.resignFirstResponder()
            }
        }
        let form = Form()
        window.rootViewController = form
        #expect(form.field.becomeFirstResponder())
        window.rootViewController = UIViewController()
        #expect(form.resigned == true)
        #expect(!form.field.isFirstResponder)
    }
}
