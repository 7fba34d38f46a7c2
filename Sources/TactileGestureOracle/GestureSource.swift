import Foundation
import TactileCore

/// Where a ``GestureScenario`` takes its choices from: a seeded SplitMix64 (`SceneRandom`, the generator the
/// scenes, property tests and fuzzers share) for the property test, or a fuzzer's bytes read front to back.
/// Bytes run out: then every read is 0 and ``isExhausted`` ends the script, so the input's length is the
/// script's length and libFuzzer's mutations map onto single choices.
public struct GestureSource {
    private var random: SceneRandom?
    private let bytes: [UInt8]
    private var offset = 0

    /// Seeded: never runs out.
    public init(seed: UInt64) {
        random = SceneRandom(seed: seed)
        bytes = []
    }

    /// A fuzzer's input.
    public init(bytes: [UInt8]) {
        random = nil
        self.bytes = bytes
    }

    /// Bytes only: every byte has been read.
    public var isExhausted: Bool { random == nil && offset >= bytes.count }

    /// One choice of 256.
    public mutating func byte() -> UInt8 {
        if random != nil { return UInt8(truncatingIfNeeded: random!.next() >> 32) }
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// A value in `range` (at most 256 values from a byte; two bytes for wider ranges).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span <= 256 ? Int(byte()) : Int(byte()) | Int(byte()) << 8
        return range.lowerBound + raw % span
    }

    /// True with probability `p` (to 1/256).
    public mutating func chance(_ p: Double) -> Bool { Double(byte()) < p * 256 }

    /// A fraction in [0, 1).
    public mutating func unit() -> CGFloat { CGFloat(byte()) / 256 }

    /// One of `options`.
    public mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }
}
