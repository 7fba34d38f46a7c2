// `tactile-port`: the port as its own executable (what `swift package tactile-port` and the build plugin run);
// the same command is `tactile-cli port`.
import TactilePort

PortCommand.main()
