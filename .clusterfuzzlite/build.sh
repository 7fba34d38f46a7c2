#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: every libFuzzer target of Fuzz/ into $OUT as `<target>`, with its seed
# corpus as $OUT/<target>_seed_corpus.zip. In base-builder-swift, `precompile_swift` sets SWIFTFLAGS (sanitizer
# and coverage flags, on every module); run elsewhere (SRC/OUT/WORK set by hand), the same global flags are assumed.
# (scripts/fuzz instead leaves libFuzzer's coverage out of the oracles, and comparison tracing out of everything:
# see Package.swift and Fuzz/README.md.)
cd "${SRC:?}/tactile" 2>/dev/null || cd "$(dirname "$0")/.."
if command -v precompile_swift >/dev/null 2>&1; then . precompile_swift; fi
SWIFTFLAGS=${SWIFTFLAGS:-"--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link"}
export TACTILE_FUZZ=1 SWIFT_BACKTRACE=enable=no
scratch="${WORK:-/tmp}/tactile-fuzz-build"
for target in touch-sequences c-api hittest-diff storyboard-loader gesture-sequences; do
    # shellcheck disable=SC2086
    swift build -c release --scratch-path "$scratch" $SWIFTFLAGS --product "fuzz-$target" 2>&1 \
        | grep -v "Cannot export local symbol" || true
    cp "$scratch/release/fuzz-$target" "$OUT/$target"
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "Fuzz/corpus/$target" && zip -q -j "$OUT/${target}_seed_corpus.zip" ./*)
done
