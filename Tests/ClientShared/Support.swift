// Client code as an app developer writes it against UIKit, compiled twice: in the Swift 5 language mode
// (ClientSwift5) and in Swift 6 (ClientSwift6), each adding what differs between the modes (Isolation.swift).
// These targets exist to be compiled: every file must build against Tactile as it builds against Apple's UIKit. Where it does not, the
// line stays, commented out, marked `TACTILE-GAP (why):` with what is wrong — `Linux` where Swift on Linux cannot
// express UIKit's declaration (Objective-C optional requirements, NSObject categories, no UndoManager), or the
// issue that brings the missing API. Fix a gap: uncomment the lines and remove the marker.
import Foundation

/// Counts deinitialisations. `deinit` is nonisolated (as NSObject's `dealloc`), so the log is thread-safe and
/// reached through a `static let`, never through main-actor state.
final class DeinitLog: @unchecked Sendable {
    static let shared = DeinitLog()

    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func record(_ name: String) {
        lock.lock()
        counts[name, default: 0] += 1
        lock.unlock()
    }

    func count(of name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[name] ?? 0
    }
}
