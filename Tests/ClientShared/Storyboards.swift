#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif

// Storyboard code as apps write it: a controller from a storyboard with outlets (on Linux listed as key paths in
// `tactileOutlets` instead of `@IBOutlet`), prepare(for:sender:), shouldPerformSegue, an unwind action, and a
// custom segue.

final class ProfileSceneController: UIViewController {
    weak var nameView: UIView!
    var userID = 0

    #if !canImport(UIKit)
    override class var tactileOutlets: [String: AnyKeyPath] {
        super.tactileOutlets.merging(["nameView": \ProfileSceneController.nameView]) { $1 }
    }
    #endif

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func awakeFromNib() {
        super.awakeFromNib()
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        identifier != "disabled"
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let detail = segue.destination as? ProfileSceneController { detail.userID = userID + 1 }
    }

    override func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: UIViewController,
                                              sender: Any?) -> Bool {
        super.canPerformUnwindSegueAction(action, from: fromViewController, sender: sender)
    }

    override func allowedChildrenForUnwinding(from source: UIStoryboardUnwindSegueSource) -> [UIViewController] {
        super.allowedChildrenForUnwinding(from: source)
    }

    override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
        super.unwind(for: unwindSegue, towards: subsequentVC)
    }

    func openNext() {
        performSegue(withIdentifier: "next", sender: self)
        if let again = storyboard?.instantiateViewController(withIdentifier: "Profile") as? ProfileSceneController {
            again.userID = userID
        }
        let typed: ProfileSceneController? = storyboard?.instantiateViewController(identifier: "Profile") { coder in
            ProfileSceneController(coder: coder)
        }
        _ = typed
    }
}

/// A custom segue that pushes without animation.
final class InstantPushSegue: UIStoryboardSegue {
    override func perform() {
        source.navigationController?.pushViewController(destination, animated: false)
    }
}

@MainActor
func loadMainStoryboard() -> UIViewController? {
    UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()
}
