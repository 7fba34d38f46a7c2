import Foundation

/// `UIImage`, kept as a model so bar items can carry one: a name and a size; nothing is decoded or drawn.
@MainActor
open class UIImage: NSObject {
    /// The name the image was created with, if any (Tactile extension, for tests).
    @_spi(Testing) public let name: String?
    /// The size in points.
    open var size: CGSize

    /// An image named `name`. Headless: there are no asset catalogues, so every name yields an empty image.
    public init?(named name: String) {
        self.name = name
        size = .zero
        super.init()
    }

    /// An empty image.
    public override init() {
        name = nil
        size = .zero
        super.init()
    }

    /// An image model of the given size (Tactile extension).
    public init(size: CGSize) {
        name = nil
        self.size = size
        super.init()
    }
}
