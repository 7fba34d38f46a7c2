import Foundation

/// `UIBarItem`: what navigation bars, toolbars and tab bars show (VCG-J-03, VCG-J-04): a title, an image, a tag and
/// an enabled flag.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    /// The text shown for the item.
    open var title: String?
    /// The image shown for the item.
    open var image: UIImage?
    /// Distinguishes items (0 by default).
    open var tag: Int = 0
    /// True by default.
    open var isEnabled: Bool = true

    public override init() {
        super.init()
    }
}
