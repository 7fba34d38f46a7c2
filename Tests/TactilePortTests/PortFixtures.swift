import Foundation
@testable import TactilePort

/// UIKit source snippets as an iOS developer writes them, and what `tactile port` must make of them. Every class name
/// is unique across the fixtures, so that `PortCompileTests` type-checks all the ported outputs as one module.
enum PortFixtures {
    /// Ports `files` (name → text) together and returns the outputs by name and the report.
    static func port(_ files: [(String, String)]) -> ([String: String], PortReport) {
        let result = Porter.port(files.map { Porter.File(path: $0.0, text: $0.1) })
        return (Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.text) }), result.report)
    }

    static func port(_ text: String, name: String = "Input.swift") -> (String, PortReport) {
        let (files, report) = port([(name, text)])
        return (files[name]!, report)
    }

    /// Every fixture's files: the compile test ports each group and type-checks all outputs together.
    static let all: [[(String, String)]] = [
        [("Imports.swift", imports)], [("Attributes.swift", attributes)], [("Selectors.swift", selectors)],
        [("Coordinator.swift", nonResponderTarget)], [("Optional.swift", optionalRequirements)],
        [("Base.swift", overrideBase), ("Base+Overrides.swift", overrideExtension)],
    ]

    static let imports = """
    import UIKit
    import CoreGraphics
    import QuartzCore

    let importsFixtureWidth: CGFloat = 2

    """

    static let attributes = """
    import UIKit

    @IBDesignable
    final class KnobFixture: UIControl {
        @IBInspectable var tint: CGFloat = 0.5
        @objc dynamic var angle: CGFloat = 0
        @IBOutlet weak var label: UILabel!

        @IBAction func reset(_ sender: Any) { angle = 0 }
    }

    """

    static let selectors = """
    import UIKit

    final class SelectorFixture: UIViewController {
        @objc func reset() {}
        @objc(spinBy:) func spin(_ amount: CGFloat) {}
        @objc func tapped(sender: UIButton) {}
        @objc func dragged(_ sender: UIControl, forEvent event: UIEvent) {}
        @objc func scroll(to offset: CGFloat) {}
        @objc func value() -> CGFloat { 0 }
        @objc var angle: CGFloat = 0

        func wire(_ button: UIButton) {
            button.addTarget(self, action: #selector(tapped(sender:)), for: .touchUpInside)
            button.addTarget(self, action: #selector(reset), for: .touchDown)
            button.addTarget(self, action: #selector(SelectorFixture.dragged(_:forEvent:)), for: .touchDragInside)
            _ = [#selector(spin(_:)), #selector(scroll(to:)), #selector(getter: angle), #selector(setter: SelectorFixture.angle)]
            _ = NSSelectorFromString("reset")
        }
    }

    """

    static let nonResponderTarget = """
    import UIKit

    final class CoordinatorFixture: NSObject {
        @objc func refresh(_ item: UIBarButtonItem) {}

        func makeItem() -> UIBarButtonItem {
            UIBarButtonItem(barButtonSystemItem: .refresh, target: self, action: #selector(refresh(_:)))
        }
    }

    """

    static let optionalRequirements = """
    import UIKit

    @objc protocol PagerFixtureDelegate {
        func pagerDidAppear(_ pager: PagerFixture)
        @objc optional func pager(_ pager: PagerFixture, didSelect index: Int)
        @objc optional func pager(_ pager: PagerFixture, shouldSelect index: Int) -> Bool
        @objc optional func titleForPager(_ pager: PagerFixture) -> String?
    }

    final class PagerFixture: UIView {
        weak var delegate: PagerFixtureDelegate?
        var onChange: ((Int) -> Void)?

        func select(_ index: Int) {
            guard delegate?.pager?(self, shouldSelect: index) ?? true else { return }
            delegate?.pager?(self, didSelect: index)
            let title = delegate?.titleForPager?(self)
            onChange?(index)
            _ = title
        }
    }

    """

    static let overrideBase = """
    import UIKit

    class BaseFixtureController: UIViewController {
        var appeared = 0
    }

    class DerivedFixtureController: BaseFixtureController {
        override func configure() { super.configure() }
    }

    """

    static let overrideExtension = """
    import UIKit

    extension BaseFixtureController {
        // Counts appearances.
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            appeared += 1
        }

        @objc func configure() {}
    }

    """
}
