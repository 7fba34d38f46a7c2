/// Misuse of the tree: reported, never trapped; the tree is unchanged.
public enum ViewTreeError: Error, Sendable, Hashable {
    /// A destroyed, stale or foreign handle.
    case invalidView(ViewID)
    /// The operation would make a view its own ancestor.
    case cycle
    /// NaN or infinite geometry.
    case nonFiniteGeometry
    /// A subview index outside the valid range.
    case indexOutOfRange(Int)
}
