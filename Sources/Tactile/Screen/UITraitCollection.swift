import Foundation

/// `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact, regular
}

/// `UIUserInterfaceStyle`: light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light, dark
}

/// `UITraitEnvironmentLayoutDirection`.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// `UIAccessibilityContrast`.
public enum UIAccessibilityContrast: Int, Sendable {
    case unspecified = -1, normal = 0, high = 1
}

/// `UIUserInterfaceLevel`.
public enum UIUserInterfaceLevel: Int, Sendable {
    case unspecified = -1, base = 0, elevated = 1
}

/// `UIContentSizeCategory`: the user's preferred text size (large by default).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = Self(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = Self(rawValue: "UICTContentSizeCategoryXS")
    public static let small = Self(rawValue: "UICTContentSizeCategoryS")
    public static let medium = Self(rawValue: "UICTContentSizeCategoryM")
    public static let large = Self(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = Self(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = Self(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = Self(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    private static let order: [Self] = [.unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge,
                                        .extraExtraExtraLarge, .accessibilityMedium, .accessibilityLarge,
                                        .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
                                        .accessibilityExtraExtraExtraLarge]
    /// Whether the category is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { (Self.order.firstIndex(of: self) ?? 0) >= 8 }
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
}

/// `UITraitCollection`: the environment an interface adapts to — size classes, idiom, display scale,
/// appearance. Immutable and `Sendable`, as UIKit's; a trait left unspecified takes no part in comparisons
/// (``containsTraits(in:)``) and is filled by the environment.
open class UITraitCollection: NSObject, @unchecked Sendable {
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    /// Points to pixels; 0 when unspecified.
    public let displayScale: CGFloat
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let accessibilityContrast: UIAccessibilityContrast
    public let userInterfaceLevel: UIUserInterfaceLevel

    init(horizontal: UIUserInterfaceSizeClass = .unspecified, vertical: UIUserInterfaceSizeClass = .unspecified,
         idiom: UIUserInterfaceIdiom = .unspecified, scale: CGFloat = 0, style: UIUserInterfaceStyle = .unspecified,
         direction: UITraitEnvironmentLayoutDirection = .unspecified, category: UIContentSizeCategory = .unspecified,
         contrast: UIAccessibilityContrast = .unspecified, level: UIUserInterfaceLevel = .unspecified) {
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        userInterfaceIdiom = idiom
        displayScale = scale
        userInterfaceStyle = style
        layoutDirection = direction
        preferredContentSizeCategory = category
        accessibilityContrast = contrast
        userInterfaceLevel = level
        super.init()
    }

    /// A collection with every trait unspecified.
    public override convenience init() { self.init(horizontal: .unspecified) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontal: horizontalSizeClass) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(vertical: verticalSizeClass) }
    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) { self.init(idiom: idiom) }
    public convenience init(displayScale scale: CGFloat) { self.init(scale: scale) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init(direction: layoutDirection) }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) { self.init(category: preferredContentSizeCategory) }
    public convenience init(accessibilityContrast: UIAccessibilityContrast) { self.init(contrast: accessibilityContrast) }
    public convenience init(userInterfaceLevel: UIUserInterfaceLevel) { self.init(level: userInterfaceLevel) }

    /// The traits of all `traitCollections` combined: for each trait, the last collection that specifies it.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var r = UITraitCollection()
        for t in traitCollections { r = r.overlaid(with: t) }
        self.init(horizontal: r.horizontalSizeClass, vertical: r.verticalSizeClass, idiom: r.userInterfaceIdiom,
                  scale: r.displayScale, style: r.userInterfaceStyle, direction: r.layoutDirection,
                  category: r.preferredContentSizeCategory, contrast: r.accessibilityContrast, level: r.userInterfaceLevel)
    }

    /// `self` with the traits `other` specifies put over it.
    func overlaid(with other: UITraitCollection) -> UITraitCollection {
        UITraitCollection(horizontal: other.horizontalSizeClass != .unspecified ? other.horizontalSizeClass : horizontalSizeClass,
                          vertical: other.verticalSizeClass != .unspecified ? other.verticalSizeClass : verticalSizeClass,
                          idiom: other.userInterfaceIdiom != .unspecified ? other.userInterfaceIdiom : userInterfaceIdiom,
                          scale: other.displayScale != 0 ? other.displayScale : displayScale,
                          style: other.userInterfaceStyle != .unspecified ? other.userInterfaceStyle : userInterfaceStyle,
                          direction: other.layoutDirection != .unspecified ? other.layoutDirection : layoutDirection,
                          category: other.preferredContentSizeCategory != .unspecified ? other.preferredContentSizeCategory
                                                                                        : preferredContentSizeCategory,
                          contrast: other.accessibilityContrast != .unspecified ? other.accessibilityContrast : accessibilityContrast,
                          level: other.userInterfaceLevel != .unspecified ? other.userInterfaceLevel : userInterfaceLevel)
    }

    /// `self` with another appearance.
    func with(style: UIUserInterfaceStyle) -> UITraitCollection {
        style == userInterfaceStyle ? self : overlaid(with: UITraitCollection(style: style))
    }

    /// True when every trait `trait` specifies has the same value here.
    open func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let t = trait else { return true }
        return (t.horizontalSizeClass == .unspecified || t.horizontalSizeClass == horizontalSizeClass)
            && (t.verticalSizeClass == .unspecified || t.verticalSizeClass == verticalSizeClass)
            && (t.userInterfaceIdiom == .unspecified || t.userInterfaceIdiom == userInterfaceIdiom)
            && (t.displayScale == 0 || t.displayScale == displayScale)
            && (t.userInterfaceStyle == .unspecified || t.userInterfaceStyle == userInterfaceStyle)
            && (t.layoutDirection == .unspecified || t.layoutDirection == layoutDirection)
            && (t.preferredContentSizeCategory == .unspecified || t.preferredContentSizeCategory == preferredContentSizeCategory)
            && (t.accessibilityContrast == .unspecified || t.accessibilityContrast == accessibilityContrast)
            && (t.userInterfaceLevel == .unspecified || t.userInterfaceLevel == userInterfaceLevel)
    }

    /// Whether dynamic colours may resolve differently under `traitCollection` (appearance, contrast, level).
    open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        guard let t = traitCollection else { return true }
        return t.userInterfaceStyle != userInterfaceStyle || t.accessibilityContrast != accessibilityContrast
            || t.userInterfaceLevel != userInterfaceLevel
    }

    // MARK: - The current traits

    private static let currentKey = "Tactile.UITraitCollection.current"

    /// The traits dynamic colours resolve against on this thread: set around drawing and layout by UIKit, and
    /// by ``performAsCurrent(_:)``. Unspecified by default (a dynamic colour then resolves as light).
    public class var current: UITraitCollection {
        get { Thread.current.threadDictionary[currentKey] as? UITraitCollection ?? UITraitCollection() }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }

    /// Runs `actions` with the receiver as ``current``.
    open func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let previous = Self.current
        Self.current = self
        defer { Self.current = previous }
        try actions()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UITraitCollection else { return false }
        return o.horizontalSizeClass == horizontalSizeClass && o.verticalSizeClass == verticalSizeClass
            && o.userInterfaceIdiom == userInterfaceIdiom && o.displayScale == displayScale
            && o.userInterfaceStyle == userInterfaceStyle && o.layoutDirection == layoutDirection
            && o.preferredContentSizeCategory == preferredContentSizeCategory
            && o.accessibilityContrast == accessibilityContrast && o.userInterfaceLevel == userInterfaceLevel
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(horizontalSizeClass); h.combine(verticalSizeClass); h.combine(userInterfaceIdiom); h.combine(displayScale)
        h.combine(userInterfaceStyle); h.combine(layoutDirection); h.combine(preferredContentSizeCategory)
        return h.finalize()
    }

    open override var description: String {
        "<UITraitCollection: HorizontalSizeClass = \(horizontalSizeClass), VerticalSizeClass = \(verticalSizeClass), "
            + "UserInterfaceIdiom = \(userInterfaceIdiom), DisplayScale = \(displayScale), UserInterfaceStyle = \(userInterfaceStyle)>"
    }
}

/// `UITraitEnvironment`: what has traits and hears when they change (screens, windows, views, view
/// controllers).
@preconcurrency @MainActor
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
