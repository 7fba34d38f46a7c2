import Foundation

/// `UIInterfaceOrientation` (F-03): the orientation of the app's interface. Rotation itself is a separate
/// piece of work; a view controller reports ``UIViewController/interfaceOrientation`` (portrait, F-01).
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3

    /// True for either portrait orientation.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// True for either landscape orientation.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
