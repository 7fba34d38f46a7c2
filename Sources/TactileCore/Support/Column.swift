import CTactileCoreSupport

/// A growable array of plain values in manually managed memory: the packed tree's storage. Reading and
/// writing through it costs no reference counting and no exclusivity checks, which keeps the hit-test loop
/// tight. The owner calls ``deallocate()``.
struct Column<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int
    /// The storage's alignment: 64 keeps 64-byte records on one cache line each.
    let alignment: Int

    init(capacity: Int = 16, alignment: Int = MemoryLayout<Element>.alignment) {
        self.capacity = max(capacity, 1)
        self.alignment = alignment
        base = Self.allocate(self.capacity, alignment: alignment)
    }

    private static func allocate(_ capacity: Int, alignment: Int) -> UnsafeMutablePointer<Element> {
        UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<Element>.stride, alignment: alignment)
            .bindMemory(to: Element.self, capacity: capacity)
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    mutating func append(_ value: Element) {
        if count == capacity { grow(to: capacity * 2) }
        base[count] = value
        count += 1
    }

    /// Appends `other`'s elements in one block copy.
    mutating func append(contentsOf other: Column) {
        reserve(count + other.count)
        (base + count).update(from: other.base, count: other.count)
        count += other.count
    }

    var bytes: Int { capacity * MemoryLayout<Element>.stride }

    /// Makes room for `n` elements in all (one allocation instead of doublings). Grows at least twofold, so
    /// reserving a little more each time (scene after scene into one tree) stays amortized linear.
    mutating func reserve(_ n: Int) {
        if n > capacity { grow(to: max(n, 2 * capacity)) }
    }

    /// A copy in its own memory (same capacity and alignment).
    func copy() -> Column {
        var c = Column(capacity: capacity, alignment: alignment)
        c.base.update(from: base, count: count)
        c.count = count
        return c
    }

    /// Makes the elements a copy of `other`'s, in this column's memory (replaced only when too small).
    mutating func assign(_ other: Column) {
        if capacity < other.count {
            base.deallocate()
            capacity = other.capacity
            base = Self.allocate(capacity, alignment: alignment)
        }
        base.update(from: other.base, count: other.count)
        count = other.count
    }

    /// Drops the elements from index `n` on.
    @inline(__always)
    mutating func truncate(to n: Int) { count = min(count, max(0, n)) }

    private mutating func grow(to newCapacity: Int) {
        let grown = Self.allocate(newCapacity, alignment: alignment)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}

/// A short list of plain values in manually managed memory (a container's children, one grid cell's
/// candidates). Empty lists own no memory. A list may live in memory it does not own, a block of many lists
/// (``ListBlocks``, a copied scene's child lists): it never frees that memory, and moves to memory of its own
/// when it outgrows it.
struct PackedList<Element: BitwiseCopyable>: BitwiseCopyable {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count: Int32 = 0
    /// The capacity; negative for memory the list does not own.
    private var room: Int32 = 0

    init() {}

    /// A list of `count` elements already in `memory`, which has room for `capacity` and which the list does not
    /// own.
    init(borrowing memory: UnsafeMutablePointer<Element>, count: Int32, capacity: Int32) {
        base = memory
        self.count = count
        room = -capacity
    }

    var capacity: Int32 { room < 0 ? -room : room }
    /// False for a list in a block of lists (its memory goes with the block).
    var ownsMemory: Bool { room > 0 }

    @inline(__always)
    subscript(i: Int) -> Element {
        get { base.unsafelyUnwrapped[i] }
        nonmutating set { base.unsafelyUnwrapped[i] = newValue }
    }

    mutating func insert(_ value: Element, at i: Int) {
        if count == capacity { grow() }
        let p = base.unsafelyUnwrapped
        (p + i + 1).update(from: p + i, count: Int(count) - i)
        p[i] = value
        count += 1
    }

    mutating func append(_ value: Element) { insert(value, at: Int(count)) }

    mutating func remove(at i: Int) {
        let p = base.unsafelyUnwrapped
        (p + i).update(from: p + i + 1, count: Int(count) - i - 1)
        count -= 1
    }

    func swapAt(_ i: Int, _ j: Int) {
        let p = base.unsafelyUnwrapped
        let t = p[i]
        p[i] = p[j]
        p[j] = t
    }

    func firstIndex(where match: (Element) -> Bool) -> Int? {
        for i in 0..<Int(count) where match(base.unsafelyUnwrapped[i]) { return i }
        return nil
    }

    /// A copy in its own memory (an empty list stays without memory).
    func copy() -> PackedList {
        var c = PackedList()
        guard let base, capacity > 0 else { return c }
        c.base = .allocate(capacity: Int(capacity))
        c.base.unsafelyUnwrapped.update(from: base, count: Int(count))
        c.count = count
        c.room = capacity
        return c
    }

    /// Makes the elements a copy of `other`'s, in this list's memory (replaced by memory of its own only when too
    /// small).
    mutating func assign(_ other: PackedList) {
        if capacity < other.count {
            if ownsMemory { base?.deallocate() }
            room = other.capacity
            base = .allocate(capacity: Int(room))
        }
        if other.count > 0 { base.unsafelyUnwrapped.update(from: other.base.unsafelyUnwrapped, count: Int(other.count)) }
        count = other.count
    }

    /// Frees the memory if the list owns it (the list becomes empty).
    mutating func deallocate() {
        if ownsMemory { base?.deallocate() }
        base = nil
        count = 0
        room = 0
    }

    /// The bytes the list owns.
    var bytes: Int { ownsMemory ? Int(room) * MemoryLayout<Element>.stride : 0 }

    private mutating func grow() {
        let newCapacity = max(4, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: Int(newCapacity))
        if let base {
            grown.update(from: base, count: Int(count))
            if ownsMemory { base.deallocate() }
        }
        base = grown
        room = newCapacity
    }
}

/// Blocks of memory that each hold many lists (``PackedList/init(borrowing:count:capacity:)``): a copied scene's
/// child lists take one allocation instead of one each. The blocks are chained through a header at their start,
/// so keeping them allocates nothing more; they are freed together. Each list's room is followed by a gap that
/// AddressSanitizer (when it is on) marks unaddressable, so a write past a list's capacity is caught as it is for
/// a list of its own.
struct ListBlocks<Element: BitwiseCopyable> {
    private var head: UnsafeMutableRawPointer?
    /// The bytes the blocks take.
    private(set) var bytes = 0

    private static var header: Int { 16 }
    /// The room for a list of `capacity` elements and the gap after it (AddressSanitizer's granule is 8 bytes:
    /// each list starts on one and is followed by at least a whole one).
    private static func span(_ capacity: Int32) -> Int { (Int(capacity) * MemoryLayout<Element>.stride + 15) & ~7 }

    var isEmpty: Bool { head == nil }

    /// Allocates a block with room for lists of these capacities, in order, and calls `body` with each list's
    /// index and start, in order.
    mutating func allocate(capacities: some Collection<Int32>, _ body: (Int, UnsafeMutablePointer<Element>) -> Void) {
        var size = Self.header
        for c in capacities { size += Self.span(c) }
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: max(16, MemoryLayout<Element>.alignment))
        block.storeBytes(of: head, as: UnsafeMutableRawPointer?.self)
        block.storeBytes(of: size, toByteOffset: 8, as: Int.self)
        head = block
        bytes += size
        var offset = Self.header
        for (i, c) in capacities.enumerated() {
            let used = Int(c) * MemoryLayout<Element>.stride
            body(i, (block + offset).bindMemory(to: Element.self, capacity: Int(c)))
            tactile_poison_region(block + offset + used, Self.span(c) - used)
            offset += Self.span(c)
        }
    }

    /// Frees every block.
    mutating func deallocateAll() {
        while let block = head {
            head = block.load(as: UnsafeMutableRawPointer?.self)
            tactile_unpoison_region(block, block.load(fromByteOffset: 8, as: Int.self))
            block.deallocate()
        }
        bytes = 0
    }
}

/// A list of view indices (slots).
typealias IndexList = PackedList<Int32>

extension PackedList where Element == Int32 {
    /// Removes the first occurrence of `value`; false if absent.
    @discardableResult
    mutating func remove(_ value: Int32) -> Bool {
        guard let i = firstIndex(of: value) else { return false }
        remove(at: i)
        return true
    }

    func firstIndex(of value: Int32) -> Int? { firstIndex { $0 == value } }
}
