import Foundation

/// `NSTextAlignment` (UIKit's raw values: natural is 4).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

extension NSLineBreakMode {
    /// How Tactile's text layout wraps and truncates for this mode.
    var layout: (wrapping: TextMetrics.Wrapping, truncation: TextMetrics.Truncation) {
        switch self {
        case .byWordWrapping: (.word, .clip)
        case .byCharWrapping: (.character, .clip)
        case .byClipping: (.word, .clip)
        case .byTruncatingHead: (.word, .head)
        case .byTruncatingTail: (.word, .tail)
        case .byTruncatingMiddle: (.word, .middle)
        }
    }
}

/// `UIBaselineAdjustment`.
public enum UIBaselineAdjustment: Int, Sendable {
    case alignBaselines = 0, alignCenters, none
}
