import Foundation
import Testing
import Tactile

/// With the trap switch on, container misuse crashes as UIKit's NSInvalidArgumentException does (exit tests run
/// the body in a child process).
@Suite("Containers: misuse traps")
struct ContainerMisuseTrapTests {
    @Test("VCG-L-02 with TactileDiagnostics.trapsOnMisuse, pushing a controller already on the stack crashes like UIKit")
    func l02Traps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                TactileHost.launch(delegate: nil)
                let root = UIViewController()
                let nav = UINavigationController(rootViewController: root)
                TactileDiagnostics.logsToStandardError = false
                TactileDiagnostics.trapsOnMisuse = true
                nav.pushViewController(root, animated: false)
            }
        }
    }

    @Test("VCG-L-02 without the trap switch the same misuse is reported and the process goes on")
    @MainActor
    func l02Reports() {
        TactileHost.launch(delegate: nil)
        TactileDiagnostics.reset()
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        nav.pushViewController(root, animated: false)
        #expect(TactileDiagnostics.misuseCount == 1 && nav.viewControllers == [root])
    }
}
