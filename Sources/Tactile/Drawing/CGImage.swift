import Foundation

/// Where a pixel's alpha is stored and whether colour components are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable, Hashable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// The byte order of a bitmap's pixels.
public enum CGImageByteOrderInfo: UInt32, Sendable, Hashable {
    case orderMask = 0x7000
    case orderDefault = 0
    case order16Little = 0x1000
    case order32Little = 0x2000
    case order16Big = 0x3000
    case order32Big = 0x4000

    /// The host's order for 16-bit pixels (little-endian on every platform Tactile runs on).
    public static var order16Host: CGImageByteOrderInfo { .order16Little }
    /// The host's order for 32-bit pixels.
    public static var order32Host: CGImageByteOrderInfo { .order32Little }
}

/// A bitmap's layout: the alpha info (low five bits), float components and byte order. CoreGraphics' idiom
/// `CGImageAlphaInfo.premultipliedLast.rawValue` (a `UInt32`) fits where a `bitmapInfo: UInt32` is asked for.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    public static let byteOrder16Host = CGBitmapInfo.byteOrder16Little
    public static let byteOrder32Host = CGBitmapInfo.byteOrder32Little

    init(alpha: CGImageAlphaInfo) { self.init(rawValue: alpha.rawValue) }
}

/// A bitmap image, as a model: its pixel format and size, and (Tactile's addition) what was drawn into the
/// context it was made from. No pixels are kept. Immutable; safe from any thread.
public final class CGImage: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo
    /// What was drawn into the bitmap context this image was made from (`CGContext.makeImage()`), in the
    /// image's pixel space (origin top left, y down); nil for images that did not come from a context.
    public let tactileDrawing: TactileDrawing?

    /// The alpha information from `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// The byte order from `bitmapInfo`.
    public var byteOrderInfo: CGImageByteOrderInfo {
        CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue) ?? .orderDefault
    }

    /// False: image masks are not modelled.
    public var isMask: Bool { false }
    public var shouldInterpolate: Bool { true }

    /// An image model (for Tactile's own image sources).
    init(width: Int, height: Int, bitsPerComponent: Int = 8, bitsPerPixel: Int = 32, bytesPerRow: Int? = nil,
         colorSpace: CGColorSpace? = nil, bitmapInfo: CGBitmapInfo = CGBitmapInfo(alpha: .premultipliedLast),
         drawing: TactileDrawing? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow ?? (max(0, width) * bitsPerPixel + 7) / 8
        self.colorSpace = colorSpace
        self.bitmapInfo = bitmapInfo
        self.tactileDrawing = drawing
    }

    /// The part of the image inside `rect` (pixel coordinates, origin at the top left), made integral and
    /// intersected with the image's bounds; nil when nothing is left. The drawing is moved with it.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let r = rect.standardized.integral.intersection(bounds)
        if r.isNull || r.isEmpty { return nil }
        let drawing = tactileDrawing.map { d -> TactileDrawing in
            var moved = d.applying(CGAffineTransform(translationX: -r.minX, y: -r.minY))
            moved.size = r.size
            return moved
        }
        return CGImage(width: Int(r.width), height: Int(r.height), bitsPerComponent: bitsPerComponent,
                       bitsPerPixel: bitsPerPixel, bytesPerRow: nil, colorSpace: colorSpace, bitmapInfo: bitmapInfo,
                       drawing: drawing)
    }

    /// The image itself (images are immutable).
    public func copy() -> CGImage? { self }

    /// The same image: the same object, or the same format with the same recorded drawing.
    public static func == (lhs: CGImage, rhs: CGImage) -> Bool {
        if lhs === rhs { return true }
        guard let l = lhs.tactileDrawing, let r = rhs.tactileDrawing else { return false }
        return lhs.width == rhs.width && lhs.height == rhs.height && lhs.bitmapInfo == rhs.bitmapInfo && l == r
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
    }

    public var description: String {
        "CGImage \(width)×\(height) px, \(bitsPerComponent) bpc, \(alphaInfo)"
            + (tactileDrawing.map { ", \($0.commands.count) drawing commands" } ?? "")
    }
}
