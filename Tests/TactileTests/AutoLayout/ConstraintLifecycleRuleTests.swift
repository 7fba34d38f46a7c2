import Foundation
import Tactile
import Testing

/// Constraints changed at run time: constants, priorities, activation, installation and removal, and the
/// unsatisfiable-constraints recovery. Expected behaviour from Apple's documentation:
/// - Auto Layout Guide, "Changing Constraints": activating/deactivating, changing the constant or the priority and
///   removing a view all change constraints; "Instead of immediately updating the affected views' frames, Auto
///   Layout schedules a layout pass for the near future" (The Deferred Layout Pass); `layoutIfNeeded()` "Lays out
///   the subviews immediately, if layout updates are pending".
/// - `NSLayoutConstraint.isActive`: "Activating or deactivating the constraint calls addConstraint(_:) and
///   removeConstraint(_:) on the view that is the closest common ancestor of the items managed by this constraint."
/// - `UIView.addConstraint(_:)`: "The constraint must involve only views that are within scope of the receiving
///   view. Specifically, any views involved must be either the receiving view itself, or a subview of the
///   receiving view."
/// - `UIView.removeConstraint(_:)`: "Removing a constraint not held by the view has no effect."
/// - `UIView.removeFromSuperview()`: "Calling this method removes any constraints that refer to the view you are
///   removing, or that refer to any view in the subtree of the view you are removing" — the constraints held by
///   views above it; those held inside the removed subtree stay with it.
/// - `NSLayoutConstraint.priority`: "Priorities may not change from nonrequired to required, or from required to
///   nonrequired. An exception will be thrown if a priority of required in macOS or UILayoutPriorityRequired in
///   iOS is changed to a lower priority, or if a lower priority is changed to a required priority on an
///   installed constraint"; optional constraints: "the system tries to satisfy it as closely as possible …
///   higher-priority constraints are satisfied before lower-priority constraints" (Auto Layout Guide, "Priority").
/// - The unsatisfiable log ("Unable to simultaneously satisfy constraints. … Will attempt to recover by breaking
///   constraint"), with the autoresizing-mask note when `NSAutoresizingMaskLayoutConstraint`s take part; the
///   constraint broken is the one just added (DESIGN-LAYOUT-PRIORITY).
@MainActor
@Suite("Auto Layout rules: constraints at run time")
struct ConstraintLifecycleRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.reset()
    }

    /// A 10-high view at the root's top-left with the given width constraints.
    func row(in root: UIView) -> UIView {
        let v = constrainedView(in: root)
        NSLayoutConstraint.activate([v.leftAnchor.constraint(equalTo: root.leftAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
                                     v.heightAnchor.constraint(equalToConstant: 10)])
        return v
    }

    @Test("DESIGN-LAYOUT: a constant changed at run time moves the view at the next layout pass, and hit-testing follows")
    func constantAtRunTime() {
        let window = launchWithWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        settle()
        let button = constrainedView(in: vc.view)
        let left = button.leftAnchor.constraint(equalTo: vc.view.leftAnchor, constant: 20)
        NSLayoutConstraint.activate([left, button.topAnchor.constraint(equalTo: vc.view.topAnchor, constant: 100),
                                     button.widthAnchor.constraint(equalToConstant: 80), button.heightAnchor.constraint(equalToConstant: 40)])
        settle()
        #expect(button.frame == CGRect(x: 20, y: 100, width: 80, height: 40))
        left.constant = 200
        #expect(button.frame.minX == 20)  // deferred: nothing moves before the layout pass
        vc.view.layoutIfNeeded()
        #expect(button.frame == CGRect(x: 200, y: 100, width: 80, height: 40))
        #expect(window.hitTest(CGPoint(x: 30, y: 120), with: nil) === vc.view)
        #expect(window.hitTest(CGPoint(x: 210, y: 120), with: nil) === button)
        // The run loop's own layout pass does it too.
        left.constant = 100
        settle()
        #expect(button.frame.minX == 100)
        #expect(window.hitTest(CGPoint(x: 110, y: 120), with: nil) === button)
    }

    @Test("DESIGN-LAYOUT-PRIORITY: lowering an optional priority at run time hands the conflict to the other constraint")
    func priorityAtRunTime() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let v = row(in: root)
        let toEdge = v.rightAnchor.constraint(equalTo: root.rightAnchor)
        toEdge.priority = UILayoutPriority(500)
        let width = v.widthAnchor.constraint(equalToConstant: 100)
        width.priority = UILayoutPriority(600)
        NSLayoutConstraint.activate([toEdge, width])
        root.layoutIfNeeded()
        #expect(v.frame.width == 100)
        width.priority = UILayoutPriority(400)
        root.layoutIfNeeded()
        #expect(v.frame.width == 300)
        // An inequality at an optional priority still counts as fully as it can.
        let atMost = v.widthAnchor.constraint(lessThanOrEqualToConstant: 250)
        atMost.priority = UILayoutPriority(450)
        atMost.isActive = true
        root.layoutIfNeeded()
        #expect(v.frame.width == 250)
    }

    @Test("DESIGN-LAYOUT-PRIORITY: an installed constraint cannot switch between required and optional (UIKit's exception); an inactive one can")
    func requiredOptionalSwitch() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let v = row(in: root)
        let c = v.widthAnchor.constraint(equalToConstant: 100)
        c.isActive = true
        let misuses = TactileDiagnostics.misuseCount
        c.priority = .defaultHigh
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(c.priority == .required)
        c.isActive = false
        c.priority = .defaultHigh
        #expect(c.priority == .defaultHigh)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        c.isActive = true
        c.priority = UILayoutPriority(999)  // optional to optional: fine
        #expect(c.priority.rawValue == 999)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: deactivating takes a constraint off its view and out of layout; activating again restores it")
    func deactivateAndReactivate() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let v = row(in: root)
        let fixed = v.widthAnchor.constraint(equalToConstant: 100)
        let wish = v.widthAnchor.constraint(equalToConstant: 200)
        wish.priority = .defaultLow
        NSLayoutConstraint.activate([fixed, wish])
        root.layoutIfNeeded()
        #expect(v.frame.width == 100)
        #expect(v.constraints.contains { $0 === fixed })
        NSLayoutConstraint.deactivate([fixed])
        #expect(!fixed.isActive)
        #expect(!v.constraints.contains { $0 === fixed })
        root.layoutIfNeeded()
        #expect(v.frame.width == 200)
        fixed.isActive = true
        root.layoutIfNeeded()
        #expect(v.frame.width == 100)
        #expect(v.constraints.filter { $0 === fixed }.count == 1)
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: constraints between cousins are installed on their nearest common ancestor; between a view and its ancestor on the ancestor")
    func installationSite() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let mid = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let p = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100)), q = UIView(frame: CGRect(x: 200, y: 10, width: 100, height: 100))
        root.addSubview(mid)
        mid.addSubview(p)
        mid.addSubview(q)
        let a = constrainedView(in: p), b = constrainedView(in: q)
        let cousins = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        let toAncestor = b.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 250)
        let own = a.widthAnchor.constraint(equalToConstant: 30)
        NSLayoutConstraint.activate([cousins, toAncestor, own])
        #expect(mid.constraints.contains { $0 === cousins })
        #expect(root.constraints.contains { $0 === toAncestor })
        #expect(a.constraints.contains { $0 === own })  // a constraint on one view alone is held by that view
        #expect(!root.constraints.contains { $0 === cousins } && !p.constraints.contains { $0 === cousins })
        NSLayoutConstraint.activate([a.leftAnchor.constraint(equalTo: p.leftAnchor), a.topAnchor.constraint(equalTo: p.topAnchor),
                                     a.heightAnchor.constraint(equalToConstant: 5), b.topAnchor.constraint(equalTo: q.topAnchor),
                                     b.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        #expect(b.frame == CGRect(x: 50, y: 0, width: 30, height: 5))  // 250 − 200 in q's coordinates, a's width
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: addConstraint on an ancestor installs it there; on a view outside its items' scope it is UIKit's exception")
    func addConstraintScope() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let mid = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        root.addSubview(mid)
        let a = constrainedView(in: mid), b = constrainedView(in: mid)
        let equalWidths = a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 2)
        root.addConstraint(equalWidths)
        #expect(equalWidths.isActive)
        #expect(root.constraints.contains { $0 === equalWidths })
        #expect(!mid.constraints.contains { $0 === equalWidths })
        NSLayoutConstraint.activate([b.widthAnchor.constraint(equalToConstant: 40), a.leftAnchor.constraint(equalTo: mid.leftAnchor),
                                     a.topAnchor.constraint(equalTo: mid.topAnchor), a.heightAnchor.constraint(equalToConstant: 5),
                                     b.leftAnchor.constraint(equalTo: mid.leftAnchor), b.topAnchor.constraint(equalTo: mid.topAnchor),
                                     b.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        #expect(a.frame.width == 80)
        // removeConstraint on a view that does not hold it: no effect.
        mid.removeConstraint(equalWidths)
        #expect(equalWidths.isActive)
        root.removeConstraint(equalWidths)
        #expect(!equalWidths.isActive)
        #expect(!root.constraints.contains { $0 === equalWidths })
        // a does not contain b: installing there is refused.
        let misuses = TactileDiagnostics.misuseCount
        let outOfScope = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        a.addConstraint(outOfScope)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(!outOfScope.isActive)
        #expect(!a.constraints.contains { $0 === outOfScope })
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: removing a subtree drops the constraints held above it that name its views, and keeps those held inside it")
    func removingASubtree() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let card = constrainedView(in: root)
        let title = constrainedView(in: card)
        let sibling = constrainedView(in: root)
        let cardInRoot = card.leftAnchor.constraint(equalTo: root.leftAnchor)
        let titleToSibling = title.topAnchor.constraint(equalTo: sibling.bottomAnchor)  // held by root, names a view deep in card
        let titleInCard = title.leftAnchor.constraint(equalTo: card.leftAnchor, constant: 8)
        let cardWidth = card.widthAnchor.constraint(equalToConstant: 100)
        let siblingWidth = sibling.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([cardInRoot, titleToSibling, titleInCard, cardWidth, siblingWidth])
        let byRoot = root.widthAnchor.constraint(equalTo: title.widthAnchor)  // a constraint naming the subtree, added above it
        root.addConstraint(byRoot)
        #expect(root.constraints.count == 3)
        card.removeFromSuperview()
        #expect(!cardInRoot.isActive && !titleToSibling.isActive && !byRoot.isActive)
        #expect(root.constraints.isEmpty)
        #expect(titleInCard.isActive && cardWidth.isActive && siblingWidth.isActive)
        #expect(card.constraints.contains { $0 === titleInCard })
        // Added back, the dropped ones stay dropped.
        root.addSubview(card)
        #expect(!cardInRoot.isActive && !titleToSibling.isActive)
        #expect(titleInCard.isActive)
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: moving a view to another superview drops the constraints its old ancestors held on it")
    func movingAView() {
        // addSubview(_:): "If the view already has a superview and that view is not the receiver, this method
        // removes the previous superview before making the receiver its new superview."
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let shelf = UIView(frame: CGRect(x: 0, y: 100, width: 300, height: 100))
        root.addSubview(shelf)
        let v = constrainedView(in: root)
        let toRoot = v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        let own = v.widthAnchor.constraint(equalToConstant: 30)
        NSLayoutConstraint.activate([toRoot, own])
        shelf.addSubview(v)
        #expect(!toRoot.isActive)
        #expect(own.isActive)
        #expect(root.constraints.isEmpty)
        NSLayoutConstraint.activate([v.leftAnchor.constraint(equalTo: shelf.leftAnchor, constant: 5), v.topAnchor.constraint(equalTo: root.topAnchor, constant: 120),
                                     v.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 5, y: 20, width: 30, height: 10))  // 120 in the root is 20 in the shelf
    }

    @Test("DESIGN-LAYOUT-PRIORITY: a constant that makes required constraints conflict is logged; the others keep holding")
    func conflictingConstant() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let v = row(in: root)
        let atMost = v.widthAnchor.constraint(lessThanOrEqualToConstant: 100)
        let width = v.widthAnchor.constraint(equalToConstant: 80)
        NSLayoutConstraint.activate([atMost, width])
        root.layoutIfNeeded()
        let logs = TactileDiagnostics.logCount
        width.constant = 120
        #expect(TactileDiagnostics.logCount == logs + 1)
        #expect(TactileDiagnostics.recentLogs.last?.reason.hasPrefix("Unable to simultaneously satisfy constraints.") == true)
        root.layoutIfNeeded()
        #expect(v.frame.height == 10 && v.frame.minX == 0)
        #expect(v.frame.width >= 80 && v.frame.width <= 120)
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: a guide that belongs to no view cannot be constrained (UIKit's exception)")
    func orphanGuide() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let g = UILayoutGuide()
        let misuses = TactileDiagnostics.misuseCount
        let c = g.leftAnchor.constraint(equalTo: root.leftAnchor)
        c.isActive = true
        #expect(!c.isActive)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        root.addLayoutGuide(g)
        c.isActive = true
        #expect(c.isActive)
        #expect(root.constraints.contains { $0 === c })
    }

    @Test("DESIGN-LAYOUT-PRIORITY: in a chain conflict the log lists the chain and breaks the constraint just added")
    func chainConflict() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(in: root), b = constrainedView(in: root)
        NSLayoutConstraint.activate([
            a.leftAnchor.constraint(equalTo: root.leftAnchor), a.widthAnchor.constraint(equalToConstant: 100),
            b.leftAnchor.constraint(equalTo: a.rightAnchor), b.rightAnchor.constraint(equalTo: root.rightAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
            b.topAnchor.constraint(equalTo: root.topAnchor), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(b.frame.width == 200)
        let logs = TactileDiagnostics.logCount
        let tooWide = b.widthAnchor.constraint(equalToConstant: 250)
        tooWide.isActive = true
        #expect(TactileDiagnostics.logCount == logs + 1)
        let text = TactileDiagnostics.recentLogs.last?.reason ?? ""
        #expect(text.hasPrefix("Unable to simultaneously satisfy constraints."))
        let parts = text.components(separatedBy: "Will attempt to recover by breaking constraint")
        #expect(parts.count == 2)
        let listed = parts.first ?? "", broken = parts.last ?? ""
        #expect(listed.contains("width == 250"))
        #expect(listed.contains("width == 100"))  // a's width is part of the conflict
        #expect(broken.contains("width == 250"))
        #expect(!broken.contains("width == 100"))
        #expect(tooWide.isActive)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 100, height: 10))
        #expect(b.frame == CGRect(x: 100, y: 0, width: 200, height: 10))
    }

    @Test("DESIGN-LAYOUT-PRIORITY: a required constraint against a view's translated frame is logged with the autoresizing note and broken")
    func conflictWithAutoresizingConstraints() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let framed = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 20))  // translates its mask (the default)
        root.addSubview(framed)
        let logs = TactileDiagnostics.logCount
        let narrow = framed.widthAnchor.constraint(equalToConstant: 50)
        narrow.isActive = true
        #expect(TactileDiagnostics.logCount == logs + 1)
        let text = TactileDiagnostics.recentLogs.last?.reason ?? ""
        #expect(text.contains("NSAutoresizingMaskLayoutConstraint"))
        #expect(text.contains("translatesAutoresizingMaskIntoConstraints"))
        #expect(text.components(separatedBy: "Will attempt to recover by breaking constraint").last?.contains("width == 50") == true)
        root.layoutIfNeeded()
        #expect(framed.frame == CGRect(x: 10, y: 10, width: 100, height: 20))
    }
}
