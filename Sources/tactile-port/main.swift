// `tactile-port`: the port as its own executable (what `swift package tactile-port` runs);
// the same command is `tactile-cli port`.
import TactilePort

PortCommand.main()
