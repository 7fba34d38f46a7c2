import Foundation

/// UIKit's additions to `IndexPath` for table and collection views (`NSIndexPath+UIKitAdditions`), which
/// swift-corelibs-foundation on Linux does not have: a two-index path read as (section, row) or (section, item).
extension IndexPath {
    /// A path to `row` in `section` (`[section, row]`).
    public init(row: Int, section: Int) {
        self.init(index: section)
        append(row)  // a pair in place: no array is allocated (tables make these while scrolling)
    }

    /// A path to `item` in `section` (`[section, item]`), for collection views.
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The section: the first index. UIKit traps on a path without exactly two indexes; this reads what is there
    /// (0 for an empty path).
    public var section: Int {
        get { isEmpty ? 0 : self[0] }
        set { if isEmpty { self = IndexPath(row: 0, section: newValue) } else { self[0] = newValue } }
    }

    /// The row: the second index (0 for a shorter path).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { if count > 1 { self[1] = newValue } else { self = IndexPath(row: newValue, section: section) } }
    }

    /// The item (collection views): the second index, as ``row``.
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
