/// Per-view flag bits the engine decides with.
public struct ViewFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `isHidden` (AG-K-04: a hidden view and its subtree are never hit).
    public static let hidden = ViewFlags(rawValue: 1 << 0)
    /// `isUserInteractionEnabled == false` (AG-K-04, AG-L-01).
    public static let interactionDisabled = ViewFlags(rawValue: 1 << 1)
    /// `alpha < 0.01` (AG-K-04 [EXT]).
    public static let transparent = ViewFlags(rawValue: 1 << 2)
    /// `clipsToBounds` (AG-J-08: it does not change hit-testing).
    public static let clipsToBounds = ViewFlags(rawValue: 1 << 3)
    /// `isMultipleTouchEnabled` (AG-L-03; default off).
    public static let multipleTouchEnabled = ViewFlags(rawValue: 1 << 4)
    /// `isExclusiveTouch` (AG-L-04).
    public static let exclusiveTouch = ViewFlags(rawValue: 1 << 5)
    /// The object model overrides `hitTest(_:with:)` or `point(inside:with:)`: the search hands this view to
    /// the custom hit-test callback (AG-K-03, AG-K-06, AG-L-05).
    public static let customHitTest = ViewFlags(rawValue: 1 << 6)
    /// The view is being animated by an animation without `.allowUserInteraction`: UIKit disables user
    /// interaction for the views being animated until the animation ends (AG-U-06 [EXT]).
    public static let animatingWithoutInteraction = ViewFlags(rawValue: 1 << 7)

    /// Any of these excludes the view and its subtree from hit-testing.
    public static let excludedFromHitTesting: ViewFlags = [.hidden, .interactionDisabled, .transparent, .animatingWithoutInteraction]
}
