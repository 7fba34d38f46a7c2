// libFuzzer target `touch-sequences`: bytes → TraceDecoder (the one bytes→trace mapping; `tactile-cli convert`
// prints the same trace) → TraceChecker: the replay with a RoutingOracle in front of its app side that traps on
// the first violation (sequence invariants, table, AG-L-03/AG-L-04, counter identities), plus the world-cache check
// after every mutation. Deterministic: the same bytes replay the same way. The delivery log stays off (it only
// formats text); `tactile-cli replay --check` shows it for a finding. Built scenes are cached (`SceneCache`): an
// input replays on a copy of its scene, so building (a quarter of the time) happens once per distinct header, with
// the router and oracle the previous input on that scene used, reset and checked against new ones.
import TactileCore
import TactileTraces
import CFuzzDriver

nonisolated(unsafe) let scenes = SceneCache()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouchSequences(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    do {
        _ = try TraceChecker.check(TraceDecoder.decode(bytes), log: false, trapOnViolation: true, scenes: scenes)
    } catch {
        // Decoded scenes are always buildable and mutations are checked before they are applied.
        fatalError("touch-sequences: replay threw \(error) for a decoded trace")
    }
    return 0
}

/// The entry point SwiftPM links as `main` (libFuzzer's driver on the function above; see Fuzz/driver).
@_cdecl("fuzz_touch_sequences_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    tactile_fuzz_run(argc, argv)
}
