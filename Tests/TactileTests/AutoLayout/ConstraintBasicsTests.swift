import Foundation
import Tactile
import Testing

/// A view with an intrinsic content size, as a label or button has.
@MainActor
final class IntrinsicView: UIView {
    var size: CGSize
    init(_ size: CGSize) {
        self.size = size
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }
    required init?(coder: NSCoder) { fatalError() }
    override var intrinsicContentSize: CGSize { size }
}

/// A view laid out by constraints (`translatesAutoresizingMaskIntoConstraints` off).
@MainActor
func constrainedView(in superview: UIView) -> UIView {
    let v = UIView()
    v.translatesAutoresizingMaskIntoConstraints = false
    superview.addSubview(v)
    return v
}

/// The basic constraint rules, each checked against the geometry UIKit gives on a device (the expected frames
/// follow from the constraint equations `item1.attr1 = m × item2.attr2 + c` of Apple's "Anatomy of a
/// Constraint", Auto Layout Guide; priorities from "Priority", same guide).
@MainActor
@Suite("Auto Layout: constraints")
struct ConstraintBasicsTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.reset()
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: pinning to the superview's edges gives the inset frame")
    func pinning() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let v = constrainedView(in: root)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            v.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            v.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            v.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 20, y: 40, width: 280, height: 100))
        #expect(root.constraints.count == 3)  // on the nearest common ancestor; the height alone is on v
        #expect(v.constraints.count == 1)
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: centring and a multiplier on a dimension")
    func centringAndRatio() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let v = constrainedView(in: root)
        NSLayoutConstraint.activate([
            v.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            v.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: 10),
            v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            v.heightAnchor.constraint(equalTo: v.widthAnchor, multiplier: 2, constant: 4),
        ])
        root.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 75, y: 58, width: 150, height: 304))  // centre 200 + 10, height 2 × 150 + 4
    }

    @Test("DESIGN-LAYOUT-PRIORITY: the higher priority wins a conflict between optional constraints")
    func priorities() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let v = constrainedView(in: root)
        let low = v.widthAnchor.constraint(equalToConstant: 200)
        low.priority = .defaultLow
        let high = v.widthAnchor.constraint(equalToConstant: 100)
        high.priority = .defaultHigh
        NSLayoutConstraint.activate([low, high, v.leftAnchor.constraint(equalTo: root.leftAnchor),
                                     v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(v.frame.width == 100)
        high.priority = UILayoutPriority(200)
        root.layoutIfNeeded()
        #expect(v.frame.width == 200)
    }

    @Test("DESIGN-LAYOUT-PRIORITY: a conflict of required constraints is logged with UIKit's words and one is broken")
    func unsatisfiable() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let v = constrainedView(in: root)
        let a = v.widthAnchor.constraint(equalToConstant: 100)
        let b = v.widthAnchor.constraint(equalToConstant: 150)
        NSLayoutConstraint.activate([a, v.leftAnchor.constraint(equalTo: root.leftAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
                                     v.heightAnchor.constraint(equalToConstant: 10)])
        let logs = TactileDiagnostics.logCount, misuses = TactileDiagnostics.misuseCount
        b.isActive = true
        #expect(TactileDiagnostics.logCount == logs + 1)
        #expect(TactileDiagnostics.misuseCount == misuses)  // a log, not an exception
        let text = TactileDiagnostics.recentLogs.last?.reason ?? ""
        #expect(text.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(text.contains("Will attempt to recover by breaking constraint"))
        #expect(text.contains("width == 100"))
        #expect(text.contains("width == 150"))
        #expect(b.isActive)
        root.layoutIfNeeded()
        #expect(v.frame.width == 100)
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: hugging gives way before compression resistance")
    func huggingVersusCompression() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = IntrinsicView(CGSize(width: 50, height: 20)), b = IntrinsicView(CGSize(width: 60, height: 20))
        root.addSubview(a)
        root.addSubview(b)
        b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        // Too much room: the lower hugging priority (a, 250) stretches.
        #expect(a.frame == CGRect(x: 0, y: 0, width: 240, height: 20))
        #expect(b.frame == CGRect(x: 240, y: 0, width: 60, height: 20))
        // Too little: the lower compression resistance shrinks.
        root.frame.size.width = 80
        a.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        root.layoutIfNeeded()
        #expect(a.frame.width == 20)
        #expect(b.frame.width == 60)
        // A new intrinsic size counts once invalidated.
        b.size.width = 70
        b.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        #expect(b.frame.width == 70)
        #expect(a.frame.width == 10)
    }

    @Test("DESIGN-LAYOUT-DIRECTION: leading and trailing follow the layout direction")
    func rightToLeft() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(in: root), b = constrainedView(in: root)
        root.semanticContentAttribute = .forceRightToLeft
        a.semanticContentAttribute = .forceRightToLeft
        b.semanticContentAttribute = .forceRightToLeft
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), a.widthAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8), b.widthAnchor.constraint(equalToConstant: 40),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.minX == 240)  // 300 − 10 − 50
        #expect(b.frame.minX == 192)  // 240 − 8 − 40
        a.semanticContentAttribute = .forceLeftToRight
        b.semanticContentAttribute = .forceLeftToRight
        root.layoutIfNeeded()
        #expect(a.frame.minX == 10)
        #expect(b.frame.minX == 68)
    }

    @Test("DESIGN-LAYOUT-TAMIC: a translated autoresizing mask keeps the frame and follows the superview")
    func autoresizingTranslation() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let panel = UIView(frame: CGRect(x: 10, y: 10, width: 280, height: 50))
        panel.autoresizingMask = [.flexibleWidth]
        root.addSubview(panel)
        let badge = constrainedView(in: root)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -30), badge.topAnchor.constraint(equalTo: panel.bottomAnchor),
            badge.widthAnchor.constraint(equalToConstant: 30), badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(panel.frame == CGRect(x: 10, y: 10, width: 280, height: 50))
        #expect(badge.frame == CGRect(x: 260, y: 60, width: 30, height: 30))
        root.frame.size.width = 400
        root.layoutIfNeeded()
        #expect(panel.frame == CGRect(x: 10, y: 10, width: 380, height: 50))
        #expect(badge.frame == CGRect(x: 360, y: 60, width: 30, height: 30))
        panel.frame.origin.y = 20
        root.layoutIfNeeded()
        #expect(badge.frame.minY == 70)
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: items without a common ancestor are UIKit's exception; NaN is refused")
    func misuse() {
        let a = UIView(), b = UIView()
        let c = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        c.isActive = true
        #expect(!c.isActive)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("because they have no common ancestor") == true)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = constrainedView(in: root)
        let w = v.widthAnchor.constraint(equalToConstant: 10)
        w.isActive = true
        let before = TactileDiagnostics.misuseCount
        w.constant = .nan
        #expect(TactileDiagnostics.misuseCount == before + 1)
        #expect(w.constant == 10)
        let bad = NSLayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                     multiplier: 1, constant: 5)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("Location attributes must be specified in pairs") == true)
        bad.isActive = true
        #expect(!bad.isActive)
        let inf = NSLayoutConstraint(item: v, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width,
                                     multiplier: .infinity, constant: 0)
        inf.isActive = true
        #expect(!inf.isActive)
    }

    @Test("DESIGN-LAYOUT-ACTIVATE: removing a view removes the constraints held above it that name it")
    func removalDropsCrossingConstraints() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = constrainedView(in: root)
        let inner = v.widthAnchor.constraint(equalToConstant: 10)
        let crossing = v.leftAnchor.constraint(equalTo: root.leftAnchor)
        NSLayoutConstraint.activate([inner, crossing])
        #expect(crossing.isActive && inner.isActive)
        v.removeFromSuperview()
        #expect(!crossing.isActive)
        #expect(inner.isActive)
        #expect(root.constraints.isEmpty)
        #expect(v.constraints.count == 1)
    }

    @Test("DESIGN-LAYOUT: hit-testing lands where the solved frames say")
    func hitTestingSolvedFrames() {
        let window = launchWithWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        settle()
        let button = constrainedView(in: vc.view)
        NSLayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: vc.view.centerXAnchor), button.centerYAnchor.constraint(equalTo: vc.view.centerYAnchor),
            button.widthAnchor.constraint(equalToConstant: 100), button.heightAnchor.constraint(equalToConstant: 44),
        ])
        settle()
        let center = CGPoint(x: window.bounds.midX, y: window.bounds.midY)
        #expect(window.hitTest(center, with: nil) === button)
        #expect(window.hitTest(CGPoint(x: center.x + 51, y: center.y), with: nil) === vc.view)
    }
}
