#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

// MARK: - Colors and images (not main-actor isolated, Sendable in UIKit)

/// A brand color: UIColor's open members overridden, including its `class var` colors.
final class BrandColor: UIColor, @unchecked Sendable {
    let brandName = "Tactile"

    override class var black: UIColor { UIColor(white: 0.08, alpha: 1) }
    override class var white: UIColor { UIColor(white: 0.98, alpha: 1) }
    override class var clear: UIColor { super.clear }
    override class var gray: UIColor { super.gray }
    override class var lightGray: UIColor { super.lightGray }
    override class var darkGray: UIColor { super.darkGray }
    override class var red: UIColor { UIColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1) }
    override class var green: UIColor { super.green }
    override class var blue: UIColor { super.blue }
    override class var yellow: UIColor { super.yellow }
    override class var orange: UIColor { super.orange }
    override class var purple: UIColor { super.purple }
    override class var systemBackground: UIColor { super.systemBackground }

    override func withAlphaComponent(_ alpha: CGFloat) -> UIColor { super.withAlphaComponent(alpha) }
    override func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                         blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        super.getRed(red, green: green, blue: blue, alpha: alpha)
    }
    override func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        super.getWhite(white, alpha: alpha)
    }

    deinit {
        DeinitLog.shared.record("BrandColor")
    }
}

/// An image model of the app's own: UIImage's open members overridden.
final class PlaceholderImage: UIImage, @unchecked Sendable {
    let placeholderSize = CGSize(width: 44, height: 44)

    override var size: CGSize { placeholderSize }
    override var scale: CGFloat { 2 }

    deinit {
        DeinitLog.shared.record("PlaceholderImage")
    }
}

/// A theme: colors and images are Sendable in UIKit, so a Sendable struct can hold them.
struct Theme: Sendable, Equatable {
    var tint: UIColor
    var background: UIColor
    var icon: UIImage?
    var insets: UIEdgeInsets
    var margins: NSDirectionalEdgeInsets
    var transform: CGAffineTransform
    var traits: UIAccessibilityTraits

    static let standard = Theme(tint: UIColor(red: 0, green: 0.48, blue: 1, alpha: 1), background: .white,
                                icon: UIImage(named: "logo"), insets: UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16),
                                margins: .zero, transform: .identity, traits: [.button])
}

/// Color math off the main actor: UIColor crosses into a detached task.
func averageBrightness(of colors: [UIColor]) async -> CGFloat {
    await Task.detached {
        var total: CGFloat = 0
        for color in colors {
            var white: CGFloat = 0
            var alpha: CGFloat = 0
            if color.getWhite(&white, alpha: &alpha) { total += white * alpha }
        }
        return colors.isEmpty ? 0 : total / CGFloat(colors.count)
    }.value
}

/// An image handed to background work and back.
func prepareIcon(named name: String) async -> UIImage? {
    let image = UIImage(named: name) ?? UIImage()
    let prepared = await Task.detached { () -> UIImage? in
        image.size.width >= 0 ? image : nil
    }.value
    return prepared
}

func themedColors(_ theme: Theme) -> [UIColor] {
    var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
    _ = theme.tint.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
    let dimmed = UIColor(red: red * 0.8, green: green * 0.8, blue: blue * 0.8, alpha: alpha)
    return [theme.tint, dimmed, theme.tint.withAlphaComponent(0.5), UIColor.black, .white, .clear, .gray, .lightGray,
            .darkGray, .red, .green, .blue, .yellow, .orange, .purple, .systemBackground, BrandColor.red]
    // TACTILE-GAP (issue 21): UIColor.systemBlue (and the other system colors: systemRed, label, secondaryLabel, …) missing — UIKit: open class var systemBlue: UIColor { get } (iOS 7)
    // + [.systemBlue, .label]
}

// TACTILE-GAP (issue 21): UIColor(hue:saturation:brightness:alpha:) missing — UIKit: public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat)
// let accent = UIColor(hue: 0.6, saturation: 0.8, brightness: 0.9, alpha: 1)

/// App-wide constants in extensions, as apps keep their palette.
extension UIColor {
    static let brandPrimary = UIColor(red: 0.15, green: 0.35, blue: 0.85, alpha: 1)
    static let brandSeparator = UIColor(white: 0.85, alpha: 1)
}

extension UIImage {
    static let placeholder = UIImage(named: "placeholder") ?? UIImage()
}

// TACTILE-GAP (issue 21): UIImage(systemName:) missing — UIKit: public init?(systemName name: String) (iOS 13)
// let gearIcon = UIImage(systemName: "gear")

/// Accessibility on an image, as UIKit allows for any NSObject.
@MainActor
func describeIcon(_ image: UIImage) {
    // TACTILE-GAP (Linux): NSObject accessibility members (accessibilityLabel, isAccessibilityElement, accessibilityTraits, …) missing on objects that are not responders, such as UIImage — UIKit: @MainActor open var accessibilityLabel: String? in the informal UIAccessibility category on NSObject
    // image.accessibilityLabel = "Logo"
    _ = image.size
}

// MARK: - Geometry and enums

func geometryExamples() -> [CGRect] {
    let base = CGRect(x: 0, y: 0, width: 320, height: 480)
    let insets = UIEdgeInsets(top: 20, left: 10, bottom: 34, right: 10)
    let content = base.inset(by: insets)
    let zero = UIEdgeInsets.zero == UIEdgeInsets()
    let directional = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    _ = directional == NSDirectionalEdgeInsets.zero
    _ = (directional.top, directional.leading, directional.bottom, directional.trailing, zero)
    var t = CGAffineTransform(translationX: 10, y: 20)
    t = t.scaledBy(x: 2, y: 2).rotated(by: .pi / 2).translatedBy(x: -5, y: 5)
    t = t.concatenating(CGAffineTransform(rotationAngle: .pi)).concatenating(CGAffineTransform(scaleX: 0.5, y: 0.5))
    let back = t.inverted()
    _ = (t.a, t.b, t.c, t.d, t.tx, t.ty, back.isIdentity, CGAffineTransform.identity == CGAffineTransform())
    _ = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    let moved = CGPoint(x: 1, y: 2).applying(t)
    let scaled = CGSize(width: 3, height: 4).applying(t)
    let vector = CGVector(dx: 1, dy: 0)
    _ = (moved, scaled, vector.dx, vector.dy, CGVector.zero, CGVector(dx: 1.0, dy: 2.0), CGVector(dx: 1, dy: 2))
    return [content, base.applying(t)]
}

func enumExamples() -> [Int] {
    let orientation: UIInterfaceOrientation = .landscapeLeft
    let mask: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    _ = mask.contains(.landscape) && UIInterfaceOrientationMask.all.contains(.allButUpsideDown)
    let device = UIDeviceOrientation(rawValue: 3) ?? .unknown
    let edges: UIRectEdge = [.top, .left, .bottom, .right]
    let resizing: UIView.AutoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleLeftMargin, .flexibleRightMargin,
                                             .flexibleTopMargin, .flexibleBottomMargin]
    let options: UIView.AnimationOptions = [.curveEaseInOut, .allowUserInteraction, .beginFromCurrentState,
                                            .transitionFlipFromLeft, .layoutSubviews, .repeat, .autoreverse]
    var traits: UIAccessibilityTraits = [.button, .selected]
    traits.insert(.header)
    traits.remove(.selected)
    _ = traits.contains(.link) || traits.contains(.image) || traits.contains(.staticText)
        || traits.contains(.searchField) || traits.contains(.adjustable) || traits == .none
    let style = UIModalPresentationStyle.automatic
    let transition = UIModalTransitionStyle.coverVertical
    let status = UIStatusBarStyle(rawValue: 1) ?? .default
    let animation = UIStatusBarAnimation.fade
    let state = UIApplication.State.background
    let activation = UIScene.ActivationState(rawValue: -1) ?? .background
    let phase = UITouch.Phase.stationary
    let touchType = UITouch.TouchType.indirectPointer
    let eventType = UIEvent.EventType.motion
    let subtype = UIEvent.EventSubtype.motionShake
    let content = UIView.ContentMode.scaleAspectFit
    let idiom = UIUserInterfaceIdiom.phone
    let level = UIWindow.Level.alert
    let key = UIApplication.LaunchOptionsKey(rawValue: "custom")
    let role = UISceneSession.Role.windowApplication
    let contextKey = UITransitionContextViewControllerKey.from
    let viewKey = UITransitionContextViewKey.to
    _ = (orientation.isLandscape, orientation.isPortrait, device.isFlat, edges == .all, resizing.rawValue, options.rawValue)
    _ = (key.rawValue, role.rawValue, contextKey.rawValue, viewKey.rawValue, level.rawValue, UIWindow.Level(0.5))
    return [style.rawValue, transition.rawValue, status.rawValue, animation.rawValue, state.rawValue, activation.rawValue,
            phase.rawValue, touchType.rawValue, eventType.rawValue, subtype.rawValue, content.rawValue, idiom.rawValue]
}

/// Notification names are nonisolated in UIKit: usable from any thread.
func observeActivation(_ body: @escaping @Sendable () -> Void) -> NSObjectProtocol {
    NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil,
                                           queue: nil) { _ in body() }
}

func postFromBackground() {
    DispatchQueue.global().async {
        NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
        _ = [UIApplication.willTerminateNotification, UIWindow.didBecomeKeyNotification,
             UIDevice.orientationDidChangeNotification]
    }
}

// MARK: - Swift 6: Sendable UIKit values across isolation domains

/// An actor that keeps the current theme: UIColor and UIImage are Sendable, so a theme crosses into it.
actor ThemeStore {
    private(set) var current = Theme.standard
    private var history: [UIColor] = []

    func apply(_ theme: Theme) {
        history.append(current.tint)
        current = theme
    }

    func tintHistory() -> [UIColor] { history }

    /// Nonisolated notification names are usable inside an actor.
    nonisolated func watchedNames() -> [Notification.Name] {
        [UIApplication.didBecomeActiveNotification, UIApplication.willResignActiveNotification,
         UIWindow.didBecomeVisibleNotification]
    }
}

/// Applies a theme computed off the main actor to views on the main actor.
@MainActor
func applyTheme(from store: ThemeStore, to views: [UIView]) async {
    let theme = await store.current
    let brightness = await averageBrightness(of: [theme.tint, theme.background])
    for view in views {
        view.backgroundColor = brightness > 0.5 ? theme.tint : theme.background
        view.layoutMargins = theme.insets
        view.directionalLayoutMargins = theme.margins
        view.transform = theme.transform
        view.accessibilityTraits = theme.traits
    }
}
