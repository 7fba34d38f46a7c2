import Foundation
import Tactile
import Testing

/// Layout guides, margins, fitting sizes, ambiguity and the constraint-update cycle. Expected values follow
/// Apple's documentation: `layoutMargins` ("The default margins are eight points on each side"), the margin
/// attributes ("leadingMargin: the object's leading margin"), `safeAreaLayoutGuide` under a navigation bar,
/// `systemLayoutSizeFitting(_:)` ("the optimal size of the view based on its constraints"), `hasAmbiguousLayout`,
/// and the order of the layout cycle in the View Controller Programming Guide (SBT-LAY-01).
@MainActor
@Suite("Auto Layout: guides, margins, fitting, ambiguity")
struct GuidesAndFittingTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    @Test("DESIGN-LAYOUT-GUIDES: margin attributes and the margins guide follow layoutMargins")
    func margins() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let v = constrainedView(in: root)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: v, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leadingMargin, multiplier: 1, constant: 0),
            v.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            NSLayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: root, attribute: .topMargin, multiplier: 1, constant: 2),
            v.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 8, y: 10, width: 284, height: 182))
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 20, leading: 30, bottom: 40, trailing: 50)
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 30, y: 22, width: 220, height: 138))
    }

    @Test("DESIGN-LAYOUT-GUIDES: the safe area guide sits under a navigation controller's bar")
    func safeAreaUnderNavigationBar() {
        let window = launchWithWindow()
        let content = UIViewController()
        let nav = UINavigationController(rootViewController: content)
        window.rootViewController = nav
        settle()
        let label = constrainedView(in: content.view)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: content.view.safeAreaLayoutGuide.topAnchor),
            label.leadingAnchor.constraint(equalTo: content.view.safeAreaLayoutGuide.leadingAnchor, constant: 16),
            label.widthAnchor.constraint(equalToConstant: 100), label.heightAnchor.constraint(equalToConstant: 20),
        ])
        settle()
        let barBottom = nav.navigationBar.convert(nav.navigationBar.bounds, to: content.view).maxY
        #expect(barBottom > 0)
        #expect(label.frame.minY == barBottom)
        #expect(label.frame.minX == 16)
        // Hiding the bar moves the label up at the next pass.
        nav.setNavigationBarHidden(true, animated: false)
        settle()
        #expect(label.frame.minY == content.view.safeAreaInsets.top)
        // additionalSafeAreaInsets count too.
        content.additionalSafeAreaInsets = UIEdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
        settle()
        #expect(label.frame.minY == content.view.safeAreaInsets.top)
        #expect(content.view.safeAreaInsets.top >= 30)
    }

    @Test("DESIGN-LAYOUT-GUIDES: own guides as spacers centre a view; anchorWithOffset makes equal gaps")
    func ownGuides() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let v = constrainedView(in: root)
        let left = UILayoutGuide(), right = UILayoutGuide()
        root.addLayoutGuide(left)
        root.addLayoutGuide(right)
        #expect(root.layoutGuides.count == 2 && left.owningView === root)
        NSLayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: root.leadingAnchor), left.trailingAnchor.constraint(equalTo: v.leadingAnchor),
            v.trailingAnchor.constraint(equalTo: right.leadingAnchor), right.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            left.widthAnchor.constraint(equalTo: right.widthAnchor), v.widthAnchor.constraint(equalToConstant: 100),
            v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10),
            left.topAnchor.constraint(equalTo: root.topAnchor), left.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(v.frame.minX == 100)
        #expect(left.layoutFrame == CGRect(x: 0, y: 0, width: 100, height: 5))
        root.removeLayoutGuide(right)
        #expect(root.layoutGuides.count == 1 && right.owningView == nil)

        let row = UIView(frame: CGRect(x: 0, y: 0, width: 260, height: 50))
        let a = constrainedView(in: row), b = constrainedView(in: row), c = constrainedView(in: row)
        var cs: [NSLayoutConstraint] = []
        for x in [a, b, c] {
            cs += [x.widthAnchor.constraint(equalToConstant: 20), x.heightAnchor.constraint(equalToConstant: 20), x.topAnchor.constraint(equalTo: row.topAnchor)]
        }
        cs += [a.leadingAnchor.constraint(equalTo: row.leadingAnchor), c.trailingAnchor.constraint(equalTo: row.trailingAnchor),
               a.trailingAnchor.anchorWithOffset(to: b.leadingAnchor).constraint(equalTo: b.trailingAnchor.anchorWithOffset(to: c.leadingAnchor))]
        NSLayoutConstraint.activate(cs)
        row.layoutIfNeeded()
        // 260 − 60 = 200 of gaps, 100 each.
        #expect(b.frame.minX == 120)
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: systemLayoutSizeFitting solves the view's own constraints around its content")
    func fitting() {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let label = IntrinsicView(CGSize(width: 120, height: 20))
        cell.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 8), label.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -8),
            label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 8), label.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -8),
        ])
        #expect(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 136, height: 36))
        // A required width is kept; the height still comes from the content.
        #expect(cell.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 300, height: 36))
        // The cell's own frame was not changed by asking.
        cell.layoutIfNeeded()
        #expect(cell.frame.size == CGSize(width: 10, height: 10))
        #expect(IntrinsicView(CGSize(width: 3, height: 4)).systemLayoutSizeFitting(.zero) == CGSize(width: 3, height: 4))
    }

    @Test("DESIGN-LAYOUT-AMBIGUITY: an under-constrained view is ambiguous; constraintsAffectingLayout lists its axis")
    func ambiguity() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let v = constrainedView(in: root)
        let width = v.widthAnchor.constraint(equalToConstant: 50)
        width.isActive = true
        root.layoutIfNeeded()
        #expect(v.hasAmbiguousLayout)
        let left = v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5)
        let top = v.topAnchor.constraint(equalTo: root.topAnchor)
        let height = v.heightAnchor.constraint(equalToConstant: 5)
        NSLayoutConstraint.activate([left, top, height])
        #expect(!v.hasAmbiguousLayout)
        #expect(!v.leftAnchor.hasAmbiguousLayout)
        let horizontal = v.constraintsAffectingLayout(for: .horizontal)
        #expect(horizontal.contains { $0 === width } && horizontal.contains { $0 === left } && !horizontal.contains { $0 === top })
        #expect(v.constraintsAffectingLayout(for: .vertical).contains { $0 === height })
        // Exercising a view with a range of valid frames moves it within the range.
        let w = constrainedView(in: root)
        NSLayoutConstraint.activate([w.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor), w.leftAnchor.constraint(lessThanOrEqualTo: root.leftAnchor, constant: 100),
                                     w.widthAnchor.constraint(equalToConstant: 10), w.topAnchor.constraint(equalTo: root.topAnchor),
                                     w.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(w.hasAmbiguousLayout)
        let before = w.frame.minX
        w.exerciseAmbiguityInLayout()
        root.layoutIfNeeded()
        #expect(w.frame.minX != before)
        #expect(w.frame.minX >= 0 && w.frame.minX <= 100)
    }

    @Test("DESIGN-LAYOUT-TAMIC: a frame set by the app on a view that translates its mask survives layout passes")
    func appFramesKept() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let framed = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        root.addSubview(framed)
        let follower = constrainedView(in: root)
        NSLayoutConstraint.activate([follower.leftAnchor.constraint(equalTo: framed.rightAnchor), follower.topAnchor.constraint(equalTo: framed.topAnchor),
                                     follower.widthAnchor.constraint(equalToConstant: 5), follower.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        #expect(framed.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(follower.frame.origin == CGPoint(x: 40, y: 20))
        framed.frame = CGRect(x: 50, y: 60, width: 10, height: 10)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(framed.frame == CGRect(x: 50, y: 60, width: 10, height: 10))
        #expect(follower.frame.origin == CGPoint(x: 60, y: 60))
        // Turning translation off leaves the frame to the constraints.
        framed.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([framed.leftAnchor.constraint(equalTo: root.leftAnchor), framed.topAnchor.constraint(equalTo: root.topAnchor),
                                     framed.widthAnchor.constraint(equalToConstant: 1), framed.heightAnchor.constraint(equalToConstant: 1)])
        root.layoutIfNeeded()
        #expect(framed.frame == CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test("DESIGN-LAYOUT-DIRECTION: the app's right-to-left direction flips leading and trailing")
    func appDirection() {
        TactileHost.userInterfaceLayoutDirection = .rightToLeft
        defer { TactileHost.userInterfaceLayoutDirection = .leftToRight }
        #expect(UIApplication.shared.userInterfaceLayoutDirection == .rightToLeft)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        let v = constrainedView(in: root)
        #expect(v.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), v.widthAnchor.constraint(equalToConstant: 20),
                                     v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 20)])
        root.layoutIfNeeded()
        #expect(v.frame.minX == 170)
        TactileHost.userInterfaceLayoutDirection = .leftToRight
        root.layoutIfNeeded()
        #expect(v.frame.minX == 10)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback) == .leftToRight)
    }

    @Test("SBT-LAY-01: with Auto Layout, updateViewConstraints runs before viewWillLayoutSubviews, layoutSubviews, viewDidLayoutSubviews")
    func cycleOrder() {
        final class Root: UIView {
            var log: [String] = []
            override func updateConstraints() { log.append("view.updateConstraints"); super.updateConstraints() }
            override func layoutSubviews() { log.append("view.layoutSubviews"); super.layoutSubviews() }
        }
        final class Controller: UIViewController {
            let root = Root()
            var constant: CGFloat = 10
            lazy var pin = child.widthAnchor.constraint(equalToConstant: constant)
            let child = UIView()
            override func loadView() { view = root }
            override func viewDidLoad() {
                super.viewDidLoad()
                child.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(child)
                NSLayoutConstraint.activate([pin, child.leftAnchor.constraint(equalTo: view.leftAnchor), child.topAnchor.constraint(equalTo: view.topAnchor),
                                             child.heightAnchor.constraint(equalToConstant: 5)])
            }
            override func updateViewConstraints() {
                root.log.append("vc.updateViewConstraints")
                pin.constant = constant
                super.updateViewConstraints()
            }
            override func viewWillLayoutSubviews() { root.log.append("vc.viewWillLayoutSubviews"); super.viewWillLayoutSubviews() }
            override func viewDidLayoutSubviews() {
                super.viewDidLayoutSubviews()
                root.log.append("vc.viewDidLayoutSubviews width=\(Int(child.frame.width))")
            }
        }
        let window = launchWithWindow()
        let vc = Controller()
        window.rootViewController = vc
        settle()
        vc.root.log.removeAll()
        vc.constant = 42
        vc.view.setNeedsUpdateConstraints()
        settle()
        #expect(vc.root.log == ["vc.updateViewConstraints", "view.updateConstraints", "vc.viewWillLayoutSubviews", "view.layoutSubviews",
                                "vc.viewDidLayoutSubviews width=42"])
    }

    @Test("DESIGN-LAYOUT: constraints place the alignment rectangle; the frame adds alignmentRectInsets")
    func alignmentRect() {
        final class Shadowed: UIView {
            override var alignmentRectInsets: UIEdgeInsets { UIEdgeInsets(top: 2, left: 4, bottom: 6, right: 8) }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let v = Shadowed()
        v.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(v)
        NSLayoutConstraint.activate([v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10), v.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                                     v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 50)])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 6, y: 8, width: 62, height: 58))
        #expect(v.alignmentRect(forFrame: v.frame) == CGRect(x: 10, y: 10, width: 50, height: 50))
    }
}
