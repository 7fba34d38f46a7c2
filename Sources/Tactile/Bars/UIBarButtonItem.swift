import Foundation

/// `UIBarButtonItem`: a button on a navigation bar or toolbar (VCG-I-07, VCG-N-06, VCG-J-03). It carries a target and an
/// action; a tap sends the action the way `UIApplication.sendAction(_:to:from:for:)` does (a nil target
/// walks the responder chain), or runs its ``primaryAction`` when it has one.
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// `UIBarButtonItem.Style`.
    public enum Style: Int, Sendable {
        case plain = 0
        @available(*, deprecated, message: "Use UIBarButtonItem.Style.plain")
        case bordered = 1
        case done = 2
    }

    /// `UIBarButtonItem.SystemItem`.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    /// The style (`.plain` by default).
    open var style: Style = .plain
    /// The object that receives ``action`` (held weakly, as in UIKit).
    open weak var target: AnyObject?
    /// The action sent when the item is tapped.
    open var action: Selector?
    /// A custom view shown instead of a button.
    open var customView: UIView?
    /// The width of a fixed space (0: the default width).
    open var width: CGFloat = 0
    /// Titles the item may show, for sizing (as UIKit).
    open var possibleTitles: Set<String>?
    /// The system item it was created as, if any (Tactile extension, for tests).
    @_spi(Testing) public private(set) var systemItem: SystemItem?

    public override init() {
        super.init()
    }

    /// A button with a title.
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// A button with an image.
    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// A standard system item (VCG-I-07: `.flexibleSpace` with no target or action is a flexible space). The
    /// `.edit`, `.done`, `.cancel` and `.save` items carry their English titles.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init()
        self.systemItem = systemItem
        self.target = target.map { $0 as AnyObject }
        self.action = action
        switch systemItem {
        case .edit: title = "Edit"
        case .done: title = "Done"; style = .done
        case .cancel: title = "Cancel"
        case .save: title = "Save"; style = .done
        case .undo: title = "Undo"
        case .redo: title = "Redo"
        default: break
        }
    }

    /// An item that runs `primaryAction` when tapped (iOS 14), with its title and image unless given.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// A standard system item that runs `primaryAction` when tapped (iOS 14).
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// An item that runs `primaryAction` when tapped (iOS 14).
    public convenience init(primaryAction: UIAction?) {
        self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil)
    }

    /// The action a tap runs instead of the target and action (iOS 14).
    open var primaryAction: UIAction?
    /// The menu the item shows (iOS 14; a model here: no menu is shown).
    open var menu: UIMenu?

    /// An item that shows `customView` (VCG-N-06).
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }
}
