// The SketchPad module on Linux: its sources are ../../Sources/SketchPad (the iOS package's own files), ported at
// build time by `tactile port` (the TactilePortBuild plugin reads tactile-port-sources). Nothing else is here.
