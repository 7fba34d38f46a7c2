import Foundation

/// Reads Swift class metadata (without Objective-C interop, as on Linux): what UIKit asks the Objective-C runtime
/// — which initializer or method a subclass implements — answered from the class's vtable. Every use checks
/// itself once with probe classes and falls back to the safe answer when the layout is not as expected.
enum SwiftClassMetadata {
    /// The vtable of the methods `cls` itself declares: its first slot (in words from the metadata's address
    /// point), its size, and its method descriptors; nil when the metadata does not look as expected.
    static func ownVTable(of cls: AnyClass) -> (offset: Int, size: Int, descriptors: UnsafeRawPointer)? {
        #if canImport(ObjectiveC)
        return nil  // Objective-C interop metadata has another layout (and an Objective-C runtime to ask)
        #else
        let metadata = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        // Swift class metadata without Objective-C interop: kind, superclass, flags, instance address point,
        // instance size, alignment mask, class size, class address point, then the type descriptor.
        guard let words = wordCount(of: cls),
              let descriptor = metadata.load(fromByteOffset: 40, as: UnsafeRawPointer?.self) else { return nil }
        let flags = descriptor.load(as: UInt32.self)
        guard flags & 0x1F == 16, flags & 0x80 == 0 else { return nil }  // a class, not generic
        let kindFlags = flags >> 16
        guard kindFlags & (1 << 15) != 0 else { return nil }  // has a vtable
        // The class descriptor is 44 bytes; trailing objects before the vtable header: a resilient superclass
        // reference, then the foreign or singleton metadata initialization.
        var p = descriptor + 44
        if kindFlags & (1 << 13) != 0 { p += 4 }
        switch kindFlags & 3 {
        case 1: p += 12
        case 2: p += 4
        default: break
        }
        let offset = Int(p.load(as: UInt32.self)), size = Int(p.load(fromByteOffset: 4, as: UInt32.self))
        guard size > 0, offset + size <= words else { return nil }
        return (offset, size, p + 8)
        #endif
    }

    /// The metadata's size in words from its address point (nil when implausible).
    static func wordCount(of cls: AnyClass) -> Int? {
        let metadata = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        let classSize = Int(metadata.load(fromByteOffset: 32, as: UInt32.self))
        let addressPoint = Int(metadata.load(fromByteOffset: 36, as: UInt32.self))
        guard addressPoint < classSize, classSize - addressPoint <= 1 << 16 else { return nil }
        return (classSize - addressPoint) / MemoryLayout<UInt>.stride
    }

    /// The word at `slot` of `cls`'s metadata (a vtable entry: the implementation the class dispatches to).
    static func word(_ cls: AnyClass, _ slot: Int) -> UInt {
        unsafeBitCast(cls, to: UnsafeRawPointer.self).load(fromByteOffset: 8 * slot, as: UInt.self)
    }
}
