// View-controller figures for perf/bench (issue 8):
//
//   vc.present_dismiss_us          present(_:animated: false) + dismiss(animated: false) of a full-screen controller
//                                  whose view holds 100 views, over a window root; the reference is adding and
//                                  removing the same 100-view hierarchy by hand (addSubview / removeFromSuperview)
//   vc.appearance_callbacks_per_s  appearance callbacks delivered per second while a window's root controller with
//                                  10 forwarding children is installed and removed (4 callbacks per controller per
//                                  cycle)
//
// Deterministic app (virtual clock); medians over repetitions.
import Foundation
import Tactile

/// A controller whose view holds `count` subviews (a 10-wide grid of rows).
final class HundredViewController: UIViewController {
    let count: Int
    init(count: Int) {
        self.count = count
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("unused") }
    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        buildRows(into: root, count: count - 1)
        view = root
    }
}

@MainActor
func buildRows(into root: UIView, count: Int) {
    var row: UIView?
    for i in 0..<count {
        if i % 10 == 0 {
            let r = UIView(frame: CGRect(x: 0, y: CGFloat(i / 10) * 44, width: 320, height: 44))
            root.addSubview(r)
            row = r
        } else {
            row?.addSubview(UIView(frame: CGRect(x: CGFloat(i % 10) * 32, y: 0, width: 32, height: 44)))
        }
    }
}

/// Counts appearance callbacks.
final class CountingController: UIViewController {
    static var callbacks = 0
    override func viewWillAppear(_ animated: Bool) { Self.callbacks &+= 1 }
    override func viewDidAppear(_ animated: Bool) { Self.callbacks &+= 1 }
    override func viewWillDisappear(_ animated: Bool) { Self.callbacks &+= 1 }
    override func viewDidDisappear(_ animated: Bool) { Self.callbacks &+= 1 }
}

@MainActor
func viewControllerBench(quick: Bool) {
    let repetitions = quick ? 5 : 11
    let rounds = quick ? 200 : 1000
    TactileHost.launch(delegate: nil)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let root = UIViewController()
    window.rootViewController = root
    window.makeKeyAndVisible()
    let presented = HundredViewController(count: 100)
    presented.modalPresentationStyle = .fullScreen
    let handBuilt = UIView(frame: window.bounds)
    buildRows(into: handBuilt, count: 99)

    var vcTimes: [Double] = [], refTimes: [Double] = []
    for _ in 0..<repetitions {
        let t0 = now()
        for _ in 0..<rounds {
            root.present(presented, animated: false)
            root.dismiss(animated: false)
        }
        let t1 = now()
        for _ in 0..<rounds {
            window.addSubview(handBuilt)
            handBuilt.removeFromSuperview()
        }
        let t2 = now()
        _ = try? TactileHost.runLoop.runUntilIdle()
        vcTimes.append(Double(t1 - t0) / Double(rounds) / 1000)
        refTimes.append(Double(t2 - t1) / Double(rounds) / 1000)
    }
    precondition(root.presentedViewController == nil && root.view.superview === window, "present/dismiss did not settle")
    print(row("vc.present_dismiss_us", median(vcTimes), "us", reference: median(refTimes),
              ratio: median(refTimes) / median(vcTimes), budget: nil, pass: nil,
              referenceLabel: "the same views added and removed by hand"))

    let parent = CountingController()
    for _ in 0..<10 {
        let child = CountingController()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }
    var rates: [Double] = []
    for _ in 0..<repetitions {
        CountingController.callbacks = 0
        let t0 = now()
        for _ in 0..<rounds {
            window.rootViewController = parent
            window.rootViewController = root
        }
        let t1 = now()
        _ = try? TactileHost.runLoop.runUntilIdle()
        precondition(CountingController.callbacks == rounds * 11 * 4, "appearance: \(CountingController.callbacks) callbacks")
        rates.append(Double(CountingController.callbacks) / (Double(t1 - t0) / 1e9))
    }
    print(row("vc.appearance_callbacks_per_s", median(rates), "1/s", reference: nil, ratio: nil, budget: nil, pass: nil,
          referenceLabel: ""))
    window.isHidden = true
}
