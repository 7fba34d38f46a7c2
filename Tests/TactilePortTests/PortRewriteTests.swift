import Foundation
import Testing
@testable import TactilePort

/// One test per rewrite of `tactile port`: UIKit input → the exact ported text. `PortCompileTests` builds every
/// output against Tactile.
@Suite struct PortRewriteTests {
    @Test func DESIGN_PORT_IMPORT_uikitCoreGraphicsAndQuartzCoreBecomeTactile() {
        let (out, report) = PortFixtures.port(PortFixtures.imports)
        #expect(out == IMPORTS)
        #expect(report.remaining.isEmpty)
        // Foundation is not imported twice; @testable imports stay.
        #expect(PortFixtures.port("import Foundation\nimport UIKit\n@testable import App\n").0
                == "import Foundation\nimport Tactile\n@testable import App\n")
    }

    @Test func DESIGN_PORT_IMPORT_appleOnlyFrameworksAreReported() {
        let (out, report) = PortFixtures.port("import UIKit\nimport AVFoundation\n")
        #expect(out == "import Foundation\nimport Tactile\nimport AVFoundation\n")
        #expect(report.remaining.map(\.line) == [2])
    }

    @Test func DESIGN_PORT_ATTRIBUTES_objcAndInterfaceBuilderAttributesGo() {
        let (out, report) = PortFixtures.port(PortFixtures.attributes)
        #expect(out == ATTRIBUTES)
        #expect(report.remaining.isEmpty)
    }

    @Test func DESIGN_PORT_SELECTOR_selectorsGetTheObjectiveCNames() {
        let (out, report) = PortFixtures.port(PortFixtures.selectors)
        #expect(out == SELECTORS)
        #expect(report.remaining.isEmpty)
    }

    /// Swift's rule for the Objective-C name of a method (the compiler's selector derivation; checked against
    /// UIKit's own names: `tableView(_:didSelectRowAt:)` is `tableView:didSelectRowAtIndexPath:` only through the
    /// importer, but a Swift-declared method keeps the base name and labels).
    @Test func DESIGN_PORT_SELECTOR_names() {
        #expect(ObjCSelectorName.method("reset", labels: []) == "reset")
        #expect(ObjCSelectorName.method("tap", labels: [nil]) == "tap:")
        #expect(ObjCSelectorName.method("tap", labels: ["sender"]) == "tapWithSender:")
        #expect(ObjCSelectorName.method("scroll", labels: ["to"]) == "scrollTo:")
        #expect(ObjCSelectorName.method("doSomething", labels: ["with"]) == "doSomethingWith:")
        #expect(ObjCSelectorName.method("moveRow", labels: ["at", "to"]) == "moveRowAt:to:")
        #expect(ObjCSelectorName.method("insert", labels: ["forKey", nil]) == "insertForKey::")
        #expect(ObjCSelectorName.method("tableView", labels: [nil, "didSelectRowAt"]) == "tableView:didSelectRowAt:")
        #expect(ObjCSelectorName.method("buttonTapped", labels: ["_sender"]) == "buttonTappedWith_sender:")
        #expect(ObjCSelectorName.setter("angle") == "setAngle:")
    }

    @Test func DESIGN_PORT_ACTIONS_aNonResponderGetsItsOwnTable() {
        let (out, report) = PortFixtures.port(PortFixtures.nonResponderTarget)
        #expect(out == NONRESPONDER)
        #expect(report.remaining.isEmpty)
    }

    @Test func DESIGN_PORT_ACTIONS_aSelectorOfTheWrongShapeIsReported() {
        let (_, report) = PortFixtures.port("""
        import UIKit
        final class ShapeFixture: UIView {
            @objc func a(_ x: Int, _ y: Int) {}
            func wire() { _ = #selector(a(_:_:)) }
        }
        """)
        #expect(report.remaining.map(\.construct) == ["action method"])
    }

    @Test func DESIGN_PORT_OUTLETS_outletsAndInspectablesAreListed() {
        let (out, _) = PortFixtures.port(PortFixtures.attributes)
        #expect(out.contains(#"super.tactileOutlets.merging(["tint": \KnobFixture.tint, "label": \KnobFixture.label]) { $1 }"#))
    }

    @Test func DESIGN_PORT_OPTIONAL_requirementsGetDefaultsAndCallsLoseTheirQuestionMark() {
        let (out, report) = PortFixtures.port(PortFixtures.optionalRequirements)
        #expect(out == OPTIONAL)
        #expect(report.remaining.isEmpty)
    }

    @Test func DESIGN_PORT_OPTIONAL_uikitRequirementsAreCalledDirectly() {
        // A method of a protocol outside the sources called with `?(` is an optional requirement (UIKit's, whose
        // defaults Tactile implements); a property of the sources called so is an optional closure.
        let (out, _) = PortFixtures.port("""
        import UIKit
        final class ForwardingFixture: NSObject {
            weak var next: UIScrollViewDelegate?
            var scrolled: ((UIScrollView) -> Void)?
            func scrollViewDidScroll(_ s: UIScrollView) {
                next?.scrollViewDidScroll?(s)
                self.scrolled?(s)
            }
        }
        """)
        #expect(out.contains("next?.scrollViewDidScroll(s)"))
        #expect(out.contains("self.scrolled?(s)"))
    }

    @Test func DESIGN_PORT_OPTIONAL_respondsToAnOptionalRequirementIsReported() {
        let (_, report) = PortFixtures.port("""
        import UIKit
        @objc protocol RespondsFixtureDelegate { @objc optional func done() }
        final class RespondsFixture: NSObject {
            weak var delegate: RespondsFixtureDelegate?
            func finish() { if delegate?.responds(to: #selector(RespondsFixtureDelegate.done)) == true {} }
        }
        """)
        #expect(report.remaining.map(\.construct) == ["responds(to:)"])
    }

    @Test func DESIGN_PORT_OVERRIDE_overridesInExtensionsMoveIntoTheClass() {
        let (files, report) = PortFixtures.port([("Base.swift", PortFixtures.overrideBase),
                                                 ("Base+Overrides.swift", PortFixtures.overrideExtension)])
        #expect(files["Base.swift"] == BASE)
        #expect(files["Base+Overrides.swift"] == EXTENSION)
        #expect(report.remaining.isEmpty)
    }

    @Test func DESIGN_PORT_OVERRIDE_anOverrideOfAClassOutsideTheSourcesIsReported() {
        let (out, report) = PortFixtures.port("""
        import UIKit
        extension UINavigationController {
            open override var childForStatusBarStyle: UIViewController? { topViewController }
        }
        """)
        #expect(out.contains("open override var childForStatusBarStyle"))
        #expect(report.remaining.map(\.construct) == ["override in extension"])
    }

    @Test func DESIGN_PORT_REPORT_runtimeTricksAreLeftAndReported() {
        let source = """
        import UIKit
        final class TricksFixture: UIView {
            func swizzle() {
                let a = class_getInstanceMethod(TricksFixture.self, #selector(layoutSubviews))
                objc_setAssociatedObject(self, "k", 1, .OBJC_ASSOCIATION_RETAIN)
                _ = NSClassFromString("MyCell")
                _ = #keyPath(TricksFixture.alpha)
                addObserver(self, forKeyPath: "alpha", options: [], context: nil)
                _ = a
            }
        }
        """
        let (out, report) = PortFixtures.port(source)
        #expect(report.remaining.map(\.line) == [4, 5, 6, 7, 8])
        #expect(report.remaining.map(\.construct) == ["class_getInstanceMethod", "objc_setAssociatedObject",
                                                       "NSClassFromString", "#keyPath", "addObserver(_:forKeyPath:options:context:)"])
        #expect(out.contains("objc_setAssociatedObject(self, \"k\", 1, .OBJC_ASSOCIATION_RETAIN)"))  // left as it is
        #expect(report.rendered().contains("Input.swift:5: remains: objc_setAssociatedObject: associated objects need the Objective-C runtime"))
    }
}

let IMPORTS = """
        import Foundation
        import Tactile

        let importsFixtureWidth: CGFloat = 2

        """

let ATTRIBUTES = """
        import Foundation
        import Tactile

        final class KnobFixture: UIControl {
            var tint: CGFloat = 0.5
            var angle: CGFloat = 0
            weak var label: UILabel!

            func reset(_ sender: Any) { angle = 0 }

            // Generated by tactile port: the action methods by selector (target-action without the Objective-C runtime).
            override class var tactileActions: [TactileAction] {
                super.tactileActions + [
                    TactileAction("reset:") { (target: KnobFixture) in { (sender: Any) in target.reset(sender) } },
                ]
            }

            // Generated by tactile port: the properties storyboards set by name (@IBOutlet, @IBInspectable).
            override class var tactileOutlets: [String: AnyKeyPath] {
                super.tactileOutlets.merging(["tint": \\KnobFixture.tint, "label": \\KnobFixture.label]) { $1 }
            }
        }

        """

let SELECTORS = """
        import Foundation
        import Tactile

        final class SelectorFixture: UIViewController {
            func reset() {}
            func spin(_ amount: CGFloat) {}
            func tapped(sender: UIButton) {}
            func dragged(_ sender: UIControl, forEvent event: UIEvent) {}
            func scroll(to offset: CGFloat) {}
            func value() -> CGFloat { 0 }
            var angle: CGFloat = 0

            func wire(_ button: UIButton) {
                button.addTarget(self, action: Selector("tappedWithSender:"), for: .touchUpInside)
                button.addTarget(self, action: Selector("reset"), for: .touchDown)
                button.addTarget(self, action: Selector("dragged:forEvent:"), for: .touchDragInside)
                _ = [Selector("spinBy:"), Selector("scrollTo:"), Selector("angle"), Selector("setAngle:")]
                _ = Selector("reset")
            }

            // Generated by tactile port: the action methods by selector (target-action without the Objective-C runtime).
            override class var tactileActions: [TactileAction] {
                super.tactileActions + [
                    TactileAction("reset") { (target: SelectorFixture) in { target.reset() } },
                    TactileAction("spinBy:") { (target: SelectorFixture) in { (sender: CGFloat) in target.spin(sender) } },
                    TactileAction("tappedWithSender:") { (target: SelectorFixture) in { (sender: UIButton) in target.tapped(sender: sender) } },
                    TactileAction("dragged:forEvent:") { (target: SelectorFixture) in { (sender: UIControl, event: UIEvent) in target.dragged(sender, forEvent: event) } },
                    TactileAction("scrollTo:") { (target: SelectorFixture) in { (sender: CGFloat) in target.scroll(to: sender) } },
                ]
            }
        }

        """

let NONRESPONDER = """
        import Foundation
        import Tactile

        final class CoordinatorFixture: NSObject {
            func refresh(_ item: UIBarButtonItem) {}

            func makeItem() -> UIBarButtonItem {
                UIBarButtonItem(barButtonSystemItem: .refresh, target: self, action: Selector("refresh:"))
            }

            // Generated by tactile port: the action methods by selector (target-action without the Objective-C runtime).
            @MainActor class var tactileActions: [TactileAction] {
                [
                    TactileAction("refresh:") { (target: CoordinatorFixture) in { (sender: UIBarButtonItem) in target.refresh(sender) } },
                ]
            }
        }

        extension CoordinatorFixture: TactileActionTarget {}

        """

let OPTIONAL = """
        import Foundation
        import Tactile

        protocol PagerFixtureDelegate: AnyObject {
            func pagerDidAppear(_ pager: PagerFixture)
            func pager(_ pager: PagerFixture, didSelect index: Int)
            func pager(_ pager: PagerFixture, shouldSelect index: Int) -> Bool
            func titleForPager(_ pager: PagerFixture) -> String?
        }

        /// Generated by tactile port: the optional requirements' defaults (Swift on Linux has no `@objc optional`).
        extension PagerFixtureDelegate {
            func pager(_ pager: PagerFixture, didSelect index: Int) { TactileOptionalRequirement.unimplemented() as Void }
            func pager(_ pager: PagerFixture, shouldSelect index: Int) -> Bool { TactileOptionalRequirement.unimplemented() }
            func titleForPager(_ pager: PagerFixture) -> String? { TactileOptionalRequirement.unimplemented() }
        }

        final class PagerFixture: UIView {
            weak var delegate: PagerFixtureDelegate?
            var onChange: ((Int) -> Void)?

            func select(_ index: Int) {
                guard TactileOptionalRequirement.result({ delegate?.pager(self, shouldSelect: index) }) ?? true else { return }
                delegate?.pager(self, didSelect: index)
                let title = TactileOptionalRequirement.result({ delegate?.titleForPager(self) })
                onChange?(index)
                _ = title
            }
        }

        """

let BASE = """
        import Foundation
        import Tactile

        class BaseFixtureController: UIViewController {
            var appeared = 0

            // Counts appearances.
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                appeared += 1
            }

            func configure() {}

            // Generated by tactile port: the action methods by selector (target-action without the Objective-C runtime).
            override class var tactileActions: [TactileAction] {
                super.tactileActions + [
                    TactileAction("configure") { (target: BaseFixtureController) in { target.configure() } },
                ]
            }
        }

        class DerivedFixtureController: BaseFixtureController {
            override func configure() { super.configure() }
        }

        """

let EXTENSION = """
        import Foundation
        import Tactile

        extension BaseFixtureController {
        }

        """
