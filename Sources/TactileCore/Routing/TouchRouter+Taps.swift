import Foundation

/// Tap counting (AG-M-09, AG-T-06).
extension TouchRouter {
    /// The `tapCount` of a finger landing on `view` at (`x`, `y`) at `time`: one more than the last tap on
    /// that view if it ended within the tap interval and lands within the tap distance of it, else 1.
    func tapCount(on view: ViewID, x: Double, y: Double, at time: UInt64) -> UInt32 {
        guard let last = taps.lastIndex(where: { $0.view == view }) else { return 1 }
        let tap = taps[last]
        guard time >= tap.endedAt, time - tap.endedAt <= configuration.tapInterval,
              hypot(x - tap.x, y - tap.y) <= configuration.tapDistance else { return 1 }
        return tap.count &+ 1
    }

    /// A finger lifted: it was a tap when it stayed near where it landed.
    func noteTapEnded(_ t: RoutedTouch) {
        let view = t.view!
        forgetTap(on: view)
        guard hypot(t.x - t.startX, t.y - t.startY) <= configuration.tapDistance else { return }
        if taps.count == configuration.capacity { taps.removeFirst() }
        taps.append((view, t.x, t.y, t.timestamp, t.tapCount))
    }

    func forgetTap(on view: ViewID) {
        if let i = taps.firstIndex(where: { $0.view == view }) { taps.remove(at: i) }
    }
}
