import Foundation
import TactileCore

/// `UIImageView`: a view that shows an image. As UIKit's, it does not take touches by default
/// (`isUserInteractionEnabled` is false, so a touch on it goes to the view behind); its intrinsic content size
/// is its image's size. The image is its layer's `contents`; nothing is drawn.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// An image view the size of `image`, at the origin.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        imageDidChange()
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        self.highlightedImage = highlightedImage
        imageDidChange()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func didInit() {
        isUserInteractionEnabled = false
    }

    /// The image shown (``highlightedImage`` instead while highlighted, when there is one).
    open var image: UIImage? {
        didSet { if oldValue !== image { imageDidChange() } }
    }

    open var highlightedImage: UIImage? {
        didSet { if isHighlighted, oldValue !== highlightedImage { imageDidChange() } }
    }

    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { imageDidChange() } }
    }

    /// The image on screen now.
    var shownImage: UIImage? { isHighlighted ? highlightedImage ?? image : image }

    /// The size Interface Builder laid a storyboard image view out at, used until the image changes (the
    /// catalogue's images are not available headless).
    var designSize: CGSize?

    private func imageDidChange() {
        designSize = nil
        layer.contents = shownImage?.cgImage
        invalidateIntrinsicContentSize()
    }

    /// The symbol configuration applied to a symbol image.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

    /// Frames of an image animation.
    open var animationImages: [UIImage]?
    open var highlightedAnimationImages: [UIImage]?
    /// The length of one cycle (0: 1/30 s per frame).
    open var animationDuration: TimeInterval = 0
    /// Cycles to run (0: forever).
    open var animationRepeatCount = 0

    private var animationTimer: RunLoopTimerID?
    open private(set) var isAnimating = false

    /// Starts cycling through ``animationImages`` on the run loop clock; with a repeat count it stops by itself.
    open func startAnimating() {
        guard let frames = animationImages, !frames.isEmpty, !isAnimating else { return }
        isAnimating = true
        guard animationRepeatCount > 0 else { return }
        let cycle = animationDuration > 0 ? animationDuration : Double(frames.count) / 30
        animationTimer = UIApplication.shared.mainLoop.perform(after: ViewAnimator.nanoseconds(cycle * Double(animationRepeatCount)),
                                                                mode: .common) { [self] in
            MainActor.assumeIsolated { stopAnimating() }  // held until then, as UIKit holds an animating view
        }
    }

    open func stopAnimating() {
        if let animationTimer { UIApplication.shared.mainLoop.cancel(animationTimer) }
        animationTimer = nil
        isAnimating = false
    }

    /// The image's size; no intrinsic size without an image.
    open override var intrinsicContentSize: CGSize {
        designSize ?? shownImage?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size (zero without one).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { shownImage?.size ?? .zero }
}
