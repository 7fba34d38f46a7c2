/// Shakes (AG-O-05): a motion record's phase after the timing rule, and cancelling a shake in progress.
extension TouchRouter {
    /// The phase a motion record delivers, or nil when it is swallowed (inactive app) or refused (unmatched).
    func routeMotion(_ record: EventRecord) -> MotionPhase? {
        guard let code = record.motion else { return nil }
        switch code {
        case .shakeBegan:
            if shakeBeganAt != nil {
                refuse(.unmatchedMotion(.began))
                return nil
            }
            shakeBeganAt = record.timestamp
            shakeSwallowed = !isActive
            if shakeSwallowed {
                counters.motionsIgnored &+= 1
                return nil
            }
            counters.motions &+= 1
            return .began
        case .shakeEnded, .shakeCancelled:
            guard let began = shakeBeganAt else {
                refuse(.unmatchedMotion(code == .shakeEnded ? .ended : .cancelled))
                return nil
            }
            shakeBeganAt = nil
            if shakeSwallowed {
                counters.motionsIgnored &+= 1
                return nil
            }
            counters.motions &+= 1
            let lasted = record.timestamp >= began ? record.timestamp - began : 0
            return code == .shakeEnded && lasted < configuration.shakeMaxDuration ? .ended : .cancelled
        }
    }

    /// Cancels a shake in progress: true when one was, and its handlers must get `motionCancelled`; the
    /// shake's later records are swallowed.
    func cancelMotion() -> Bool {
        guard shakeBeganAt != nil, !shakeSwallowed else { return false }
        shakeSwallowed = true
        counters.motions &+= 1
        log?.motion(.cancelled, timestamp: lastTimestamp)
        return true
    }
}
