import Foundation

// CoreGraphics' comparison methods, which Linux Foundation's CGPoint, CGSize and CGRect lack.

extension CGPoint {
    /// `CGPointEqualToPoint`: the same coordinates.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// `CGSizeEqualToSize`: the same width and height.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// `CGRectEqualToRect`: the same origin and size (compared as given).
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}

/// Objective-C's `NSInteger`, as Swift on Apple platforms names it: `Int`.
public typealias NSInteger = Int
/// Objective-C's `NSUInteger`: `UInt`.
public typealias NSUInteger = UInt
