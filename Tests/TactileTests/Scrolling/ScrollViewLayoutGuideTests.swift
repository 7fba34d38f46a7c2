import Foundation
import Tactile
import Testing

/// Auto Layout in a scroll view (DESIGN-SCROLL-LAYOUT). Apple, "Working with Scroll Views" (Auto Layout Guide):
/// "Constraints between the edges or margins of the scroll view and its content attach to the scroll view's
/// content area. Constraints between the height, width, or centers of the scroll view and its content attach to
/// the scroll view's frame." `contentLayoutGuide` / `frameLayoutGuide` (iOS 11) name the two explicitly.
@Suite("UIScrollView layout guides", .serialized)
@MainActor
struct ScrollViewLayoutGuideTests {
    @Test("DESIGN-SCROLL-LAYOUT content pinned to contentLayoutGuide sets the content size")
    func contentGuideSizesContent() {
        let stage = ScrollStage(contentSize: .zero)
        let sv = stage.scrollView
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        sv.addSubview(content)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: sv.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: sv.contentLayoutGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: sv.contentLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: sv.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: sv.frameLayoutGuide.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 1500),
        ])
        sv.layoutIfNeeded()
        #expect(sv.contentSize == CGSize(width: 320, height: 1500))
        #expect(content.frame == CGRect(x: 0, y: 0, width: 320, height: 1500))
        #expect(sv.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 320, height: 1500))
        // Now it scrolls.
        stage.finger.scroll(sv, by: CGPoint(x: 0, y: 200))
        #expect(sv.contentOffset.y == 200)
        #expect(content.frame.minY == 0, "constrained content moves with the offset, not its frame")
    }

    @Test("DESIGN-SCROLL-LAYOUT constraints to the scroll view's own edges mean its content area; its width its frame")
    func legacyEdgeConstraints() {
        let stage = ScrollStage(contentSize: .zero)
        let sv = stage.scrollView
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        sv.addSubview(content)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: sv.leadingAnchor, constant: 10),
            content.trailingAnchor.constraint(equalTo: sv.trailingAnchor, constant: -10),
            content.topAnchor.constraint(equalTo: sv.topAnchor, constant: 20),
            content.bottomAnchor.constraint(equalTo: sv.bottomAnchor, constant: -20),
            content.widthAnchor.constraint(equalTo: sv.widthAnchor, constant: -20),
            content.heightAnchor.constraint(equalToConstant: 900),
        ])
        sv.layoutIfNeeded()
        #expect(sv.frame.size == CGSize(width: 320, height: 480), "the scroll view's frame is unchanged")
        #expect(sv.contentSize == CGSize(width: 320, height: 940))
        #expect(content.frame == CGRect(x: 10, y: 20, width: 300, height: 900))
    }

    @Test("DESIGN-SCROLL-LAYOUT a view pinned to frameLayoutGuide stays put on screen while the content scrolls")
    func frameGuideDoesNotScroll() {
        let stage = ScrollStage()
        let sv = stage.scrollView
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        sv.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.topAnchor.constraint(equalTo: sv.frameLayoutGuide.topAnchor, constant: 8),
            badge.trailingAnchor.constraint(equalTo: sv.frameLayoutGuide.trailingAnchor, constant: -8),
            badge.widthAnchor.constraint(equalToConstant: 40),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        sv.layoutIfNeeded()
        #expect(badge.convert(CGPoint.zero, to: stage.window) == CGPoint(x: 272, y: 8))
        stage.finger.scroll(sv, by: CGPoint(x: 0, y: 333))
        sv.layoutIfNeeded()
        #expect(sv.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 333, width: 320, height: 480))
        #expect(badge.convert(CGPoint.zero, to: stage.window) == CGPoint(x: 272, y: 8))
        #expect(sv.contentSize == CGSize(width: 320, height: 2000), "an unconstrained content guide leaves contentSize")
    }
}
