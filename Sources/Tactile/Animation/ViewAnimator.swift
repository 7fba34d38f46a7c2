import Foundation
import TactileCore

/// An animated value as a fixed vector (no allocation): bounds x y w h; center x y; transform a b c d tx ty;
/// alpha; colour r g b a — the unused lanes stay 0.
typealias AnimatedVector = SIMD8<Double>

/// What a view animation animates: UIKit's animatable view properties (AG-U-01).
enum AnimatedKey: Hashable, Sendable {
    case bounds, center, transform, alpha, backgroundColor

    /// The model value.
    @MainActor
    func value(of view: UIView) -> AnimatedVector {
        switch self {
        case .bounds:
            let b = view.bounds
            return AnimatedVector(b.minX, b.minY, b.width, b.height, 0, 0, 0, 0)
        case .center:
            let c = view.center
            return AnimatedVector(c.x, c.y, 0, 0, 0, 0, 0, 0)
        case .transform:
            let t = view.transform
            return AnimatedVector(t.a, t.b, t.c, t.d, t.tx, t.ty, 0, 0)
        case .alpha: return AnimatedVector(view.alpha, 0, 0, 0, 0, 0, 0, 0)
        case .backgroundColor:
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            guard let color = view.backgroundColor, color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return .zero }
            return AnimatedVector(r, g, b, a, 0, 0, 0, 0)
        }
    }

    /// Sets the model value, unanimated.
    @MainActor
    func setModel(_ v: AnimatedVector, on view: UIView) {
        ViewAnimator.withoutAnimation {
            switch self {
            case .bounds: view.bounds = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
            case .center: view.center = CGPoint(x: v[0], y: v[1])
            case .transform: view.transform = CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            case .alpha: view.alpha = CGFloat(v[0])
            case .backgroundColor: view.backgroundColor = UIColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
            }
        }
    }

    /// The value a layer animation under `key` carries for `v`.
    func layerValue(_ v: AnimatedVector, forKey key: String) -> Any {
        switch (self, key) {
        case (.center, _): return CGPoint(x: v[0], y: v[1])
        case (.bounds, "bounds.origin"): return CGPoint(x: v[0], y: v[1])
        case (.bounds, _): return CGSize(width: v[2], height: v[3])
        case (.transform, _): return CATransform3DMakeAffineTransform(CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
        case (.alpha, _): return Float(v[0])
        case (.backgroundColor, _): return CGColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
        }
    }

    /// Writes a vector into a (presentation) layer.
    func apply(_ v: AnimatedVector, to layer: CALayer) {
        switch self {
        case .bounds: layer.bounds = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .center: layer.position = CGPoint(x: v[0], y: v[1])
        case .transform:
            layer.transform = CATransform3DMakeAffineTransform(CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
        case .alpha: layer.opacity = Float(v[0])
        case .backgroundColor:
            layer.backgroundColor = CGColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])
        }
    }
}

/// One property of one view moving from a value to another.
struct AnimationTrack {
    let view: UIView
    let key: AnimatedKey
    let from: AnimatedVector
    let to: AnimatedVector

    /// The keys UIKit's layer animations for this change have: `position`; `bounds.size` and/or
    /// `bounds.origin`; `transform`; `opacity`; `backgroundColor`.
    var layerKeys: [String] {
        switch key {
        case .center: ["position"]
        case .bounds:
            (from[2] != to[2] || from[3] != to[3] ? ["bounds.size"] : []) + (from[0] != to[0] || from[1] != to[1] ? ["bounds.origin"] : [])
        case .transform: ["transform"]
        case .alpha: ["opacity"]
        case .backgroundColor: ["backgroundColor"]
        }
    }
}

/// A running view animation on the run loop clock. Its time fraction runs linearly from an anchor (start,
/// resume, reversal) at `direction` per duration; its timing turns that into progress. As in iOS 8 and later,
/// animations are additive: a view's presentation value is its model value plus, for every animation of that
/// property, `(from − to) × (1 − progress)`.
@MainActor
final class RunningAnimation {
    var tracks: [AnimationTrack] = []
    /// The views whose touches the animation refuses (UIKit: interaction is disabled for the views being
    /// animated unless `.allowUserInteraction`).
    var blockedViews: [UIView] = []
    let duration: Double
    var timing: AnimationTiming
    var anchorFraction = 0.0
    var anchorTime: UInt64
    var direction = 1.0
    var isPaused = false
    /// `.repeat`: the fraction cycles forever (the animation ends only when removed); with `.autoreverse` it
    /// runs back and forth.
    var repeats = false
    var autoreverses = false
    /// Some of its tracks were removed: it can no longer finish (UIKit reports `false` to the completion).
    var interrupted = false
    var timer: RunLoopTimerID?
    /// The run loop whose clock times the animation (the app's when it started).
    let loop: MainRunLoop
    /// The transactions waiting for it (`CATransaction.setCompletionBlock(_:)`).
    var transactions: [TransactionGroup] = []
    /// Called once when the animation ends: `finished`, and whether it ended at its start (reversed).
    var onEnd: ((_ finished: Bool, _ atStart: Bool) -> Void)?

    init(duration: Double, delay: Double, timing: AnimationTiming) {
        self.duration = max(0, duration.isFinite ? duration : 0)
        self.timing = timing
        loop = UIApplication.shared.mainLoop
        anchorTime = loop.now &+ ViewAnimator.nanoseconds(delay)
    }

    /// The linear time fraction now (0 … 1).
    func fraction(at now: UInt64) -> Double {
        if isPaused || now < anchorTime { return anchorFraction }
        guard duration > 0 else { return direction > 0 ? 1 : 0 }
        let f = anchorFraction + direction * Double(now - anchorTime) / 1e9 / duration
        guard repeats else { return min(1, max(0, f)) }
        let cycle = f.truncatingRemainder(dividingBy: autoreverses ? 2 : 1)
        return autoreverses && cycle > 1 ? 2 - cycle : cycle
    }

    func progress(at now: UInt64) -> Double { timing.progress(fraction(at: now)) }

    /// Re-anchors at the current fraction (pause, resume, reverse).
    func reanchor() {
        let now = loop.now
        anchorFraction = fraction(at: now)
        anchorTime = max(now, anchorTime > now ? anchorTime : now)
    }

    /// Schedules the end: when the fraction reaches 1 (or 0, reversed).
    func scheduleEnd() {
        if let timer { loop.cancel(timer) }
        timer = nil
        guard !isPaused, !repeats else { return }
        let now = loop.now
        let start = max(now, anchorTime)
        let remaining = direction > 0 ? 1 - anchorFraction : anchorFraction
        let end = start &+ ViewAnimator.nanoseconds(remaining * duration)
        timer = loop.addTimer(after: end &- now, mode: .common) { [weak self] _ in
            MainActor.assumeIsolated { self?.end(finished: true) }
        }
    }

    /// Ends the animation: its tracks stop contributing, its views take touches again, `onEnd` runs.
    func end(finished ranToEnd: Bool) {
        let finished = ranToEnd && !interrupted
        if let timer { loop.cancel(timer) }
        timer = nil
        let atStart = direction < 0
        ViewAnimator.remove(self)
        let callback = onEnd, groups = transactions
        onEnd = nil
        transactions = []
        guard callback != nil || !groups.isEmpty else { return }
        if finished {
            callback?(true, atStart)
            for group in groups { group.animationEnded() }
        } else {  // Core Animation reports a removed animation at the next turn
            loop.perform(mode: .common) {
                MainActor.assumeIsolated {
                    callback?(false, atStart)
                    for group in groups { group.animationEnded() }
                }
            }
        }
    }
}

/// The view animation engine: captures the changes an animation block makes, keeps the running animations,
/// answers presentation values, and blocks touches to animating views.
@MainActor
enum ViewAnimator {
    /// An animation block being run: the first value of each (view, property) it changes.
    @MainActor
    final class Capture {
        struct Key: Hashable {
            let view: ObjectIdentifier
            let key: AnimatedKey
        }
        var order: [(UIView, AnimatedKey)] = []
        var from: [Key: AnimatedVector] = [:]

        func from(_ view: UIView, _ key: AnimatedKey) -> AnimatedVector? { from[Key(view: ObjectIdentifier(view), key: key)] }

        /// The tracks of what changed: each (view, property) from its first value to its value now.
        func tracks() -> [AnimationTrack] {
            order.compactMap { view, key in
                guard let start = from(view, key) else { return nil }
                let end = key.value(of: view)
                return start == end ? nil : AnimationTrack(view: view, key: key, from: start, to: end)
            }
        }
    }

    static var captures: [Capture?] = []
    private(set) static var running: [RunningAnimation] = []
    private static var blockCounts: [ObjectIdentifier: Int] = [:]
    /// `UIView.areAnimationsEnabled`.
    static var animationsEnabled = true

    static var now: UInt64 { UIApplication.shared.mainLoop.now }
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return UInt64(min(seconds, 1e9) * 1e9)
    }

    /// Called by the animatable setters before they change `key`: inside an animation block, the model value
    /// the animation starts from. (Animations add up: an interrupted animation keeps running, so the value
    /// shown moves on without a jump.)
    static func willChange(_ view: UIView, _ key: AnimatedKey) {
        guard let capture = captures.last ?? nil else { return }
        let id = Capture.Key(view: ObjectIdentifier(view), key: key)
        guard capture.from[id] == nil else { return }
        capture.from[id] = key.value(of: view)
        capture.order.append((view, key))
    }

    /// Runs `animations` capturing what they change; `layingOut` (`.layoutSubviews`) lays the changed views
    /// out inside the block, so their subviews' new frames animate along.
    static func capture(_ animations: () -> Void, layingOut: Bool = false) -> [AnimationTrack] {
        let capture = Capture()
        captures.append(animationsEnabled ? capture : nil)
        animations()
        if layingOut {
            var seen = Set<ObjectIdentifier>()
            for (view, _) in capture.order where seen.insert(ObjectIdentifier(view)).inserted { view.layoutIfNeeded() }
        }
        captures.removeLast()
        return capture.tracks()
    }

    /// Runs `body` with animation capture off (`performWithoutAnimation`).
    static func withoutAnimation<T>(_ body: () throws -> T) rethrows -> T {
        captures.append(nil)
        defer { captures.removeLast() }
        return try body()
    }

    /// Starts `animation` with `tracks`; blocks touches to their views unless `allowsInteraction`.
    static func start(_ animation: RunningAnimation, tracks: [AnimationTrack], extraViews: [UIView] = [],
                      allowsInteraction: Bool) {
        animation.tracks = tracks
        animation.transactions = Transactions.enlist()
        running.append(animation)
        if !allowsInteraction {
            var seen = Set<ObjectIdentifier>()
            for view in tracks.map(\.view) + extraViews where seen.insert(ObjectIdentifier(view)).inserted {
                animation.blockedViews.append(view)
                block(view, by: 1)
            }
        }
        animation.scheduleEnd()
    }

    /// Forgets every animation (a new app launched: the old run loop no longer runs).
    static func reset() {
        for animation in running {
            animation.onEnd = nil
            animation.transactions = []
            if let timer = animation.timer { animation.loop.cancel(timer) }
            animation.timer = nil
        }
        running = []
        blockCounts = [:]
        captures = []
        animationsEnabled = true
    }

    static func remove(_ animation: RunningAnimation) {
        guard let i = running.firstIndex(where: { $0 === animation }) else { return }
        running.remove(at: i)
        for view in animation.blockedViews { block(view, by: -1) }
        animation.blockedViews = []
    }

    private static func block(_ view: UIView, by delta: Int) {
        let id = ObjectIdentifier(view)
        let count = (blockCounts[id] ?? 0) + delta
        blockCounts[id] = count > 0 ? count : nil
        try? view.tree.setFlags(.animatingWithoutInteraction, count > 0, of: view.viewID)
    }

    /// The value the screen shows now: the model value plus every running animation's remaining offset.
    static func presentationValue(of view: UIView, _ key: AnimatedKey) -> AnimatedVector {
        var value = key.value(of: view)
        guard !running.isEmpty else { return value }
        let t = now
        for animation in running {
            for track in animation.tracks where track.view === view && track.key == key {
                value += (track.from - track.to) * (1 - animation.progress(at: t))
            }
        }
        return value
    }

    /// Writes `view`'s presentation values into its presentation layer `copy`.
    static func applyPresentation(of view: UIView, to copy: CALayer) {
        var keys: [AnimatedKey] = []
        for animation in running {
            for track in animation.tracks where track.view === view && !keys.contains(track.key) { keys.append(track.key) }
        }
        for key in keys { key.apply(presentationValue(of: view, key), to: copy) }
    }

    /// Whether any running animation animates `view`.
    static func isAnimating(_ view: UIView) -> Bool {
        running.contains { $0.tracks.contains { $0.view === view } }
    }

    /// Removes `view`'s tracks from every animation; an animation left without tracks ends unfinished
    /// (`layer.removeAllAnimations()`).
    static func removeAnimations(of view: UIView, key layerKey: String? = nil) {
        func matches(_ track: AnimationTrack) -> Bool {
            track.view === view && (layerKey == nil || track.layerKeys.contains(layerKey!))
        }
        for animation in running where animation.tracks.contains(where: matches) {
            animation.tracks.removeAll(where: matches)
            animation.interrupted = true
            if animation.tracks.isEmpty { animation.end(finished: false) }
        }
    }

    /// The layer keys of `view`'s running block animations, in order, once each.
    static func animationKeys(of view: UIView) -> [String] {
        var keys: [String] = []
        for animation in running {
            for track in animation.tracks where track.view === view {
                for key in track.layerKeys where !keys.contains(key) { keys.append(key) }
            }
        }
        return keys
    }

    /// A block animation of `view` as the layer animation UIKit adds for it: additive, from the old value's
    /// offset to zero, over the animation's duration.
    static func layerAnimation(of view: UIView, forKey key: String) -> CABasicAnimation? {
        for animation in running {
            guard let track = animation.tracks.first(where: { $0.view === view && $0.layerKeys.contains(key) }) else { continue }
            let basic = CABasicAnimation(keyPath: key)
            basic.duration = animation.duration
            basic.isAdditive = true
            basic.fillMode = .both
            basic.beginTime = Double(animation.anchorTime) / 1e9
            if case .curve(let c) = animation.timing {
                basic.timingFunction = CAMediaTimingFunction(controlPoints: Float(c.c1.0), Float(c.c1.1), Float(c.c2.0), Float(c.c2.1))
            }
            let offset = track.from - track.to
            basic.fromValue = track.key.layerValue(offset, forKey: key)
            basic.toValue = track.key.layerValue(.zero, forKey: key)
            return basic
        }
        return nil
    }
}
