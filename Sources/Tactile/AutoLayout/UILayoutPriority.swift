import Foundation

/// `UILayoutPriority`: how much a constraint matters, from 1 to 1000. Required (1000) constraints must hold;
/// the others are satisfied as well as the required ones allow, higher priorities first.
public struct UILayoutPriority: Hashable, Equatable, RawRepresentable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: a button's compression resistance, the usual "strong but optional".
    public static let defaultHigh = UILayoutPriority(750)
    /// 510.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: a view's content hugging by default.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the priority `systemLayoutSizeFitting(_:)` holds the target size at.
    public static let fittingSizeLevel = UILayoutPriority(50)
}
