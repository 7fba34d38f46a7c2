import Foundation

/// `UITabBarItem`: a tab's title, image and badge (VCG-J-04, VCG-P-15, VCG-P-20). A view controller's default item
/// carries its title and no image.
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    /// `UITabBarItem.SystemItem` (VCG-P-20).
    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads,
             mostRecent, mostViewed
    }

    /// A badge shown on the tab; nil removes it (VCG-P-15).
    open var badgeValue: String?
    /// The badge's colour (iOS 10; nil: the default red).
    open var badgeColor: UIColor?
    /// The image shown while the tab is selected.
    open var selectedImage: UIImage?
    /// The system item it was created as, if any.
    @_spi(Testing) public private(set) var systemItem: SystemItem?

    public override init() {
        super.init()
    }

    /// An item with a title, an image and a tag (VCG-J-04).
    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// An item with a title and images for the normal and selected states.
    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// A standard system tab item (VCG-P-20).
    public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.init()
        self.systemItem = systemItem
        self.tag = tag
    }
}
