import Foundation
import Testing
@_spi(Testing) import Tactile

/// A controller whose loadView forgets to assign a view (VCG-B-06).
@MainActor
final class ForgetfulController: UIViewController {
    override func loadView() {}
}

/// View loading, the controller's identity and its bar models (VCG-A, VCG-B-01 … VCG-B-06, VCG-B-14, VCG-J, SBT-VL, SBT-NAV-01, SBT-PRS-05).
@MainActor
@Suite("ViewController loading")
struct ViewControllerLoadingTests {
    @Test("VCG-B-01 VCG-B-02 SBT-VL-01 SBT-VL-05 the first view access calls loadView then viewDidLoad; later accesses call nothing")
    func b01LazyLoad() {
        TactileHost.launch(delegate: nil)
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        #expect(log.entries.isEmpty, "SBT-VL-09 / SBT-VL-10: init loads nothing")
        let v1: UIView = vc.view
        let v2: UIView = vc.view
        #expect(v1 === v2)
        #expect(log.take() == ["vc.loadView", "vc.viewDidLoad"])
        vc.loadViewIfNeeded()
        #expect(log.entries.isEmpty)
    }

    @Test("SBT-VL-06 isViewLoaded and viewIfLoaded never load; loadViewIfNeeded does")
    func vl06IsViewLoaded() {
        TactileHost.launch(delegate: nil)
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        #expect(!vc.isViewLoaded)
        #expect(vc.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        vc.loadViewIfNeeded()
        #expect(vc.isViewLoaded)
        #expect(vc.viewIfLoaded === vc.view)
        #expect(log.take() == ["vc.loadView", "vc.viewDidLoad"])
    }

    @Test("VCG-B-03 SBT-VL-02 VCG-A-03 the default loadView of a plain controller makes an empty UIView; VCG-B-14 SBT-VL-09 init records nibName and bundle")
    func b03DefaultLoadView() {
        TactileHost.launch(delegate: nil)
        let plain = UIViewController()
        #expect(plain.nibName == nil && plain.nibBundle == nil)
        let view: UIView = plain.view
        #expect(type(of: view) == UIView.self)
        #expect(view.subviews.isEmpty)
        let named = UIViewController(nibName: "Detail", bundle: .main)
        #expect(named.nibName == "Detail")
        #expect(named.nibBundle === Bundle.main)
        #expect(!named.isViewLoaded, "SBT-VL-09: the nib is not loaded at init")
    }

    @Test("VCG-B-04 SBT-VL-03 a custom loadView builds the hierarchy and assigns the root; VCG-B-05 the view keeps it")
    func b04CustomLoadView() {
        TactileHost.launch(delegate: nil)
        final class Custom: UIViewController {
            override func loadView() {
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 460))
                root.addSubview(UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20)))
                view = root
            }
        }
        let vc = Custom()
        #expect(vc.view.frame == CGRect(x: 0, y: 0, width: 320, height: 460))
        #expect(vc.view.subviews.count == 1)
    }

    @Test("SBT-VL-07 assigning nil to view unloads it; the next access loads again (loadView, viewDidLoad)")
    func vl07Reload() {
        TactileHost.launch(delegate: nil)
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        let first: UIView = vc.view
        vc.view = nil
        #expect(!vc.isViewLoaded)
        let second: UIView = vc.view
        #expect(first !== second)
        #expect(log.take() == ["vc.loadView", "vc.viewDidLoad", "vc.loadView", "vc.viewDidLoad"])
        #expect(first.next == nil, "the released view no longer leads to the controller")
    }

    @Test("VCG-B-06 a loadView that assigns no view is misuse: reported, an empty view is used, viewDidLoad still follows")
    func b06NoView() {
        TactileHost.launch(delegate: nil)
        TactileDiagnostics.reset()
        let vc = ForgetfulController()
        let view: UIView? = vc.view
        #expect(view != nil)
        #expect(TactileDiagnostics.misuseCount == 1)
    }

    @Test("SBT-VL-08 a view belongs to one controller: assigning another controller's view is reported and ignored")
    func vl08OneOwner() {
        TactileHost.launch(delegate: nil)
        TactileDiagnostics.reset()
        let a = UIViewController(), b = UIViewController()
        let shared: UIView = a.view
        b.view = shared
        #expect(TactileDiagnostics.misuseCount == 1)
        #expect(b.view !== shared)
        #expect(shared.next === a)
    }

    @Test("VCG-J-02 SBT-NAV-01 SBT-VL-12 navigationItem is created lazily, once, titled with the controller's title; setting title updates it")
    func j02NavigationItem() {
        TactileHost.launch(delegate: nil)
        let vc = UIViewController()
        vc.title = "Inbox"
        #expect(!vc.hasNavigationItem)
        let item = vc.navigationItem
        #expect(vc.navigationItem === item)
        #expect(item.title == "Inbox")
        #expect(item.leftBarButtonItem == nil && item.rightBarButtonItem == nil && item.titleView == nil)
        vc.title = "Outbox"
        #expect(item.title == "Outbox")
        item.title = "Custom"
        #expect(vc.title == "Outbox", "the item's own title does not change the controller's")
        #expect(!vc.isViewLoaded, "SBT-NAV-01: the item does not need the view")
    }

    @Test("VCG-J-03 VCG-J-04 VCG-J-05 toolbarItems default to nil; the default tabBarItem carries the title and no image and can be replaced")
    func j04TabBarItem() {
        TactileHost.launch(delegate: nil)
        let vc = UIViewController()
        vc.title = "Clock"
        #expect(vc.toolbarItems == nil)
        vc.setToolbarItems([UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)], animated: false)
        #expect(vc.toolbarItems?.count == 1)
        #expect(vc.tabBarItem.title == "Clock")
        #expect(vc.tabBarItem.image == nil)
        let custom = UITabBarItem(title: "Alarm", image: UIImage(named: "alarm"), tag: 3)
        vc.tabBarItem = custom
        #expect(vc.tabBarItem === custom && vc.tabBarItem.tag == 3)
        custom.badgeValue = "2"
        #expect(vc.tabBarItem.badgeValue == "2")
        #expect(!vc.hidesBottomBarWhenPushed)
    }

    @Test("VCG-Q-07 SBT-PRS-05 SBT-PRS-06 SBT-PRS-09 defaults: coverVertical, automatic, no presentation context; the raw values are UIKit's")
    func q07Defaults() {
        TactileHost.launch(delegate: nil)
        let vc = UIViewController()
        #expect(vc.modalTransitionStyle == .coverVertical)
        #expect(vc.modalPresentationStyle == .automatic)
        #expect(!vc.definesPresentationContext && !vc.providesPresentationContextTransitionStyle)
        #expect(UIModalTransitionStyle.coverVertical.rawValue == 0 && UIModalTransitionStyle.partialCurl.rawValue == 3)
        #expect(UIModalPresentationStyle.fullScreen.rawValue == 0 && UIModalPresentationStyle.automatic.rawValue == -2)
        #expect(vc.parent == nil && vc.children.isEmpty && vc.presentedViewController == nil && vc.presentingViewController == nil)
        #expect(!vc.isBeingPresented && !vc.isBeingDismissed && !vc.isMovingToParent && !vc.isMovingFromParent)
    }

    @Test("VCG-F-01 interfaceOrientation is portrait")
    @available(*, deprecated)
    func f01Orientation() {
        TactileHost.launch(delegate: nil)
        #expect(UIViewController().interfaceOrientation == .portrait)
    }
}
