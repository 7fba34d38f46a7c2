import Foundation
import Testing
import Tactile

/// UILabel and UIImageView: the hit-test rule they change (not interactive by default), their sizes, their
/// drawing (Apple: "UILabel", "UIImageView" — `isUserInteractionEnabled` defaults to false for both).
@MainActor
@Suite("Labels and image views")
struct LabelImageViewTests {
    func window() -> UIWindow {
        TactileHost.launch(delegate: nil)
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        w.makeKeyAndVisible()
        return w
    }

    @Test("AG-K-04 [EXT] labels and image views are not interactive by default: a touch on one goes to the view behind; enabling interaction makes them hit")
    func notInteractiveByDefault() {
        let w = window()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        let imageView = UIImageView(frame: CGRect(x: 0, y: 100, width: 100, height: 40))
        w.addSubview(label)
        w.addSubview(imageView)
        #expect(!label.isUserInteractionEnabled && !imageView.isUserInteractionEnabled)
        #expect(w.hitTest(CGPoint(x: 10, y: 10), with: nil) === w)
        #expect(w.hitTest(CGPoint(x: 10, y: 110), with: nil) === w)
        label.isUserInteractionEnabled = true
        imageView.isUserInteractionEnabled = true
        #expect(w.hitTest(CGPoint(x: 10, y: 10), with: nil) === label)
        #expect(w.hitTest(CGPoint(x: 10, y: 110), with: nil) === imageView)
    }

    @Test("UILabel: 17-point system font, label colour, one line; a line is 20.333 points tall on a 3× screen (SF's line height 20.287 rounded up to pixels, as iOS reports)")
    func labelDefaultsAndLineHeight() {
        _ = window()
        let label = UILabel()
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        #expect(label.numberOfLines == 1 && label.lineBreakMode == .byTruncatingTail && label.textAlignment == .natural)
        #expect(label.intrinsicContentSize == .zero, "no text, no size")
        label.text = "Hello"
        let size = label.intrinsicContentSize
        #expect(abs(size.height - 61.0 / 3) < 1e-9)
        #expect(size.width > 0 && (size.width * 3).rounded() == size.width * 3, "whole pixels")
        label.text = "Hello, world"
        #expect(label.intrinsicContentSize.width > size.width, "longer text is wider")
    }

    @Test("UILabel wraps at preferredMaxLayoutWidth; numberOfLines caps the lines; sizeThatFits wraps at the width given")
    func labelWrapping() {
        _ = window()
        let label = UILabel()
        label.text = String(repeating: "word ", count: 40)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 100
        let tall = label.intrinsicContentSize
        #expect(tall.width <= 100 && tall.height > 5 * 20)
        label.numberOfLines = 3
        #expect(abs(label.intrinsicContentSize.height - (3 * 20.287109375 * 3).rounded(.up) / 3) < 1e-9)
        let fit = label.sizeThatFits(CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
        #expect(fit.width <= 200 && fit.height == label.intrinsicContentSize.height)
    }

    @Test("AG-V-06 a label draws its text in the display pass: recorded lines, centred vertically, in its text colour")
    func labelDrawing() throws {
        let w = window()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        label.text = "Tap"
        label.textColor = .red
        w.addSubview(label)
        try TactileHost.runLoop.runUntilIdle()
        let texts = try #require(label.layer.tactileDrawing).texts
        #expect(texts.map(\.string) == ["Tap"])
        let rect = texts[0].rect  // device pixels, 3×
        #expect(abs(rect.midY / 3 - 50) < 1, "vertically centred")
        #expect(texts[0].color?.components?.prefix(3).map { Double($0) } == [1, 0, 0])
    }

    @Test("UIImageView: sized by its image, intrinsic size the image's, highlighted image while highlighted")
    func imageView() {
        _ = window()
        let image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20)).image { _ in }
        let view = UIImageView(image: image)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(view.intrinsicContentSize == CGSize(width: 30, height: 20))
        let highlighted = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in }
        view.highlightedImage = highlighted
        view.isHighlighted = true
        #expect(view.intrinsicContentSize == CGSize(width: 40, height: 40))
        view.image = nil
        view.isHighlighted = false
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    @Test("UIImage: PNG, GIF and JPEG data give their pixel sizes; @2x files their scale; other data is nil; named images from the registry")
    func imageData() throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        png.append(contentsOf: Array("IHDR".utf8))
        png.append(contentsOf: [0, 0, 0, 64, 0, 0, 0, 32, 8, 6, 0, 0, 0])
        #expect(UIImage(data: png)?.size == CGSize(width: 64, height: 32))
        #expect(UIImage(data: png, scale: 2)?.size == CGSize(width: 32, height: 16))
        let gif = Data(Array("GIF89a".utf8) + [10, 0, 5, 0])
        #expect(UIImage(data: gif)?.size == CGSize(width: 10, height: 5))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 48, 0, 80, 3, 1, 0, 0])
        #expect(UIImage(data: jpeg)?.size == CGSize(width: 80, height: 48))
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-icon@2x.png")
        try png.write(to: file)
        let fromFile = try #require(UIImage(contentsOfFile: file.path))
        #expect(fromFile.scale == 2 && fromFile.size == CGSize(width: 32, height: 16))
        // The blank PNG Tactile writes reads back at its size.
        let rendered = UIGraphicsImageRenderer(size: CGSize(width: 5, height: 7), format: {
            let f = UIGraphicsImageRendererFormat()
            f.scale = 2
            return f
        }()).image { _ in }
        #expect(UIImage(data: rendered.pngData()!)?.size == CGSize(width: 10, height: 14))
        UIImage.tactileRegister(rendered, named: "tactile-test-logo")
        #expect(UIImage(named: "tactile-test-logo")?.size == CGSize(width: 5, height: 7))
        #expect(UIImage(named: "tactile-test-missing")?.size == .zero, "an asset the host lacks: an empty image")
        UIColor.tactileRegister(.systemRed, named: "tactile-test-brand")
        #expect(UIColor(named: "tactile-test-brand") == .systemRed)
        #expect(UIColor(named: "tactile-test-missing") == nil, "UIKit's answer for a colour it cannot find")
        #expect(UIImage(systemName: "") == nil)
        let symbol = try #require(UIImage(systemName: "star.fill"))
        #expect(symbol.isSymbolImage && symbol.renderingMode == .alwaysTemplate)
        #expect(symbol.withRenderingMode(.alwaysOriginal).renderingMode == .alwaysOriginal)
    }

    @Test("A storyboard label is a UILabel with the storyboard's text, font and lines; its intrinsic size is Interface Builder's until the text changes")
    func storyboardLabel() throws {
        _ = window()
        let url = try #require(Bundle.module.url(forResource: "Storyboards/04-iqkeyboard-objc-demo-xcode8-large", withExtension: "storyboard"))
        let storyboard = try UIStoryboard(contentsOf: url)
        var labels: [UILabel] = []
        for id in storyboard.tactileSummary.storyboardIdentifiers.sorted() {
            let vc = storyboard.instantiateViewController(withIdentifier: id)
            func collect(_ v: UIView) { if let l = v as? UILabel { labels.append(l) }; v.subviews.forEach(collect) }
            collect(vc.view)
        }
        if let initial = storyboard.instantiateInitialViewController() {
            func collect(_ v: UIView) { if let l = v as? UILabel { labels.append(l) }; v.subviews.forEach(collect) }
            collect(initial.view)
        }
        let label = try #require(labels.first { $0.text?.isEmpty == false })
        #expect(label.intrinsicContentSize == label.bounds.size)
        label.text = "Changed"
        #expect(label.intrinsicContentSize != label.bounds.size || label.bounds.size == .zero)
    }
}
