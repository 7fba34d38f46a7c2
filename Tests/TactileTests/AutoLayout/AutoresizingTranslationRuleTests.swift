import Foundation
import Tactile
import Testing

/// Views that translate their autoresizing mask into constraints inside a constraint-based layout
/// (DESIGN-LAYOUT-TAMIC). Expected behaviour from Apple's documentation:
/// `translatesAutoresizingMaskIntoConstraints` — "the system automatically creates a set of constraints based on
/// the view's frame and its autoresizing mask. … these constraints fully specify the view's size and position";
/// setting `frame`, `bounds` or `center` moves such a view and so the constraints that stand for it;
/// `autoresizingMask` — "When a view's bounds change, that view automatically resizes its subviews according to
/// each subview's autoresizing mask … When more than one option along the same axis is set, the default behavior
/// is to distribute the size difference proportionally among the flexible portions."
@MainActor
@Suite("Auto Layout rules: translated autoresizing masks")
struct AutoresizingTranslationRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    /// A constrained 200 × 100 panel in a 400 × 300 root, a frame-based badge inside it and a constrained
    /// follower placed after the badge's bottom-right corner.
    struct Scene {
        let root: UIView
        let panel: UIView
        let badge: UIView
        let follower: UIView
        let panelWidth: NSLayoutConstraint
        let followerWidth: NSLayoutConstraint
    }

    func makeScene(mask: UIView.AutoresizingMask) -> Scene {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let panel = constrainedView(in: root)
        let panelWidth = panel.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([panel.leftAnchor.constraint(equalTo: root.leftAnchor), panel.topAnchor.constraint(equalTo: root.topAnchor),
                                     panelWidth, panel.heightAnchor.constraint(equalToConstant: 100)])
        root.layoutIfNeeded()
        // Added once the panel has its size, so the mask has nothing to follow yet.
        let badge = UIView(frame: CGRect(x: 20, y: 10, width: 60, height: 30))
        badge.autoresizingMask = mask
        panel.addSubview(badge)
        let follower = constrainedView(in: panel)
        let followerWidth = follower.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([follower.leftAnchor.constraint(equalTo: badge.rightAnchor, constant: 5),
                                     follower.topAnchor.constraint(equalTo: badge.bottomAnchor), followerWidth,
                                     follower.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        return Scene(root: root, panel: panel, badge: badge, follower: follower, panelWidth: panelWidth, followerWidth: followerWidth)
    }

    @Test("DESIGN-LAYOUT-TAMIC: an app-set frame is kept through layout passes and places the constrained views tied to it")
    func frameKept() {
        let s = makeScene(mask: [])
        #expect(s.badge.frame == CGRect(x: 20, y: 10, width: 60, height: 30))
        #expect(s.follower.frame == CGRect(x: 85, y: 40, width: 10, height: 10))
        // Other constraints change: another pass, the badge stays.
        s.followerWidth.constant = 20
        s.panel.layoutIfNeeded()
        #expect(s.badge.frame == CGRect(x: 20, y: 10, width: 60, height: 30))
        #expect(s.follower.frame == CGRect(x: 85, y: 40, width: 20, height: 10))
        // The panel grows; with no flexible part the badge keeps its frame.
        s.panelWidth.constant = 300
        s.panel.superview!.layoutIfNeeded()
        #expect(s.panel.frame.width == 300)
        #expect(s.badge.frame == CGRect(x: 20, y: 10, width: 60, height: 30))
        // The app moves it by its center, then resizes it by its bounds: both are kept and followed.
        s.badge.center = CGPoint(x: 100, y: 50)
        s.panel.layoutIfNeeded()
        #expect(s.badge.frame == CGRect(x: 70, y: 35, width: 60, height: 30))
        #expect(s.follower.frame.origin == CGPoint(x: 135, y: 65))
        s.badge.bounds.size = CGSize(width: 40, height: 20)
        s.panel.layoutIfNeeded()
        #expect(s.badge.frame == CGRect(x: 80, y: 40, width: 40, height: 20))
        #expect(s.follower.frame.origin == CGPoint(x: 125, y: 60))
        s.panel.setNeedsLayout()
        s.panel.layoutIfNeeded()
        #expect(s.badge.frame == CGRect(x: 80, y: 40, width: 40, height: 20))
    }

    @Test("DESIGN-LAYOUT-TAMIC: inside a constrained superview the translated frame follows the mask's flexible parts")
    func maskFollowsConstrainedSuperview() {
        let stretchy = makeScene(mask: [.flexibleWidth])
        stretchy.panelWidth.constant = 300
        stretchy.root.layoutIfNeeded()
        #expect(stretchy.badge.frame == CGRect(x: 20, y: 10, width: 160, height: 30))
        #expect(stretchy.follower.frame.origin == CGPoint(x: 185, y: 40))

        let pinnedRight = makeScene(mask: [.flexibleLeftMargin])
        pinnedRight.panelWidth.constant = 150
        pinnedRight.root.layoutIfNeeded()
        #expect(pinnedRight.badge.frame == CGRect(x: -30, y: 10, width: 60, height: 30))  // its right margin (120) kept

        // Width (60) and right margin (120) share the growth 1 : 2.
        let shared = makeScene(mask: [.flexibleWidth, .flexibleRightMargin])
        shared.panelWidth.constant = 290
        shared.root.layoutIfNeeded()
        #expect(shared.badge.frame == CGRect(x: 20, y: 10, width: 90, height: 30))
        #expect(shared.follower.frame.origin == CGPoint(x: 115, y: 40))
    }
}
