import Foundation
import Tactile
import Testing

/// UIStackView's distributions and alignments, with the frames Apple's UIStackView documentation implies
/// ("Distribution": fill, fillEqually, fillProportionally, equalSpacing, equalCentering; "Alignment"; hidden
/// arranged views "the stack view automatically updates its layout" and a hidden view takes no space).
@MainActor
@Suite("Auto Layout: stack views")
struct StackViewTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.reset()
    }

    /// A stack of three intrinsic views (widths 40, 60, 100; heights 20, 30, 10) filling a 300 × 50 frame.
    private func stack(_ distribution: UIStackView.Distribution, alignment: UIStackView.Alignment = .fill,
                       spacing: CGFloat = 10) -> (UIStackView, [IntrinsicView]) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let views = [IntrinsicView(CGSize(width: 40, height: 20)), IntrinsicView(CGSize(width: 60, height: 30)),
                     IntrinsicView(CGSize(width: 100, height: 10))]
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 50)
        stack.distribution = distribution
        stack.alignment = alignment
        stack.spacing = spacing
        root.addSubview(stack)
        root.layoutIfNeeded()
        return (stack, views)
    }

    @Test("DESIGN-LAYOUT-STACK: arranged views become subviews without autoresizing translation")
    func arranging() {
        let (stack, views) = stack(.fill)
        #expect(stack.arrangedSubviews == views)
        #expect(stack.subviews == views)
        #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
        stack.removeArrangedSubview(views[1])
        #expect(stack.arrangedSubviews == [views[0], views[2]])
        #expect(views[1].superview === stack)  // still a subview
        stack.insertArrangedSubview(views[1], at: 0)
        #expect(stack.arrangedSubviews == [views[1], views[0], views[2]])
    }

    @Test("DESIGN-LAYOUT-STACK: .fill stretches the view with the lowest hugging priority")
    func fill() {
        let (stack, views) = stack(.fill)
        views[0].setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        views[2].setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        stack.layoutIfNeeded()
        // 300 − 20 spacing − 40 − 100 = 140 for the middle view.
        #expect(views.map(\.frame.width) == [40, 140, 100])
        #expect(views.map(\.frame.minX) == [0, 50, 200])
        #expect(views.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 50 })  // .fill alignment
    }

    @Test("DESIGN-LAYOUT-STACK: .fillEqually gives every view the same size")
    func fillEqually() {
        let (_, views) = stack(.fillEqually)
        #expect(views.allSatisfy { abs($0.frame.width - CGFloat(280) / 3) < 1e-9 })
        #expect(abs(views[2].frame.maxX - 300) < 1e-9)
    }

    @Test("DESIGN-LAYOUT-STACK: .fillProportionally shares the length in proportion to intrinsic sizes")
    func fillProportionally() {
        let (_, views) = stack(.fillProportionally)
        // 280 points for 40 : 60 : 100.
        let widths = views.map(\.frame.width)
        #expect(abs(widths[0] - 56) < 1e-6 && abs(widths[1] - 84) < 1e-6 && abs(widths[2] - 140) < 1e-6)
    }

    @Test("DESIGN-LAYOUT-STACK: .equalSpacing keeps sizes and makes the gaps equal")
    func equalSpacing() {
        let (_, views) = stack(.equalSpacing)
        #expect(views.map(\.frame.width) == [40, 60, 100])
        // 300 − 200 = 100 of gap, 50 each.
        #expect(views.map(\.frame.minX) == [0, 90, 200])
    }

    @Test("DESIGN-LAYOUT-STACK: .equalCentering makes the distances between centres equal")
    func equalCentering() {
        let (_, views) = stack(.equalCentering)
        let centers = views.map(\.frame.midX)
        #expect(abs((centers[1] - centers[0]) - (centers[2] - centers[1])) < 1e-6)
        #expect(views[0].frame.minX == 0 && abs(views[2].frame.maxX - 300) < 1e-6)
        #expect(views.map(\.frame.width) == [40, 60, 100])
    }

    @Test("DESIGN-LAYOUT-STACK: alignments place views across the axis at their intrinsic height")
    func alignments() {
        let (stack, views) = stack(.equalSpacing, alignment: .top)
        #expect(views.map(\.frame.minY) == [0, 0, 0])
        #expect(views.map(\.frame.height) == [20, 30, 10])
        stack.alignment = .center
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.midY) == [25, 25, 25])
        stack.alignment = .bottom
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.maxY) == [50, 50, 50])
    }

    @Test("DESIGN-LAYOUT-STACK: a hidden arranged view collapses with its spacing, and comes back")
    func hiddenCollapse() {
        let (stack, views) = stack(.fillEqually)
        views[1].isHidden = true
        stack.layoutIfNeeded()
        #expect(views[0].frame.width == 145 && views[2].frame.width == 145)
        #expect(views[2].frame.minX == 155)
        #expect(views[1].frame.width == 0)
        views[1].isHidden = false
        stack.layoutIfNeeded()
        #expect(abs(views[1].frame.width - CGFloat(280) / 3) < 1e-9)
    }

    @Test("DESIGN-LAYOUT-STACK: a vertical stack inside its layout margins")
    func verticalInMargins() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = IntrinsicView(CGSize(width: 40, height: 20)), b = IntrinsicView(CGSize(width: 60, height: 30))
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 5
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([stack.leftAnchor.constraint(equalTo: root.leftAnchor), stack.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 12, y: 10, width: 40, height: 20))
        #expect(b.frame == CGRect(x: 12, y: 35, width: 60, height: 30))
        // The stack's own size follows its content: 10 + 20 + 5 + 30 + 10 tall, 12 + 60 + 12 wide.
        #expect(stack.frame.size == CGSize(width: 84, height: 75))
    }

    @Test("DESIGN-LAYOUT-STACK: a view removed from the stack's subviews leaves the arrangement")
    func removalFromSuperview() {
        let (stack, views) = stack(.fill)
        views[0].removeFromSuperview()
        #expect(stack.arrangedSubviews == [views[1], views[2]])
    }
}
