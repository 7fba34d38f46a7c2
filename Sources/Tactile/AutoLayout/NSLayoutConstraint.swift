import Foundation
import TactileCore

/// `NSLayoutConstraint`: `firstItem.firstAttribute (relation) multiplier × secondItem.secondAttribute +
/// constant`, between views and layout guides, held at a ``priority``.
///
/// Activating a constraint installs it on the nearest common ancestor of its items (that view's
/// ``UIView/constraints`` lists it) and hands it to the layout engine; the next layout pass (or
/// `layoutIfNeeded()`) moves the views. A constraint between items without a common ancestor, an invalid
/// pairing of attributes or a NaN/∞ value is UIKit's exception: reported through ``TactileDiagnostics``,
/// refused.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, @unchecked Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// `NSLayoutConstraint.Relation`.
    public enum Relation: Int, @unchecked Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// `NSLayoutConstraint.Axis`.
    public enum Axis: Int, @unchecked Sendable {
        case horizontal = 0, vertical = 1
    }

    /// `NSLayoutConstraint.FormatOptions`: the alignment and direction options of the visual format.
    public struct FormatOptions: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }

    /// The items: views or layout guides (held weakly, as UIKit's unowned references).
    open private(set) weak var firstItem: AnyObject?
    open private(set) weak var secondItem: AnyObject?
    open private(set) var firstAttribute: Attribute
    open private(set) var secondAttribute: Attribute
    open private(set) var relation: Relation
    open private(set) var multiplier: CGFloat
    /// The first item's anchor for the first attribute.
    open var firstAnchor: NSLayoutAnchor<AnyObject> { NSLayoutAnchor(item: firstItem ?? NSNull(), attribute: firstAttribute) }
    /// The second item's anchor, nil for a size equal to a constant.
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        guard let secondItem, secondAttribute != .notAnAttribute else { return nil }
        return NSLayoutAnchor(item: secondItem, attribute: secondAttribute)
    }
    /// A name shown in logs.
    open var identifier: String?
    /// Kept for source compatibility (archiving).
    open var shouldBeArchived: Bool = false

    /// The constant. Changing it on an active constraint re-solves incrementally; NaN/∞ is refused.
    open var constant: CGFloat {
        get { constantValue }
        set {
            guard newValue.isFinite else {
                return TactileDiagnostics.report("NSLayoutConstraint.constant", "Invalid constant \(newValue) (NaN or infinity) for \(self)")
            }
            guard newValue != constantValue else { return }
            constantValue = newValue
            AutoLayout.constantDidChange(self)
        }
    }

    /// The priority (1 … 1000). An active constraint cannot change between required and optional (UIKit
    /// raises); other changes take effect at once.
    open var priority: UILayoutPriority {
        get { priorityValue }
        set {
            guard newValue != priorityValue else { return }
            guard newValue.rawValue.isFinite, newValue.rawValue > 0, newValue.rawValue <= 1000 else {
                return TactileDiagnostics.report("NSLayoutConstraint.priority", "Invalid priority \(newValue.rawValue): a priority must be greater than 0 and less or equal to NSLayoutPriorityRequired, which is 1000.000000.")
            }
            if isActive, (newValue == .required) != (priorityValue == .required) {
                return TactileDiagnostics.report("NSLayoutConstraint.priority", "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  You passed priority \(newValue.rawValue) and the existing priority was \(priorityValue.rawValue).")
            }
            priorityValue = newValue
            AutoLayout.priorityDidChange(self)
        }
    }

    /// Whether the constraint takes part in layout. Setting it true installs it on the nearest common ancestor
    /// of its items; false removes it from there.
    open var isActive: Bool {
        get { container != nil }
        set {
            if newValue { AutoLayout.activate(self, on: nil, api: "NSLayoutConstraint.isActive") } else { AutoLayout.deactivate(self) }
        }
    }

    /// Activates every constraint (faster than one by one in UIKit; the same here).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { AutoLayout.activate(c, on: nil, api: "NSLayoutConstraint.activate(_:)") }
    }

    /// Deactivates every constraint.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        AutoLayout.deactivate(constraints)
    }

    /// The constraints a visual format string describes (inactive; activate them), e.g.
    /// `"H:|-[find]-[findNext]-[findField(>=20)]-|"`. `views` maps the names in the format to views, `metrics`
    /// names to numbers. A format that does not parse is UIKit's exception: reported with UIKit's message and a
    /// caret under the place, and no constraint is returned. See `VisualFormat.swift` for the grammar.
    open class func constraints(withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?,
                                views: [String: Any]) -> [NSLayoutConstraint] {
        visualFormatConstraints(format, options: opts, metrics: metrics, views: views)
    }

    /// `item1.attr1 (relation) multiplier × item2.attr2 + c`. Items are views or layout guides; the second is
    /// nil (with `.notAnAttribute`) for a size equal to a constant. Invalid pairings (a location equal to a
    /// constant, a horizontal with a vertical attribute, leading with left) are UIKit's exceptions: reported,
    /// and the constraint will not activate.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                            toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.init(first: view1 as AnyObject, attr1, relation, second: view2.map { $0 as AnyObject }, attr2,
                  multiplier: multiplier, constant: c)
    }

    /// A constraint as UIKit's initializer makes it (the anchors, the visual format and storyboards go through here).
    init(first: AnyObject?, _ attr1: Attribute, _ relation: Relation, second: AnyObject?, _ attr2: Attribute,
         multiplier: CGFloat, constant: CGFloat, priority: UILayoutPriority = .required) {
        firstItem = first
        secondItem = second
        firstAttribute = attr1
        secondAttribute = attr2
        self.relation = relation
        self.multiplier = multiplier
        constantValue = constant
        priorityValue = priority
        super.init()
        strongItems = (first, second)
        invalidReason = Self.validate(first, attr1, second, attr2, multiplier: multiplier, constant: constant)
        if let invalidReason {
            TactileDiagnostics.report("NSLayoutConstraint.init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)", invalidReason)
        }
        strongItems = (nil, nil)
    }

    public override init() {
        firstAttribute = .notAnAttribute
        secondAttribute = .notAnAttribute
        relation = .equal
        multiplier = 1
        constantValue = 0
        priorityValue = .required
        super.init()
        invalidReason = "Constraint items must each be a view or layout guide."
    }

    // MARK: - State

    var constantValue: CGFloat
    var priorityValue: UILayoutPriority
    /// Why UIKit's initializer would have raised; such a constraint never activates.
    var invalidReason: String?
    /// Keeps the items alive during validation only.
    private var strongItems: (AnyObject?, AnyObject?) = (nil, nil)
    /// The view the constraint is installed on (its ``UIView/constraints`` lists it), while active.
    weak var container: UIView?
    /// The engine's handle, while active.
    var engineID: LayoutEngine.ConstraintID?
    /// The engine constant last handed over (the constant plus margin and baseline offsets).
    var engineConstant: Double = 0
    /// The distances (`anchorWithOffset(to:)`) standing for the first and second item, when made from them.
    var offsetAnchors: (OffsetAnchor?, OffsetAnchor?) = (nil, nil)
    /// Kind of constraint for descriptions: UIKit's system constraints name their class.
    var kindName: String { "NSLayoutConstraint" }

    static func validate(_ first: AnyObject?, _ attr1: Attribute, _ second: AnyObject?, _ attr2: Attribute,
                         multiplier: CGFloat, constant: CGFloat) -> String? {
        func isItem(_ o: AnyObject?) -> Bool { o is UIView || o is UILayoutGuide }
        guard isItem(first), second == nil || isItem(second) else {
            return "Constraint items must each be a view or layout guide."
        }
        guard multiplier.isFinite, constant.isFinite else {
            return "A multiplier or constant of NaN or infinity is not allowed: multiplier \(multiplier), constant \(constant)."
        }
        guard attr1 != .notAnAttribute else { return "Invalid pairing of layout attributes." }
        if second == nil || attr2 == .notAnAttribute || multiplier == 0 {
            if !attr1.isSize {
                return "A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
            }
            if second != nil, attr2 == .notAnAttribute { return "Invalid pairing of layout attributes." }
            return nil
        }
        // A size pairs with any size (an aspect ratio); a position with a position of the same axis.
        if attr1.isSize != attr2.isSize || (!attr1.isSize && attr1.isHorizontal != attr2.isHorizontal) {
            return "Invalid pairing of layout attributes."
        }
        if attr1.isDirectional != attr2.isDirectional, attr1.isAbsolute || attr2.isAbsolute {
            return "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither."
        }
        return nil
    }

    open override var description: String {
        MainQueueProbe.isOnMainQueue ? MainActor.assumeIsolated { logDescription } : super.description
    }

    /// UIKit's form in logs: `<NSLayoutConstraint:0x… 'id' UIView:0x….leading == UIView:0x….leading + 20   (active)>`.
    var logDescription: String {
        func item(_ o: AnyObject?) -> String {
            guard let o else { return "" }
            if let guide = o as? UILayoutGuide { return "'\(guide.identifier)'" }
            return "\(type(of: o)):\(Self.address(o))"
        }
        var text = "\(item(firstItem)).\(firstAttribute.name) \(relation.symbol)"
        if let secondItem, secondAttribute != .notAnAttribute {
            text += " \(item(secondItem)).\(secondAttribute.name)"
            if multiplier != 1 { text += " * \(Self.number(multiplier))" }
            if constant != 0 { text += " \(constant < 0 ? "-" : "+") \(Self.number(abs(constant)))" }
        } else {
            text += " \(Self.number(constant))"
        }
        if priority != .required { text += " @\(Self.number(CGFloat(priority.rawValue)))" }
        let name = identifier.map { "'\($0)' " } ?? ""
        return "<\(kindName):\(Self.address(self)) \(name)\(text)   (\(isActive ? "active" : "inactive"))>"
    }

    static func address(_ o: AnyObject) -> String { "0x" + String(UInt(bitPattern: ObjectIdentifier(o).hashValue), radix: 16) }

    static func number(_ v: CGFloat) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%g", Double(v))
    }
}

/// UIKit's autoresizing-mask constraints (`translatesAutoresizingMaskIntoConstraints`), as they appear in
/// conflict logs.
final class AutoresizingMaskLayoutConstraint: NSLayoutConstraint {
    override var kindName: String { "NSAutoresizingMaskLayoutConstraint" }
}

extension NSLayoutConstraint.Attribute {
    var isSize: Bool { self == .width || self == .height }
    var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
             .trailingMargin, .centerXWithinMargins: return true
        default: return false
        }
    }
    /// Leading or trailing (with or without margin).
    var isDirectional: Bool { self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin }
    /// Left or right (with or without margin).
    var isAbsolute: Bool { self == .left || self == .right || self == .leftMargin || self == .rightMargin }

    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A distance between two position anchors of the same axis (`to − from`), as a dimension.
struct OffsetAnchor {
    weak var from: AnyObject?
    let fromAttribute: NSLayoutConstraint.Attribute
    weak var to: AnyObject?
    let toAttribute: NSLayoutConstraint.Attribute
}

extension NSLayoutConstraint {
    /// Every item the constraint relates: its two items, and those of the distances it was made from.
    var allItems: [AnyObject] {
        ([firstItem, secondItem] + [offsetAnchors.0, offsetAnchors.1].flatMap { [$0?.from, $0?.to] }).compactMap { $0 }
    }

    /// Whether leading/trailing (directional) attributes take part, on either side or in a distance.
    var isDirectional: Bool {
        firstAttribute.isDirectional || secondAttribute.isDirectional
            || [offsetAnchors.0, offsetAnchors.1].contains { $0.map { $0.fromAttribute.isDirectional || $0.toAttribute.isDirectional } ?? false }
    }
}
