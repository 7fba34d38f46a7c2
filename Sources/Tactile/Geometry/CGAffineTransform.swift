import Foundation
import TactileCore

/// CoreGraphics' affine transform, with its Swift API (Foundation on Linux has none): a point (x, y) maps
/// to (a·x + c·y + tx, b·x + d·y + ty). UIKit applies a view's transform about its center (AG-J-07).
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    public static let identity = CGAffineTransform()

    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `t1.concatenating(t2)` maps a point through `t1`, then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(affine.concatenating(t2.affine))
    }

    /// Translation applied before `self` (CoreGraphics: `CGAffineTransformTranslate`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse; a singular transform is returned unchanged, as CoreGraphics does.
    public func inverted() -> CGAffineTransform {
        affine.inverted().map(CGAffineTransform.init) ?? self
    }

    // The engine's form.
    init(_ t: Affine2D) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
    var affine: Affine2D { Affine2D(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty)) }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint { t.affine.apply(self) }
}

extension CGSize {
    /// The size as a vector from the origin through the linear part (no translation), as CoreGraphics does.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the transformed rect (`CGRectApplyAffineTransform`).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        return t.affine.boundingBox(of: self)
    }
}
