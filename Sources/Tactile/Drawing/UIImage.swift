import Foundation

/// `UIImage`, a model: a name and a size; nothing is decoded or drawn. Immutable, so it is safe from any thread
/// and `Sendable`, and not main-actor isolated — as UIKit's is.
open class UIImage: NSObject, @unchecked Sendable {
    /// The name the image was created with, if any (a testing hook: UIKit keeps it private).
    @_spi(Testing) public let name: String?
    private let storedSize: CGSize

    /// The size in points.
    open var size: CGSize { storedSize }
    /// Points per pixel of the image's bitmap: 1 (no bitmaps here; asset scales come with images, later).
    open var scale: CGFloat { 1 }

    /// An image named `name`. Headless: there are no asset catalogues, so every name yields an empty image.
    public init?(named name: String) {
        self.name = name
        storedSize = .zero
        super.init()
    }

    /// An empty image.
    public override init() {
        name = nil
        storedSize = .zero
        super.init()
    }

    /// An image model of the given size (Tactile's: UIKit makes sized images with a renderer).
    @_spi(Testing) public init(size: CGSize) {
        name = nil
        storedSize = size
        super.init()
    }
}
