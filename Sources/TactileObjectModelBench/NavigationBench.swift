// Navigation figures for perf/bench (issue 16):
//
//   nav.push_pop_us          pushViewController(_:animated: false) then popViewController(animated: false) of a controller
//                            whose view holds 100 views, on an on-screen navigation controller; the reference is
//                            adding and removing the same 100-view hierarchy by hand
//   nav.deep_stack_push_ns   one unanimated push onto a 1,000-deep on-screen stack (a batch of pushes, then one
//                            popTo to go back); the reference is the same on a 1-deep stack, so the ratio shows
//                            whether a push grows with depth (about 1: it does not)
//
// Deterministic app (virtual clock); medians over repetitions, both sides interleaved in each.
import Foundation
import Tactile

@MainActor
func navigationBench(quick: Bool) {
    let repetitions = quick ? 5 : 11
    let rounds = quick ? 200 : 1000
    TactileHost.launch(delegate: nil)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let root = UIViewController()
    let nav = UINavigationController(rootViewController: root)
    window.rootViewController = nav
    window.makeKeyAndVisible()
    let pushed = HundredViewController(count: 100)
    let handBuilt = UIView(frame: window.bounds)
    buildRows(into: handBuilt, count: 99)

    var navTimes: [Double] = [], refTimes: [Double] = []
    for _ in 0..<repetitions {
        let t0 = now()
        for _ in 0..<rounds {
            nav.pushViewController(pushed, animated: false)
            nav.popViewController(animated: false)
        }
        let t1 = now()
        for _ in 0..<rounds {
            nav.view.addSubview(handBuilt)
            handBuilt.removeFromSuperview()
        }
        let t2 = now()
        _ = try? TactileHost.runLoop.runUntilIdle()
        navTimes.append(Double(t1 - t0) / Double(rounds) / 1000)
        refTimes.append(Double(t2 - t1) / Double(rounds) / 1000)
    }
    precondition(nav.viewControllers == [root] && pushed.parent == nil, "push/pop did not settle")
    print(row("nav.push_pop_us", median(navTimes), "us", reference: median(refTimes),
              ratio: median(refTimes) / median(navTimes), budget: nil, pass: nil,
              referenceLabel: "the same views added and removed by hand"))

    // Two navigation controllers side by side: one 1,000 deep, one 1 deep.
    let deep = UINavigationController(rootViewController: UIViewController())
    deep.setViewControllers((0..<1000).map { _ in UIViewController() }, animated: false)
    let shallow = UINavigationController(rootViewController: UIViewController())
    let batch = (0..<64).map { _ in UIViewController() }
    for vc in batch { _ = vc.view }
    func pushBatch(onto stack: UINavigationController) -> Double {
        window.rootViewController = stack
        let bottom = stack.topViewController!
        let t0 = now()
        for vc in batch { stack.pushViewController(vc, animated: false) }
        let t1 = now()
        stack.popToViewController(bottom, animated: false)
        return Double(t1 - t0) / Double(batch.count)
    }
    var deepTimes: [Double] = [], shallowTimes: [Double] = []
    for _ in 0..<repetitions * 3 {
        deepTimes.append(pushBatch(onto: deep))
        shallowTimes.append(pushBatch(onto: shallow))
    }
    precondition(deep.viewControllers.count == 1000 && shallow.viewControllers.count == 1, "deep push did not settle")
    print(row("nav.deep_stack_push_ns", median(deepTimes), "ns", reference: median(shallowTimes),
              ratio: median(shallowTimes) / median(deepTimes), budget: nil, pass: nil,
              referenceLabel: "the same push onto a 1-deep stack"))
    window.isHidden = true
}
