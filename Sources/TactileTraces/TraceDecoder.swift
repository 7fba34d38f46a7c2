import TactileCore

/// The one mapping from a fuzzer's raw input bytes to a ``Trace``: the libFuzzer target and
/// `tactile convert` both use it, so a crash input converts to a trace a person can read and replay.
///
/// Total and deterministic: every byte string (empty included) decodes to a valid trace, whose canonical text
/// parses back to it. Layout:
///
/// - Header, 3 bytes (missing bytes read as 0): `b0 >= 0xC0` picks the `table` scene (its scroll view scrolls:
///   drags, flings, bounces; DESIGN-CAPI-SCROLL-TRACE) with `60 + b1` views (18…103 rows of 44 points, always taller
///   than the 416-point scroll view); otherwise `b0 % 3` picks the scene (0 `phone`, 1 `list`, 2 `random`);
///   list and random get `16 + b1` views (16…271; phone keeps its 300; bigger scenes only slowed the fuzzer:
///   building and checking them is linear, routing is not); `b2` is the seed.
/// - Then one step per 8-byte chunk `c0…c7` (a trailing partial chunk is ignored). Time starts at 1 ms and
///   advances by `(c7 % 4)` ms before each step, so `c7 % 4 == 0` puts a touch in the previous touch's event;
///   when `c7 >= 0xF8` it goes back instead, by `(c7 % 4 + 1)` ms (not below 0): out-of-order timestamps.
///   - `c0 % 16` in 0…11: a touch. Finger `c1 % 32 + 1` (up to 32 fingers, more than the default table of
///     20), or when `c1 & 0x60 == 0x60` a bad id: `[0, 0xFFFFFFFF, 0x80000000, c1 % 32 + 1000][c1 % 4]`;
///     phase by `c2 % 8`: 0–1 began, 2–4 moved, 5 stationary, 6 ended, 7 cancelled;
///     x = `(c3 | c4 << 8) % (W + 40) - 20`, y likewise from c5, c6 and H (W×H: the scene's window, 320×480);
///     when the high byte (`c4`, `c6`) is ≥ 0xF8 the coordinate is an extreme one instead:
///     `[1e6, -1e6, 1e300, -1e300, ±Double.greatestFiniteMagnitude, .leastNonzeroMagnitude, 319.75][c3 % 8]` (x; y from c5).
///     NaN and ∞ are not representable in a trace (the parser rejects them), so they are fuzzed through the
///     C API target, whose records are validated. `c1 & 0x80` sends the touch with `window=0` (screen
///     coordinates).
///   - 12: motion `c1 % 3` (shake began, ended, cancelled).
///   - 13: system `c1 % 5` (cancel-all, resign-active, become-active, memory-warning, orientation `c2 % 7`).
///   - 14: `remove` view `1 + (c1 | c2 << 8) % (views - 1)` (never the window).
///   - 15: `flag` on view `(c1 | c2 << 8) % views`, flag `c3 % 7` (hidden, disabled, transparent, clips,
///     multitouch, exclusive, animating), on when `c4` is odd.
public enum TraceDecoder {
    /// Bytes per script step.
    public static let chunkSize = 8
    /// Header bytes before the first step.
    public static let headerSize = 3

    public static func decode<Bytes: Collection<UInt8>>(_ input: Bytes) -> Trace {
        let bytes = Array(input)
        func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        let kind: StandardScene = byte(0) >= 0xC0 ? .table : sceneKinds[Int(byte(0) % 3)]
        let views = kind == .phone ? StandardScene.phone.defaultViewCount : (kind == .table ? 60 : 16) + Int(byte(1))
        let scene = Trace.Scene.standard(kind, views: views, seed: UInt64(byte(2)))
        let width = 320, height = 480
        var steps: [Trace.Step] = []
        steps.reserveCapacity(max(0, bytes.count - headerSize) / chunkSize)
        var t: UInt64 = 1_000_000
        var offset = headerSize
        while offset + chunkSize <= bytes.count {
            // The chunk's bytes c0…c7, read in place (one step per chunk: no array per step).
            let base = offset
            func c(_ k: Int) -> UInt8 { bytes[base + k] }
            offset += chunkSize
            if c(7) >= 0xF8 {
                t -= min(t, UInt64(c(7) % 4 + 1) * 1_000_000)
            } else {
                t += UInt64(c(7) % 4) * 1_000_000
            }
            let op = c(0) % 16
            let wide1 = Int(c(1)) | Int(c(2)) << 8
            switch op {
            case 0...11:
                let x = coordinate(c(3), c(4), extent: width)
                let y = coordinate(c(5), c(6), extent: height)
                let finger = UInt32(c(1) % 32 + 1)
                let id = c(1) & 0x60 == 0x60 ? badTouchID(c(1), finger: finger) : finger
                steps.append(.touch(t: t, id: id, phase: touchPhases[Int(c(2) % 8)], x: x, y: y,
                                    window: c(1) & 0x80 != 0 ? 0 : nil))
            case 12:
                steps.append(.motion(t: t, motionCodes[Int(c(1) % 3)]))
            case 13:
                let code = systemCodes[Int(c(1) % 5)]
                steps.append(.system(t: t, code, value: code == .deviceOrientation ? UInt32(c(2) % 7) : 0))
            case 14:
                steps.append(.remove(t: t, view: views > 1 ? 1 + wide1 % (views - 1) : 0))
            default:
                steps.append(.setFlag(t: t, view: wide1 % views, flag: traceFlags[Int(c(3)) % traceFlags.count], on: c(4) & 1 == 1))
            }
        }
        return Trace(scene: scene, steps: steps)
    }

    /// `b0 % 3` → scene (the table scene is picked by `b0 >= 0xC0` first).
    static let sceneKinds: [StandardScene] = [.phone, .list, .random]
    /// `c2 % 8` → phase: 0–1 began, 2–4 moved, 5 stationary, 6 ended, 7 cancelled.
    static let touchPhases: [EventRecord.TouchPhase] = [.began, .began, .moved, .moved, .moved, .stationary, .ended, .cancelled]

    // (`allCases` makes a new array at every use.)
    static let motionCodes = EventRecord.MotionCode.allCases
    static let systemCodes = EventRecord.SystemCode.allCases
    static let traceFlags = TraceFlag.allCases

    /// The id of a touch whose `c1 & 0x60 == 0x60`: `[0, 0xFFFFFFFF, 0x80000000, finger + 999][c1 % 4]`.
    static func badTouchID(_ c1: UInt8, finger: UInt32) -> UInt32 {
        switch c1 % 4 {
        case 0: 0
        case 1: UInt32.max
        case 2: 0x8000_0000
        default: finger + 999
        }
    }

    /// Coordinates the decoder picks when a high byte is ≥ 0xF8: far outside, huge, the largest finite, the
    /// smallest subnormal, and a fraction near the window's edge.
    public static let extremeCoordinates: [Double] = [1e6, -1e6, 1e300, -1e300, .greatestFiniteMagnitude,
                                                      -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 319.75]

    static func coordinate(_ low: UInt8, _ high: UInt8, extent: Int) -> Double {
        if high >= 0xF8 { return extremeCoordinates[Int(low % 8)] }
        return Double((Int(low) | Int(high) << 8) % (extent + 40) - 20)
    }
}
