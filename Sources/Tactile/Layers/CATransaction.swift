import Foundation

/// `CATransaction`: groups layer changes. Transactions nest; outside an explicit one, an implicit transaction
/// commits at the end of the run loop turn. A transaction's completion block runs on the main thread once every
/// animation added while it was open (layer animations and view animations alike) has finished or been removed
/// — at once when it commits with none. Headless, layers change at once (there are no implicit animations), so
/// `setDisableActions(_:)`, the duration and the timing function are kept as state for the code that reads them.
open class CATransaction: NSObject {
    open class func begin() { onMain { Transactions.begin() } }
    open class func commit() { onMain { Transactions.commit() } }
    /// Commits the implicit transaction now.
    open class func flush() { onMain { Transactions.flushImplicit() } }
    open class func lock() { Transactions.lock.lock() }
    open class func unlock() { Transactions.lock.unlock() }

    /// 0.25 s unless set in the transaction.
    open class func animationDuration() -> CFTimeInterval { (read { $0.duration } ?? nil) ?? 0.25 }
    open class func setAnimationDuration(_ dur: CFTimeInterval) { write { $0.duration = dur } }
    open class func animationTimingFunction() -> CAMediaTimingFunction? { read { $0.timingFunction } ?? nil }
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { write { $0.timingFunction = function } }
    open class func disableActions() -> Bool { read { $0.disablesActions } ?? false }
    open class func setDisableActions(_ flag: Bool) { write { $0.disablesActions = flag } }
    open class func completionBlock() -> (() -> Void)? { read { $0.completion } ?? nil }
    /// The block to run when the transaction's animations are done (see the type's documentation).
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        let box = Unchecked(block)
        write { $0.completion = box.value }
    }
    open class func value(forKey key: String) -> Any? { read { $0.values[key] } ?? nil }
    open class func setValue(_ anObject: Any?, forKey key: String) {
        let box = Unchecked(anObject)
        write { $0.values[key] = box.value }
    }

    private static func onMain(_ body: @MainActor () -> Void) {
        guard MainQueueProbe.isOnMainQueue else {
            return TactileDiagnostics.logFromAnyThread("CATransaction", "transactions are kept on the main thread; this call was ignored")
        }
        MainActor.assumeIsolated(body)
    }

    private static func read<T>(_ body: @MainActor (TransactionGroup) -> T) -> T? {
        guard MainQueueProbe.isOnMainQueue else { return nil }
        let box = MainActor.assumeIsolated { Unchecked(body(Transactions.current)) }
        return box.value
    }

    private static func write(_ body: @MainActor (TransactionGroup) -> Void) {
        onMain { body(Transactions.current) }
    }
}

/// One open transaction: its settings and the animations it is waiting for.
@MainActor
final class TransactionGroup {
    var duration: CFTimeInterval?
    var timingFunction: CAMediaTimingFunction?
    var disablesActions = false
    var completion: (() -> Void)?
    var values: [String: Any] = [:]
    private var pending = 0
    private var committed = false

    func animationStarted() { pending += 1 }

    func animationEnded() {
        pending -= 1
        fireIfDone()
    }

    func commit() {
        committed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard committed, pending <= 0, let block = completion else { return }
        completion = nil
        block()
    }
}

/// The main thread's transaction stack.
@MainActor
enum Transactions {
    nonisolated static let lock = NSRecursiveLock()
    private static var stack: [TransactionGroup] = []
    private static var implicit: TransactionGroup?

    /// The innermost open transaction (the implicit one when none is open).
    static var current: TransactionGroup { stack.last ?? implicitGroup() }

    private static func implicitGroup() -> TransactionGroup {
        if let implicit { return implicit }
        let group = TransactionGroup()
        implicit = group
        UIApplication.shared.mainLoop.perform(mode: .common) { MainActor.assumeIsolated { flushImplicit() } }
        return group
    }

    static func begin() { stack.append(TransactionGroup()) }

    static func commit() {
        guard let group = stack.popLast() else {
            return TactileDiagnostics.log("CATransaction.commit()", "commit without a matching begin")
        }
        group.commit()
    }

    static func flushImplicit() {
        guard let group = implicit else { return }
        implicit = nil
        group.commit()
    }

    /// The transactions an animation added now belongs to: every open one, and the implicit one.
    static func enlist() -> [TransactionGroup] {
        let groups = stack + [implicit].compactMap { $0 }
        for group in groups { group.animationStarted() }
        return groups
    }

    static func reset() {
        stack = []
        implicit = nil
    }
}
