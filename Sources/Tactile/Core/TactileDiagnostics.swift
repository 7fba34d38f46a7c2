import Foundation

/// The one channel through which Tactile reports misuse that UIKit answers with an exception (adding a view
/// to itself or to one of its descendants, an index out of range, NaN geometry, …).
///
/// UIKit raises and the app crashes; Tactile leaves the state unchanged, counts the misuse, keeps the last
/// reports, calls ``handler`` and writes one line to standard error. Set ``trapsOnMisuse`` to crash like UIKit.
/// Where UIKit is lenient (removing a view twice, bringing a non-subview to front) Tactile is lenient too and
/// reports nothing.
@preconcurrency @MainActor
public enum TactileDiagnostics {
    /// A reported misuse.
    public struct Misuse: Sendable, Hashable, CustomStringConvertible {
        /// The API that was misused, e.g. `UIView.addSubview(_:)`.
        public let api: String
        /// What was wrong, in UIKit's words where UIKit has them.
        public let reason: String
        public var description: String { "\(api): \(reason)" }
    }

    /// Misuses reported since launch (or the last ``reset()``).
    public private(set) static var misuseCount = 0
    /// The most recent reports (at most 100).
    public private(set) static var recentMisuses: [Misuse] = []
    /// Crash (`fatalError`) on misuse instead of reporting it, as UIKit's exceptions would.
    public static var trapsOnMisuse = false
    /// Called for every report (after counting), e.g. to fail a test.
    public static var handler: ((Misuse) -> Void)?
    /// Write each report to standard error.
    public static var logsToStandardError = true

    static func report(_ api: String, _ reason: String) {
        let misuse = Misuse(api: api, reason: reason)
        if trapsOnMisuse { fatalError("Tactile: \(misuse)") }
        misuseCount += 1
        recentMisuses.append(misuse)
        if recentMisuses.count > 100 { recentMisuses.removeFirst(recentMisuses.count - 100) }
        if logsToStandardError { FileHandle.standardError.write(Data("Tactile misuse: \(misuse)\n".utf8)) }
        handler?(misuse)
    }

    /// Clears the counts and the recent reports and logs.
    public static func reset() {
        misuseCount = 0
        recentMisuses.removeAll()
        logCount = 0
        recentLogs.removeAll()
    }

    // MARK: - Console logs

    /// What UIKit logs to the console and survives — unsatisfiable constraints ("Unable to simultaneously
    /// satisfy constraints."), an ambiguous layout asked about. Never traps: UIKit does not raise here.
    public private(set) static var logCount = 0
    /// The most recent logs (at most 100), UIKit's text.
    public private(set) static var recentLogs: [Misuse] = []
    /// Called for every log (after counting).
    public static var logHandler: ((Misuse) -> Void)?

    /// ``log`` from any thread, for the value types UIKit lets code use off the main thread (paths, colours,
    /// images): at once on the main queue, else at the main queue's next turn.
    nonisolated static func logFromAnyThread(_ api: String, _ message: String) {
        if MainQueueProbe.isOnMainQueue {
            MainActor.assumeIsolated { log(api, message) }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { log(api, message) } }
        }
    }

    static func log(_ api: String, _ message: String) {
        let entry = Misuse(api: api, reason: message)
        logCount += 1
        recentLogs.append(entry)
        if recentLogs.count > 100 { recentLogs.removeFirst(recentLogs.count - 100) }
        if logsToStandardError { FileHandle.standardError.write(Data("Tactile log: \(message)\n".utf8)) }
        logHandler?(entry)
    }

    /// The layout engine's constraint system as JSON, `marking` the given constraint's index in it — for the
    /// benchmark that solves the same system with kiwisolver (perf/bench). Not API.
    @_spi(Benchmarks)
    public static func exportLayoutSystem(marking constraint: NSLayoutConstraint?) -> String {
        AutoLayout.engine.exportSystem(marking: constraint?.engineID)
    }
}
