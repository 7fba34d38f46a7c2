#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

// What `tactile port` leaves behind, as a client writes (or the port writes) it: selector messaging — delayed
// performs, selector observers and timers, `responds(to:)` — and UIKit's layer-delegate and Interface Builder
// overrides. On iOS the same code compiles against UIKit (with the `tactileActions` table under `#if`).

final class AutosavingView: UIView {
    private(set) var saves = 0
    private var timer: Timer?
    private(set) var laidOutSublayers = 0

    func start() {
        NotificationCenter.default.addObserver(self, selector: Selector("save"), name: UIApplication.didEnterBackgroundNotification, object: nil)
        timer = Timer.scheduledTimer(timeInterval: 30, target: self, selector: Selector("save"), userInfo: nil, repeats: true)
        perform(Selector("save"), with: nil, afterDelay: 2)
        _ = responds(to: Selector("save"))
    }

    func stop() {
        NSObject.cancelPreviousPerformRequests(withTarget: self)
        NotificationCenter.default.removeObserver(self)
        timer?.invalidate()
    }

    func save() { saves += 1 }

    override func layoutSublayers(of layer: CALayer) {
        super.layoutSublayers(of: layer)
        laidOutSublayers += 1
    }

    override func prepareForInterfaceBuilder() {
        super.prepareForInterfaceBuilder()
        backgroundColor = .red
    }

    override func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        super.action(for: layer, forKey: event)
    }

    #if !canImport(UIKit)
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [TactileAction("save") { (target: AutosavingView) in { target.save() } }]
    }
    #endif
}

/// A button's title label and image view, read and styled as apps do.
func styleButton(_ button: UIButton) -> Bool {
    button.titleLabel?.font = .boldSystemFont(ofSize: 17)
    button.imageView?.contentMode = .scaleAspectFit
    return CGRect.zero.equalTo(button.frame) && CGSize.zero.equalTo(.zero) && CGPoint.zero.equalTo(.zero)
}
