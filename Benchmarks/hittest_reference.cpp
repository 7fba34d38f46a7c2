// The naive UIKit-style reference tree for hit-testing (see hittest_reference.hpp).
// Compiled with -ffp-contract=off: the coordinate arithmetic must match the library's bit for bit.
#include "hittest_reference.hpp"

#include "common.hpp"

#include <cmath>

#include <malloc.h>

namespace tb::hit {

namespace {

bool is_identity(const tactile_transform &t) {
    return t.a == 1.0 && t.b == 0.0 && t.c == 0.0 && t.d == 1.0 && t.tx == 0.0 && t.ty == 0.0;
}

double mid_x(const tactile_rect &r) { return r.x + r.width / 2.0; }
double mid_y(const tactile_rect &r) { return r.y + r.height / 2.0; }

}  // namespace

void apply(const tactile_transform &t, double x, double y, double *out_x, double *out_y) {
    *out_x = t.a * x + t.c * y + t.tx;
    *out_y = t.b * x + t.d * y + t.ty;
}

tactile_transform local_to_parent(const Geometry &g) {
    const tactile_transform &t = g.transform;
    const double bcx = mid_x(g.bounds), bcy = mid_y(g.bounds);
    return tactile_transform{t.a, t.b, t.c, t.d, g.center.x + t.tx - (t.a * bcx + t.c * bcy),
                             g.center.y + t.ty - (t.b * bcx + t.d * bcy)};
}

tactile_transform parent_to_local(const Geometry &g) {
    if (is_identity(g.transform)) {
        return tactile_transform{1, 0, 0, 1, mid_x(g.bounds) - g.center.x, mid_y(g.bounds) - g.center.y};
    }
    const tactile_transform m = local_to_parent(g);
    const double det = m.a * m.d - m.b * m.c;
    if (det == 0.0 || !std::isfinite(det)) {
        const double nan = std::nan("");
        return tactile_transform{nan, nan, nan, nan, nan, nan};
    }
    const double ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det;
    return tactile_transform{ia, ib, ic, id, -(ia * m.tx + ic * m.ty), -(ib * m.tx + id * m.ty)};
}

RefView::~RefView() = default;

bool RefView::pointInside(double x, double y) const {
    const tactile_rect &b = geometry_.bounds;
    const double x0 = std::min(b.x, b.x + b.width), x1 = std::max(b.x, b.x + b.width);
    const double y0 = std::min(b.y, b.y + b.height), y1 = std::max(b.y, b.y + b.height);
    return x >= x0 && x < x1 && y >= y0 && y < y1;
}

RefView *RefView::hitTest(double x, double y) {
    if (flags_ & kExcludedFlags) return nullptr;
    if (!pointInside(x, y)) return nullptr;
    for (auto it = subviews_.rbegin(); it != subviews_.rend(); ++it) {
        RefView *sub = it->get();
        double lx, ly;
        apply(parent_to_local(sub->geometry_), x, y, &lx, &ly);
        if (RefView *hit = sub->hitTest(lx, ly)) return hit;
    }
    return this;
}

std::unique_ptr<RefView> RefView::mirror(tactile_app app, tactile_view root) {
    Geometry g;
    uint32_t flags = 0;
    size_t count = 0;
    TCHECK(tactile_view_get_center(app, root, &g.center));
    TCHECK(tactile_view_get_bounds(app, root, &g.bounds));
    TCHECK(tactile_view_get_transform(app, root, &g.transform));
    TCHECK(tactile_view_get_flags(app, root, &flags));
    TCHECK(tactile_view_child_count(app, root, &count));
    auto view = std::make_unique<RefView>(root.id, g, flags);
    view->subviews_.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        tactile_view child{0};
        TCHECK(tactile_view_child_at(app, root, i, &child));
        std::unique_ptr<RefView> sub = mirror(app, child);
        sub->superview_ = view.get();
        view->subviews_.push_back(std::move(sub));
    }
    return view;
}

void RefView::collect(std::vector<RefView *> &out) {
    out.push_back(this);
    for (auto &sub : subviews_) sub->collect(out);
}

void to_root(const RefView *view, double x, double y, double *out_x, double *out_y) {
    while (view->superview() != nullptr) {
        apply(local_to_parent(view->geometry()), x, y, &x, &y);
        view = view->superview();
    }
    *out_x = x;
    *out_y = y;
}

size_t heap_bytes_in_use() {
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

}  // namespace tb::hit
