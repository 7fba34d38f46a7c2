// libFuzzer target `hittest-diff`: bytes → a scene (frames, transforms, bounds origins, hidden / disabled /
// transparent (alpha) / clips flags, nesting, sibling order, mutations) + query points; the packed ViewTree
// hit-test against the naive UIKit-style reference (TactileTestSupport.ReferenceView). A mismatch traps.
import Foundation
import TactileCore
import TactileTestSupport
import CFuzzDriver

/// Reads the input front to back; past the end every read is 0 (total: any bytes are a scene).
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var atEnd: Bool { offset >= bytes.count }
    mutating func u8() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }
    mutating func u16() -> Int { Int(u8()) | Int(u8()) << 8 }
    /// A coordinate: mostly small integers and halves in −64…448, sometimes an extreme value.
    mutating func coordinate() -> Double {
        let b = u8(), v = u16()
        switch b % 16 {
        case 15: return [1e9, -1e9, 1e300, -1e300, .leastNonzeroMagnitude, 0.1, 1.0 / 3, -0.5][v % 8]
        case 14: return Double(v % 4096) / 64 - 32  // fine fractions
        default: return Double(v % 1024) / 2 - 64
        }
    }
    mutating func size() -> Double {
        let b = u8()
        if b == 0xFF { return [0, 1e-300, 1e9, 0.25][Int(u8() % 4)] }
        return Double(b) * 2
    }
    mutating func transform() -> Affine2D {
        switch u8() % 8 {
        case 0: // rotation
            let angle = Double(u8()) * .pi / 64
            return Affine2D(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
        case 1: // scale, possibly negative or zero (singular)
            let sx = Double(Int(u8()) - 128) / 32, sy = Double(Int(u8()) - 128) / 32
            return Affine2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
        case 2: // shear and translation
            return Affine2D(a: 1, b: Double(Int(u8()) - 128) / 64, c: Double(Int(u8()) - 128) / 64, d: 1,
                            tx: Double(Int(u8()) - 128), ty: Double(Int(u8()) - 128))
        default: return .identity
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHitTestDiff(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var r = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    let tree = ViewTree()
    let window = try! tree.makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    var views = [window]
    let count = 1 + Int(r.u8() % 96)  // up to 96 views: a flat parent passes the child-grid threshold (24)
    for _ in 0..<count {
        let parentPick = r.u8()
        // Half the views go under the window or the previous view (deep chains), the rest anywhere earlier.
        let parent = parentPick & 0x80 != 0 ? views[Int(parentPick & 0x7F) % views.count]
            : (parentPick & 1 == 0 ? window : views[views.count - 1])
        let frame = CGRect(x: r.coordinate(), y: r.coordinate(), width: r.size(), height: r.size())
        guard let v = try? tree.makeView(frame: frame) else { continue }
        let extras = r.u8()
        if extras & 1 != 0 {
            var b = try! tree.geometry(of: v).bounds
            b.origin = CGPoint(x: r.coordinate(), y: r.coordinate())
            try? tree.setBounds(b, of: v)
        }
        if extras & 2 != 0 { try? tree.setTransform(r.transform(), of: v) }
        if extras & 4 != 0 {
            let f = r.u8()
            var flags: ViewFlags = []
            if f & 0x07 == 1 { flags.insert(.hidden) }
            if f & 0x07 == 2 { flags.insert(.interactionDisabled) }
            if f & 0x07 == 3 { flags.insert(.transparent) }
            if f & 0x07 == 4 { flags.insert(.animatingWithoutInteraction) }
            if f & 0x08 != 0 { flags.insert(.clipsToBounds) }
            try? tree.setFlags(flags, true, of: v)
        }
        if extras & 8 != 0, tree.childCount(ofValid: parent) > 0 {
            try? tree.insertChild(v, at: Int(r.u8()) % (tree.childCount(ofValid: parent) + 1), of: parent)
        } else {
            try? tree.addChild(v, to: parent)
        }
        views.append(v)
    }
    // A few mutations after the build (caches and grids must follow them).
    for _ in 0..<Int(r.u8() % 8) {
        let v = views[Int(r.u8()) % views.count]
        switch r.u8() % 6 {
        case 0: if v != window { try? tree.removeFromParent(v) }
        case 1: try? tree.setFrame(CGRect(x: r.coordinate(), y: r.coordinate(), width: r.size(), height: r.size()), of: v)
        case 2: try? tree.setFlags(.hidden, r.u8() & 1 == 1, of: v)
        case 3: if let p = try? tree.parent(of: v) { try? tree.bringChildToFront(v, of: p) }
        case 4: if let p = try? tree.parent(of: v) { try? tree.sendChildToBack(v, of: p) }
        default: try? tree.setTransform(r.transform(), of: v)
        }
    }
    let reference = try! ReferenceView.mirror(tree, root: window)
    func check(_ p: CGPoint) {
        let packed = try! tree.hitTest(p, in: window)
        let expected = reference.hitTest(p)?.id
        if packed != expected {
            fatalError("hittest-diff: point (\(p.x), \(p.y)): packed \(String(describing: packed)), reference \(String(describing: expected))")
        }
    }
    // Points from the input, then the corners and center of a few views' bounds (edges are where the packed
    // search's boxes and grids may disagree with the plain containment rule).
    var queries = 0
    while !r.atEnd, queries < 64 {
        let kind = r.u8()
        if kind & 3 == 0 {
            let v = views[Int(r.u8()) % views.count]
            guard tree.isValid(v), (try? tree.root(of: v)) == window, let g = try? tree.geometry(of: v) else { continue }
            let b = g.bounds
            let xs = [b.minX, b.midX, b.maxX, b.maxX.nextDown], ys = [b.minY, b.midY, b.maxY, b.maxY.nextDown]
            let local = CGPoint(x: xs[Int(r.u8() % 4)], y: ys[Int(r.u8() % 4)])
            if let p = try? tree.convert(local, from: v, to: window) { check(p) }
        } else {
            check(CGPoint(x: r.coordinate(), y: r.coordinate()))
        }
        queries += 1
    }
    return 0
}

extension ViewTree {
    func childCount(ofValid v: ViewID) -> Int { (try? childCount(of: v)) ?? 0 }
}

/// The entry point SwiftPM links as `main` (libFuzzer's driver on the function above; see Fuzz/driver).
@_cdecl("fuzz_hittest_diff_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    tactile_fuzz_run(argc, argv)
}
