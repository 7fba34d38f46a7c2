// The hit-testing reference: a naive, UIKit-style object tree (one heap object per view, a vector of owned
// subviews, virtual hitTest / pointInside), mirrored from a packed tactile scene through the C API.
//
// hitTest(p), with p in the view's own bounds space, is UIKit's documented default written the obvious way:
//   - nil when the view is hidden, interaction-disabled or transparent;
//   - nil when !pointInside(p) (bounds contain p, half-open on the max edges like CGRect.contains);
//   - the subviews from last (front-most) to first: p converted into the subview's bounds space, recurse,
//     first non-nil answer wins;
//   - else the view itself.
// The conversion is computed on the fly from center, bounds and transform at each visit (as UIKit does), with
// the same arithmetic as the library's ViewGeometry.parentToLocal, operation for operation, so both sides get
// bit-identical coordinates. hittest_reference.cpp is compiled with -ffp-contract=off (no fused multiply-add)
// for that reason; see Benchmarks/CMakeLists.txt.
#pragma once

#include <tactile.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace tb::hit {

/// A view's own geometry as UIKit stores it.
struct Geometry {
    tactile_point center{};     ///< in the superview's bounds space
    tactile_rect bounds{};      ///< in the view's own space
    tactile_transform transform{1, 0, 0, 1, 0, 0};  ///< applied about the center
};

/// The superview-space -> bounds-space conversion of `g` (the library's parentToLocal): with an identity
/// transform the offset (midX(bounds) - center.x, midY(bounds) - center.y); otherwise the inverse of
/// localToParent; a singular or non-finite transform gives NaN everywhere (the view contains no point).
tactile_transform parent_to_local(const Geometry &g);

/// The bounds-space -> superview-space map of `g` (localToParent).
tactile_transform local_to_parent(const Geometry &g);

/// (a·x + c·y + tx, b·x + d·y + ty), evaluated in that order without contraction.
void apply(const tactile_transform &t, double x, double y, double *out_x, double *out_y);

/// One view of the reference tree.
class RefView {
public:
    RefView(uint64_t id, const Geometry &geometry, uint32_t flags) : id_(id), geometry_(geometry), flags_(flags) {}
    virtual ~RefView();
    RefView(const RefView &) = delete;
    RefView &operator=(const RefView &) = delete;

    /// UIKit's default hitTest(_:with:) with (x, y) in this view's bounds space; nullptr for none.
    virtual RefView *hitTest(double x, double y);
    /// UIKit's default point(inside:with:): the bounds contain (x, y).
    virtual bool pointInside(double x, double y) const;

    uint64_t id() const { return id_; }
    const Geometry &geometry() const { return geometry_; }
    Geometry &geometry() { return geometry_; }
    uint32_t flags() const { return flags_; }
    const std::vector<std::unique_ptr<RefView>> &subviews() const { return subviews_; }
    RefView *superview() const { return superview_; }

    /// Mirrors the subtree of `root` from the app's public state (child_count / child_at / get_center /
    /// get_bounds / get_transform / get_flags). Aborts on any C API failure.
    static std::unique_ptr<RefView> mirror(tactile_app app, tactile_view root);

    /// Every view of the subtree, depth-first pre-order (this view first).
    void collect(std::vector<RefView *> &out);

private:
    uint64_t id_;
    Geometry geometry_;
    uint32_t flags_;
    RefView *superview_ = nullptr;
    std::vector<std::unique_ptr<RefView>> subviews_;
};

/// The flags that take a view and its subtree out of hit-testing.
constexpr uint32_t kExcludedFlags =
    TACTILE_VIEW_HIDDEN | TACTILE_VIEW_INTERACTION_DISABLED | TACTILE_VIEW_TRANSPARENT;

/// Maps a point in `view`'s bounds space up to the root's bounds space (through every superview's
/// localToParent). Used to place probe points on view edges; any rounding is harmless (both trees are asked
/// about the same resulting point).
void to_root(const RefView *view, double x, double y, double *out_x, double *out_y);

/// Heap bytes currently in use (glibc mallinfo2), for the reference tree's memory per view.
size_t heap_bytes_in_use();

}  // namespace tb::hit
