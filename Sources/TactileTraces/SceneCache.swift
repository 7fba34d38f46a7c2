import TactileCore

/// Built trace scenes, kept so that replaying many traces on the same scene (a fuzzer's inputs, which mostly
/// share their header) copies the built tree, its grids and window-space caches made, instead of building it view
/// by view. Each replay gets its own copy (``TactileCore/ViewTree`` handles stay the same), so a replay's mutations
/// never reach the cache.
/// Holds at most `capacity` scenes; the oldest goes first. Confined to one thread, like the trees it holds.
public final class SceneCache {
    private struct Built {
        let tree: ViewTree
        let scene: BuiltTraceScene
    }

    public let capacity: Int
    private var built: [Trace.Scene: Built] = [:]
    private var order: [Trace.Scene] = []
    private var next = 0
    /// Replays served from a cached scene, and scenes built.
    public private(set) var hits = 0, builds = 0

    public init(capacity: Int = 512) { self.capacity = max(1, capacity) }

    /// A fresh copy of `scene`, built now if it is not cached: the tree, every view in scene-index order and the
    /// windows, as ``TraceRunner/build(_:in:)`` returns them.
    public func copy(of scene: Trace.Scene) throws(ViewTreeError) -> (tree: ViewTree, views: [ViewID], windows: [ViewID]) {
        let (tree, built) = try copyScene(of: scene)
        return (tree, built.views, built.windows)
    }

    /// A fresh copy of `scene` with its views, windows and scroll views, as ``TraceRunner/buildScene(_:in:)``
    /// returns them.
    public func copyScene(of scene: Trace.Scene) throws(ViewTreeError) -> (tree: ViewTree, built: BuiltTraceScene) {
        if let b = built[scene] {
            hits += 1
            return (b.tree.copy(), b.scene)
        }
        let tree = ViewTree()
        let made = try TraceRunner.buildScene(scene, in: tree)
        // Made once here, copied with the tree: the grids (each copy would build them on its first hit-tests) and
        // the window-space caches, so a replay's cache check validates them against its changes (stale-cache
        // detection, the part that can go wrong) instead of computing them for every view of every input.
        tree.buildGrids()
        for v in made.views { _ = try tree.windowTransform(of: v) }
        builds += 1
        if order.count < capacity {
            order.append(scene)
        } else {
            built[order[next]] = nil
            order[next] = scene
            next = (next + 1) % capacity
        }
        built[scene] = Built(tree: tree, scene: made)
        return (tree.copy(), made)
    }
}
