import Foundation
import Tactile
import Testing

/// Intrinsic content size, hugging, compression resistance and `systemLayoutSizeFitting`
/// (DESIGN-LAYOUT-INTRINSIC). Expected values from Apple's documentation:
/// - Auto Layout Guide, "Views with Intrinsic Content Size": the intrinsic size becomes two pairs of
///   constraints, `width <= intrinsic` at the content-hugging priority (250 by default) and `width >= intrinsic`
///   at the compression-resistance priority (750 by default); `UIView.noIntrinsicMetric` marks an axis without one.
/// - `invalidateIntrinsicContentSize()`: "Invalidates the view's intrinsic content size … allows the
///   constraint-based layout system to take the new intrinsic content size into account in its next layout pass."
/// - `systemLayoutSizeFitting(_:)`: "returns a size value for the view that optimally satisfies the view's
///   current constraints and is as close to the value in the targetSize parameter as possible. This method does
///   not actually change the size of the view"; `layoutFittingCompressedSize` / `layoutFittingExpandedSize`
///   ask for the smallest / largest size; `systemLayoutSizeFitting(_:withHorizontalFittingPriority:
///   verticalFittingPriority:)` holds each dimension at the target with the given priority (`.required` keeps
///   it; `UILayoutPriority.fittingSizeLevel` is "quite low").
@MainActor
@Suite("Auto Layout rules: intrinsic size and fitting")
struct IntrinsicSizeRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    /// A card: two label-like views stacked with 8 points around and between them; the labels' trailing edges
    /// stay inside the card (≤), so the widest decides the card's width.
    func makeCard(_ first: CGSize, _ second: CGSize) -> (UIView, IntrinsicView, IntrinsicView) {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
        let a = IntrinsicView(first), b = IntrinsicView(second)
        card.addSubview(a)
        card.addSubview(b)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8), b.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            a.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -8),
            b.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -8),
            a.topAnchor.constraint(equalTo: card.topAnchor, constant: 8), b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 8),
            b.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
        ])
        return (card, a, b)
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: a container pinned 8 points around a label-like view fits to its intrinsic size + 16, compressed or expanded")
    func fittingAroundContent() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let label = IntrinsicView(CGSize(width: 120, height: 20))
        container.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 8),
            label.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -8),
            label.topAnchor.constraint(equalTo: container.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -8),
        ])
        #expect(container.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 136, height: 36))
        // Hugging (250) outweighs the fitting level (50): asking for the largest size gives the same.
        #expect(container.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize) == CGSize(width: 136, height: 36))
        // A required height is kept; the width still comes from the content.
        #expect(container.systemLayoutSizeFitting(CGSize(width: 0, height: 100), withHorizontalFittingPriority: .fittingSizeLevel,
                                                  verticalFittingPriority: .required) == CGSize(width: 136, height: 100))
        // Asking changes nothing.
        #expect(container.frame.size == CGSize(width: 10, height: 10))
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: a stacked card fits the widest label; a required narrower width is kept and the label compresses")
    func fittingAStack() {
        let (card, _, _) = makeCard(CGSize(width: 60, height: 20), CGSize(width: 100, height: 30))
        // 100 + 16 wide; 8 + 20 + 8 + 30 + 8 high.
        #expect(card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 116, height: 74))
        #expect(card.systemLayoutSizeFitting(CGSize(width: 80, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 80, height: 74))
        #expect(card.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 300, height: 74))
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: systemLayoutSizeFitting leaves the subviews' frames as the last layout pass left them")
    func fittingChangesNoFrame() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let (card, a, b) = makeCard(CGSize(width: 60, height: 20), CGSize(width: 100, height: 30))
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        NSLayoutConstraint.activate([card.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
                                     card.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                                     card.widthAnchor.constraint(equalToConstant: 200)])
        root.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 10, y: 10, width: 200, height: 74))
        let before = [card.frame, a.frame, b.frame]
        _ = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        _ = card.systemLayoutSizeFitting(CGSize(width: 50, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        root.layoutIfNeeded()
        #expect([card.frame, a.frame, b.frame] == before)
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: an axis with noIntrinsicMetric takes its size from constraints; the other from the content")
    func oneAxisIntrinsic() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let bar = IntrinsicView(CGSize(width: UIView.noIntrinsicMetric, height: 12))
        root.addSubview(bar)
        NSLayoutConstraint.activate([bar.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                     bar.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
                                     bar.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 10, y: 0, width: 280, height: 12))
        #expect(!bar.hasAmbiguousLayout)
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: a new intrinsic size counts once invalidated and grows the container that hugs it")
    func invalidationGrowsTheContainer() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let (card, a, _) = makeCard(CGSize(width: 60, height: 20), CGSize(width: 100, height: 30))
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        NSLayoutConstraint.activate([card.leftAnchor.constraint(equalTo: root.leftAnchor), card.topAnchor.constraint(equalTo: root.topAnchor),
                                     card.widthAnchor.constraint(equalToConstant: 200)])
        root.layoutIfNeeded()
        #expect(card.frame.height == 74)
        a.size.height = 50
        a.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        #expect(a.frame.height == 50)
        #expect(card.frame.height == 104)
    }

    @Test("DESIGN-LAYOUT-INTRINSIC: priorities changed at run time: hugging decides who stretches, required hugging never does")
    func prioritiesAtRunTime() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = IntrinsicView(CGSize(width: 50, height: 20)), b = IntrinsicView(CGSize(width: 60, height: 20))
        root.addSubview(a)
        root.addSubview(b)
        a.setContentHuggingPriority(UILayoutPriority(252), for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.width == 50 && b.frame.width == 250)
        b.setContentHuggingPriority(UILayoutPriority(253), for: .horizontal)
        root.layoutIfNeeded()
        #expect(a.frame.width == 240 && b.frame.width == 60)
        #expect(b.contentHuggingPriority(for: .horizontal).rawValue == 253)
        #expect(b.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(b.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)

        // Required hugging against an optional pull: the intrinsic size holds.
        let c = IntrinsicView(CGSize(width: 40, height: 10))
        root.addSubview(c)
        c.setContentHuggingPriority(.required, for: .horizontal)
        let pull = c.widthAnchor.constraint(equalToConstant: 200)
        pull.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([pull, c.leftAnchor.constraint(equalTo: root.leftAnchor), c.topAnchor.constraint(equalTo: root.topAnchor, constant: 50)])
        root.layoutIfNeeded()
        #expect(c.frame.width == 40)
        // Compression resistance below a required maximum gives way.
        let cap = c.widthAnchor.constraint(lessThanOrEqualToConstant: 30)
        cap.isActive = true
        root.layoutIfNeeded()
        #expect(c.frame.width == 30)
        #expect(c.frame.height == 10)
    }
}
