import Foundation

/// UIKit's geometry, written from its rules alone — not from Tactile's engine — so that tests can check the
/// engine and the object model against it (a reference that shared the engine's arithmetic would share its
/// mistakes).
///
/// The rules (Core Animation's layer model, which a `UIView`'s geometry is; AG-J-03 … AG-J-10, AG-K-03):
/// - A view's geometry is its layer's: `position` (the view's `center`) in the superview's space, `bounds` in
///   its own space, `anchorPoint` (unit coordinates of the bounds, (0.5, 0.5) by default: the middle) and
///   `transform`, applied about the anchor point.
/// - A point q of the bounds space maps to the superview's space as
///   `position + T·(q − (bounds.origin + anchorPoint·bounds.size))`, T the affine transform (its translation
///   included).
/// - `frame` is derived: the bounding box, in the superview's space, of the bounds mapped that way.
/// - Setting `frame` sets `position` and the bounds' size so that `frame` reads back what was set: the size is
///   the bounding box of the frame's size mapped through the inverse of T's linear part (a scale of 0.5 makes
///   the bounds twice the frame), and `position` is the frame's anchor-point position less T's translation.
///   `bounds.origin` stays.
/// - `hitTest(_:with:)` takes its point in the receiver's bounds space (so the receiver's own transform plays
///   no part): nil when hidden, interaction-disabled or alpha < 0.01, or when the bounds do not contain the
///   point (`CGRect.contains`: half-open on the max edges); else the first subview, front-most first, that
///   returns a hit for the point mapped into that subview's bounds space (through the inverse of its mapping);
///   else the receiver.
/// - `convert(_:to:)` maps through every view between the two: up to the root of each, and for views in
///   different hierarchies through their roots' own mapping into the space the roots share (the screen).
///
/// Matrices here are 3×3 homogeneous ones, column-vector convention, with their own multiplication and
/// inverse (cofactors).
public final class LayerModel {
    /// A 2-D affine map as the top two rows of a homogeneous 3×3 matrix: (x, y) ↦ (m11·x + m12·y + m13,
    /// m21·x + m22·y + m23).
    public struct Matrix: Equatable, Sendable {
        public var m11: Double, m12: Double, m13: Double
        public var m21: Double, m22: Double, m23: Double

        public init(_ m11: Double, _ m12: Double, _ m13: Double, _ m21: Double, _ m22: Double, _ m23: Double) {
            (self.m11, self.m12, self.m13, self.m21, self.m22, self.m23) = (m11, m12, m13, m21, m22, m23)
        }

        public static let identity = Matrix(1, 0, 0, 0, 1, 0)
        public static func translation(_ x: Double, _ y: Double) -> Matrix { Matrix(1, 0, x, 0, 1, y) }
        public static func scale(_ x: Double, _ y: Double) -> Matrix { Matrix(x, 0, 0, 0, y, 0) }
        public static func rotation(_ radians: Double) -> Matrix {
            Matrix(cos(radians), -sin(radians), 0, sin(radians), cos(radians), 0)
        }

        /// `self · other`: `other` first, then `self`.
        public static func * (l: Matrix, r: Matrix) -> Matrix {
            Matrix(l.m11 * r.m11 + l.m12 * r.m21, l.m11 * r.m12 + l.m12 * r.m22, l.m11 * r.m13 + l.m12 * r.m23 + l.m13,
                   l.m21 * r.m11 + l.m22 * r.m21, l.m21 * r.m12 + l.m22 * r.m22, l.m21 * r.m13 + l.m22 * r.m23 + l.m23)
        }

        public func apply(_ p: CGPoint) -> CGPoint {
            let x = Double(p.x), y = Double(p.y)
            return CGPoint(x: m11 * x + m12 * y + m13, y: m21 * x + m22 * y + m23)
        }

        /// The inverse by cofactors (nil when singular).
        public var inverse: Matrix? {
            let det = m11 * m22 - m12 * m21
            guard det != 0, det.isFinite else { return nil }
            return Matrix(m22 / det, -m12 / det, (m12 * m23 - m22 * m13) / det,
                          -m21 / det, m11 / det, (m21 * m13 - m11 * m23) / det)
        }

        /// The linear part (translation dropped).
        public var linear: Matrix { Matrix(m11, m12, 0, m21, m22, 0) }

        /// CoreGraphics' `CGAffineTransform(a:b:c:d:tx:ty:)` maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
        public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
            self.init(a, c, tx, b, d, ty)
        }

        /// The bounding box of `rect`'s corners mapped through the matrix.
        public func boundingBox(of rect: CGRect) -> CGRect {
            let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(apply)
            let xs = corners.map { Double($0.x) }, ys = corners.map { Double($0.y) }
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
    }

    public var position: CGPoint
    public var bounds: CGRect
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var transform = Matrix.identity
    public var isHidden = false
    public var isUserInteractionEnabled = true
    public var alpha: Double = 1
    public private(set) var sublayers: [LayerModel] = []
    public private(set) weak var superlayer: LayerModel?
    /// The caller's number for the layer (to match it with what it models).
    public var id = 0

    /// `init(frame:)`: bounds (0, 0, size), position at the frame's middle, identity transform.
    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: frame.size)
        position = CGPoint(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
    }

    public func addSublayer(_ layer: LayerModel) {
        layer.removeFromSuperlayer()
        sublayers.append(layer)
        layer.superlayer = self
    }

    public func removeFromSuperlayer() {
        superlayer?.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Bounds space → superlayer space.
    public var toSuperlayer: Matrix {
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        return .translation(Double(position.x), Double(position.y)) * transform
            * .translation(-Double(anchor.x), -Double(anchor.y))
    }

    public var frame: CGRect {
        get { toSuperlayer.boundingBox(of: bounds) }
        set {
            let linear = transform.linear
            if let inverse = linear.inverse {
                bounds.size = inverse.boundingBox(of: CGRect(origin: .zero, size: newValue.size)).size
            } else {
                bounds.size = newValue.size
            }
            position = CGPoint(x: Double(newValue.minX) + Double(anchorPoint.x) * Double(newValue.width) - transform.m13,
                               y: Double(newValue.minY) + Double(anchorPoint.y) * Double(newValue.height) - transform.m23)
        }
    }

    /// `center` is the layer's position.
    public var center: CGPoint {
        get { position }
        set { position = newValue }
    }

    /// The root of the hierarchy.
    public var root: LayerModel { superlayer?.root ?? self }

    /// Bounds space → the root's superlayer space (the screen, for a window).
    public var toScreen: Matrix { (superlayer?.toScreen ?? .identity) * toSuperlayer }

    /// Bounds space → the root's bounds space.
    public var toRoot: Matrix {
        guard let superlayer else { return .identity }
        return superlayer.toRoot * toSuperlayer
    }

    /// `point(inside:with:)`'s default: `bounds.contains(point)`.
    public func pointInside(_ p: CGPoint) -> Bool {
        Double(p.x) >= Double(bounds.minX) && Double(p.x) < Double(bounds.maxX)
            && Double(p.y) >= Double(bounds.minY) && Double(p.y) < Double(bounds.maxY)
    }

    /// `hitTest(_:with:)`, `p` in the receiver's bounds space. `margin` receives the smallest distance, in the
    /// bounds space where it was decided, between a tested point and an edge of a bounds it was tested
    /// against — below a rounding tolerance the answer depends on rounding, and comparisons skip it.
    public func hitTest(_ p: CGPoint, margin: inout Double) -> LayerModel? {
        if isHidden || !isUserInteractionEnabled || alpha < 0.01 { return nil }
        let scale = max(1, abs(Double(p.x)), abs(Double(p.y)), abs(Double(bounds.maxX)), abs(Double(bounds.maxY)))
        let distance = min(abs(Double(p.x - bounds.minX)), abs(Double(p.x - bounds.maxX)),
                           abs(Double(p.y - bounds.minY)), abs(Double(p.y - bounds.maxY))) / scale
        margin = min(margin, distance)
        guard pointInside(p) else { return nil }
        for sublayer in sublayers.reversed() {
            guard let inverse = sublayer.toSuperlayer.inverse else { continue }
            if let hit = sublayer.hitTest(inverse.apply(p), margin: &margin) { return hit }
        }
        return self
    }

    /// `convert(_:to:)`: `p` from the receiver's bounds space to `other`'s (nil: the receiver's root's).
    public func convert(_ p: CGPoint, to other: LayerModel?) -> CGPoint? {
        let target = other ?? root
        let up = target.root === root ? toRoot : toScreen
        let down = target.root === root ? target.toRoot : target.toScreen
        return down.inverse.map { $0.apply(up.apply(p)) }
    }
}
