#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

// Typical custom-view code from open-source UIKit projects, as written for iOS: a control that draws itself and
// hit-tests a path, a view that animates, a label and an image view, layers, colours and fonts.

/// A round toggle button: draws a circle with a ring, takes touches only inside the circle, rounds its layer.
final class RingButton: UIControl {
    var ringColor: UIColor = .systemBlue { didSet { setNeedsDisplay() } }
    var fillColor = UIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
    var lineWidth: CGFloat = 4
    private(set) var lastDrawnContext: Bool = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        layer.cornerRadius = frame.width / 2
        layer.borderWidth = 1
        layer.borderColor = UIColor.black.withAlphaComponent(0.1).cgColor
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.3
        layer.shadowOffset = CGSize(width: 0, height: 2)
        layer.shadowRadius = 4
        contentMode = .redraw
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    var circlePath: UIBezierPath {
        UIBezierPath(ovalIn: bounds.insetBy(dx: lineWidth / 2, dy: lineWidth / 2))
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        lastDrawnContext = true
        context.saveGState()
        fillColor.setFill()
        circlePath.fill()
        ringColor.setStroke()
        let ring = circlePath
        ring.lineWidth = lineWidth
        ring.stroke()
        context.restoreGState()
        let check = UIBezierPath()
        check.move(to: CGPoint(x: bounds.width * 0.3, y: bounds.height * 0.5))
        check.addLine(to: CGPoint(x: bounds.width * 0.45, y: bounds.height * 0.65))
        check.addLine(to: CGPoint(x: bounds.width * 0.7, y: bounds.height * 0.35))
        check.lineCapStyle = .round
        UIColor.white.setStroke()
        check.stroke()
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        circlePath.contains(point)
    }
}

/// A progress ring on a shape layer, animated with Core Animation.
final class ProgressRingView: UIView {
    private let track = CAShapeLayer()
    private let progressLayer = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let path = UIBezierPath(arcCenter: CGPoint(x: frame.width / 2, y: frame.height / 2), radius: frame.width / 2 - 4,
                                startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        for shape in [track, progressLayer] {
            shape.path = path.cgPath
            shape.fillColor = UIColor.clear.cgColor
            shape.lineWidth = 8
            shape.lineCap = .round
            layer.addSublayer(shape)
        }
        track.strokeColor = UIColor.systemGray5.cgColor
        progressLayer.strokeColor = UIColor.systemGreen.cgColor
        progressLayer.strokeEnd = 0
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    func setProgress(_ value: CGFloat, animated: Bool) {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = progressLayer.strokeEnd
        animation.toValue = value
        animation.duration = animated ? 0.3 : 0
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        progressLayer.strokeEnd = value
        progressLayer.add(animation, forKey: "progress")
    }

    var progress: CGFloat { progressLayer.strokeEnd }
}

/// A banner that slides in with a spring and fades out.
final class BannerView: UIView {
    let titleLabel = UILabel()
    let iconView = UIImageView(image: UIImage(systemName: "bell.fill"))
    private(set) var isShown = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.secondarySystemBackground
        layer.cornerRadius = 12
        layer.masksToBounds = true
        titleLabel.font = .systemFont(ofSize: 15, weight: .semibold)
        titleLabel.textColor = .label
        titleLabel.numberOfLines = 2
        titleLabel.textAlignment = .center
        iconView.tintColor = .systemOrange
        iconView.contentMode = .scaleAspectFit
        addSubview(iconView)
        addSubview(titleLabel)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        iconView.frame = CGRect(x: 12, y: (bounds.height - 24) / 2, width: 24, height: 24)
        titleLabel.frame = CGRect(x: 44, y: 8, width: bounds.width - 56, height: bounds.height - 16)
    }

    func show(in container: UIView, completion: @escaping (Bool) -> Void) {
        frame = CGRect(x: 16, y: -80, width: container.bounds.width - 32, height: 64)
        container.addSubview(self)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.5,
                       options: [.curveEaseOut, .allowUserInteraction], animations: {
            self.frame.origin.y = 48
        }, completion: { finished in
            self.isShown = finished
            completion(finished)
        })
    }

    func hide() {
        UIView.animate(withDuration: 0.25, animations: {
            self.alpha = 0
            self.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
        }, completion: { _ in
            self.removeFromSuperview()
            self.isShown = false
        })
    }
}

/// A gradient view backed by a gradient layer, with a tint-aware border.
final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    var gradientLayer: CAGradientLayer { layer as! CAGradientLayer }
    private(set) var tintChanges = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        gradientLayer.colors = [UIColor.systemPink.cgColor, UIColor.systemPurple.cgColor]
        gradientLayer.startPoint = CGPoint(x: 0, y: 0)
        gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        tintChanges += 1
        layer.borderColor = tintColor.cgColor
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            gradientLayer.colors = [UIColor.systemPink.cgColor, UIColor.systemPurple.cgColor]
        }
    }
}

/// Renders a thumbnail off screen, scales it for the screen.
enum Thumbnailer {
    static func badge(text: String, diameter: CGFloat) -> UIImage {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter))
        return renderer.image { context in
            UIColor.systemRed.setFill()
            UIBezierPath(ovalIn: context.format.bounds).fill()
            let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: diameter * 0.5),
                                                             .foregroundColor: UIColor.white]
            let size = (text as NSString).size(withAttributes: attributes)
            (text as NSString).draw(at: CGPoint(x: (diameter - size.width) / 2, y: (diameter - size.height) / 2),
                                    withAttributes: attributes)
        }
    }

    static var pixelWidth: CGFloat { UIScreen.main.bounds.width * UIScreen.main.scale }
}
