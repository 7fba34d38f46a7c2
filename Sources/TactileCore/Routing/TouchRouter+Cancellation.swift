/// Cancelling touch sequences (AG-F-10, AG-M-10, AG-B-04): by the system, when the app resigns active, and
/// when a view leaves its window mid-sequence. Each cancellation is a frame of `touchesCancelled` calls handed
/// to the front end at once, nested inside the frame being delivered if a handler caused it.
extension TouchRouter {
    /// Cancels every live finger (a system cancel, the app resigning active) and a shake in progress: the
    /// front end gets the `touchesCancelled` calls, then `motionCancelled` (at `timestamp`). The cancelled
    /// fingers' later samples are swallowed until the producer lifts them.
    public func cancelAll(timestamp: UInt64) {
        enterRouting()
        defer { exitRouting() }
        if let frame = cancel(where: { _ in true }) { deliver(frame) }
        if cancelMotion() { deliverMotion(.cancelled, timestamp: timestamp) }
    }

    /// The meaning of a system record for touches, as a plain app (the C API, a trace replay) gives it:
    /// cancel-all cancels every live touch and a shake; resigning active stops new touches and shakes, then
    /// cancels; becoming active accepts them again; memory warnings and orientation changes do not concern
    /// touches. (The object model follows UIKit's own life cycle instead, which does the same through
    /// ``isActive`` and ``cancelAll(timestamp:)`` around the app delegate's callbacks.)
    public func applySystemEvent(_ code: EventRecord.SystemCode, timestamp: UInt64) {
        switch code {
        case .cancelAllTouches: cancelAll(timestamp: timestamp)
        case .willResignActive:
            isActive = false
            cancelAll(timestamp: timestamp)
        case .didBecomeActive: isActive = true
        case .memoryWarning, .deviceOrientation: break
        }
    }

    /// Cancels the live fingers bound to `root` or a view inside it, before the subtree leaves its window
    /// (UIKit cancels their sequences; afterwards no event reaches those views): the front end gets the
    /// `touchesCancelled` calls now. True when there were any.
    @discardableResult
    package func cancelTouches(inSubtreeOf root: ViewID) -> Bool {
        guard table.liveCount > 0 else { return false }
        enterRouting()
        defer { exitRouting() }
        guard let frame = cancel(where: { view in (try? self.tree.isDescendant(view, of: root)) == true }) else { return false }
        deliver(frame)
        return true
    }

    /// A finger is cancelled now unless its sequence is over: already cancelled, or ended with the call made.
    /// A finger whose ended call is still pending is cancelled instead; one whose began call is still pending
    /// is dropped silently (its view never saw it begin).
    private func cancel(where matches: (ViewID) -> Bool) -> Frame? {
        var any = false
        for k in 0..<table.liveCount where isCancellable(table[live: k]) && matches(table[live: k].view.unsafelyUnwrapped) {
            any = true
            break
        }
        guard any else { return nil }
        let start = openFrame(timestamp: lastTimestamp)
        for k in 0..<table.liveCount {
            guard isCancellable(table[live: k]), matches(table[live: k].view.unsafelyUnwrapped) else { continue }
            // Inside a frame's delivery (depth > 1 now), a began whose call is still owed was never seen.
            let beganUnseen = depth > 1 && table[live: k].phase == .began && table[live: k].pendingStamp != 0
            if table[live: k].phase == .ended {
                counters.ended &-= 1
            } else if table[live: k].phase != .cancelled {
                table[live: k].awaitsProducerLift = true
            }
            if table[live: k].phase != .cancelled { counters.cancelled &+= 1 }
            table[live: k].phase = .cancelled
            needsRetire = true
            table[live: k].pendingStamp = 0
            if beganUnseen {
                table[live: k].isDelivered = false  // never reported: it leaves without a call
                counters.cancelledDetached &+= 1
            }
            table[live: k].frameStamp = stamp
            forgetTap(on: table[live: k].view.unsafelyUnwrapped)
        }
        collectDeliveries()
        return frame(from: start, timestamp: lastTimestamp)
    }

    /// Live and not finished: not ended or cancelled, or — while a frame is being delivered — ended or
    /// cancelled with the call still to be made.
    @inline(__always)
    private func isCancellable(_ t: RoutedTouch) -> Bool {
        guard t.state == .live else { return false }
        return !t.isFinished || (depth > 0 && t.pendingStamp != 0)
    }

    /// The safety net behind the tree's notice: after the hierarchy changed, fingers whose view was destroyed
    /// or is no longer in their window are cancelled without a delivery (the view has left).
    func dropDetachedTouches() {
        knownStructure = tree.structureVersion
        table.retainLive { slot in
            if let view = table[slot].view, let window = table[slot].window, tree.isValid(window),
               (try? tree.root(of: view)) == window {
                return true
            }
            table[slot].state = .awaitingLift
            table.parkedCount += 1
            counters.cancelledDetached &+= 1
            counters.cancelled &+= 1
            return false
        }
    }
}

extension TouchRouter: ViewTreeObserver {
    /// The tree is about to take `root`'s subtree out of its window: its fingers are cancelled first.
    package func subtreeWillLeaveWindow(_ root: ViewID) -> Bool {
        cancelTouches(inSubtreeOf: root)
    }
}
