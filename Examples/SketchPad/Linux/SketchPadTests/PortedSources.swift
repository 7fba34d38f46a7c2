// The SketchPad tests on Linux: ../../Tests/SketchPadTests (the iOS package's own tests), ported at build time by
// `tactile port` (the TactilePortBuild plugin reads tactile-port-sources). Nothing else is here.
