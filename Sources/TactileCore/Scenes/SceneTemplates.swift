import Foundation
import Synchronization

/// Standard scenes kept built, to be copied into a tree rather than built view by view: the c-api fuzzer's
/// inputs build the 300-view phone scene from one of 256 seeds over and over, and under AddressSanitizer building
/// it (300 `makeView`/`addChild` with their checks and child-list growth) took a fifth of the fuzzer's time.
///
/// Opt-in: nothing is kept until `keep(_:viewCount:seeds:)` is called (the fuzzer does it before its first
/// input, so no input allocates a template). `ViewTree.build(_:viewCount:seed:)` then copies a kept scene
/// when the tree's free lists are empty — building would append every view, list and transform at the end, so
/// the copy, shifted by the tree's sizes, is byte for byte what building makes (handles, counters and epochs
/// included) — and builds as before otherwise. With `checksCopies` on (debug builds; the fuzzer on some
/// inputs) each copy is compared with a build in a copy of the tree, and a difference traps.
package enum SceneTemplates {
    /// A kept scene: the tree it was built in (new before) and what the builder returned. Read only once kept.
    final class Template: @unchecked Sendable {
        let tree: ViewTree
        let built: BuiltScene

        init(tree: ViewTree, built: BuiltScene) {
            self.tree = tree
            self.built = built
        }
    }

    struct Key: Hashable {
        let scene: StandardScene
        let viewCount: Int
        let seed: UInt64
    }

    private static let kept = Mutex<[Key: Template]>([:])
    private static let checks = Atomic<Bool>(_isDebugAssertConfiguration())
    private static let copies = Atomic<Int>(0)

    /// Whether each copy is checked against a build (on in debug builds).
    package static var checksCopies: Bool {
        get { checks.load(ordering: .relaxed) }
        set { checks.store(newValue, ordering: .relaxed) }
    }

    /// The key `build(scene, viewCount:seed:)` looks up: the view count it builds (the phone scene has one size)
    /// and the seed where the scene draws from one (the phone and random scenes).
    static func key(_ scene: StandardScene, viewCount: Int?, seed: UInt64) -> Key {
        Key(scene: scene, viewCount: scene == .phone ? scene.defaultViewCount : max(1, viewCount ?? scene.defaultViewCount),
            seed: scene == .phone || scene == .random ? seed : 0)
    }

    /// Builds and keeps `scene` of `viewCount` views for each seed (already kept ones stay).
    package static func keep(_ scene: StandardScene, viewCount: Int? = nil, seeds: some Sequence<UInt64>) {
        for seed in seeds {
            let key = key(scene, viewCount: viewCount, seed: seed)
            guard kept.withLock({ $0[key] }) == nil else { continue }
            let tree = ViewTree()
            guard let built = try? tree.buildAnew(scene, viewCount: key.viewCount, seed: seed),
                  tree.isCopyableTemplate else { continue }
            kept.withLock { $0[key] = Template(tree: tree, built: built) }
        }
    }

    /// Drops every kept scene.
    package static func forgetAll() {
        kept.withLock { $0.removeAll() }
    }

    /// How many scenes are kept.
    package static var count: Int { kept.withLock { $0.count } }

    /// How many builds were copies of a kept scene so far.
    package static var copiesMade: Int { copies.load(ordering: .relaxed) }

    static func template(for key: Key) -> Template? {
        kept.withLock { $0[key] }
    }

    static func countCopy() { copies.add(1, ordering: .relaxed) }
}

extension ViewTree {
    /// True for a tree a copy can be shifted from: every view new, in a tree that was new (one handle generation,
    /// nothing freed or refused), and nothing but nodes, records, lists and transforms (no window caches, grids
    /// or tags, which building never makes).
    fileprivate var isCopyableTemplate: Bool {
        guard world.count == 0, grids.count == 0, tags.isEmpty, refusedCalls == 0, freeViews.isEmpty, freeLists.isEmpty,
              freeTransforms.isEmpty, freeGrids.isEmpty, count == nodes.count else { return false }
        for i in 0..<nodes.count {
            let n = nodes[i]
            if n.generation != generationBase || n.world != -1 || n.span != .none || hit[i].grid != -1 { return false }
        }
        return true
    }

    /// Appends `template`'s views as building its scene here would, or returns nil (and changes nothing) when
    /// building would reuse a freed slot, list or transform. Every index is shifted by this tree's sizes, every
    /// epoch by its epoch, and the handles take its generation base.
    func copyScene(_ template: SceneTemplates.Template) -> BuiltScene? {
        guard freeViews.isEmpty, freeLists.isEmpty, freeTransforms.isEmpty else { return nil }
        confinement.enter()
        defer { confinement.exit() }
        let t = template.tree
        let slots = Int32(nodes.count), lists = Int32(children.count), transformBase = Int32(transforms.count)
        let epochs = epoch &- 1  // the template's epochs count from a new tree's
        nodes.append(contentsOf: t.nodes)
        hit.append(contentsOf: t.hit)
        transforms.append(contentsOf: t.transforms)
        for i in Int(slots)..<nodes.count {
            nodes[i].generation = generationBase
            if nodes[i].parent >= 0 { nodes[i].parent += slots }
            if nodes[i].changedAt != 0 { nodes[i].changedAt &+= epochs }
            if hit[i].list >= 0 { hit[i].list += lists }
            if hit[i].transform >= 0 { hit[i].transform += transformBase }
        }
        // The lists, with the template's capacities, in one block (a list each would be a hundred allocations),
        // appended in order.
        if t.children.count > 0 {
            children.reserve(children.count + t.children.count)
            let capacities = UnsafeBufferPointer(start: t.children.base, count: t.children.count).lazy.map(\.capacity)
            listBlocks.allocate(capacities: capacities) { i, memory in
                let source = t.children[i]
                for k in 0..<Int(source.count) { (memory + k).initialize(to: source[k].shifted(by: slots)) }
                children.append(source.capacity > 0 ? PackedList(borrowing: memory, count: source.count, capacity: source.capacity) : PackedList())
            }
        }
        epoch &+= t.epoch &- 1
        if t.lastChange != 0 { lastChange = t.lastChange &+ epochs }
        count += t.count
        structureVersion &+= t.structureVersion
        SceneTemplates.countCopy()
        func shift(_ v: ViewID) -> ViewID { ViewID(index: v.index + UInt32(slots), generation: generationBase) }
        var built = BuiltScene(window: shift(template.built.window), views: template.built.views.map(shift))
        built.scrollViews = template.built.scrollViews.map { SceneScrollView(view: shift($0.view), contentSize: $0.contentSize) }
        return built
    }

    /// `copyScene` checked: the same scene built in a copy of this tree as it was must leave that copy equal to
    /// this tree, with the same handles returned (traps otherwise: the copy is Tactile's, never the caller's).
    func copySceneChecked(_ template: SceneTemplates.Template, _ scene: StandardScene, viewCount: Int,
                          seed: UInt64) -> BuiltScene? {
        let reference = copy()
        guard let built = copyScene(template) else { return nil }
        let expected: BuiltScene
        do { expected = try reference.buildAnew(scene, viewCount: viewCount, seed: seed) } catch {
            fatalError("SceneTemplates: building \(scene) in the reference failed (\(error)) where the copy succeeded")
        }
        if let difference = firstDifference(from: reference) {
            fatalError("SceneTemplates: a copied \(scene) scene differs from a built one — \(difference)")
        }
        guard built.window == expected.window, built.views == expected.views, built.scrollViews == expected.scrollViews else {
            fatalError("SceneTemplates: a copied \(scene) scene returned other handles than a built one")
        }
        return built
    }
}
