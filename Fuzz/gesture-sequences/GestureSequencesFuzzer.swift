// libFuzzer target `gesture-sequences`: bytes → a GestureScenario (a relaunched app, a window, 2–8 views, 1–6
// recognizers of the six concrete kinds with random flags, failure requirements and simultaneous delegates) and
// its script (up to 400 steps of 1–4 fingers, waits up to 0.6 s, recognizers disabled, enabled or removed,
// views removed), read from the input front to back; then every finger lifts and 2 s pass. The GestureOracle
// checks every view call and action (DESIGN-GESTURE-STATES, -DELAYS, -CANCELS, -FAILURE and the shared
// sequence invariants) and traps on the first violation (its first nine findings are fixed: see Fuzzing.md).
// GESTURE_TRACE=1 prints an input's scene, steps, view calls and actions.
import CFuzzDriver
import TactileGestureOracle

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGestureSequences(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        _ = GestureScenario.run(bytes: bytes, maxSteps: 400, trap: true)
    }
    return 0
}

/// The entry point SwiftPM links as `main` (libFuzzer's driver on the function above; see Fuzz/driver).
@_cdecl("fuzz_gesture_sequences_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    tactile_fuzz_run(argc, argv)
}
