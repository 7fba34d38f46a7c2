/// A generation-checked handle to a view in a ``ViewTree``. A handle to a destroyed view, or one from another
/// tree, is detected and reported (``ViewTreeError/invalidView(_:)``), never silently reused.
public struct ViewID: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public let index: UInt32
    public let generation: UInt32

    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The 64-bit form used by the C API: `generation << 32 | index`.
    public var packed: UInt64 { UInt64(generation) << 32 | UInt64(index) }
    public init(packed: UInt64) { self.init(index: UInt32(truncatingIfNeeded: packed), generation: UInt32(packed >> 32)) }

    public var description: String { "view#\(index).\(generation)" }
}
