import Foundation
import Tactile
import Testing

/// Offsets, insets, programmatic scrolling, the status bar and zooming (DESIGN-SCROLL-OFFSET, DESIGN-SCROLL-INSETS,
/// DESIGN-SCROLL-ANIMATION, DESIGN-SCROLL-ZOOM, VCG-E-02, AG-I-09).
@Suite("UIScrollView geometry", .serialized)
@MainActor
struct ScrollViewGeometryTests {
    @Test("DESIGN-SCROLL-OFFSET contentOffset is the bounds origin: hit-testing and conversion follow it")
    func offsetIsBoundsOrigin() {
        let stage = ScrollStage()
        let row = UIView(frame: CGRect(x: 0, y: 1000, width: 320, height: 44))
        stage.scrollView.addSubview(row)
        stage.scrollView.contentOffset = CGPoint(x: 0, y: 900)
        #expect(stage.scrollView.bounds.origin == CGPoint(x: 0, y: 900))
        #expect(stage.window.hitTest(CGPoint(x: 10, y: 120), with: nil) === row)
        #expect(row.convert(CGPoint.zero, to: stage.window) == CGPoint(x: 0, y: 100))
        var b = stage.scrollView.bounds
        b.origin.y = 950
        stage.scrollView.bounds = b
        #expect(stage.scrollView.contentOffset.y == 950)
        #expect(stage.take() == ["didScroll"], "setting the offset or the bounds origin scrolls")
        #expect(stage.log.offsets.count == 2)
    }

    @Test("DESIGN-SCROLL-OFFSET a NaN offset is reported and ignored; offsets outside the range are allowed")
    func badOffset() {
        let stage = ScrollStage()
        stage.scrollView.contentOffset = CGPoint(x: 0, y: CGFloat.nan)
        #expect(stage.scrollView.contentOffset == .zero)
        #expect(TactileDiagnostics.misuseCount == 1)
        stage.scrollView.contentOffset = CGPoint(x: 0, y: -300)
        #expect(stage.scrollView.contentOffset.y == -300)
    }

    @Test("DESIGN-SCROLL-OFFSET setting the offset lays the scroll view out again")
    func offsetLaysOut() {
        final class Tiled: UIScrollView {
            var layouts = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
            }
        }
        let stage = ScrollStage(make: { Tiled() })
        let tiled = stage.scrollView as! Tiled
        let before = tiled.layouts
        tiled.contentOffset = CGPoint(x: 0, y: 10)
        tiled.layoutIfNeeded()
        #expect(tiled.layouts == before + 1)
    }

    @Test("DESIGN-SCROLL-INSETS the behaviours: never, always, scrollable axes, automatic")
    func adjustmentBehaviours() {
        let stage = ScrollStage()
        let vc = UIViewController()
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 5, bottom: 30, right: 5)
        let host = UIView(frame: stage.window.bounds)
        vc.view = host
        stage.window.rootViewController = vc
        let sv = UIScrollView(frame: host.bounds)
        sv.contentSize = CGSize(width: 300, height: 2000)  // (300 + 2 of inset: narrower than the view)
        sv.contentInset = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        host.addSubview(sv)
        settle()
        sv.layoutIfNeeded()
        #expect(sv.safeAreaInsets == UIEdgeInsets(top: 20, left: 5, bottom: 30, right: 5))
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 21, left: 1, bottom: 31, right: 1),
                "automatic: vertical scrolls, horizontal does not")
        #expect(sv.contentOffset.y == -21, "the offset at the old top follows the new one")
        sv.contentInsetAdjustmentBehavior = .always
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 21, left: 6, bottom: 31, right: 6))
        sv.contentInsetAdjustmentBehavior = .never
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        #expect(sv.contentOffset.y == -1)
        sv.contentInsetAdjustmentBehavior = .scrollableAxes
        sv.contentSize = CGSize(width: 300, height: 100)
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        sv.alwaysBounceHorizontal = true
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 1, left: 6, bottom: 1, right: 6))
    }

    @Test("VCG-E-02 a table-like root scroll view under a translucent navigation bar gets the bar in its inset")
    func underNavigationBar() {
        let window = launchWithWindow()
        let vc = UIViewController()
        let sv = UIScrollView(frame: window.bounds)
        sv.contentSize = CGSize(width: 320, height: 100)  // (even content that fits: automatic adjusts vertically)
        vc.view = sv
        let nav = UINavigationController(rootViewController: vc)
        window.rootViewController = nav
        settle()
        #expect(nav.navigationBar.isTranslucent)
        let bar = nav.navigationBar.frame.maxY
        #expect(sv.frame.minY == 0, "the view extends under the translucent bar")
        #expect(sv.adjustedContentInset.top == bar)
        #expect(sv.contentInset == .zero, "contentInset itself is the app's")
        #expect(sv.contentOffset.y == -bar, "the content starts below the bar")
    }

    @Test("DESIGN-SCROLL-ANIMATION setContentOffset animated: didScroll per frame, then didEndScrollingAnimation")
    func animatedOffset() {
        let stage = ScrollStage()
        stage.scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        #expect(stage.scrollView.contentOffset.y == 0)
        stage.finger.wait(0.15)
        let mid = stage.scrollView.contentOffset.y
        #expect(mid > 0 && mid < 600)
        stage.finger.wait(0.2)
        #expect(stage.scrollView.contentOffset.y == 600)
        #expect(stage.take() == ["didScroll", "didEndScrollingAnimation"])
        #expect(stage.log.offsets.count >= 17 && stage.log.offsets.count <= 19, "0.3 s at 60 Hz")
        // The curve eases in and out: the first and last steps are the smallest.
        let steps = zip(stage.log.offsets.dropFirst(), stage.log.offsets).map { $0.y - $1.y }
        #expect(steps.first! < steps[steps.count / 2] && steps.last! < steps[steps.count / 2])
    }

    @Test("DESIGN-SCROLL-ANIMATION setting the offset without animation stops an animation, with no end call")
    func stopAnimation() {
        let stage = ScrollStage()
        stage.scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        stage.finger.wait(0.1)
        stage.scrollView.contentOffset = CGPoint(x: 0, y: 50)
        stage.finger.wait(0.5)
        #expect(stage.scrollView.contentOffset.y == 50)
        #expect(!stage.take().contains("didEndScrollingAnimation"))
    }

    @Test("DESIGN-SCROLL-ANIMATION scrollRectToVisible scrolls the least, within the range")
    func scrollRectToVisible() {
        let stage = ScrollStage()
        let sv = stage.scrollView
        sv.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 10), animated: false)
        #expect(sv.contentOffset.y == 0, "already visible")
        sv.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 10, height: 44), animated: false)
        #expect(sv.contentOffset.y == CGFloat(1044 - 480), "its bottom edge at the view's bottom")
        sv.scrollRectToVisible(CGRect(x: 0, y: 200, width: 10, height: 44), animated: false)
        #expect(sv.contentOffset.y == 200, "its top edge at the view's top")
        sv.scrollRectToVisible(CGRect(x: 0, y: 1990, width: 10, height: 100), animated: false)
        #expect(sv.contentOffset.y == 1520, "not past the end")
        sv.scrollRectToVisible(CGRect(x: 0, y: 300, width: 10, height: 44), animated: true)
        stage.finger.wait(0.5)
        #expect(sv.contentOffset.y == 300)
        #expect(stage.take().last == "didEndScrollingAnimation")
    }

    @Test("AG-I-09 keyboard pattern: shrink the scroll view by the keyboard, scroll the active field into view")
    func keyboardPattern() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 480))
        let sv = stage.scrollView
        let field = UIView(frame: CGRect(x: 20, y: 400, width: 280, height: 31))
        sv.addSubview(field)
        sv.frame.size.height = 480 - 216
        sv.scrollRectToVisible(field.frame, animated: false)
        #expect(sv.contentOffset.y == CGFloat(431 - 264))
        #expect(field.convert(CGPoint(x: 0, y: 31), to: stage.window).y <= 264)
    }

    @Test("DESIGN-SCROLL-ANIMATION a status-bar tap scrolls the one scrolls-to-top view to its top")
    func statusBar() {
        let stage = ScrollStage()
        stage.scrollView.contentOffset = CGPoint(x: 0, y: 800)
        _ = stage.take()
        #expect(stage.finger.tapStatusBar())
        stage.finger.wait(0.5)
        #expect(stage.scrollView.contentOffset.y == 0)
        #expect(stage.take() == ["didScroll", "didScrollToTop"])
        stage.scrollView.contentOffset = CGPoint(x: 0, y: 800)
        stage.log.allowsScrollToTop = false
        #expect(!stage.finger.tapStatusBar())
        stage.log.allowsScrollToTop = true
        let second = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(second)
        #expect(!stage.finger.tapStatusBar(), "two candidates: none scrolls")
        second.scrollsToTop = false
        #expect(stage.finger.tapStatusBar())
    }

    @Test("DESIGN-SCROLL-ZOOM zoomScale scales the zooming view, within limits, and sets the content size")
    func zoomScale() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 480))
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        stage.scrollView.addSubview(image)
        stage.log.zoomView = image
        #expect(stage.scrollView.pinchGestureRecognizer == nil)
        stage.scrollView.minimumZoomScale = 0.5
        stage.scrollView.maximumZoomScale = 3
        #expect(stage.scrollView.pinchGestureRecognizer != nil)
        stage.scrollView.zoomScale = 2
        #expect(stage.scrollView.contentSize == CGSize(width: 640, height: 960))
        #expect(image.frame == CGRect(x: 0, y: 0, width: 640, height: 960))
        stage.scrollView.zoomScale = 10
        #expect(stage.scrollView.zoomScale == 3)
        #expect(stage.take() == ["didZoom"])
        stage.scrollView.zoom(to: CGRect(x: 100, y: 100, width: 160, height: 240), animated: false)
        #expect(stage.scrollView.zoomScale == 2)
        #expect(stage.scrollView.contentOffset == CGPoint(x: 180 * 2 - 160, y: 220 * 2 - 240))
    }

    @Test("DESIGN-SCROLL-ZOOM a pinch zooms about the fingers' centroid, with UIKit's delegate calls")
    func pinchZoom() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 480))
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        stage.scrollView.addSubview(image)
        stage.log.zoomView = image
        stage.scrollView.maximumZoomScale = 4
        let center = CGPoint(x: 160, y: 240)
        stage.finger.pinch(center: center, from: 100, to: 200, steps: 10)
        stage.settleMotion()
        let s = stage.scrollView.zoomScale
        #expect(s > 1.8 && s <= 2.0)
        // The content point under the centre (160, 240) is still there.
        let underCenter = stage.scrollView.convert(center, from: stage.window)
        #expect(abs(underCenter.x / s - 160) < 1 && abs(underCenter.y / s - 240) < 1)
        let lines = stage.take().filter { $0 != "didScroll" }
        #expect(lines.first == "willBeginZooming")
        #expect(lines.contains("didZoom"))
        #expect(lines.contains("didEndZooming"))
        #expect(!stage.scrollView.isZooming)
    }
}

/// Resizing changes which axes scroll (DESIGN-SCROLL-INSETS).
@Suite("UIScrollView resizing", .serialized)
@MainActor
struct ScrollViewResizeTests {
    @Test("DESIGN-SCROLL-INSETS a frame change re-decides the scrollable axes of the adjusted inset")
    func frameChange() {
        let stage = ScrollStage(contentSize: CGSize(width: 320, height: 400))
        let vc = UIViewController()
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        vc.view = UIView(frame: stage.window.bounds)
        stage.window.rootViewController = vc
        let sv = stage.scrollView
        sv.removeFromSuperview()
        vc.view.addSubview(sv)
        sv.contentInsetAdjustmentBehavior = .scrollableAxes
        settle()
        sv.layoutIfNeeded()
        #expect(sv.adjustedContentInset.top == 0, "400 of content in 480: not scrollable")
        sv.frame = CGRect(x: 0, y: 0, width: 320, height: 300)
        settle()
        #expect(sv.adjustedContentInset.top == 10, "now it scrolls vertically")
    }
}
