import Foundation

/// A view's own geometry as UIKit stores it: `center` (in the superview's coordinates), `bounds` (in its own
/// coordinates) and `transform` (applied about the center). `frame` is derived (AG-J-03 … AG-J-07).
///
/// A point q in the view's bounds space maps to its superview's space as
/// `center + T·(q − boundsCenter) + (tx, ty)`, where boundsCenter is the middle of `bounds`.
public struct ViewGeometry: Sendable, Hashable {
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: Affine2D

    /// `init(frame:)` (AG-J-04): bounds = (0, 0, frame.size), center = the frame's midpoint, identity transform.
    public init(frame: CGRect) {
        center = CGPoint(x: frame.midX, y: frame.midY)
        bounds = CGRect(origin: .zero, size: frame.size)
        transform = .identity
    }

    public init(center: CGPoint, bounds: CGRect, transform: Affine2D = .identity) {
        self.center = center
        self.bounds = bounds
        self.transform = transform
    }

    /// True when every number is finite (the only geometry the tree accepts).
    public var isFinite: Bool {
        center.x.isFinite && center.y.isFinite && bounds.origin.x.isFinite && bounds.origin.y.isFinite
            && bounds.width.isFinite && bounds.height.isFinite && transform.isFinite
    }

    /// Bounds space → superview bounds space.
    public var localToParent: Affine2D {
        let t = transform
        let bcx = Self.extent(bounds.origin.x, bounds.width).mid, bcy = Self.extent(bounds.origin.y, bounds.height).mid
        return Affine2D(a: t.a, b: t.b, c: t.c, d: t.d,
                        tx: Double(center.x) + t.tx - (t.a * bcx + t.c * bcy),
                        ty: Double(center.y) + t.ty - (t.b * bcx + t.d * bcy))
    }

    /// Superview bounds space → bounds space: the conversion hit-testing applies to a point before asking a
    /// subview (AG-K-03). With an identity transform it is the plain offset `point − frame.origin + bounds.origin`
    /// (AG-CC-04). A singular transform gives NaN everywhere, so the view contains no point.
    public var parentToLocal: Affine2D {
        if transform.isIdentity {
            return Affine2D(a: 1, b: 0, c: 0, d: 1,
                            tx: Self.extent(bounds.origin.x, bounds.width).mid - Double(center.x),
                            ty: Self.extent(bounds.origin.y, bounds.height).mid - Double(center.y))
        }
        return localToParent.inverted() ?? Affine2D(a: .nan, b: .nan, c: .nan, d: .nan, tx: .nan, ty: .nan)
    }

    /// `frame` (AG-J-03, AG-J-06): with an identity transform, the rect of size `bounds.size` centred on `center`;
    /// otherwise the bounding box of the transformed bounds, as UIKit reports it.
    public var frame: CGRect {
        if transform.isIdentity {
            return CGRect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2,
                          width: bounds.width, height: bounds.height)
        }
        return localToParent.boundingBox(of: bounds)
    }

    /// Setting `frame` (AG-J-05): center becomes the frame's midpoint, bounds.size the frame's size; bounds.origin
    /// and the transform are kept. Under a non-identity transform (documented as undefined, AG-J-06) UIKit's
    /// layer makes `frame` read back what was set: the bounds' size is the frame's size mapped through the
    /// inverse of the transform's linear part (a scale of 0.5 doubles it) and the center is the frame's middle
    /// less the transform's translation — as iOS does (UIKit-cross-platform's tests, checked on devices).
    public mutating func setFrame(_ frame: CGRect) {
        guard !transform.isIdentity else {
            center = CGPoint(x: frame.midX, y: frame.midY)
            bounds.size = frame.size
            return
        }
        let t = transform
        if let inverse = Affine2D(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0).inverted() {
            bounds.size = inverse.boundingBox(of: CGRect(origin: .zero, size: frame.size)).size
        } else {
            bounds.size = frame.size
        }
        center = CGPoint(x: Double(frame.midX) - t.tx, y: Double(frame.midY) - t.ty)
    }

    /// One axis of a rect with origin `o` and size `s` as `CGRect` gives it — `minX`, `maxX`, `midX` (a negative
    /// size reaches back from the origin) — written out once, so that the hit-test, which keeps only center and
    /// bounds and derives the rest per query, and the conversions agree to the last bit.
    @inline(__always)
    static func extent(_ o: Double, _ s: Double) -> (min: Double, max: Double, mid: Double) {
        let e = o + s
        let lo = Swift.min(o, e), hi = Swift.max(o, e)
        return (lo, hi, (lo + hi) / 2)
    }

    /// `point(inside:with:)`'s default (AG-K-03): `bounds.contains(point)`, half-open on the max edges like
    /// `CGRect.contains`.
    @inlinable
    public static func contains(_ bounds: CGRect, _ x: Double, _ y: Double) -> Bool {
        let x0 = Double(bounds.minX), x1 = Double(bounds.maxX), y0 = Double(bounds.minY), y1 = Double(bounds.maxY)
        return x >= x0 && x < x1 && y >= y0 && y < y1
    }
}
