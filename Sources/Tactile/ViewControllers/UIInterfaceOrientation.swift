import Foundation

/// `UIInterfaceOrientation` (VCG-F-03): the orientation of the app's interface, with UIKit's raw values. Note
/// UIKit's crossing: interface `.landscapeLeft` (4) is device `.landscapeRight` (4) — turning the device left
/// turns the interface right.
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3

    /// True for either portrait orientation (`UIInterfaceOrientationIsPortrait`).
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// True for either landscape orientation (`UIInterfaceOrientationIsLandscape`).
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// The mask bit of this orientation (empty for `.unknown`).
    var mask: UIInterfaceOrientationMask {
        self == .unknown ? [] : UIInterfaceOrientationMask(rawValue: 1 << UInt(rawValue))
    }

    /// The interface orientation a device orientation asks for (nil for unknown, face up and face down,
    /// which never rotate the interface).
    init?(device: UIDeviceOrientation) {
        guard device.isValidInterfaceOrientation else { return nil }
        self.init(rawValue: device.rawValue)  // UIKit's enums share raw values 1 … 4
    }
}

/// `UIInterfaceOrientationMask` (SBT-ROT-06, SBT-ROT-08): a set of interface orientations, bit `1 << orientation`.
public struct UIInterfaceOrientationMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]

    /// The orientations in the mask, in UIKit's preference order (portrait first).
    var orientations: [UIInterfaceOrientation] {
        [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown].filter { contains($0.mask) }
    }
}

/// `UIDeviceOrientation` (VCG-F-03, VCG-F-04, SBT-ROT-01): the physical orientation of the device, with UIKit's raw values.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4
    case faceUp = 5
    case faceDown = 6

    /// True for either portrait orientation (`UIDeviceOrientationIsPortrait`).
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// True for either landscape orientation (`UIDeviceOrientationIsLandscape`).
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// True face up or face down.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// True for the four orientations the interface can take (`UIDeviceOrientationIsValidInterfaceOrientation`).
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}


/// `UIUserInterfaceIdiom`: the kind of device. It sets the default orientation masks (SBT-ROT-08).
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

/// `UIDevice` (VCG-F-04, SBT-ROT-01), reduced to what the headless core models: the device's physical orientation,
/// which input changes (``TouchInput/deviceOrientation(_:timestamp:)``), and its notifications.
///
/// UIKit itself listens to orientation changes to rotate the interface, so notifications are generated
/// from launch on (``isGeneratingDeviceOrientationNotifications`` is true) and begin/end calls nest on top
/// of UIKit's own. Every launch starts with the device in ``UIDeviceOrientation/portrait`` unless
/// ``TactileHost/launch(delegate:options:mainStoryboard:sceneDelegate:driving:touches:deviceOrientation:)`` says otherwise (SBT-LCH-05).
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// `UIDevice.orientationDidChangeNotification`, posted (object: the device) after every orientation
    /// change, after the interface has rotated or refused to.
    nonisolated public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")

    private static let device = UIDevice()

    /// The device.
    open class var current: UIDevice { device }

    override private init() { super.init() }

    /// The device's physical orientation (not the interface's: see ``UIApplication/statusBarOrientation``).
    open var orientation: UIDeviceOrientation { UIApplication.shared.deviceOrientation }

    /// The idiom (``TactileHost/userInterfaceIdiom``; `.phone` by default).
    open var userInterfaceIdiom: UIUserInterfaceIdiom { UIApplication.shared.idiom }

    /// True while orientation notifications are generated: UIKit's own listener counts, so it is true unless
    /// the app ended more often than it began.
    open var isGeneratingDeviceOrientationNotifications: Bool { UIApplication.shared.orientationNotificationDepth > 0 }

    /// Starts (nested) generation of orientation notifications.
    open func beginGeneratingDeviceOrientationNotifications() {
        UIApplication.shared.orientationNotificationDepth += 1
    }

    /// Ends one ``beginGeneratingDeviceOrientationNotifications()`` (never below zero).
    open func endGeneratingDeviceOrientationNotifications() {
        UIApplication.shared.orientationNotificationDepth = max(0, UIApplication.shared.orientationNotificationDepth - 1)
    }
}
