/// The router's touch table in manually managed memory: `capacity` slots of ``RoutedTouch`` (serial 0 = a
/// free slot) and the list of live slots in began order.
///
/// Everything goes through addressors, so `table[slot].phase = .moved` and `table[live: k].pendingStamp = 0`
/// write in place — no copy of the 130-byte record, no reference count, no exclusivity check — and the router
/// holds the table in a `let`. Counts live in the same allocation, which keeps every member `nonmutating`.
struct TouchTable {
    let capacity: Int
    private let slots: UnsafeMutablePointer<RoutedTouch>
    /// Live slots in began order.
    private let order: UnsafeMutablePointer<Int32>
    /// [0]: live count, [1]: parked count (occupied slots that are not live), [2]: live-list version.
    private let counts: UnsafeMutablePointer<Int>

    init(capacity: Int) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: .free, count: capacity)
        order = .allocate(capacity: capacity)
        counts = .allocate(capacity: 3)
        counts.initialize(repeating: 0, count: 3)
    }

    func deallocate() {
        slots.deinitialize(count: capacity)
        slots.deallocate()
        order.deallocate()
        counts.deallocate()
    }

    /// The finger in `slot`.
    @inline(__always)
    subscript(slot: Int) -> RoutedTouch {
        unsafeAddress { UnsafePointer(slots + slot) }
        nonmutating unsafeMutableAddress { slots + slot }
    }

    // MARK: - Live fingers (the event's `allTouches`, began order)

    /// Live fingers.
    @inline(__always)
    var liveCount: Int { counts[0] }

    /// The slot of the `k`-th live finger.
    @inline(__always)
    func liveSlot(_ k: Int) -> Int { Int(order[k]) }

    /// The `k`-th live finger.
    @inline(__always)
    subscript(live k: Int) -> RoutedTouch {
        unsafeAddress { UnsafePointer(slots + Int(order[k])) }
        nonmutating unsafeMutableAddress { slots + Int(order[k]) }
    }

    /// Bumped whenever a finger joins or leaves the live list.
    @inline(__always)
    var liveVersion: Int { counts[2] }

    /// Appends `slot` to the live list (a finger bound at began).
    func appendLive(_ slot: Int) {
        order[counts[0]] = Int32(slot)
        counts[0] += 1
        counts[2] &+= 1
    }

    /// Keeps the live fingers for which `keep` says true, in order; the others leave the list (their slots
    /// are the caller's to free or park).
    @inline(__always)
    func retainLive(_ keep: (Int) -> Bool) {
        var kept = 0
        for k in 0..<counts[0] {
            let slot = Int(order[k])
            if keep(slot) {
                order[kept] = Int32(slot)
                kept += 1
            }
        }
        if kept != counts[0] { counts[2] &+= 1 }
        counts[0] = kept
    }

    // MARK: - Occupancy

    /// Occupied slots that are not live (swallowed, awaiting the producer's lift): ``find(_:)`` scans the whole
    /// table only while there are some.
    @inline(__always)
    var parkedCount: Int {
        get { counts[1] }
        nonmutating set { counts[1] = newValue }
    }

    /// The slot holding finger `id` (live first, then parked), or -1.
    @inline(__always)
    func find(_ id: UInt32) -> Int {
        for k in 0..<counts[0] where self[live: k].id == id { return Int(order[k]) }
        guard counts[1] > 0 else { return -1 }
        for s in 0..<capacity where slots[s].serial != 0 && slots[s].state != .live && slots[s].id == id { return s }
        return -1
    }

    /// A free slot, or nil when `capacity` fingers are down.
    func freeSlot() -> Int? {
        for s in 0..<capacity where slots[s].serial == 0 { return s }
        return nil
    }

    /// Empties `slot`.
    func free(_ slot: Int) { slots[slot] = .free }

    // MARK: - Reuse

    /// Empties every slot and the live list, as in a new table (``TouchRouter/reset(restoringTreeFrom:)``).
    func reset() {
        for s in 0..<capacity { slots[s] = .free }
        counts[0] = 0; counts[1] = 0; counts[2] = 0
    }

    /// As a new table is: no live or parked fingers, every slot free, the live list never changed.
    var isNew: Bool {
        counts[0] == 0 && counts[1] == 0 && counts[2] == 0 && (0..<capacity).allSatisfy { slots[$0] == .free }
    }
}

extension RoutedTouch {
    /// An empty table slot.
    static let free = RoutedTouch(
        id: 0, serial: 0, state: .swallowed, view: nil, window: nil, phase: .began, isDelivered: false,
        x: 0, y: 0, previousX: 0, previousY: 0, timestamp: 0, tapCount: 1, force: 0, radius: 0,
        type: .direct, altitudeCode: 0, azimuthCode: 0, screenCoordinates: false, frameStamp: 0, awaitsProducerLift: false, startX: 0, startY: 0, pendingStamp: 0)
}

/// A fixed-size scratch array in manually managed memory, written in place through addressors.
struct ScratchBuffer<Element: BitwiseCopyable> {
    private let base: UnsafeMutablePointer<Element>

    init(capacity: Int) { base = .allocate(capacity: capacity) }

    func deallocate() { base.deallocate() }

    @inline(__always)
    subscript(i: Int) -> Element {
        unsafeAddress { UnsafePointer(base + i) }
        nonmutating unsafeMutableAddress { base + i }
    }
}
