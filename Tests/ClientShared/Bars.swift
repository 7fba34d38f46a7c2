#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

// The bar item models a view controller carries (navigation item, tab bar item, toolbar items). The bars that
// show them (UINavigationController, UITabBarController) are not part of Tactile yet.

final class BadgedTabBarItem: UITabBarItem {
    var unread = 0 {
        didSet { badgeValue = unread == 0 ? nil : "\(unread)" }
    }

    override var badgeValue: String? {
        get { super.badgeValue }
        set { super.badgeValue = newValue }
    }
    override var selectedImage: UIImage? {
        get { super.selectedImage ?? image }
        set { super.selectedImage = newValue }
    }
    // UIBarItem's open members.
    override var title: String? {
        get { super.title }
        set { super.title = newValue?.capitalized }
    }
    override var image: UIImage? {
        get { super.image }
        set { super.image = newValue }
    }
    override var tag: Int {
        get { super.tag }
        set { super.tag = newValue }
    }
    override var isEnabled: Bool {
        get { super.isEnabled }
        set { super.isEnabled = newValue }
    }
    override var accessibilityIdentifier: String? {
        get { super.accessibilityIdentifier }
        set { super.accessibilityIdentifier = newValue }
    }
    override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? title }
        set { super.accessibilityLabel = newValue }
    }
    override var accessibilityHint: String? {
        get { super.accessibilityHint }
        set { super.accessibilityHint = newValue }
    }

    deinit {
        DeinitLog.shared.record("BadgedTabBarItem")
    }
}

final class ActionBarButtonItem: UIBarButtonItem {
    var tapCount = 0

    override var style: UIBarButtonItem.Style {
        get { super.style }
        set { super.style = newValue }
    }
    override var target: AnyObject? {
        get { super.target }
        set { super.target = newValue }
    }
    override var action: Selector? {
        get { super.action }
        set { super.action = newValue }
    }
    override var customView: UIView? {
        get { super.customView }
        set { super.customView = newValue }
    }
    override var width: CGFloat {
        get { super.width }
        set { super.width = newValue }
    }
    override var possibleTitles: Set<String>? {
        get { super.possibleTitles }
        set { super.possibleTitles = newValue }
    }
}

final class TitledNavigationItem: UINavigationItem {
    override var title: String? {
        get { super.title }
        set { super.title = newValue }
    }
    override var titleView: UIView? {
        get { super.titleView }
        set { super.titleView = newValue }
    }
    override var prompt: String? {
        get { super.prompt }
        set { super.prompt = newValue }
    }
    override var backBarButtonItem: UIBarButtonItem? {
        get { super.backBarButtonItem }
        set { super.backBarButtonItem = newValue }
    }
    override var backButtonTitle: String? {
        get { super.backButtonTitle }
        set { super.backButtonTitle = newValue }
    }
    override var hidesBackButton: Bool {
        get { super.hidesBackButton }
        set { super.hidesBackButton = newValue }
    }
    override var leftBarButtonItems: [UIBarButtonItem]? {
        get { super.leftBarButtonItems }
        set { super.leftBarButtonItems = newValue }
    }
    override var rightBarButtonItems: [UIBarButtonItem]? {
        get { super.rightBarButtonItems }
        set { super.rightBarButtonItems = newValue }
    }
    override var leftBarButtonItem: UIBarButtonItem? {
        get { super.leftBarButtonItem }
        set { super.leftBarButtonItem = newValue }
    }
    override var rightBarButtonItem: UIBarButtonItem? {
        get { super.rightBarButtonItem }
        set { super.rightBarButtonItem = newValue }
    }
    override var leftItemsSupplementBackButton: Bool {
        get { super.leftItemsSupplementBackButton }
        set { super.leftItemsSupplementBackButton = newValue }
    }
    override func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
        super.setHidesBackButton(hidesBackButton, animated: animated)
    }
    override func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { super.setLeftBarButton(item, animated: animated) }
    override func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { super.setRightBarButton(item, animated: animated) }
    override func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        super.setLeftBarButtonItems(items, animated: animated)
    }
    override func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        super.setRightBarButtonItems(items, animated: animated)
    }
}

/// A controller that brings its own navigation and tab bar items.
final class InboxViewController: UIViewController {
    private let inboxItem = TitledNavigationItem(title: "Inbox")
    private let tabItem = BadgedTabBarItem(title: "Inbox", image: UIImage(named: "tray"), selectedImage: nil)

    override var navigationItem: UINavigationItem { inboxItem }
    override var tabBarItem: UITabBarItem! {
        get { tabItem }
        set { super.tabBarItem = newValue }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let compose = ActionBarButtonItem(barButtonSystemItem: .compose, target: self, action: Selector("compose:"))
        let spacer = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
        let custom = UIBarButtonItem(customView: BadgeView(frame: CGRect(x: 0, y: 0, width: 24, height: 24)))
        let logo = UIBarButtonItem(image: UIImage(named: "logo"), style: .plain, target: nil, action: nil)
        navigationItem.setRightBarButtonItems([compose, custom], animated: false)
        navigationItem.setLeftBarButton(logo, animated: true)
        navigationItem.prompt = "3 new"
        navigationItem.backButtonTitle = "Back"
        navigationItem.leftItemsSupplementBackButton = true
        setToolbarItems([spacer, editButtonItem, spacer], animated: false)
        tabItem.unread = 3
        let favorites = UITabBarItem(tabBarSystemItem: .favorites, tag: 2)
        favorites.isEnabled = false
        favorites.accessibilityIdentifier = "favorites"
        favorites.accessibilityLabel = "Favorites"
        favorites.accessibilityValue = "2 new"
        _ = UITabBarItem(title: "Me", image: nil, tag: 3)
    }
}
