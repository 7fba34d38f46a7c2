import Foundation

/// `UICoordinateSpace`: something points can be converted to and from (views, screens).
@preconcurrency @MainActor
public protocol UICoordinateSpace: AnyObject {
    var bounds: CGRect { get }
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

/// `UIScreen`: the device's screen, headless — an iPhone-sized portrait screen (390 × 844 points at 3×) unless
/// the host sets another (``TactileHost/screenSize``, ``TactileHost/screenScale``). As on iOS 8 and later,
/// `bounds` follows the interface orientation; `nativeBounds` is the portrait screen in pixels.
@preconcurrency @MainActor
open class UIScreen: NSObject, UITraitEnvironment {
    /// The device's screen.
    public static let main = UIScreen()
    /// The connected screens: the main one.
    open class var screens: [UIScreen] { [main] }

    /// The screen in points, turned with the interface (landscape: wider than tall).
    open var bounds: CGRect { UIApplication.shared.screenBounds }
    /// The portrait screen in pixels.
    open var nativeBounds: CGRect {
        let size = TactileHost.screenSize, s = scale
        return CGRect(x: 0, y: 0, width: size.width * s, height: size.height * s)
    }
    /// Pixels per point (3 by default).
    open var scale: CGFloat { TactileHost.screenScale }
    open var nativeScale: CGFloat { scale }
    /// The screen's current coordinate space (its `bounds`, turned with the interface).
    open var coordinateSpace: any UICoordinateSpace { ScreenSpace(fixed: false) }
    /// The portrait coordinate space, fixed whatever the orientation.
    open var fixedCoordinateSpace: any UICoordinateSpace { ScreenSpace(fixed: true) }
    open var brightness: CGFloat = 0.5
    open var wantsSoftwareDimming = false
    open var maximumFramesPerSecond: Int { 60 }
    open var mirrored: UIScreen? { nil }
    open var overscanCompensation: OverscanCompensation = .scale
    open var isCaptured: Bool { false }
    /// The screen's traits: the idiom, scale, size classes and appearance of the headless device.
    open var traitCollection: UITraitCollection { UIApplication.shared.screenTraits }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    public enum OverscanCompensation: Int, Sendable {
        case scale = 0, insetBounds, none
    }

    public static let didConnectNotification = Notification.Name("UIScreenDidConnectNotification")
    public static let didDisconnectNotification = Notification.Name("UIScreenDidDisconnectNotification")
    public static let modeDidChangeNotification = Notification.Name("UIScreenModeDidChangeNotification")
    public static let brightnessDidChangeNotification = Notification.Name("UIScreenBrightnessDidChangeNotification")
}

/// The screen's coordinate spaces: the current one is the fixed one turned with the interface.
@MainActor
private final class ScreenSpace: UICoordinateSpace {
    let fixed: Bool
    init(fixed: Bool) { self.fixed = fixed }

    var bounds: CGRect {
        guard fixed else { return UIApplication.shared.screenBounds }
        let size = TactileHost.screenSize
        return CGRect(origin: .zero, size: size)
    }

    /// From this space to the current (interface) space.
    private var toCurrent: CGAffineTransform {
        guard fixed else { return .identity }
        let size = TactileHost.screenSize
        switch UIApplication.shared.currentInterfaceOrientation {
        case .landscapeLeft: return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: size.width)
        case .landscapeRight: return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: size.height, ty: 0)
        case .portraitUpsideDown: return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: size.width, ty: size.height)
        default: return .identity
        }
    }

    /// From this space to the screen's current space (a window's frame is in it).
    func toScreen(_ p: CGPoint) -> CGPoint { p.applying(toCurrent) }
    func fromScreen(_ p: CGPoint) -> CGPoint { p.applying(toCurrent.inverted()) }

    func convert(_ point: CGPoint, to space: any UICoordinateSpace) -> CGPoint {
        screenPointToSpace(toScreen(point), space)
    }
    func convert(_ point: CGPoint, from space: any UICoordinateSpace) -> CGPoint {
        fromScreen(spacePointToScreen(point, space))
    }
    func convert(_ rect: CGRect, to space: any UICoordinateSpace) -> CGRect {
        boundingBox(rect) { self.convert($0, to: space) }
    }
    func convert(_ rect: CGRect, from space: any UICoordinateSpace) -> CGRect {
        boundingBox(rect) { self.convert($0, from: space) }
    }
}

/// A point in the screen's current space to `space`'s.
@MainActor
func screenPointToSpace(_ p: CGPoint, _ space: any UICoordinateSpace) -> CGPoint {
    if let s = space as? ScreenSpace { return s.fromScreen(p) }
    if let view = space as? UIView {
        guard let window = view as? UIWindow ?? view.window else { return view.convert(p, from: nil) }
        let inWindow = CGPoint(x: p.x - window.frame.minX, y: p.y - window.frame.minY)
        return view.convert(inWindow, from: window)
    }
    return p
}

/// A point in `space`'s coordinates to the screen's current space.
@MainActor
func spacePointToScreen(_ p: CGPoint, _ space: any UICoordinateSpace) -> CGPoint {
    if let s = space as? ScreenSpace { return s.toScreen(p) }
    if let view = space as? UIView {
        guard let window = view as? UIWindow ?? view.window else { return view.convert(p, to: nil) }
        let inWindow = view.convert(p, to: window)
        return CGPoint(x: inWindow.x + window.frame.minX, y: inWindow.y + window.frame.minY)
    }
    return p
}

/// The bounding box of a rect's corners mapped by `map` (AG-J-10).
func boundingBox(_ rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
    if rect.isNull { return rect }
    let r = rect.standardized
    let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                   CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map(map)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let minX = xs.min()!, minY = ys.min()!
    return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
}

/// UIView is a coordinate space (its `convert(_:to:)`/`convert(_:from:)` for `UICoordinateSpace` are in
/// UIView.swift: UIKit declares them `open`).
extension UIView: UICoordinateSpace {}
