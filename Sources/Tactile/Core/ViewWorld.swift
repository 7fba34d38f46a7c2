import Foundation
import TactileCore

/// The process's views: one packed ``ViewTree`` for every window, plus the table from a view's slot to its
/// `UIView` object.
///
/// Ownership follows UIKit (app guide H-06): a superview keeps its subviews alive. The table holds a strong
/// reference to a view exactly while it has a superview, so the tree's parent links are the only record of
/// the hierarchy; roots (windows, detached views) live as long as someone else holds them.
@MainActor
enum ViewWorld {
    static let tree = ViewTree()
    /// Slot index → the view object (unretained).
    private static var objects: [Unmanaged<UIView>?] = []
    /// Slot index → the view, retained while it has a superview.
    private static var owned: [UIView?] = []

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
        guard let id, tree.isValid(id) else { return nil }
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
        try? tree.destroy(id)
        objects[Int(id.index)] = nil
        var released: [UIView] = []
        for child in subviews {
            if let view = owned[Int(child.index)] { released.append(view) }
            owned[Int(child.index)] = nil
        }
        released.removeAll()
    }

    /// The callback that hands views with an overridden `hitTest(_:with:)` / `point(inside:with:)` to their
    /// Swift implementation.
    static func customHitTest(_ event: UIEvent?) -> ViewTree.CustomHitTest {
        { id, point in view(id)?.hitTest(point, with: event)?.viewID }
    }
}
