import Foundation

/// A 2-D affine transform with CoreGraphics' layout and conventions (`CGAffineTransform`): a point (x, y)
/// maps to (a·x + c·y + tx, b·x + d·y + ty). The object model's `CGAffineTransform` converts to this.
public struct Affine2D: Sendable, Hashable, BitwiseCopyable {
    public var a, b, c, d, tx, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `== .identity`, compared component by component (no global to load, no structs passed by address:
    /// it runs for every view made and every geometry stored).
    @inlinable public var isIdentity: Bool { a == 1 && b == 0 && c == 0 && d == 1 && tx == 0 && ty == 0 }

    /// True when every component is finite.
    @inlinable public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    @inlinable
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    @inlinable
    public func apply(_ p: CGPoint) -> CGPoint {
        let (x, y) = apply(Double(p.x), Double(p.y))
        return CGPoint(x: x, y: y)
    }

    /// `self` then `other` (CoreGraphics' `concatenating`): t1.concatenating(t2) maps p to t2(t1(p)).
    @inlinable
    public func concatenating(_ t: Affine2D) -> Affine2D {
        Affine2D(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                 c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                 tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The inverse, or nil when the transform is singular (CoreGraphics returns the input unchanged then).
    @inlinable
    public func inverted() -> Affine2D? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Affine2D(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The axis-aligned box enclosing `rect` mapped through `self` (as `CGRect.applying`).
    public func boundingBox(of rect: CGRect) -> CGRect {
        let r = rect.standardized
        let p0 = apply(r.minX, r.minY), p1 = apply(r.maxX, r.minY), p2 = apply(r.minX, r.maxY), p3 = apply(r.maxX, r.maxY)
        // Folded in corner order like `Sequence.min()`/`max()` (the same result for NaN corners), without arrays.
        var minX = p0.x, maxX = p0.x, minY = p0.y, maxY = p0.y
        func include(_ p: (x: Double, y: Double)) {
            if p.x < minX { minX = p.x }
            if maxX < p.x { maxX = p.x }
            if p.y < minY { minY = p.y }
            if maxY < p.y { maxY = p.y }
        }
        include(p1); include(p2); include(p3)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
