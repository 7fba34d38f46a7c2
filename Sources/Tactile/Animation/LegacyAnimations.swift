import Foundation

/// `beginAnimations(_:context:)` … `commitAnimations()` (AG-U-02, AG-U-03): the changes between them are
/// captured like a block animation's; the parameters set in between apply at commit. Nested blocks start when
/// the outermost one commits. `setAnimationsEnabled(false)` turns capture off until it is turned on again.
@MainActor
enum LegacyAnimations {
    final class Block {
        var duration: TimeInterval = 0.2
        var delay: TimeInterval = 0
        var timing = AnimationTiming.easeInOut
        var repeatCount = 0.0
        var autoreverses = false
        var transitionViews: [UIView] = []
        let capture = ViewAnimator.Capture()
    }

    static var blocks: [Block] = []
    /// Nested blocks committed, waiting for the outermost one.
    private static var committed: [Block] = []
    static var top: Block? { blocks.last }

    /// The duration of the block being captured (UIKit's `inheritedAnimationDuration`).
    static var currentDuration: TimeInterval { blocks.last?.duration ?? 0 }

    static func begin() {
        let block = Block()
        blocks.append(block)
        ViewAnimator.captures.append(ViewAnimator.animationsEnabled ? block.capture : nil)
    }

    static func commit() {
        guard let block = blocks.popLast() else {
            return TactileDiagnostics.log("UIView.commitAnimations()", "commitAnimations without a matching beginAnimations")
        }
        ViewAnimator.captures.removeLast()
        committed.append(block)
        guard blocks.isEmpty else { return }
        let ready = committed
        committed = []
        for block in ready { start(block) }
    }

    private static func start(_ block: Block) {
        let tracks = block.capture.tracks()
        guard !tracks.isEmpty || !block.transitionViews.isEmpty else { return }
        let infinite = block.repeatCount.isInfinite
        let cycles = !infinite && block.repeatCount > 1 ? block.repeatCount * (block.autoreverses ? 2 : 1) : 1
        let animation = RunningAnimation(duration: block.duration * cycles, delay: block.delay, timing: block.timing)
        animation.repeats = infinite
        animation.autoreverses = block.autoreverses
        ViewAnimator.start(animation, tracks: tracks, extraViews: block.transitionViews, allowsInteraction: false)
    }
}
