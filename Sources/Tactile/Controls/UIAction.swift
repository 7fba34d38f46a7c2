import Foundation

/// `UIMenuElement`: what menus and actions share — a title, a subtitle and an image.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// `UIMenuElement.Attributes`.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// `UIMenuElement.State`.
    public enum State: Int, Sendable {
        case off = 0, on = 1, mixed = 2
    }

    /// The title.
    open var title: String
    /// The subtitle.
    open var subtitle: String?
    /// The image.
    open var image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// The closure a ``UIAction`` runs.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// `UIAction` (iOS 14): a closure with a title and an identifier, for controls (`UIControl.addAction(_:for:)`,
/// `UIButton(frame:primaryAction:)`) and menus. Actions on a control are told apart by ``identifier``: adding
/// one with the identifier of another replaces it.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// `UIAction.Identifier`: names an action (UIKit makes a unique one when you give none).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The identifier (a unique one when none was given).
    open var identifier: Identifier { storedIdentifier }
    private let storedIdentifier: Identifier
    /// The title shown when the action is discovered (keyboard shortcuts).
    open var discoverabilityTitle: String?
    /// The attributes (disabled, destructive, hidden …).
    open var attributes: UIMenuElement.Attributes
    /// The state (off, on, mixed).
    open var state: UIMenuElement.State
    /// The object that sent the action while its handler runs (the control); nil otherwise.
    open internal(set) var sender: Any?
    let handler: UIActionHandler

    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
                state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) {
        storedIdentifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with `sender` as ``sender``.
    func perform(from sender: Any?) {
        let outer = self.sender
        self.sender = sender
        defer { self.sender = outer }
        handler(self)
    }
}

/// `UIMenu`: a titled group of actions and submenus (a model: Tactile shows no menus; a control or bar button
/// item keeps the menu it was given).
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// `UIMenu.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// `UIMenu.Options`.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The identifier (a unique one when none was given).
    open var identifier: Identifier { storedIdentifier }
    /// The options.
    open var options: Options { storedOptions }
    /// The actions and submenus, in order.
    open var children: [UIMenuElement] { storedChildren }
    private let storedIdentifier: Identifier
    private let storedOptions: Options
    private let storedChildren: [UIMenuElement]

    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, options: Options = [],
                children: [UIMenuElement] = []) {
        storedIdentifier = identifier ?? Identifier(UUID().uuidString)
        storedOptions = options
        storedChildren = children
        super.init(title: title, image: image)
    }

    /// A copy with other children.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, image: image, identifier: identifier, options: options, children: newChildren)
    }
}
