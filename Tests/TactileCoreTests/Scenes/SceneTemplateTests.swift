import Foundation
import Testing
import TactileCore

/// DESIGN-SCENE-COPY: a standard scene kept built (`SceneTemplates`, the c-api fuzzer's phone scenes) and copied
/// into a tree must leave the tree exactly as building it there does — every record, list, transform, counter and
/// epoch, and the handles returned — whatever the tree held before; where building would reuse a freed slot the
/// scene is built. The reference is the builder itself, run on a copy of the same tree with nothing kept, and
/// `firstDifference(from:)` compares the two trees record by record, byte by byte.
@Suite("Scene templates", .serialized)
struct SceneTemplateTests {
    /// The scenes compared: each kind, at sizes and seeds no other suite builds (kept scenes are process-wide).
    static let scenes: [(StandardScene, Int?, UInt64)] = [
        (.phone, nil, 90_001), (.phone, 12, 90_002), (.table, 40, 90_003), (.random, 150, 90_004),
        (.list, 60, 90_005), (.gridOfGrids, 120, 90_006),
    ]

    /// What the tree holds before the scene goes in: 0 nothing; 1 a few views, one transformed, one tagged, a
    /// window transform cached, a refused call; 2 as 1 plus a container wide enough for a grid, hit-tested; 3 as 1
    /// with a view destroyed (a free slot: the scene must be built); 4 as 2, then reset; 5 the same scene already.
    static func prepare(_ tree: ViewTree, state: Int, scene: (StandardScene, Int?, UInt64)) throws {
        if state == 5 { _ = try tree.build(scene.0, viewCount: scene.1, seed: scene.2 &+ 1); return }
        guard state > 0 else { return }
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = try tree.makeView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let b = try tree.makeView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        try tree.addChild(a, to: root)
        try tree.addChild(b, to: a)
        try tree.setTransform(Affine2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0), of: a)
        try tree.setTag(7, of: b)
        _ = try tree.windowTransform(of: b)
        _ = try? tree.setCenter(.zero, of: ViewID(packed: 0))
        if state == 2 || state == 4 {
            for k in 0..<30 { try tree.addChild(try tree.makeView(frame: CGRect(x: k * 10, y: 0, width: 10, height: 10)), to: root) }
            _ = try tree.hitTest(CGPoint(x: 15, y: 5), in: root)
        }
        if state == 3 { try tree.destroy(b) }
        if state == 4 { tree.reset() }
    }

    @Test("DESIGN-SCENE-COPY a kept scene copied into a tree is, byte for byte and handle for handle, the scene built there",
          arguments: 0..<6)
    func copyIsTheBuild(state: Int) throws {
        let checked = SceneTemplates.checksCopies
        SceneTemplates.checksCopies = false  // this test is the check
        defer { SceneTemplates.checksCopies = checked; SceneTemplates.forgetAll() }
        for scene in Self.scenes {
            SceneTemplates.forgetAll()
            let built = ViewTree(), copied: ViewTree
            try Self.prepare(built, state: state, scene: scene)
            copied = built.copy()
            let expected = try built.build(scene.0, viewCount: scene.1, seed: scene.2)
            SceneTemplates.keep(scene.0, viewCount: scene.1, seeds: [scene.2])
            let copiesBefore = SceneTemplates.copiesMade
            let result = try copied.build(scene.0, viewCount: scene.1, seed: scene.2)
            let what = "\(scene.0) \(scene.1.map(String.init) ?? "default") state \(state)"
            #expect(SceneTemplates.copiesMade == copiesBefore + (state == 3 ? 0 : 1), "\(what): copied only without free slots")
            #expect(copied.firstDifference(from: built) == nil, "\(what): \(copied.firstDifference(from: built) ?? "")")
            #expect(result.window == expected.window && result.views == expected.views, "\(what): handles")
            #expect(result.scrollViews == expected.scrollViews, "\(what): scroll views")
            // The two go on alike: hit-tests (grids built on the way), then the same changes.
            var rng = SceneRandom(seed: scene.2)
            for _ in 0..<200 {
                let p = CGPoint(x: rng.uniform(-10, 330), y: rng.uniform(-10, 490))
                #expect(try copied.hitTest(p, in: result.window) == built.hitTest(p, in: expected.window), "\(what) at \(p)")
            }
            for tree in [built, copied] {
                try tree.destroy(expected.views[expected.views.count / 2])
                try tree.setCenter(CGPoint(x: 40, y: 40), of: expected.views[1])
                try tree.addChild(try tree.makeView(frame: CGRect(x: 1, y: 1, width: 9, height: 9)), to: expected.window)
            }
            #expect(copied.firstDifference(from: built) == nil, "\(what), changed")
        }
    }

    @Test("DESIGN-SCENE-COPY a copied scene's child lists, kept in one block, change, go, copy, restore and reset as lists of their own")
    func listsInOneBlock() throws {
        let checked = SceneTemplates.checksCopies
        SceneTemplates.checksCopies = false
        defer { SceneTemplates.checksCopies = checked; SceneTemplates.forgetAll() }
        SceneTemplates.forgetAll()
        let built = ViewTree(), copied = built.copy()  // one handle space
        let expected = try built.build(.phone, seed: 90_201)
        SceneTemplates.keep(.phone, seeds: [90_201])
        let copiesBefore = SceneTemplates.copiesMade
        _ = try copied.build(.phone, seed: 90_201)
        #expect(SceneTemplates.copiesMade == copiesBefore + 1)
        let snapshot = copied.copy()  // lists of its own
        let containers = try expected.views.filter { try built.childCount(of: $0) > 0 }
        #expect(containers.count > 20)
        // Every container changes alike in both trees: children added past the list's room (it leaves the block),
        // inserted in front, removed, reordered; some containers destroyed with their lists.
        var rng = SceneRandom(seed: 90_201)
        for (n, container) in containers.enumerated() where built.isValid(container) {
            for tree in [built, copied] {
                let count = try tree.childCount(of: container)
                for k in 0..<(n % 3 == 0 ? 9 : 1) {
                    let v = try tree.makeView(frame: CGRect(x: 2 * k, y: k, width: 5, height: 5))
                    if k % 2 == 0 { try tree.addChild(v, to: container) } else { try tree.insertChild(v, at: 0, of: container) }
                }
                if count > 1 { try tree.exchangeChildren(at: 0, count - 1, of: container) }
                if n % 4 == 1, let first = try tree.child(at: 0, of: container) { try tree.removeFromParent(first) }
            }
            if n % 5 == 2 { for tree in [built, copied] { try tree.destroy(container) } }
        }
        #expect(copied.firstDifference(from: built) == nil, "\(copied.firstDifference(from: built) ?? "")")
        for _ in 0..<300 {
            let p = CGPoint(x: rng.uniform(-10, 330), y: rng.uniform(-10, 490))
            #expect(try copied.hitTest(p, in: expected.window) == built.hitTest(p, in: expected.window), "at \(p)")
        }
        // A copy of the changed tree has lists of its own; restoring the tree from its copy from before the changes
        // writes into the lists where they are (the block included), and resetting it frees the block.
        #expect(copied.copy().firstDifference(from: copied) == nil)
        copied.restore(from: snapshot)
        #expect(copied.firstDifference(from: snapshot) == nil, "\(copied.firstDifference(from: snapshot) ?? "")")
        copied.reset()
        #expect(copied.differenceFromNew() == nil, "\(copied.differenceFromNew() ?? "")")
        #expect(copied.memoryBytes == copied.copy().memoryBytes, "a reset tree holds no block")
    }

    @Test("DESIGN-SCENE-COPY nothing is copied unless kept; kept per scene, size and (phone, random) seed; the phone has one size")
    func keptOnlyWhenAsked() throws {
        SceneTemplates.forgetAll()
        defer { SceneTemplates.forgetAll() }
        let before = SceneTemplates.copiesMade
        _ = try ViewTree().build(.phone, seed: 90_101)
        #expect(SceneTemplates.copiesMade == before)
        SceneTemplates.keep(.phone, seeds: [90_101, 90_102])
        SceneTemplates.keep(.phone, viewCount: 5, seeds: [90_101])  // the same phone scene: nothing more kept
        SceneTemplates.keep(.table, viewCount: 30, seeds: [90_101, 90_555])  // the table draws nothing from its seed
        SceneTemplates.keep(.random, viewCount: 50, seeds: [90_104])
        #expect(SceneTemplates.count == 4)
        _ = try ViewTree().build(.phone, viewCount: 77, seed: 90_101)
        _ = try ViewTree().build(.table, viewCount: 31, seed: 90_101)  // another size: built
        _ = try ViewTree().build(.table, viewCount: 30, seed: 90_103)
        _ = try ViewTree().build(.random, viewCount: 50, seed: 90_105)  // another seed: built
        _ = try ViewTree().build(.random, viewCount: 50, seed: 90_104)
        #expect(SceneTemplates.copiesMade == before + 3)
    }
}
