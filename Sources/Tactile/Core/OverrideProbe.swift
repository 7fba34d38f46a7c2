/// Which of a base class's overridable methods a subclass overrides — Objective-C's "implements the method"
/// (`respondsToSelector:`), which UIKit's defaults depend on, found without an Objective-C runtime.
///
/// A Swift class keeps its overridable methods in a vtable in its class metadata, and an override replaces
/// its slot. Each method's slot is found once by comparing the metadata of private probe subclasses of the
/// base (one per method, overriding only that method; two overriding nothing); a class overrides the method
/// when its word in that slot differs from the base's. If the metadata does not look as expected (sizes out of
/// range, not exactly one differing slot per probe, two probes on one slot), detection is off
/// (``isAvailable`` false) and every answer is "not overridden". Answers are cached per class.
@MainActor
final class OverrideProbe<Method: Hashable> {
    private let base: AnyClass
    /// Method → its vtable slot (in words from the metadata's address point).
    private let slots: [Method: Int]
    private var cache: [ObjectIdentifier: Set<Method>] = [:]

    /// `plain`: two subclasses of `base` that override nothing; `probes`: per method, a subclass of `base`
    /// that overrides only that method.
    init(base: AnyClass, plain: (AnyClass, AnyClass), probes: [(Method, AnyClass)]) {
        self.base = base
        slots = Self.findSlots(plain: plain, probes: probes)
    }

    /// Whether detection works on this platform.
    var isAvailable: Bool { !slots.isEmpty }

    /// The methods `cls` (a subclass of the base) overrides.
    func overriddenMethods(of cls: AnyClass) -> Set<Method> {
        let key = ObjectIdentifier(cls)
        if let known = cache[key] { return known }
        var found: Set<Method> = []
        if let (words, count) = Self.metadata(cls), let (baseWords, _) = Self.metadata(base) {
            for (method, slot) in slots where slot < count && words[slot] != baseWords[slot] { found.insert(method) }
        }
        cache[key] = found
        return found
    }

    /// The metadata's words after its address point, or nil when its header is implausible.
    private static func metadata(_ cls: AnyClass) -> (UnsafePointer<UInt>, Int)? {
        let p = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        // Swift class metadata without Objective-C interop: kind, superclass, flags, instance address point,
        // instance size, alignment mask + reserved, class size, class address point, description, ivar
        // destroyer, then the field offsets and the vtable.
        let classSize = Int(p.load(fromByteOffset: 32, as: UInt32.self))
        let addressPoint = Int(p.load(fromByteOffset: 36, as: UInt32.self))
        guard addressPoint < classSize, classSize - addressPoint <= 1 << 16 else { return nil }
        return (p.assumingMemoryBound(to: UInt.self), (classSize - addressPoint) / MemoryLayout<UInt>.stride)
    }

    private static func findSlots(plain: (AnyClass, AnyClass), probes: [(Method, AnyClass)]) -> [Method: Int] {
        #if canImport(ObjectiveC)
        return [:]  // an Objective-C runtime has metadata of another shape (and respondsToSelector:)
        #else
        guard let (plain1, n1) = metadata(plain.0), let (plain2, n2) = metadata(plain.1) else { return [:] }
        var slots: [Method: Int] = [:]
        for (method, probe): (Method, AnyClass) in probes {
            guard let (words, n) = metadata(probe) else { return [:] }
            // Words 0…6 are the header (kind, superclass, sizes, description): skip them.
            let differing = (7..<min(n, n1, n2)).filter { plain1[$0] == plain2[$0] && words[$0] != plain1[$0] }
            guard differing.count == 1 else { return [:] }
            slots[method] = differing[0]
        }
        return Set(slots.values).count == probes.count ? slots : [:]
        #endif
    }
}
