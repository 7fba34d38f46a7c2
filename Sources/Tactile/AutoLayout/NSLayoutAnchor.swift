import Foundation

/// `NSLayoutAnchor`: one attribute of a view or layout guide, which makes constraints with another anchor of
/// the same kind (the type parameter keeps x-axis, y-axis and size anchors apart at compile time). The
/// constraints it makes are inactive until activated.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    /// The view or layout guide.
    open private(set) weak var item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }

    /// The anchor's name in logs, e.g. `UIView:0x….leading`.
    open var name: String {
        guard let item else { return attribute.name }
        if let guide = item as? UILayoutGuide { return "\(guide.identifier).\(attribute.name)" }
        return "\(type(of: item)):\(NSLayoutConstraint.address(item)).\(attribute.name)"
    }

    open override var description: String {
        MainQueueProbe.isOnMainQueue ? MainActor.assumeIsolated { "<\(type(of: self)):\(NSLayoutConstraint.address(self)) \"\(name)\">" }
            : super.description
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor?, multiplier: CGFloat = 1,
              constant: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(first: item, attribute, relation, second: other?.item, other?.attribute ?? .notAnAttribute,
                           multiplier: multiplier, constant: constant)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor)
    }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }

    /// Whether the item's layout along the anchor's axis is ambiguous.
    open var hasAmbiguousLayout: Bool {
        guard let item else { return false }
        let axes = AutoLayout.ambiguousAxes(of: item)
        return attribute.isHorizontal ? axes.horizontal : axes.vertical
    }

    /// The constraints that affect the item along the anchor's axis.
    open var constraintsAffectingLayout: [NSLayoutConstraint] {
        guard let item else { return [] }
        return AutoLayout.constraints(affecting: item, axis: attribute.isHorizontal ? .horizontal : .vertical)
    }
}

/// A horizontal position anchor: left, right, leading, trailing, centerX (and their margin forms).
@preconcurrency @MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// A dimension anchor measuring from this anchor to `otherAnchor`.
    open func anchorWithOffset(to otherAnchor: NSLayoutXAxisAnchor) -> NSLayoutDimension {
        NSLayoutDimension(offsetFrom: self, to: otherAnchor)
    }
    /// `self == anchor + multiplier × system spacing` (8 points between siblings).
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: AutoLayout.systemSpacing * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: AutoLayout.systemSpacing * multiplier)
    }
    open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: AutoLayout.systemSpacing * multiplier)
    }
}

/// A vertical position anchor: top, bottom, centerY, the baselines (and the margin forms).
@preconcurrency @MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// A dimension anchor measuring from this anchor to `otherAnchor`.
    open func anchorWithOffset(to otherAnchor: NSLayoutYAxisAnchor) -> NSLayoutDimension {
        NSLayoutDimension(offsetFrom: self, to: otherAnchor)
    }
    /// `self == anchor + multiplier × system spacing` (8 points).
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: AutoLayout.systemSpacing * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: AutoLayout.systemSpacing * multiplier)
    }
    open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: AutoLayout.systemSpacing * multiplier)
    }
}

/// A size anchor: width or height, which can also equal a constant or a multiple of another size.
@preconcurrency @MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// For `anchorWithOffset(to:)`: the distance between two position anchors.
    init<T>(offsetFrom: NSLayoutAnchor<T>, to: NSLayoutAnchor<T>) {
        offset = OffsetAnchor(from: offsetFrom.item, fromAttribute: offsetFrom.attribute, to: to.item, toAttribute: to.attribute)
        super.init(item: offsetFrom.item ?? NSNull(), attribute: offsetFrom.attribute.isHorizontal ? .width : .height)
    }

    override init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        offset = nil
        super.init(item: item, attribute: attribute)
    }

    let offset: OffsetAnchor?

    override func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<NSLayoutDimension>?,
                       multiplier: CGFloat = 1, constant: CGFloat = 0) -> NSLayoutConstraint {
        let otherOffset = (other as? NSLayoutDimension)?.offset
        guard offset != nil || otherOffset != nil else { return super.make(relation, other, multiplier: multiplier, constant: constant) }
        let c = NSLayoutConstraint(first: item, attribute, relation, second: other?.item,
                                   other == nil ? .notAnAttribute : attribute, multiplier: multiplier, constant: constant)
        c.offsetAnchors = (offset, otherOffset)
        return c
    }

    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m)
    }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}
