import Foundation
import Testing
import Tactile

/// A seeded generator (SplitMix64), so failures reproduce.
private func RecordingRandom(_ seed: Int) -> FuzzSplitMix64 { FuzzSplitMix64(seed: UInt64(bitPattern: Int64(seed))) }

private func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
}

private func format(scale: CGFloat, opaque: Bool = false) -> UIGraphicsImageRendererFormat {
    let f = UIGraphicsImageRendererFormat()
    f.scale = scale
    f.opaque = opaque
    return f
}

private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

@Suite("CGContext recording and UIKit graphics contexts")
struct ContextRecordingTests {
    // MARK: Device space

    @Test("AG-J-12 In a 2× image renderer a 10×10 rect filled at (0, 0) is recorded at device (0, 0, 20, 20), origin top left, y down")
    func rendererDeviceSpace() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 50), format: format(scale: 2))
        let image = renderer.image { ctx in
            ctx.cgContext.setFillColor(red)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(image.size == CGSize(width: 100, height: 50) && image.scale == 2)
        let drawing = try #require(image.cgImage?.tactileDrawing)
        #expect(drawing.size == CGSize(width: 200, height: 100))
        let fill = try #require(drawing.fills.first)
        var rect = CGRect.zero
        #expect(fill.path.isRect(&rect) && rect == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(fill.color.components == [1, 0, 0, 1] && fill.rule == .winding && fill.alpha == 1)
    }

    @Test("AG-J-12 Random rects filled in random-scale renderers land at rect × scale in top-left, y-down device pixels; the CTM is CoreGraphics' flipped one",
          arguments: 0..<12)
    func rendererDeviceSpaceProperty(seed: Int) throws {
        var rng = RecordingRandom(seed)
        let scale = CGFloat([1, 2, 3, 1.5][Int.random(in: 0...3, using: &rng)])
        let size = CGSize(width: CGFloat.random(in: 10...400, using: &rng).rounded(), height: CGFloat.random(in: 10...400, using: &rng).rounded())
        let rect = CGRect(x: .random(in: 0...size.width, using: &rng), y: .random(in: 0...size.height, using: &rng),
                          width: .random(in: 0.5...50, using: &rng), height: .random(in: 0.5...50, using: &rng))
        var ctm = CGAffineTransform.identity
        let image = UIGraphicsImageRenderer(size: size, format: format(scale: scale)).image { ctx in
            ctm = ctx.cgContext.ctm
            UIGraphicsGetCurrentContext()?.fill(rect)
        }
        let pixelHeight = (size.height * scale).rounded(.up)
        #expect(ctm == CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: pixelHeight))
        let fill = try #require(image.cgImage?.tactileDrawing?.fills.first)
        let expected = CGRect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        #expect(close(fill.path.boundingBoxOfPath, expected, 1e-9 * (1 + pixelHeight)))
    }

    @Test("A plain bitmap context keeps CoreGraphics' bottom-left origin: a rect at (0, 0) is recorded at the bottom of the image (CGBitmapContextCreate)")
    func bitmapContextOrigin() throws {
        let ctx = try #require(CGContext(data: nil, width: 40, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        #expect(ctx.ctm == .identity && ctx.width == 40 && ctx.height == 30 && ctx.bytesPerRow == 160)
        #expect(ctx.bitsPerPixel == 32 && ctx.alphaInfo == .premultipliedLast)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
        let image = try #require(ctx.makeImage())
        #expect(image.width == 40 && image.height == 30 && image.alphaInfo == .premultipliedLast)
        #expect(image.tactileDrawing?.fills.first?.path.boundingBoxOfPath == CGRect(x: 0, y: 25, width: 10, height: 5))
    }

    @MainActor
    @Test("CGContext(data:…) returns nil, logged, for pixel formats CoreGraphics does not support and rows too short (Quartz 2D 'Supported Pixel Formats')")
    func bitmapContextValidation() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let before = TactileDiagnostics.logCount
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil, "non-premultiplied alpha")
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 20, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil, "40 bytes per row needed")
        #expect(CGContext(data: nil, width: 0, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
        #expect(TactileDiagnostics.logCount == before + 3)
        #expect(TactileDiagnostics.recentLogs.last?.reason.hasPrefix("CGBitmapContextCreate") == true)
        let info = CGBitmapInfo.byteOrder32Little.rawValue | CGImageAlphaInfo.premultipliedFirst.rawValue
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info) != nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(),
                          bitmapInfo: CGImageAlphaInfo.none.rawValue)?.bitsPerPixel == 8)
    }

    // MARK: What was drawn

    @Test("A view-style drawing: a red filled circle of radius 10 at (50, 50) is recorded as such, in device pixels (UIBezierPath fill())",
          arguments: [1.0, 2.0, 3.0])
    func redCircle(scale: Double) throws {
        let s = CGFloat(scale)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format(scale: s)).image { _ in
            UIGraphicsGetCurrentContext()?.setFillColor(red)
            UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true).fill()
        }
        let drawing = try #require(image.cgImage?.tactileDrawing)
        #expect(drawing.commands.count == 1)
        let fill = try #require(drawing.fills.first)
        #expect(fill.color.components == [1, 0, 0, 1])
        let box = fill.path.boundingBoxOfPath
        #expect(close(box, CGRect(x: 40 * s, y: 40 * s, width: 20 * s, height: 20 * s), 1e-9))
        // The disc itself, checked at random points in device space.
        var rng = RecordingRandom(Int(scale))
        for _ in 0..<200 {
            let p = CGPoint(x: .random(in: 35...65, using: &rng) * s, y: .random(in: 35...65, using: &rng) * s)
            let d = hypot(p.x - 50 * s, p.y - 50 * s)
            guard abs(d - 10 * s) > 0.01 * s else { continue }
            #expect(fill.path.contains(p) == (d < 10 * s))
        }
    }

    @Test("UIBezierPath clockwise arcs come out clockwise on screen through UIKit's flipped context: the wedge from 0 to π/2 fills the lower right (UIBezierPath docs; AG-J-12)")
    func arcOnScreen() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format(scale: 2)).image { _ in
            let wedge = UIBezierPath()
            wedge.move(to: CGPoint(x: 50, y: 50))
            wedge.addArc(withCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            wedge.close()
            wedge.fill()
        }
        let path = try #require(image.cgImage?.tactileDrawing?.fills.first?.path)
        #expect(path.contains(CGPoint(x: 130, y: 130)), "below right of the centre (100, 100) in device pixels")
        #expect(!path.contains(CGPoint(x: 130, y: 70)) && !path.contains(CGPoint(x: 70, y: 130)))
    }

    @Test("Strokes record their device-space width, caps, joins, dashes and colour; the CTM scales widths (CGContext strokePath, UIBezierPath stroke())")
    func strokes() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 50, height: 50), format: format(scale: 2)).image { ctx in
            let c = ctx.cgContext
            c.setStrokeColor(blue)
            c.setLineWidth(3)
            c.setLineCap(.round)
            c.setLineDash(phase: 1, lengths: [4, 2])
            c.move(to: CGPoint(x: 5, y: 5))
            c.addLine(to: CGPoint(x: 25, y: 5))
            c.strokePath()
            #expect(c.isPathEmpty, "painting consumes the current path")
            let p = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10))
            p.lineWidth = 0.5
            p.lineJoinStyle = .bevel
            p.stroke()
            c.stroke(CGRect(x: 0, y: 0, width: 5, height: 5), width: 2)
        }
        let strokes = try #require(image.cgImage?.tactileDrawing?.strokes)
        #expect(strokes.count == 3)
        #expect(strokes[0].lineWidth == 6 && strokes[0].lineCap == .round && strokes[0].dashLengths == [8, 4] && strokes[0].dashPhase == 2)
        #expect(strokes[0].color.components == [0, 0, 1, 1])
        #expect(strokes[0].path.boundingBoxOfPath == CGRect(x: 10, y: 10, width: 40, height: 0))
        #expect(strokes[0].outline.contains(CGPoint(x: 8, y: 10)), "the round cap reaches past the end")
        #expect(strokes[1].lineWidth == 1 && strokes[1].lineJoin == .bevel && strokes[1].dashLengths.isEmpty,
                "UIBezierPath's attributes, inside a saved state")
        #expect(strokes[1].lineCap == .butt)
        #expect(strokes[2].lineWidth == 4)
    }

    // MARK: Graphics state

    @Test("saveGState/restoreGState: colours, CTM, line attributes, alpha and clip return to what was saved; an unmatched restore does nothing (CGContext docs)")
    func saveRestore() throws {
        let ctx = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.restoreGState()
        ctx.setFillColor(red)
        ctx.setLineWidth(2)
        ctx.saveGState()
        ctx.setFillColor(blue)
        ctx.translateBy(x: 10, y: 20)
        ctx.scaleBy(x: 2, y: 2)
        ctx.setLineWidth(7)
        ctx.setAlpha(0.5)
        ctx.setBlendMode(.multiply)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ctx.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.saveGState()
        ctx.rotate(by: .pi / 2)
        ctx.restoreGState()
        #expect(ctx.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20))
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 100))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
        let cmds = ctx.tactileDrawing.commands
        #expect(cmds.count == 5, "\(ctx.tactileDrawing)")
        #expect(cmds[0].clip?.paths.count == 1)
        let inner = try #require(cmds[1].fill)
        #expect(inner.color.components == [0, 0, 1, 1] && inner.alpha == 0.5 && inner.blendMode == .multiply)
        #expect(inner.path.boundingBoxOfPath == CGRect(x: 10, y: 78, width: 2, height: 2), "translated, scaled, y up")
        #expect(cmds[2].clip?.paths.isEmpty == true, "restoring removes the clip, and says so")
        let outer = try #require(cmds[3].fill)
        #expect(outer.color.components == [1, 0, 0, 1] && outer.alpha == 1 && outer.blendMode == .normal)
        #expect(cmds[4].stroke?.lineWidth == 2)
    }

    @Test("The current path lives in device space: later CTM changes do not move it; currentPointOfPath, boundingBoxOfPath and pathContains answer in user space (CGContext docs)")
    func currentPath() {
        let ctx = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        ctx.translateBy(x: 5, y: 0)
        #expect(ctx.boundingBoxOfPath == CGRect(x: 5, y: 10, width: 20, height: 20))
        #expect(ctx.currentPointOfPath == CGPoint(x: 5, y: 10))
        #expect(ctx.pathContains(CGPoint(x: 6, y: 11), mode: .fill))
        #expect(!ctx.pathContains(CGPoint(x: 15, y: 20), mode: .stroke))
        #expect(ctx.pathContains(CGPoint(x: 5.2, y: 20), mode: .stroke))
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ctx.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 25, height: 30))
        ctx.beginPath()
        #expect(ctx.isPathEmpty && ctx.path == nil)
        ctx.fillPath()
        #expect(ctx.tactileDrawing.isEmpty, "an empty path paints nothing")
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        ctx.addArc(tangent1End: CGPoint(x: 0, y: 50), tangent2End: CGPoint(x: 50, y: 50), radius: 5)
        ctx.addQuadCurve(to: CGPoint(x: 60, y: 60), control: CGPoint(x: 55, y: 55))
        ctx.addCurve(to: CGPoint(x: 70, y: 70), control1: CGPoint(x: 65, y: 60), control2: CGPoint(x: 70, y: 65))
        ctx.closePath()
        ctx.drawPath(using: .eoFillStroke)
        let cmds = ctx.tactileDrawing.commands
        #expect(cmds.count == 2 && cmds[0].fill?.rule == .evenOdd && cmds[1].stroke != nil)
    }

    @MainActor
    @Test("Path construction on a context without a current point logs CoreGraphics' message (\"CGContextAddLineToPoint: no current point.\") and adds nothing")
    func contextNoCurrentPoint() {
        let ctx = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let before = TactileDiagnostics.logCount
        ctx.addLine(to: CGPoint(x: 1, y: 1))
        #expect(TactileDiagnostics.recentLogs.last?.reason == "CGContextAddLineToPoint: no current point.")
        ctx.closePath()
        #expect(TactileDiagnostics.recentLogs.last?.reason == "CGContextClosePath: no current point.")
        #expect(TactileDiagnostics.logCount == before + 2 && ctx.isPathEmpty)
    }

    @Test("Clipping: clip() consumes the path and is recorded; boundingBoxOfClipPath is in user space; clear(_:) is recorded in device space (CGContext docs)")
    func clipping() throws {
        var clipBox = CGRect.null
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format(scale: 2)).image { ctx in
            let c = ctx.cgContext
            #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 100))
            UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 20, height: 20)).addClip()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 100))
            clipBox = c.boundingBoxOfClipPath
            c.clear(CGRect(x: 1, y: 2, width: 3, height: 4))
            c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        }
        #expect(close(clipBox, CGRect(x: 10, y: 10, width: 10, height: 20)))
        let cmds = try #require(image.cgImage?.tactileDrawing?.commands)
        #expect(cmds.count == 4)
        let clip = try #require(cmds[1].clip)
        #expect(clip.paths.count == 2)
        #expect(clip.contains(CGPoint(x: 30, y: 40)) && !clip.contains(CGPoint(x: 50, y: 40)) && !clip.contains(CGPoint(x: 22, y: 22)))
        #expect(cmds[2] == .clear(CGRect(x: 2, y: 4, width: 6, height: 8)))
    }

    @Test("Images: drawn under UIKit's flipped CTM a CGImage comes out upside down, in a plain bitmap context upright; sizes are pixels (AG-J-12, CGContext draw(_:in:))")
    func images() throws {
        let source = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3), format: format(scale: 2)).image { ctx in
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        }
        let cg = try #require(source.cgImage)
        #expect(cg.width == 8 && cg.height == 6)
        let flipped = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format(scale: 1)).image { ctx in
            ctx.cgContext.draw(cg, in: CGRect(x: 0, y: 0, width: 8, height: 6))
        }
        let drawn = try #require(flipped.cgImage?.tactileDrawing?.images.first)
        #expect(drawn.width == 8 && drawn.height == 6 && drawn.rect == CGRect(x: 0, y: 0, width: 8, height: 6))
        #expect(drawn.isFlippedVertically)
        #expect(CGPoint(x: 0, y: 0).applying(drawn.transform) == CGPoint(x: 0, y: 6), "the image's top row at the bottom")
        let bitmap = CGContext(data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        bitmap.draw(cg, in: CGRect(x: 0, y: 0, width: 8, height: 6))
        let upright = try #require(bitmap.tactileDrawing.images.first)
        #expect(!upright.isFlippedVertically && upright.rect == CGRect(x: 0, y: 14, width: 8, height: 6))
        #expect(upright.image == cg)
        let cropped = try #require(cg.cropping(to: CGRect(x: 2, y: 1, width: 100, height: 3)))
        #expect(cropped.width == 6 && cropped.height == 3)
        #expect(cropped.tactileDrawing?.fills.first?.path.boundingBoxOfPath == CGRect(x: -2, y: -1, width: 8, height: 2))
        #expect(cg.cropping(to: CGRect(x: 50, y: 50, width: 1, height: 1)) == nil)
    }

    // MARK: UIKit's context stack

    @Test("UIGraphicsBeginImageContextWithOptions: scale 0 is the main screen's, the context is current until UIGraphicsEndImageContext, the image has the size and scale (UIKit docs)")
    func imageContext() throws {
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 20), false, 0)
        let ctx = try #require(UIGraphicsGetCurrentContext())
        #expect(ctx.width == 30 && ctx.height == 60, "the main screen's scale, 3")
        #expect(ctx.ctm == CGAffineTransform(a: 3, b: 0, c: 0, d: -3, tx: 0, ty: 60))
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 1))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        #expect(image.size == CGSize(width: 10, height: 20) && image.scale == 3)
        #expect(image.cgImage?.tactileDrawing?.fills.first?.path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 30, height: 3))
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsBeginImageContext(CGSize(width: 5, height: 5))
        #expect(UIGraphicsGetCurrentContext()?.width == 5)
        UIGraphicsEndImageContext()
    }

    @Test("UIGraphicsPushContext/PopContext nest; UIBezierPath drawing without a current context does nothing (UIKit docs)")
    func pushPop() {
        let a = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let b = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).fill()
        UIGraphicsPushContext(a)
        UIGraphicsPushContext(b)
        #expect(UIGraphicsGetCurrentContext() === b)
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).stroke()
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === a)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsPopContext()
        #expect(a.tactileDrawing.isEmpty && b.tactileDrawing.strokes.count == 1)
    }

    @Test("UIGraphicsImageRenderer works off the main thread, concurrently; each thread has its own context stack (UIGraphicsImageRenderer docs: thread-safe)")
    func backgroundRendering() async {
        let results = await withTaskGroup(of: (Int, CGRect?, Bool).self) { group in
            for i in 0..<8 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let work: @Sendable () -> Void = {
                            let noneBefore = UIGraphicsGetCurrentContext() == nil
                            let renderer = UIGraphicsImageRenderer(size: CGSize(width: 50, height: 50), format: format(scale: 2))
                            let image = renderer.image { ctx in
                                ctx.cgContext.setFillColor(red)
                                UIBezierPath(ovalIn: CGRect(x: CGFloat(i), y: 0, width: 10, height: 10)).fill()
                            }
                            let box = image.cgImage?.tactileDrawing?.fills.first?.path.boundingBoxOfPath
                            continuation.resume(returning: (i, box, noneBefore && UIGraphicsGetCurrentContext() == nil))
                        }
                        if i % 2 == 0 {
                            DispatchQueue.global().async(execute: work)
                        } else {
                            Thread { work() }.start()
                        }
                    }
                }
            }
            var all: [(Int, CGRect?, Bool)] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 8)
        for (i, box, clean) in results {
            #expect(clean)
            #expect(box.map { close($0, CGRect(x: CGFloat(2 * i), y: 0, width: 20, height: 20)) } == true)
        }
    }

    @Test("Renderer formats: default scale is the main screen's, opaque false, range automatic; the renderer copies its format; init(bounds:format:) puts bounds.origin at the top left (UIGraphicsImageRendererFormat docs)")
    func rendererFormats() throws {
        let f = UIGraphicsImageRendererFormat.default()
        #expect(f.scale == 3 && !f.opaque && f.preferredRange == .automatic)
        #expect(UIGraphicsImageRendererFormat.preferred().scale == 3 && UIGraphicsImageRendererFormat().scale == 3)
        let custom = format(scale: 1, opaque: true)
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 20, width: 30, height: 40), format: custom)
        custom.scale = 5
        #expect(renderer.format.scale == 1 && renderer.format.opaque && renderer.allowsImageOutput)
        #expect(renderer.format.bounds == CGRect(x: 10, y: 20, width: 30, height: 40))
        var current: UIImage?
        let image = renderer.image { ctx in
            #expect(ctx.format.scale == 1)
            ctx.fill(CGRect(x: 10, y: 20, width: 1, height: 1), blendMode: .copy)
            current = ctx.currentImage
            ctx.stroke(CGRect(x: 10, y: 20, width: 2, height: 2))
        }
        #expect(image.size == CGSize(width: 30, height: 40))
        #expect(image.cgImage?.alphaInfo == .noneSkipFirst)
        #expect(current?.cgImage?.tactileDrawing?.commands.count == 1)
        let fill = try #require(image.cgImage?.tactileDrawing?.fills.first)
        #expect(fill.path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 1, height: 1) && fill.blendMode == .copy)
        let viewSnapshot = UIGraphicsImageRenderer(bounds: CGRect(x: 5, y: 5, width: 20, height: 10))
        #expect(viewSnapshot.format.scale == 3 && viewSnapshot.format.bounds.size == CGSize(width: 20, height: 10))
        #expect(viewSnapshot.image { _ in }.size == CGSize(width: 20, height: 10))
        let png = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2), format: format(scale: 2)).pngData { _ in }
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(Array(png[16..<24]) == [0, 0, 0, 6, 0, 0, 0, 4], "IHDR: 6 × 4 pixels")
    }

    @Test("TactileDrawing reads well: a description per command, isEmpty, and applying(_:) moves everything")
    func drawingDescription() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(scale: 1)).image { ctx in
            ctx.cgContext.setFillColor(red)
            ctx.fill(CGRect(x: 1, y: 2, width: 3, height: 4))
            ctx.cgContext.setShadow(offset: CGSize(width: 0, height: 2), blur: 3)
            ctx.stroke(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let drawing = try #require(image.cgImage?.tactileDrawing)
        #expect(!drawing.isEmpty && TactileDrawing().isEmpty)
        let text = drawing.description
        #expect(text.contains("fill winding rgba(1, 0, 0, 1) bounds (1, 2, 3, 4)"), "\(text)")
        #expect(text.contains("stroke width 1") && text.contains("shadow (0, 2) blur 3"), "\(text)")
        let moved = drawing.applying(CGAffineTransform(translationX: 5, y: 5))
        #expect(moved.fills.first?.path.boundingBoxOfPath == CGRect(x: 6, y: 7, width: 3, height: 4))
        #expect(drawing == drawing && moved != drawing)
    }
}
