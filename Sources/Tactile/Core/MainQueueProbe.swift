import Dispatch
import Foundation

/// Whether the caller runs on the main queue — the main actor's executor on Linux. `Thread.isMainThread` is
/// not enough: once `dispatchMain()` runs (as under a test runner or `UIApplicationMain`), a worker thread
/// drains the main queue.
enum MainQueueProbe {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isOnMainQueue: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}
