import Foundation

/// `UIBarAppearance` (iOS 13): how a bar's background looks — state the app sets and reads back; nothing is
/// drawn. The `configureWith…` methods reset the background to UIKit's three presets: the default
/// (translucent material, a shadow line), opaque (the system background colour, a shadow line) and transparent
/// (nothing). Without UIKit's dynamic system colours (a later issue) the presets record which one was chosen
/// and leave ``backgroundColor`` nil, except opaque, which is white (the system background in light mode).
/// Assigning an appearance to a bar or an item stores a copy, as UIKit's `@NSCopying` properties do.
@preconcurrency @MainActor
open class UIBarAppearance: NSObject, @preconcurrency NSCopying {
    /// The device idiom it is for.
    open private(set) var idiom: UIUserInterfaceIdiom
    /// The background colour (nil: the preset's).
    open var backgroundColor: UIColor?
    /// A background image (nil: none).
    open var backgroundImage: UIImage?
    /// How the background image fills the bar.
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    /// The colour of the line under the bar (nil: none).
    open var shadowColor: UIColor?
    /// An image for the line under the bar.
    open var shadowImage: UIImage?

    /// The preset last applied (Tactile's record of what UIKit would draw).
    var preset = Preset.defaultBackground
    enum Preset { case defaultBackground, opaqueBackground, transparentBackground }

    /// An appearance for `idiom`, with the default background.
    public init(idiom: UIUserInterfaceIdiom) {
        self.idiom = idiom
        super.init()
        configureWithDefaultBackground()
    }

    /// An appearance for the current device's idiom.
    public convenience override init() {
        self.init(idiom: UIApplication.shared.idiom)
    }

    /// A copy of `barAppearance`'s shared properties.
    public init(barAppearance: UIBarAppearance) {
        idiom = barAppearance.idiom
        super.init()
        copyBackground(from: barAppearance)
    }

    /// Translucent material and a shadow line.
    open func configureWithDefaultBackground() {
        preset = .defaultBackground
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = UIColor(white: 0, alpha: 0.3)
        shadowImage = nil
    }

    /// An opaque background and a shadow line.
    open func configureWithOpaqueBackground() {
        configureWithDefaultBackground()
        preset = .opaqueBackground
        backgroundColor = UIColor(white: 1, alpha: 1)
    }

    /// No background and no shadow.
    open func configureWithTransparentBackground() {
        configureWithDefaultBackground()
        preset = .transparentBackground
        shadowColor = nil
    }

    /// A copy (of this class's properties; a subclass's own properties are not known here).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = blankCopy()
        copy.copyBackground(from: self)
        return copy
    }

    /// An instance of the receiver's kind to copy into.
    func blankCopy() -> UIBarAppearance { UIBarAppearance(idiom: idiom) }

    func copyBackground(from other: UIBarAppearance) {
        preset = other.preset
        backgroundColor = other.backgroundColor
        backgroundImage = other.backgroundImage
        backgroundImageContentMode = other.backgroundImageContentMode
        shadowColor = other.shadowColor
        shadowImage = other.shadowImage
    }

}

/// `UINavigationBarAppearance`: a navigation bar's look, with its title attributes.
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// The title's text attributes.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's text attributes.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let copy = copy as? UINavigationBarAppearance {
            copy.titleTextAttributes = titleTextAttributes
            copy.largeTitleTextAttributes = largeTitleTextAttributes
        }
        return copy
    }

    override func blankCopy() -> UIBarAppearance { UINavigationBarAppearance(idiom: idiom) }

    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }
    public override init(barAppearance: UIBarAppearance) { super.init(barAppearance: barAppearance) }
}

/// `UIToolbarAppearance`: a toolbar's look.
@preconcurrency @MainActor
open class UIToolbarAppearance: UIBarAppearance {
    override func blankCopy() -> UIBarAppearance { UIToolbarAppearance(idiom: idiom) }
    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }
    public override init(barAppearance: UIBarAppearance) { super.init(barAppearance: barAppearance) }
}

/// `UITabBarAppearance`: a tab bar's look.
@preconcurrency @MainActor
open class UITabBarAppearance: UIBarAppearance {
    override func blankCopy() -> UIBarAppearance { UITabBarAppearance(idiom: idiom) }
    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }
    public override init(barAppearance: UIBarAppearance) { super.init(barAppearance: barAppearance) }
}

/// `@NSCopying` storage: an appearance is copied when assigned.
@MainActor
func copied<A: UIBarAppearance>(_ appearance: A) -> A {
    // A subclass Tactile does not know is stored as it is (its copy would lose its class).
    type(of: appearance) == A.self ? (appearance.copy(with: nil) as? A) ?? appearance : appearance
}
