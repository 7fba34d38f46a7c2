import Foundation
import Tactile

// The canvas delegate: only one of its optional methods is implemented; the canvas's default lets strokes begin.
extension SketchViewController: CanvasViewDelegate {
    public func canvasView(_ canvas: CanvasView, didFinishStroke points: [CGPoint]) {
        scheduleAutosave()
    }
}

// An override in an extension: Objective-C allows it on iOS; Swift on Linux does not (`tactile port` moves it).
extension SketchViewController {
}
