import Foundation
import Testing
import Tactile

/// TactileSnapshot: an SVG of what the screen holds. The sample screen here is the README's picture
/// (`TACTILE_SNAPSHOT_OUT=docs/images/snapshot-example.svg swift test --filter SnapshotTests` rewrites it).
@MainActor
@Suite("Snapshots")
struct SnapshotTests {
    /// A round button drawn with paths that only takes touches inside its circle.
    final class RoundButton: UIControl {
        override func draw(_ rect: CGRect) {
            UIColor.systemBlue.setFill()
            UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).fill()
            UIColor.white.setStroke()
            let plus = UIBezierPath()
            plus.move(to: CGPoint(x: bounds.midX, y: bounds.midY - 10))
            plus.addLine(to: CGPoint(x: bounds.midX, y: bounds.midY + 10))
            plus.move(to: CGPoint(x: bounds.midX - 10, y: bounds.midY))
            plus.addLine(to: CGPoint(x: bounds.midX + 10, y: bounds.midY))
            plus.lineWidth = 3
            plus.lineCapStyle = .round
            plus.stroke()
        }
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            UIBezierPath(ovalIn: bounds).contains(point)
        }
    }

    final class HeaderView: UIView {
        override class var layerClass: AnyClass { CAGradientLayer.self }
    }

    /// A small screen: a gradient header with a title, a card with text and a hidden badge, a disabled
    /// image view, and a round button.
    static func sampleScreen() -> UIWindow {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 500))
        window.backgroundColor = .systemGroupedBackground
        window.makeKeyAndVisible()
        let header = HeaderView(frame: CGRect(x: 0, y: 0, width: 390, height: 120))
        (header.layer as? CAGradientLayer)?.colors = [UIColor.systemIndigo.cgColor, UIColor.systemTeal.cgColor]
        (header.layer as? CAGradientLayer)?.startPoint = CGPoint(x: 0, y: 0)
        (header.layer as? CAGradientLayer)?.endPoint = CGPoint(x: 1, y: 1)
        window.addSubview(header)
        let title = UILabel(frame: CGRect(x: 20, y: 60, width: 350, height: 40))
        title.text = "Inbox"
        title.font = .boldSystemFont(ofSize: 34)
        title.textColor = .white
        header.addSubview(title)
        let card = UIView(frame: CGRect(x: 20, y: 140, width: 350, height: 150))
        card.backgroundColor = .systemBackground
        card.layer.cornerRadius = 14
        card.layer.borderWidth = 1
        card.layer.borderColor = UIColor.separator.cgColor
        window.addSubview(card)
        let subject = UILabel(frame: CGRect(x: 16, y: 14, width: 318, height: 24))
        subject.text = "Headless UIKit on Linux"
        subject.font = .systemFont(ofSize: 17, weight: .semibold)
        card.addSubview(subject)
        let body = UILabel(frame: CGRect(x: 16, y: 44, width: 318, height: 60))
        body.text = "Every touch routed as on iOS, every frame the same — and now a picture of the tree."
        body.numberOfLines = 0
        body.font = .systemFont(ofSize: 15)
        body.textColor = .secondaryLabel
        card.addSubview(body)
        let avatar = UIImageView(image: UIImage(systemName: "person.crop.circle"))
        avatar.frame = CGRect(x: 16, y: 110, width: 28, height: 28)
        card.addSubview(avatar)
        let badge = UIView(frame: CGRect(x: 320, y: 110, width: 16, height: 16))
        badge.backgroundColor = .systemRed
        badge.layer.cornerRadius = 8
        badge.isHidden = true
        card.addSubview(badge)
        let button = RoundButton(frame: CGRect(x: 300, y: 400, width: 64, height: 64))
        button.backgroundColor = .clear
        window.addSubview(button)
        _ = try? TactileHost.runLoop.runUntilIdle()
        return window
    }

    @Test("The SVG shows frames, colours, corner radii, recorded drawing and text; hidden and non-interactive views marked; the hit-test target of a point outlined")
    func sampleScreenSVG() throws {
        let window = Self.sampleScreen()
        let finger = TouchDriver(window: window)
        finger.tap(at: CGPoint(x: 332, y: 432))
        #expect(finger.lastTouches == [0: CGPoint(x: 332, y: 432)], "the last gesture's touches are kept after they lift")
        let options = TactileSnapshot.Options(lastTouchesOf: finger, hitTestPoint: CGPoint(x: 332, y: 432))
        let svg = TactileSnapshot.svg(of: window, options: options)
        if let out = ProcessInfo.processInfo.environment["TACTILE_SNAPSHOT_OUT"] {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: out))
        }
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"500\""))
        #expect(svg.contains(">Inbox</text>") && svg.contains(">Headless UIKit on Linux</text>"), "labels' text")
        #expect(svg.contains("linearGradient"), "the header's gradient layer")
        #expect(svg.contains("rx=\"14\""), "the card's corner radius")
        #expect(svg.contains("class=\"hidden-outline\""), "the hidden badge, dashed")
        #expect(svg.contains("class=\"non-interactive\""), "labels and the image view take no touches")
        let hitGroup = try #require(svg.range(of: "class=\"view RoundButton\""))
        let hitMark = try #require(svg.range(of: "class=\"hit-view\""))
        #expect(hitGroup.lowerBound < hitMark.lowerBound, "the round button is the hit-test target")
        #expect(svg.contains("<path d=\"M"), "the button's recorded drawing")
        #expect(svg.contains("class=\"touch\""))
        #expect(window.hitTest(CGPoint(x: 302, y: 402), with: nil) === window, "the button's corner is outside its circle")
    }

    @Test("Transformed views are placed by their transform; views in a non-interactive animation are marked")
    func transformsAndAnimation() {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.makeKeyAndVisible()
        let v = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        v.backgroundColor = .red
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        window.addSubview(v)
        UIView.animate(withDuration: 1) { v.alpha = 0.5 }
        let svg = TactileSnapshot.svg(of: window)
        #expect(svg.contains("matrix(0 1 -1 0 150 50)"), "a quarter turn about the centre (100, 100)")
        #expect(svg.contains("class=\"non-interactive\""))
    }
}
