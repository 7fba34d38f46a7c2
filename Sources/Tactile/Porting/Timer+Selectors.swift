import Foundation
import TactileCore

extension Timer {
    /// A timer that sends `aSelector` to `aTarget` (with the timer as the argument) after `ti` seconds, once or
    /// repeatedly, scheduled on the main run loop in the default mode — as UIKit's does; it keeps the target until
    /// it is invalidated. `userInfo` is the timer's `userInfo`. (Linux Foundation has only
    /// block timers, and its run loop is not the one Tactile's main thread runs.)
    @MainActor
    public class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                                     userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
        let interval = ti.isFinite && ti > 0.0001 ? ti : 0.0001  // Foundation's minimum
        let target = Unchecked(aTarget as AnyObject)
        let timer = SelectorTimer(timeInterval: interval, repeats: yesOrNo) { fired in
            let timer = Unchecked(fired)
            MainActor.assumeIsolated {
                if !ActionDispatch.perform(aSelector, on: target.value, sender: timer.value, event: nil) {
                    TactileDiagnostics.report("Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)",
                                              "-[\(type(of: target.value)) \(aSelector)]: unrecognized selector sent to instance")
                }
            }
        }
        timer.info = userInfo
        let nanoseconds = UInt64(interval * 1e9)
        let loop = UIApplication.shared.mainLoop
        loop.addTimer(after: nanoseconds, repeating: yesOrNo ? nanoseconds : nil, mode: .default) { id in
            guard timer.isValid else {
                _ = loop.cancel(id)
                return
            }
            timer.fire()
            if !timer.isValid { _ = loop.cancel(id) }
        }
        return timer
    }
}

/// A block timer whose `userInfo` is the one given at scheduling.
final class SelectorTimer: Timer, @unchecked Sendable {
    var info: Any?
    override var userInfo: Any? { info }
}
