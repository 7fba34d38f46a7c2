import UIKit

/// The sketch screen: a canvas, a swatch row that sets the stroke color (target-action), a two-finger pan that
/// moves the canvas, an undo button, and an autosave two seconds after the last stroke (`perform(_:with:afterDelay:)`).
public class SketchViewController: UIViewController {
    @IBOutlet public var canvas: CanvasView!
    @IBOutlet public var swatches: SwatchControl!
    public let palette: [UIColor] = [.black, .red, .blue, .green]

    /// Strokes saved by autosave or on entering the background.
    public private(set) var savedStrokeCount = 0
    public private(set) var autosaves = 0
    public private(set) var appearances = 0

    public override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        canvas = CanvasView(frame: CGRect(x: 0, y: 60, width: 320, height: 420))
        swatches = SwatchControl(colors: palette, frame: CGRect(x: 0, y: 0, width: 320, height: 60))
        view.addSubview(canvas)
        view.addSubview(swatches)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        canvas.delegate = self
        swatches.addTarget(self, action: #selector(swatchChanged(_:)), for: .valueChanged)
        let pan = UIPanGestureRecognizer(target: self, action: #selector(moveCanvas(_:)))
        pan.minimumNumberOfTouches = 2
        canvas.addGestureRecognizer(pan)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .undo, target: canvas,
                                                            action: #selector(CanvasView.undo))
        NotificationCenter.default.addObserver(self, selector: #selector(saveNow(_:)),
                                               name: UIApplication.didEnterBackgroundNotification, object: nil)
    }

    @objc func swatchChanged(_ sender: SwatchControl) {
        canvas.strokeColor = palette[sender.selectedIndex]
    }

    /// Two fingers move the canvas by the pan's translation.
    @objc func moveCanvas(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: view)
        canvas.center = CGPoint(x: canvas.center.x + t.x, y: canvas.center.y + t.y)
        pan.setTranslation(.zero, in: view)
    }

    @IBAction public func clear(_ sender: Any) {
        canvas.clear()
    }

    @objc func autosave() {
        autosaves += 1
        savedStrokeCount = canvas.strokes.count
    }

    @objc func saveNow(_ notification: Notification) {
        savedStrokeCount = canvas.strokes.count
    }

    /// Restarts the autosave countdown: two seconds after the last stroke.
    func scheduleAutosave() {
        NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(autosave), object: nil)
        perform(#selector(autosave), with: nil, afterDelay: 2)
    }
}
