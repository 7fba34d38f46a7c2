import Foundation

/// `UIModalTransitionStyle` (VCG-Q-07, SBT-PRS-05, SBT-PRS-06): how a presented controller animates. Headless, the value
/// is stored and reported; `.partialCurl` carries UIKit's restrictions (SBT-PRS-07).
public enum UIModalTransitionStyle: Int, Sendable {
    /// The default: slides up, and down on dismissal.
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    /// Only over a full-screen presenter with `.fullScreen`; a controller presented with it cannot present.
    case partialCurl = 3
}

/// `UIModalPresentationStyle` (SBT-PRS-09): how a presented controller covers its presenter.
///
/// Under ``TactileBehavior/modern`` the full-screen styles (`.fullScreen`, `.currentContext`) remove the
/// presenter's view and send it the disappear pair; the others (the default `.automatic`, which is a page
/// sheet on iPhone since iOS 13, `.pageSheet`, `.formSheet`, `.overFullScreen`, `.overCurrentContext`,
/// `.popover`, `.custom`) leave it in place with no callbacks. Under ``TactileBehavior/iPhoneOS3`` every
/// presentation is full screen (SBT-PRS-04).
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2
}
