import UIKit

/// Tells its delegate about strokes; every member is optional, as in UIKit's own delegate protocols.
@objc public protocol CanvasViewDelegate: AnyObject {
    /// Asked when a finger goes down: false keeps the canvas from starting a stroke.
    @objc optional func canvasViewShouldBeginStroke(_ canvas: CanvasView) -> Bool
    /// A stroke ended (the finger lifted), with its points.
    @objc optional func canvasView(_ canvas: CanvasView, didFinishStroke points: [CGPoint])
}

/// A view you draw on with one finger: each touch sequence makes a stroke, drawn in `draw(_:)`.
@IBDesignable
public class CanvasView: UIView {
    @IBInspectable public var lineWidth: CGFloat = 3
    public var strokeColor: UIColor = .black
    @IBOutlet public weak var delegate: CanvasViewDelegate?

    public private(set) var strokes: [[CGPoint]] = []
    private var current: [CGPoint]?
    /// How many times the view drew itself (a test reads it).
    public private(set) var drawCount = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, delegate?.canvasViewShouldBeginStroke?(self) ?? true else { return }
        current = [touch.location(in: self)]
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, current != nil else { return }
        current?.append(touch.location(in: self))
        setNeedsDisplay()
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, var stroke = current else { return }
        stroke.append(touch.location(in: self))
        strokes.append(stroke)
        current = nil
        setNeedsDisplay()
        delegate?.canvasView?(self, didFinishStroke: stroke)
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        current = nil
        setNeedsDisplay()
    }

    /// Removes the last stroke.
    @objc public func undo() {
        guard !strokes.isEmpty else { return }
        strokes.removeLast()
        setNeedsDisplay()
    }

    public func clear() {
        strokes = []
        setNeedsDisplay()
    }

    public override func draw(_ rect: CGRect) {
        drawCount += 1
        strokeColor.setStroke()
        for stroke in strokes + (current.map { [$0] } ?? []) {
            guard let first = stroke.first else { continue }
            let path = UIBezierPath()
            path.lineWidth = lineWidth
            path.lineCapStyle = .round
            path.move(to: first)
            for point in stroke.dropFirst() { path.addLine(to: point) }
            path.stroke()
        }
    }
}
