import TactileCore

/// Built trace scenes, kept so that replaying many traces on the same scene (a fuzzer's inputs, which mostly
/// share their header) starts from the built tree, its grids and window-space caches made, instead of building it
/// view by view. Each replay gets a tree of its own (``TactileCore/ViewTree`` handles stay the same), so a
/// replay's mutations never reach the cache: the tree the previous replay of the scene used, restored to the
/// built one once nothing else holds it (`ViewTree.restore(from:)`, checked against the built tree every time:
/// a difference stops the process), or a fresh copy.
/// Holds at most `capacity` scenes; the oldest goes first. Confined to one thread, like the trees it holds.
public final class SceneCache {
    private final class Built {
        let tree: ViewTree
        let scene: BuiltTraceScene
        /// The tree the latest replay got (restored for the next one once no one else holds it).
        var working: ViewTree

        init(tree: ViewTree, scene: BuiltTraceScene, working: ViewTree) {
            self.tree = tree
            self.scene = scene
            self.working = working
        }
    }

    public let capacity: Int
    private var built: [Trace.Scene: Built] = [:]
    private var order: [Trace.Scene] = []
    private var next = 0
    /// Replays served from a cached scene, of them on a restored tree, and scenes built.
    public private(set) var hits = 0, restores = 0, builds = 0

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
            if isKnownUniquelyReferenced(&b.working) {
                b.working.restore(from: b.tree)
                if let difference = b.working.firstDifference(from: b.tree) {
                    fatalError("SceneCache: a restored tree differs from its built scene: \(difference)")
                }
                restores += 1
            } else {
                b.working = b.tree.copy()  // the previous replay's tree is still held
            }
            return (b.working, b.scene)
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
        let copy = tree.copy()
        built[scene] = Built(tree: tree, scene: made, working: copy)
        return (copy, made)
    }
}
