/// Which standard edit actions a responder class overrides — UIKit's "implements the method" for
/// `canPerformAction(_:withSender:)` (AG-R-03), which Objective-C answers with `respondsToSelector:`.
///
/// Linux has no Objective-C runtime, but a Swift class keeps its overridable methods in a vtable in its
/// class metadata, and an override replaces its slot. Each action's slot is found once by comparing the
/// metadata of private probe subclasses (one overriding only that action, two overriding nothing); a class
/// overrides the action when its slot differs from `UIResponder`'s. If the metadata does not look as expected
/// (sizes out of range, no single differing slot), detection is off and every answer is no.
@MainActor
enum EditActionOverrides {
    private final class Plain1: UIResponder {}
    private final class Plain2: UIResponder {}
    private final class ProbeCopy: UIResponder { override func copy(_ sender: Any?) {} }
    private final class ProbeCut: UIResponder { override func cut(_ sender: Any?) {} }
    private final class ProbePaste: UIResponder { override func paste(_ sender: Any?) {} }
    private final class ProbeSelect: UIResponder { override func select(_ sender: Any?) {} }
    private final class ProbeSelectAll: UIResponder { override func selectAll(_ sender: Any?) {} }
    private final class ProbeDelete: UIResponder { override func delete(_ sender: Any?) {} }

    /// Action → its vtable slot (in words from the metadata's address point).
    private static let slots: [Selector: Int] = findSlots()
    private static var cache: [ObjectIdentifier: Set<Selector>] = [:]

    /// True when `cls` (a `UIResponder` subclass) overrides the standard edit action `action`.
    static func overrides(_ action: Selector, in cls: UIResponder.Type) -> Bool {
        let key = ObjectIdentifier(cls)
        if let known = cache[key] { return known.contains(action) }
        var found: Set<Selector> = []
        if let (words, count) = metadata(cls), let (base, _) = metadata(UIResponder.self) {
            for (selector, slot) in slots where slot < count && words[slot] != base[slot] { found.insert(selector) }
        }
        cache[key] = found
        return found.contains(action)
    }

    /// The metadata's words after its address point, or nil when its header is implausible.
    static func metadata(_ cls: AnyClass) -> (UnsafePointer<UInt>, Int)? {
        let p = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        // Swift class metadata without Objective-C interop: kind, superclass, flags, instance address point,
        // instance size, alignment mask + reserved, class size, class address point, description, ivar
        // destroyer, then the field offsets and the vtable.
        let classSize = Int(p.load(fromByteOffset: 32, as: UInt32.self))
        let addressPoint = Int(p.load(fromByteOffset: 36, as: UInt32.self))
        guard addressPoint < classSize, classSize - addressPoint <= 1 << 16 else { return nil }
        return (p.assumingMemoryBound(to: UInt.self), (classSize - addressPoint) / MemoryLayout<UInt>.stride)
    }

    private static func findSlots() -> [Selector: Int] {
        #if canImport(ObjectiveC)
        return [:]  // an Objective-C runtime has metadata of another shape (and respondsToSelector:)
        #else
        guard let (plain1, n1) = metadata(Plain1.self), let (plain2, n2) = metadata(Plain2.self) else { return [:] }
        let probes: [(Selector, AnyClass)] = [(.copy, ProbeCopy.self), (.cut, ProbeCut.self), (.paste, ProbePaste.self),
                                              (.select, ProbeSelect.self), (.selectAll, ProbeSelectAll.self),
                                              (.delete, ProbeDelete.self)]
        var slots: [Selector: Int] = [:]
        for entry in probes {
            let selector = entry.0
            let probe: AnyClass = entry.1
            guard let (words, n) = metadata(probe) else { return [:] }
            var found: [Int] = []
            // Words 0…6 are the header (kind, superclass, sizes, description): skip them.
            for s in 7..<min(n, n1, n2) where plain1[s] == plain2[s] && words[s] != plain1[s] { found.append(s) }
            guard found.count == 1 else { return [:] }
            slots[selector] = found[0]
        }
        return Set(slots.values).count == probes.count ? slots : [:]
        #endif
    }
}
