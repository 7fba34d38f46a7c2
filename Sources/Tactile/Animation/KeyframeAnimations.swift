import Foundation

/// `animateKeyframes` and `addKeyframe`: each keyframe is an animation of its own over its part of the
/// duration (linear pacing), all starting together; the whole animation — the changes made outside keyframes,
/// over the full duration — completes at the end and blocks touches to every view involved until then.
@MainActor
enum KeyframeAnimations {
    final class Context {
        let duration: TimeInterval
        let delay: TimeInterval
        var frames: [(animation: RunningAnimation, tracks: [AnimationTrack])] = []
        init(duration: TimeInterval, delay: TimeInterval) {
            self.duration = duration
            self.delay = delay
        }
    }

    static var contexts: [Context] = []
}

extension UIView {
    static func runKeyframes(duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions,
                             _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        let duration = max(0, duration.isFinite ? duration : 0)
        let context = KeyframeAnimations.Context(duration: duration, delay: delay)
        KeyframeAnimations.contexts.append(context)
        let tracks = ViewAnimator.capture(animations)
        KeyframeAnimations.contexts.removeLast()
        let frameViews = context.frames.flatMap { $0.tracks.map(\.view) }
        guard !tracks.isEmpty || !frameViews.isEmpty, ViewAnimator.animationsEnabled else {
            if let completion {
                UIApplication.shared.mainLoop.perform(mode: .common) { MainActor.assumeIsolated { completion(true) } }
            }
            return
        }
        let allowsInteraction = options.contains(.allowUserInteraction)
        for frame in context.frames {
            ViewAnimator.start(frame.animation, tracks: frame.tracks, allowsInteraction: true)
        }
        let whole = RunningAnimation(duration: duration, delay: delay, timing: .linear)
        whole.repeats = options.contains(.repeat)
        whole.autoreverses = options.contains(.autoreverse)
        let frames = context.frames.map(\.animation)
        whole.onEnd = { finished, _ in
            for frame in frames { frame.end(finished: finished) }
            completion?(finished)
        }
        ViewAnimator.start(whole, tracks: tracks, extraViews: frameViews, allowsInteraction: allowsInteraction)
    }

    static func addKeyframeToCurrent(start: Double, duration: Double, _ animations: () -> Void) {
        guard let context = KeyframeAnimations.contexts.last else { return animations() }
        let tracks = ViewAnimator.capture(animations)
        guard !tracks.isEmpty else { return }
        let s = min(1, max(0, start.isFinite ? start : 0)), d = min(1 - s, max(0, duration.isFinite ? duration : 0))
        let frame = RunningAnimation(duration: d * context.duration, delay: context.delay + s * context.duration, timing: .linear)
        context.frames.append((frame, tracks))
    }
}
