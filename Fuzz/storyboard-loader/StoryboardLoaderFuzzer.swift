// libFuzzer target `storyboard-loader`: bytes → a storyboard (UIStoryboard's parser and model), its summary, its
// initial controller and every scene controller with a storyboard identifier instantiated, their views loaded
// (views, constraints, outlets, embed segues) and their segues performed. Any input must give an error or a
// counted skip, never a crash (DESIGN-STORYBOARD). Seeds: small real fixtures and malformed variants.
import Foundation
import CFuzzDriver
@_spi(Tools) import Tactile

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoryboardLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    MainActor.assumeIsolated {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.trapsOnMisuse = false
        guard let storyboard = try? UIStoryboard(data: bytes, name: "Fuzz") else { return }
        let summary = storyboard.tactileSummary
        var controllers: [UIViewController] = []
        if let initial = storyboard.instantiateInitialViewController() { controllers.append(initial) }
        for identifier in summary.storyboardIdentifiers.sorted().prefix(8) {
            controllers.append(storyboard.instantiateViewController(withIdentifier: identifier))
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        for controller in controllers {
            window.rootViewController = controller
            controller.loadViewIfNeeded()
            window.layoutIfNeeded()
            for scene in summary.scenes where scene.controllerID != nil {
                for segue in scene.segues {
                    guard let open = segue.firstIndex(of: "\""), let close = segue[segue.index(after: open)...].firstIndex(of: "\"") else { continue }
                    controller.performSegue(withIdentifier: String(segue[segue.index(after: open)..<close]), sender: nil)
                }
            }
        }
        window.rootViewController = nil
        TactileDiagnostics.reset()
    }
    return 0
}

/// The entry point SwiftPM links as `main` (libFuzzer's driver on the function above; see Fuzz/driver).
@_cdecl("fuzz_storyboard_loader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    tactile_fuzz_run(argc, argv)
}
