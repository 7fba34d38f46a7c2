import Foundation
import TactileCore

/// The process's views: one packed ``ViewTree`` for every window, plus the table from a view's slot to its
/// `UIView` object.
///
/// Ownership follows UIKit (AG-H-06): a superview keeps its subviews alive. The table holds a strong
/// reference to a view exactly while it has a superview, so the tree's parent links are the only record of
/// the hierarchy; roots (windows, detached views) live as long as someone else holds them.
@MainActor
enum ViewWorld {
    static let tree = makeTree()
    // Main-actor confined, never accessed re-entrantly while being mutated: no dynamic exclusivity checks.
    /// Slot index → the view object (unretained).
    @exclusivity(unchecked) private static var objects: [Unmanaged<UIView>?] = []
    /// Slot index → the view, retained while it has a superview.
    @exclusivity(unchecked) private static var owned: [UIView?] = []

    static func register(_ view: UIView) {
        let i = Int(view.viewID.index)
        while objects.count <= i {
            objects.append(nil)
            owned.append(nil)
        }
        objects[i] = .passUnretained(view)
    }

    /// The object for a handle, or nil.
    static func view(_ id: ViewID?) -> UIView? {
        guard let id else { return nil }
        return unretainedView(id)?.takeUnretainedValue()
    }

    /// The object for a handle, unretained, or nil: for a caller that knows something holds the view.
    static func unretainedView(_ id: ViewID) -> Unmanaged<UIView>? {
        guard tree.isValid(id) else { return nil }
        return objects[Int(id.index)]
    }

    /// The object for a handle the tree just returned (live by construction).
    @inline(__always)
    static func found(_ id: ViewID?) -> UIView? {
        guard let id else { return nil }
        return objects[Int(id.index)]?.takeUnretainedValue()
    }

    /// Records that `view` is (or no longer is) owned by a superview. The caller keeps `view` alive.
    static func setOwnedBySuperview(_ view: UIView, _ owned: Bool) {
        self.owned[Int(view.viewID.index)] = owned ? view : nil
    }

    /// Called from a view's deinit: frees its slot and releases its subviews (which may go too). The
    /// references are taken out first and dropped after the table access ends, because a subview's own
    /// deinit comes back here.
    static func destroy(_ id: ViewID) {
        let subviews = (try? tree.children(of: id)) ?? []
        AutoLayout.viewDestroyed(id)
        try? tree.destroy(id)
        objects[Int(id.index)] = nil
        var released: [UIView] = []
        for child in subviews {
            if let view = owned[Int(child.index)] { released.append(view) }
            owned[Int(child.index)] = nil
        }
        released.removeAll()
    }

    /// The event of the hit-test in progress (overrides receive it).
    @exclusivity(unchecked) static var currentEvent: UIEvent?

    /// The tree hands views of `UIView` subclasses to their own `hitTest(_:with:)`.
    static func makeTree() -> ViewTree {
        let tree = ViewTree()
        tree.customHitTest = { id, point in
            MainActor.assumeIsolated { found(id)?.hitTest(point, with: currentEvent)?.viewID }
        }
        return tree
    }
}
