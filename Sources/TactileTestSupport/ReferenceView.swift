import Foundation
import TactileCore

/// The oracle for hit-testing: a naive, UIKit-style object tree. Each view is an object with an array of
/// subviews, and `hitTest` is UIKit's documented default (AG-K-03), written the obvious recursive way:
/// refuse when hidden, interaction-disabled or transparent; refuse when `point(inside:)` says no; ask the
/// subviews front-most first, converting the point into each; else answer self.
///
/// It shares only the coordinate conversion (``ViewGeometry/parentToLocal``) and the containment rule with the
/// packed tree, so a differential test checks the packed search — pruning, grids, ordering, flags, caches —
/// against the plain algorithm.
public final class ReferenceView {
    public let id: ViewID
    public var geometry: ViewGeometry
    public var flags: ViewFlags
    public var subviews: [ReferenceView] = []
    public weak var superview: ReferenceView?

    public init(id: ViewID, geometry: ViewGeometry, flags: ViewFlags) {
        self.id = id
        self.geometry = geometry
        self.flags = flags
    }

    /// `point(inside:with:)`: the bounds contain the point.
    public func pointInside(_ p: CGPoint) -> Bool {
        ViewGeometry.contains(geometry.bounds, Double(p.x), Double(p.y))
    }

    /// `hitTest(_:with:)` with `p` in this view's bounds space.
    public func hitTest(_ p: CGPoint) -> ReferenceView? {
        if !flags.isDisjoint(with: .excludedFromHitTesting) { return nil }
        if !pointInside(p) { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.geometry.parentToLocal.apply(p)) { return hit }
        }
        return self
    }

    /// Mirrors the subtree of `root` from the tree's public state (geometry, flags, subviews).
    public static func mirror(_ tree: ViewTree, root: ViewID) throws -> ReferenceView {
        let view = ReferenceView(id: root, geometry: try tree.geometry(of: root), flags: try tree.flags(of: root))
        for child in try tree.children(of: root) {
            let sub = try mirror(tree, root: child)
            sub.superview = view
            view.subviews.append(sub)
        }
        return view
    }
}
