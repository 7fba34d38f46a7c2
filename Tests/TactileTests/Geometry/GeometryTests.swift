import Foundation
import Testing
import Tactile

/// CGAffineTransform with CoreGraphics' Swift API, and the geometry rules of AG-J.
@MainActor
@Suite("Geometry")
struct GeometryTests {
    @Test("CGAffineTransform: constructors, composition order, inversion, applying")
    func affine() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == .identity)
        let t = CGAffineTransform(translationX: 10, y: 20)
        #expect(CGPoint(x: 1, y: 2).applying(t) == CGPoint(x: 11, y: 22))
        let s = CGAffineTransform(scaleX: 2, y: 3)
        // concatenating: self first, then the argument.
        #expect(CGPoint(x: 1, y: 1).applying(s.concatenating(t)) == CGPoint(x: 12, y: 23))
        #expect(CGPoint(x: 1, y: 1).applying(t.concatenating(s)) == CGPoint(x: 22, y: 63))
        // translatedBy applies the translation before self (CGAffineTransformTranslate).
        #expect(s.translatedBy(x: 1, y: 1) == CGAffineTransform(translationX: 1, y: 1).concatenating(s))
        #expect(CGPoint(x: 0, y: 0).applying(s.translatedBy(x: 1, y: 1)) == CGPoint(x: 2, y: 3))
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(r)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        let inv = s.concatenating(t).inverted()
        let back = CGPoint(x: 12, y: 23).applying(inv)
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y - 1) < 1e-12)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular, "a singular transform inverts to itself, as in CoreGraphics")
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 2))
                == CGSize(width: 4, height: 6), "sizes ignore translation")
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).applying(r).integral == CGRect(x: -10, y: 0, width: 10, height: 10))
    }

    @Test("AG-J-04 init(frame:): frame as given, bounds at the origin, center the midpoint")
    func j04() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(v.center == CGPoint(x: 25, y: 40))
        #expect(UIView().frame == .zero)
    }

    @Test("AG-J-05 setter coupling: frame→center+bounds.size, center moves frame, bounds.size resizes about the center, bounds.origin moves nothing",
          arguments: 0..<20)
    func j05(seed: Int) {
        var rng = SystemRandomNumberGenerator()
        let v = UIView()
        let f = CGRect(x: .random(in: -100...100, using: &rng), y: .random(in: -100...100, using: &rng),
                       width: .random(in: 0...300, using: &rng), height: .random(in: 0...300, using: &rng))
        v.frame = f
        #expect(v.bounds.size == f.size)
        #expect(abs(v.center.x - f.midX) < 1e-9 && abs(v.center.y - f.midY) < 1e-9)
        let before = v.frame
        v.bounds.origin = CGPoint(x: 8, y: 24)
        #expect(v.frame == before && v.center == CGPoint(x: f.midX, y: f.midY))
        v.bounds.size = CGSize(width: 10, height: 20)
        #expect(v.frame.size == CGSize(width: 10, height: 20), "AG-J-05 [ERRATUM]: frame.size follows bounds.size")
        #expect(v.center == CGPoint(x: f.midX, y: f.midY))
        v.center = CGPoint(x: 100, y: 100)
        #expect(v.frame == CGRect(x: 95, y: 90, width: 10, height: 20))
    }

    @Test("AG-J-06 AG-J-07 under a transform, frame is the bounding box of the transformed bounds, about the center")
    func j06() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == CGRect(x: -50, y: -25, width: 200, height: 100))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50), "bounds are untouched")
        #expect(v.center == CGPoint(x: 50, y: 25))
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(v.frame.integral == CGRect(x: 25, y: -25, width: 50, height: 100))
    }

    @Test("AG-J-09 AG-J-10 convert points and rects between views; nil means the window")
    func j09Convert() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        window.addSubview(a)
        a.addSubview(b)
        #expect(b.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 16, y: 26))
        #expect(b.convert(CGPoint(x: 16, y: 26), from: nil) == CGPoint(x: 1, y: 1))
        #expect(a.convert(CGPoint(x: 0, y: 0), from: b) == CGPoint(x: 5, y: 5))
        #expect(b.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: window) == CGRect(x: 15, y: 25, width: 10, height: 10))
        a.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let r = b.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
        #expect(abs(r.width - 10 * 2.0.squareRoot()) < 1e-9, "AG-J-10: the enclosing axis-aligned rect")
    }
}
