import Foundation
import Tactile
import Testing

/// Layout margins and the safe area as constraint targets (DESIGN-LAYOUT-GUIDES). Expected values come from
/// Apple's documentation, not from Tactile's output:
/// - `UIView.layoutMargins` / `directionalLayoutMargins`: "For most views, the default layout margins are 8
///   points on each side"; "For the root view of a view controller, the default value of this property reflects
///   the system minimum margins and safe area insets"; "the leading margin is applied to the right edge of the
///   view in right-to-left layouts".
/// - `UIViewController.systemMinimumLayoutMargins`: "the root view's actual margins are set to either your custom
///   values or the minimum values defined by this property, whichever values are greater"; 16 points at the sides
///   and none at the top and bottom on a compact-width iPhone screen (Tactile's `systemMinimumLayoutMargins`).
/// - `UIView.insetsLayoutMarginsFromSafeArea`: "any margins that are outside the safe area are automatically
///   modified to fall within the safe area boundary … Changing the value to false allows your margins to remain
///   at their original locations" — the margins are measured from the safe area's edge (WWDC 2018 session 235,
///   "UIKit: Apps for Every Size and Shape").
/// - `UIView.preservesSuperviewLayoutMargins`: "The amount of the adjustment is the smallest amount needed to
///   ensure that content is also inside the superview's margins."
/// - `UIView.safeAreaInsets`: "For the view controller's root view, the insets account for the status bar, other
///   visible bars, and any additional insets that you specified using the additionalSafeAreaInsets property …
///   For other views in the view hierarchy, the insets reflect only the portion of the view that is covered."
/// - NSLayoutConstraint.Attribute: `.leftMargin` … `.centerYWithinMargins` are the edges and centres of the
///   rectangle inset by the item's layout margins.
@MainActor
@Suite("Auto Layout rules: margins and safe area")
struct MarginsAndSafeAreaRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    /// A constraint between two items' attributes with multiplier 1.
    func pin(_ a: Any, _ aa: NSLayoutConstraint.Attribute, _ b: Any?, _ ba: NSLayoutConstraint.Attribute,
             _ c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: a, attribute: aa, relatedBy: .equal, toItem: b, attribute: ba, multiplier: 1, constant: c)
    }

    @Test("DESIGN-LAYOUT-GUIDES: each margin attribute is its edge or centre moved in by the item's layout margins")
    func everyMarginAttribute() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let fill = constrainedView(in: root), sides = constrainedView(in: root), centred = constrainedView(in: root)
        let own = constrainedView(in: root)
        NSLayoutConstraint.activate([
            // The margins rectangle: x 20 … 260, y 10 … 170.
            pin(fill, .leading, root, .leadingMargin), pin(fill, .trailing, root, .trailingMargin),
            pin(fill, .top, root, .topMargin), pin(fill, .bottom, root, .bottomMargin),
            pin(sides, .left, root, .leftMargin, 1), pin(sides, .right, root, .rightMargin, -1),
            pin(sides, .top, root, .top), sides.heightAnchor.constraint(equalToConstant: 5),
            // Its centre: (140, 90).
            pin(centred, .centerX, root, .centerXWithinMargins), pin(centred, .centerY, root, .centerYWithinMargins),
            centred.widthAnchor.constraint(equalToConstant: 10), centred.heightAnchor.constraint(equalToConstant: 10),
            // A margin attribute of the first item uses that item's own margins (8 by default): own.left + 8 = 50.
            pin(own, .leftMargin, root, .left, 50), pin(own, .topMargin, root, .top, 50),
            own.widthAnchor.constraint(equalToConstant: 30), own.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(fill.frame == CGRect(x: 20, y: 10, width: 240, height: 160))
        #expect(sides.frame == CGRect(x: 21, y: 0, width: 238, height: 5))
        #expect(centred.frame == CGRect(x: 135, y: 85, width: 10, height: 10))
        #expect(own.frame == CGRect(x: 42, y: 42, width: 30, height: 30))
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 20, y: 10, width: 240, height: 160))
        // New margins move what is tied to them at the next layout pass.
        root.layoutMargins = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 100)
        root.layoutIfNeeded()
        #expect(fill.frame == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(centred.frame == CGRect(x: 95, y: 95, width: 10, height: 10))
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 0, y: 0, width: 200, height: 200))
    }

    @Test("DESIGN-LAYOUT-GUIDES: a plain view's margins guide is 8 points in; a guide's anchors behave as the margin attributes")
    func defaultMarginsGuide() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(root.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        let v = constrainedView(in: root)
        let g = root.layoutMarginsGuide
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: g.leadingAnchor), v.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            v.topAnchor.constraint(equalTo: g.topAnchor), v.bottomAnchor.constraint(equalTo: g.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 8, y: 8, width: 184, height: 84))
        #expect(g.owningView === root)
        #expect(root.layoutMarginsGuide === g)  // the same guide every time
    }

    @Test("DESIGN-LAYOUT-GUIDES: a controller's root view has no top or bottom margin and the system minimum (16) at the sides")
    func rootViewMargins() {
        let window = launchWithWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        settle()
        let v = constrainedView(in: vc.view)
        let g = vc.view.layoutMarginsGuide
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: g.leadingAnchor), v.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            v.topAnchor.constraint(equalTo: g.topAnchor), v.bottomAnchor.constraint(equalTo: g.bottomAnchor),
        ])
        settle()
        #expect(vc.systemMinimumLayoutMargins == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        #expect(v.frame == CGRect(x: 16, y: 0, width: 288, height: 480))
        // Custom margins count where they exceed the minimum ("whichever values are greater").
        vc.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 5, leading: 4, bottom: 6, trailing: 30)
        settle()
        #expect(v.frame == CGRect(x: 16, y: 5, width: 274, height: 469))
        // Without the minimum, the custom values hold.
        vc.viewRespectsSystemMinimumLayoutMargins = false
        settle()
        #expect(v.frame == CGRect(x: 4, y: 5, width: 286, height: 469))
    }

    @Test("DESIGN-LAYOUT-GUIDES: under a navigation bar and a toolbar the safe area guide spans between the bars; the root's margins guide follows it")
    func safeAreaBetweenBars() {
        let window = launchWithWindow()
        TactileHost.statusBarHeight = 20
        defer { TactileHost.statusBarHeight = 0 }
        let content = UIViewController()
        let nav = UINavigationController(rootViewController: content)
        nav.setToolbarHidden(false, animated: false)
        window.rootViewController = nav
        settle()
        let label = constrainedView(in: content.view), marginal = constrainedView(in: content.view)
        let safe = content.view.safeAreaLayoutGuide, margins = content.view.layoutMarginsGuide
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: safe.topAnchor), label.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
            label.leadingAnchor.constraint(equalTo: safe.leadingAnchor), label.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            marginal.topAnchor.constraint(equalTo: margins.topAnchor), marginal.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            marginal.leadingAnchor.constraint(equalTo: margins.leadingAnchor), marginal.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ])
        settle()
        let barBottom = nav.navigationBar.convert(nav.navigationBar.bounds, to: content.view).maxY
        let toolbarTop = nav.toolbar.convert(nav.toolbar.bounds, to: content.view).minY
        #expect(barBottom == 64)  // 20 of status bar + 44 of navigation bar
        #expect(toolbarTop == 436)  // 480 − 44
        #expect(label.frame == CGRect(x: 0, y: barBottom, width: 320, height: toolbarTop - barBottom))
        #expect(safe.layoutFrame == label.frame)
        // The root view's margins (0 top and bottom, 16 at the sides) are measured from the safe area.
        #expect(marginal.frame == CGRect(x: 16, y: 64, width: 288, height: 372))
        // additionalSafeAreaInsets add to the bars' insets.
        content.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 12, bottom: 14, right: 16)
        settle()
        #expect(label.frame == CGRect(x: 12, y: 74, width: 292, height: 348))
        #expect(marginal.frame == CGRect(x: 28, y: 74, width: 260, height: 348))
        // Margins that no longer follow the safe area stay where they are: 0 from the top, 16 from the sides.
        content.view.insetsLayoutMarginsFromSafeArea = false
        settle()
        #expect(marginal.frame == CGRect(x: 16, y: 0, width: 288, height: 480))
        #expect(label.frame == CGRect(x: 12, y: 74, width: 292, height: 348))  // the safe area guide does not change
    }

    @Test("DESIGN-LAYOUT-GUIDES: a subview reaching under the bar gets the covered part as its safe area and its margins start past it")
    func subviewUnderTheBar() {
        let window = launchWithWindow()
        let content = UIViewController()
        let nav = UINavigationController(rootViewController: content)
        window.rootViewController = nav
        settle()
        let card = constrainedView(in: content.view)  // fills the root view, under the bar
        let low = constrainedView(in: content.view)   // starts below the bar
        let inCardSafe = constrainedView(in: card), inCardMargins = constrainedView(in: card), inLowMargins = constrainedView(in: low)
        NSLayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: content.view.topAnchor), card.bottomAnchor.constraint(equalTo: content.view.bottomAnchor),
            card.leadingAnchor.constraint(equalTo: content.view.leadingAnchor), card.trailingAnchor.constraint(equalTo: content.view.trailingAnchor),
            low.topAnchor.constraint(equalTo: content.view.topAnchor, constant: 100), low.heightAnchor.constraint(equalToConstant: 100),
            low.leadingAnchor.constraint(equalTo: content.view.leadingAnchor), low.widthAnchor.constraint(equalToConstant: 100),
            inCardSafe.topAnchor.constraint(equalTo: card.safeAreaLayoutGuide.topAnchor), inCardSafe.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            inCardSafe.widthAnchor.constraint(equalToConstant: 10), inCardSafe.heightAnchor.constraint(equalToConstant: 10),
            inCardMargins.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
            inCardMargins.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            inCardMargins.widthAnchor.constraint(equalToConstant: 10), inCardMargins.heightAnchor.constraint(equalToConstant: 10),
            inLowMargins.topAnchor.constraint(equalTo: low.layoutMarginsGuide.topAnchor),
            inLowMargins.leadingAnchor.constraint(equalTo: low.layoutMarginsGuide.leadingAnchor),
            inLowMargins.widthAnchor.constraint(equalToConstant: 10), inLowMargins.heightAnchor.constraint(equalToConstant: 10),
        ])
        settle()
        let barBottom = nav.navigationBar.convert(nav.navigationBar.bounds, to: content.view).maxY
        #expect(barBottom == 44)
        #expect(card.safeAreaInsets.top == barBottom)
        #expect(inCardSafe.frame.minY == barBottom)
        #expect(inCardMargins.frame.origin == CGPoint(x: 8, y: barBottom + 8))
        #expect(low.safeAreaInsets == .zero)  // entirely inside the safe area
        #expect(inLowMargins.frame.origin == CGPoint(x: 8, y: 8))
        card.insetsLayoutMarginsFromSafeArea = false
        settle()
        #expect(inCardMargins.frame.origin == CGPoint(x: 8, y: 8))
        #expect(inCardSafe.frame.minY == barBottom)
    }

    @Test("DESIGN-LAYOUT-GUIDES: preservesSuperviewLayoutMargins raises a margin just enough to keep content inside the superview's margins")
    func preservedSuperviewMargins() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        root.layoutMargins = UIEdgeInsets(top: 30, left: 30, bottom: 30, right: 30)
        let near = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 100))  // reaches 20 into root's margins
        let inside = UIView(frame: CGRect(x: 50, y: 150, width: 200, height: 100))  // clear of them
        root.addSubview(near)
        root.addSubview(inside)
        let a = constrainedView(in: near), b = constrainedView(in: inside)
        for (v, parent) in [(a, near), (b, inside)] {
            NSLayoutConstraint.activate([
                v.leadingAnchor.constraint(equalTo: parent.layoutMarginsGuide.leadingAnchor),
                v.topAnchor.constraint(equalTo: parent.layoutMarginsGuide.topAnchor),
                v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
        root.layoutIfNeeded()
        #expect(a.frame.origin == CGPoint(x: 8, y: 8))
        near.preservesSuperviewLayoutMargins = true
        inside.preservesSuperviewLayoutMargins = true
        root.layoutIfNeeded()
        #expect(near.layoutMargins.left == 20 && near.layoutMargins.top == 20)
        #expect(a.frame.origin == CGPoint(x: 20, y: 20))  // 30 − 10: the smallest adjustment
        #expect(near.layoutMargins.right == 8)             // its right edge (210) is clear of root's margin (270)
        #expect(b.frame.origin == CGPoint(x: 8, y: 8))     // nothing to adjust
    }
}
