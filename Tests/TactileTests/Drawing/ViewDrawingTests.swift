import Foundation
import Testing
import Tactile

/// A view's `draw(_:)` in the display pass: UIKit's current context (AG-V-06), the top-left, y-down user space
/// (AG-J-01, AG-J-12), and the recorded drawing a test reads back.
@MainActor
@Suite("View drawing")
struct ViewDrawingTests {
    /// A launched app's shown window, the screen's size.
    func shownWindow() -> UIWindow {
        TactileHost.launch(delegate: nil)
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        w.makeKeyAndVisible()
        return w
    }

    final class DotView: UIView {
        var contextInDraw: CGContext?
        var traitsInDraw: UIUserInterfaceStyle?
        override func draw(_ rect: CGRect) {
            contextInDraw = UIGraphicsGetCurrentContext()
            traitsInDraw = UITraitCollection.current.userInterfaceStyle
            UIColor.red.setFill()
            UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true).fill()
            UIColor.label.setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 0))
            line.addLine(to: CGPoint(x: 100, y: 0))
            line.lineWidth = 2
            line.stroke()
        }
    }

    @Test("AG-V-06 UIGraphicsGetCurrentContext() is valid only during draw(_:); what it paints is the layer's recorded drawing, in device pixels, y down")
    func v06DrawRecording() throws {
        let w = shownWindow()
        let v = DotView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        w.addSubview(v)
        #expect(UIGraphicsGetCurrentContext() == nil)
        try TactileHost.runLoop.runUntilIdle()
        #expect(v.contextInDraw != nil)
        #expect(UIGraphicsGetCurrentContext() == nil, "popped after draw(_:)")
        let drawing = try #require(v.layer.tactileDrawing)
        #expect(drawing.scale == 3 && drawing.size == CGSize(width: 300, height: 300))
        let fill = try #require(drawing.fills.first)
        #expect(fill.color.components?.prefix(3).map { Double($0) } == [1, 0, 0])
        #expect(fill.path.contains(CGPoint(x: 150, y: 150)), "the dot's centre, (50, 50) × 3")
        #expect(!fill.path.contains(CGPoint(x: 150, y: 190)))
        let bounds = fill.path.boundingBoxOfPath
        #expect(abs(bounds.width - 60) < 1e-6 && abs(bounds.minY - 120) < 1e-6)
        let stroke = try #require(drawing.strokes.first)
        #expect(stroke.lineWidth == 6, "2 points at 3×")
        #expect(abs(stroke.path.boundingBoxOfPath.minY) < 1e-9, "y = 0 is the top edge (AG-J-01)")
        #expect(v.traitsInDraw == .light, "UITraitCollection.current is the view's during draw(_:)")
    }

    @Test("A bounds origin shifts what draw(_:) shows: user space starts at bounds.origin (AG-J-05)")
    func boundsOriginShiftsDrawing() throws {
        let w = shownWindow()
        let v = DotView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.bounds.origin = CGPoint(x: 40, y: 40)
        w.addSubview(v)
        try TactileHost.runLoop.runUntilIdle()
        let fill = try #require(v.layer.tactileDrawing?.fills.first)
        #expect(fill.path.contains(CGPoint(x: 30, y: 30)), "(50, 50) − (40, 40), × 3")
    }

    @Test("Dark mode: a dynamic colour set in draw(_:) resolves against the view's traits")
    func dynamicColourInDraw() throws {
        let w = shownWindow()
        let v = DotView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.overrideUserInterfaceStyle = .dark
        w.addSubview(v)
        try TactileHost.runLoop.runUntilIdle()
        let stroke = try #require(v.layer.tactileDrawing?.strokes.first)
        let white = try #require(stroke.color.components)
        #expect(white.first == 1, "label is white in dark mode")
    }

    @Test("A layer tree renders into a context: sublayer drawings placed by their frames")
    func renderLayerTree() throws {
        TactileHost.launch(delegate: nil)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 20, width: 30, height: 30)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(shape)
        shape.display()
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: {
            let f = UIGraphicsImageRendererFormat()
            f.scale = 1
            return f
        }()).image { ctx in root.render(in: ctx.cgContext) }
        let fill = try #require(image.cgImage?.tactileDrawing?.fills.first)
        #expect(fill.path.boundingBoxOfPath == CGRect(x: 10, y: 20, width: 30, height: 30))
    }

    @Test("drawHierarchy(in:afterScreenUpdates:) renders backgrounds, borders and drawings of the subtree, placed by frame, scaled into the rect")
    func drawHierarchy() throws {
        let w = shownWindow()
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        container.backgroundColor = .blue
        container.layer.borderWidth = 2
        container.layer.borderColor = UIColor.black.cgColor
        let dot = DotView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        container.addSubview(dot)
        let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .green
        hidden.isHidden = true
        container.addSubview(hidden)
        w.addSubview(container)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format).image { _ in
            #expect(container.drawHierarchy(in: CGRect(x: 0, y: 0, width: 100, height: 100), afterScreenUpdates: true))
        }
        let drawing = try #require(image.cgImage?.tactileDrawing)
        let colors = drawing.fills.compactMap { $0.color.components?.prefix(3).map { Double($0) } }
        #expect(colors.first == [0, 0, 1], "the background first")
        #expect(colors.contains([1, 0, 0]), "the dot")
        #expect(!colors.contains([0, 1, 0]), "hidden views are skipped")
        let dotFill = try #require(drawing.fills.first { $0.color.components?.first == 1 })
        #expect(dotFill.path.contains(CGPoint(x: 75, y: 25)), "(150, 50) scaled by ½")
        #expect(drawing.strokes.contains { $0.color.components?.first == 0 && $0.lineWidth == 2 }, "the border, 2 points doubled, halved by the scale")
        #expect(container.snapshotView(afterScreenUpdates: false)?.frame == container.frame)
        #expect(UIView().drawHierarchy(in: .zero, afterScreenUpdates: false) == false, "no context")
    }
}
