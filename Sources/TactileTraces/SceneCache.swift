import TactileCore
import TactileTestSupport

/// Built trace scenes, kept so that replaying many traces on the same scene (a fuzzer's inputs, which mostly
/// share their header) starts from the built tree, its grids and window-space caches made, instead of building it
/// view by view. Each replay gets a tree of its own (``TactileCore/ViewTree`` handles stay the same), so a
/// replay's mutations never reach the cache: the tree the previous replay of the scene used, restored to the
/// built one once nothing else holds it (`ViewTree.restore(from:)`, checked against the built tree every time:
/// a difference stops the process), or a fresh copy.
///
/// ``TraceRunner/run(_:configuration:log:scenes:observe:afterMutation:)`` also gets its router from here
/// (``replay(of:configuration:)``), and ``TraceChecker`` its routing oracle (``routingOracle(for:trapOnViolation:)``):
/// the previous replay's, reset and checked against a new one, once nothing else holds it. A replay's caller must
/// not keep its tree past the replay (the next replay of the scene restores it).
/// Holds at most `capacity` scenes; the oldest goes first. Confined to one thread, like the trees it holds.
public final class SceneCache {
    private final class Built {
        let tree: ViewTree
        let scene: BuiltTraceScene
        /// The tree the latest replay got (restored for the next one once no one else holds it); `isNew` until the
        /// first replay has it.
        var working: ViewTree
        var isNew = true
        /// The latest replay's router on `working`, and its oracle (reset for the next replay once no one else
        /// holds them).
        var router: TouchRouter?
        var oracle: RoutingOracle?

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
    /// The scene the latest ``replay(of:configuration:)`` served.
    private var latest: Built?
    /// Replays served from a cached scene, of them on a restored tree, scenes built, and routers and oracles
    /// reused.
    public private(set) var hits = 0, restores = 0, builds = 0, routerReuses = 0, oracleReuses = 0

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
        let b = try entry(of: scene)
        return (freshTree(of: b), b.scene)
    }

    /// `scene` ready for a replay: a router of `configuration` on a fresh copy of its tree, and its views,
    /// windows and scroll views. The previous replay's router when nothing else holds it and its configuration
    /// is the same: reset with its tree (``TactileCore/TouchRouter/reset(restoringTreeFrom:)``), both checked
    /// against new ones (a difference stops the process).
    public func replay(of scene: Trace.Scene, configuration: TouchRouter.Configuration) throws(ViewTreeError)
        -> (router: TouchRouter, built: BuiltTraceScene) {
        let b = try entry(of: scene)
        latest = b
        if isKnownUniquelyReferenced(&b.router), let router = b.router, router.configuration == configuration {
            router.reset(restoringTreeFrom: b.tree)
            verify(b.working, of: b)
            if let difference = router.differenceFromNew() {
                fatalError("SceneCache: a reset router differs from a new one: \(difference)")
            }
            restores += 1
            routerReuses += 1
            return (router, b.scene)
        }
        let router = TouchRouter(tree: freshTree(of: b), configuration: configuration)
        b.router = router
        return (router, b.scene)
    }

    /// The routing oracle for `router`, made by the latest ``replay(of:configuration:)``: the previous replay's
    /// when nothing else holds it, reset (``TactileTestSupport/RoutingOracle/reset()``); otherwise a new one.
    public func routingOracle(for router: TouchRouter, trapOnViolation: Bool) -> RoutingOracle {
        guard let b = latest, b.router === router else { return RoutingOracle(router: router, trapOnViolation: trapOnViolation) }
        if isKnownUniquelyReferenced(&b.oracle), let oracle = b.oracle, oracle.router === router {
            oracle.reset()
            oracle.trapOnViolation = trapOnViolation
            oracleReuses += 1
            return oracle
        }
        let oracle = RoutingOracle(router: router, trapOnViolation: trapOnViolation)
        b.oracle = oracle
        return oracle
    }

    /// The cached entry of `scene`, built now if there is none.
    private func entry(of scene: Trace.Scene) throws(ViewTreeError) -> Built {
        if let b = built[scene] {
            hits += 1
            return b
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
        let b = Built(tree: tree, scene: made, working: tree.copy())
        built[scene] = b
        return b
    }

    /// A tree with `b`'s built state for a new owner: the working tree restored once nothing else holds it (its
    /// router and oracle, kept by the cache, are let go first), or a new copy.
    private func freshTree(of b: Built) -> ViewTree {
        b.oracle = nil
        b.router = nil
        if b.isNew {
            b.isNew = false
        } else if isKnownUniquelyReferenced(&b.working) {
            b.working.restore(from: b.tree)
            verify(b.working, of: b)
            restores += 1
        } else {
            b.working = b.tree.copy()  // the previous replay's tree is still held
        }
        return b.working
    }

    private func verify(_ tree: ViewTree, of b: Built) {
        if let difference = tree.firstDifference(from: b.tree) {
            fatalError("SceneCache: a restored tree differs from its built scene: \(difference)")
        }
    }
}
