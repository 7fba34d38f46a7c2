// The entry point of Tactile's libFuzzer targets when SwiftPM links them itself (scripts/fuzz): SwiftPM points
// `main` at `<target>_main`, which each harness defines by calling this; it runs libFuzzer's driver on the
// harness's LLVMFuzzerTestOneInput. A build that passes -sanitize=fuzzer to SwiftPM uses libFuzzer's own main.
#ifndef TACTILE_FUZZ_DRIVER_H
#define TACTILE_FUZZ_DRIVER_H

int tactile_fuzz_run(int argc, char **argv);

#endif
