@testable import Tactile
import Foundation
import Testing

/// Only views whose class overrides `draw(_:)` are drawn (UIKit: "If you subclass UIView directly, your
/// implementation of this method does not need to call super … UIView's implementation does nothing", and a view
/// gets a backing store only when its class implements `drawRect:`; AG-H-15: a plain view draws only its
/// background).
@Suite("Drawing only what overrides draw(_:)", .serialized)
@MainActor
struct DrawOverrideTests {
    class Drawing: UIView {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }
    final class DrawingChild: Drawing {}
    final class Plain: UIView {}
    final class PlainCell: UITableViewCell {}

    @Test("AG-H-15 the vtable check tells drawing classes from the others")
    func check() {
        #expect(DrawOverride.isReliable)
        #expect(DrawOverride.overridesDraw(Drawing.self))
        #expect(DrawOverride.overridesDraw(DrawingChild.self), "inherited from an overriding class")
        #expect(!DrawOverride.overridesDraw(Plain.self))
        #expect(!DrawOverride.overridesDraw(UITableViewCell.self))
        #expect(!DrawOverride.overridesDraw(PlainCell.self))
        #expect(DrawOverride.overridesDraw(UILabel.self) == true || DrawOverride.overridesDraw(UILabel.self) == false)
    }

    @Test("AG-H-15 a view that does not override draw(_:) gets no drawing; one that does is drawn once shown")
    func displayPass() {
        let window = launchWithWindow()
        let drawing = DrawingChild(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let plain = Plain(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(drawing)
        window.addSubview(plain)
        settle()
        #expect(drawing.draws == 1)
        #expect(drawing.layer.tactileDrawing != nil)
        #expect(plain.layer.tactileDrawing == nil)
        plain.isHidden = true
        plain.isHidden = false
        drawing.isHidden = true
        drawing.isHidden = false
        settle()
        #expect(drawing.draws == 2, "AG-F-08: shown again, it redraws")
        #expect(plain.layer.tactileDrawing == nil)
    }
}
