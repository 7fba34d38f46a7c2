/// Cancelling touch sequences (app guide F-10, M-10, B-04): by the system, when the app resigns active, and
/// when a view leaves its window mid-sequence.
extension TouchRouter {
    /// Cancels every live finger (a system cancel, the app resigning active): returns the frame of
    /// `touchesCancelled` calls, or nil when nothing was live.
    public func cancelAllTouches() -> Frame? {
        cancel { _ in true }
    }

    /// Cancels the live fingers bound to `root` or a view inside it, before the subtree leaves its window
    /// (UIKit cancels their sequences; afterwards no event reaches those views). Returns the frame of
    /// `touchesCancelled` calls, or nil when none was bound there.
    public func cancelTouches(inSubtreeOf root: ViewID) -> Frame? {
        cancel { view in (try? self.tree.isDescendant(view, of: root)) == true }
    }

    /// A finger is cancelled now unless its sequence is over: already cancelled, or ended with the call made.
    /// A finger whose ended call is still pending is cancelled instead; one whose began call is still pending
    /// is dropped silently (its view never saw it begin).
    private func cancel(where matches: (ViewID) -> Bool) -> Frame? {
        var any = false
        for k in 0..<liveCount {
            let t = table + Int(order[k])
            if isCancellable(t.pointee), matches(t.pointee.view.unsafelyUnwrapped) { any = true; break }
        }
        guard any else { return nil }
        let (firstDelivery, firstSlot) = openFrame(timestamp: lastTimestamp)
        for k in 0..<liveCount {
            let t = table + Int(order[k])
            guard isCancellable(t.pointee), matches(t.pointee.view.unsafelyUnwrapped) else { continue }
            // Inside a frame's delivery (depth > 1 now), a began whose call is still owed was never seen.
            let beganUnseen = depth > 1 && t.pointee.phase == .began && t.pointee.pendingStamp != 0
            if t.pointee.phase == .ended {
                counters.ended &-= 1
            } else if t.pointee.phase != .cancelled {
                t.pointee.awaitsProducerLift = true
            }
            if t.pointee.phase != .cancelled { counters.cancelled &+= 1 }
            t.pointee.phase = .cancelled
            needsRetire = true
            t.pointee.pendingStamp = 0
            if beganUnseen {
                t.pointee.isDelivered = false  // never reported: it leaves without a call
                counters.cancelledDetached &+= 1
            }
            t.pointee.frameStamp = stamp
            forgetTap(on: t.pointee.view.unsafelyUnwrapped)
        }
        collectDeliveries()
        return Frame(firstDelivery: firstDelivery, firstSlot: firstSlot, endDelivery: deliveryBuffer.count,
                     timestamp: lastTimestamp)
    }

    /// Live and not finished: not ended or cancelled, or — while a frame is being delivered — ended or
    /// cancelled with the call still to be made.
    @inline(__always)
    private func isCancellable(_ t: RoutedTouch) -> Bool {
        guard t.state == .live else { return false }
        return (t.phase != .ended && t.phase != .cancelled) || (depth > 0 && t.pendingStamp != 0)
    }

    /// The safety net behind ``cancelTouches(inSubtreeOf:)``: after the hierarchy changed, fingers whose view
    /// was destroyed or is no longer in their window are cancelled without a delivery (the view has left).
    func dropDetachedTouches() {
        knownStructure = tree.structureVersion
        var kept = 0
        for k in 0..<liveCount {
            let slot = Int(order[k])
            let t = table[slot]
            if let view = t.view, let window = t.window, (try? tree.root(of: view)) == window, tree.isValid(window) {
                order[kept] = order[k]
                kept += 1
            } else {
                table[slot].state = .awaitingLift
                parkedCount += 1
                counters.cancelledDetached &+= 1
                counters.cancelled &+= 1
            }
        }
        liveCount = kept
    }
}
