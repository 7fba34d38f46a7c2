import Foundation

/// `UIBarItem`: what navigation bars, toolbars and tab bars show (VCG-J-03, VCG-J-04): a title, an image, a tag and
/// an enabled flag.
@preconcurrency @MainActor
open class UIBarItem: NSObject, UIAccessibilityIdentification {
    /// The text shown for the item.
    open var title: String?
    /// The image shown for the item.
    open var image: UIImage?
    /// Distinguishes items (0 by default).
    open var tag: Int = 0
    /// True by default.
    open var isEnabled: Bool = true
    /// An identifier for UI automation (UIAccessibilityIdentification).
    open var accessibilityIdentifier: String?
    /// The item's label for VoiceOver (UIKit's NSObject accessibility member); nil: the title is read.
    open var accessibilityLabel: String?
    /// What using the item does, for VoiceOver.
    open var accessibilityHint: String?
    /// The item's value for VoiceOver (a badge's count, say).
    open var accessibilityValue: String?
    /// What the item is, for VoiceOver. `.none` (the bar adds `.button`).
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// Whether VoiceOver treats the item itself as an element. False, NSObject's default (the bar's button
    /// for the item is the element).
    open var isAccessibilityElement = false

    public override init() {
        super.init()
    }
}
