import Foundation
import Tactile
import Testing

/// Instantiating the real fixtures: their controller graphs, frames and flags as the XML gives them, hit-tests
/// where the frames say, identifiers kept exactly (a trailing space included), references and unknown classes
/// handled as UIKit does (a log, the UIKit class).
@MainActor
@Suite("Storyboards: instantiating the real fixtures", .serialized)
struct StoryboardFixtureInstantiationTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.trapsOnMisuse = false
    }

    private func storyboard(_ name: String) -> UIStoryboard { UIStoryboard(name: name, bundle: .module) }

    @Test("SBT-SB-06: fixture 01 (Xcode 4.2): a controller by identifier has the XML's frames, tags and masks; a hit-test lands on the text field")
    func oldFormatFrames() throws {
        let vc = storyboard("01-iqkeyboard-xcode42-v1-navpush").instantiateViewController(withIdentifier: "TextFieldViewController")
        let root = try #require(vc.view)
        #expect(root.frame == CGRect(x: 0, y: 64, width: 320, height: 416))
        let field = try #require(root.viewWithTag(100))
        #expect(field.frame == CGRect(x: 20, y: 9, width: 280, height: 30))
        #expect(field.autoresizingMask == [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin,
                                           .flexibleBottomMargin])
        #expect(field.clipsToBounds)
        #expect(field.translatesAutoresizingMaskIntoConstraints)                 // no Auto Layout in this file
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.isHidden = false
        window.addSubview(root)
        TestStoryboard.windows.append(window)
        #expect(window.hitTest(CGPoint(x: 160, y: 64 + 9 + 15), with: nil) === field)
        #expect(window.hitTest(CGPoint(x: 10, y: 64 + 9 + 15), with: nil) === root)  // beside the field
        #expect((1...8).allSatisfy { root.viewWithTag(100 + $0 - 1) != nil })
    }

    @Test("SBT-SB-10: fixture 01's initial navigation controller comes with its root, whose scene views are all built")
    func navigationRoot() throws {
        let sb = storyboard("01-iqkeyboard-xcode42-v1-navpush")
        let nav = try #require(sb.instantiateInitialViewController() as? UINavigationController)
        let root = try #require(nav.viewControllers.first)
        #expect(nav.viewControllers.count == 1)
        #expect(root.storyboard === sb)
        func count(_ v: UIView) -> Int { 1 + v.subviews.reduce(0) { $0 + count($1) } }
        let scene = try #require(sb.tactileSummary.scenes.first { $0.controllerID == "0Q6-ll-O76" })
        #expect(count(root.view) == scene.views)
    }

    @Test("SBT-SB-03: fixture 05 keeps identifiers exactly (a trailing space); its Kiosk classes are unknown here and logged")
    func identifiersExactly() throws {
        let sb = storyboard("05-eidolon-fulfillment-embed")
        let logs = TactileDiagnostics.logCount
        let vc = sb.instantiateViewController(withIdentifier: "Register Confirm ")
        #expect(type(of: vc) == UIViewController.self)
        let misuses = TactileDiagnostics.misuseCount
        _ = sb.instantiateViewController(withIdentifier: "Register Confirm")
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        _ = sb.instantiateViewController(withIdentifier: "Place Your Bid")
        #expect(TactileDiagnostics.logCount > logs)
        #expect(TactileDiagnostics.recentLogs.last?.reason.hasPrefix("Unknown class ") == true)
    }

    @Test("SBT-SEG-03: fixture 11 (Xcode 16): a registered class stands for SignInViewController; the signIn segue's destination is the tab bar controller with its three tabs")
    func modernTabBar() throws {
        UIStoryboard.register(SignInController.self, as: "SignInViewController")
        defer { UIStoryboard.register(UIViewController.self, as: "SignInViewController") }
        let sb = storyboard("11-firebase-database-tabbar-modern")
        let nav = try #require(sb.instantiateInitialViewController() as? UINavigationController)
        let signIn = try #require(nav.viewControllers.first as? SignInController)
        #expect(signIn.title == "Sign In")
        _ = signIn.view
        #expect(signIn.emailField?.superview === signIn.view)                     // outlets set by name
        #expect(signIn.passwordField?.superview === signIn.view)
        let misuses = TactileDiagnostics.misuseCount
        signIn.performSegue(withIdentifier: "signIn", sender: nil)
        let tabs = try #require(signIn.prepared as? UITabBarController)
        #expect(tabs.viewControllers?.count == 3)
        #expect(tabs.selectedIndex == 0)
        // VCG-L-03: a tab bar controller is never pushed (the seed's rule; Tactile reports it and keeps the stack).
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Pushing a tab bar controller is not supported")
        #expect(nav.viewControllers.count == 1)
    }

    @Test("SBT-SB-10: fixture 09's split view controller (a class Tactile lacks) stands in with its two navigation children")
    func splitView() throws {
        let split = try #require(storyboard("09-alamofire-splitview").instantiateInitialViewController())
        #expect(split.children.count == 2)
        #expect(split.children.allSatisfy { ($0 as? UINavigationController)?.viewControllers.count == 1 })
    }

    @Test("SBT-SB-09: fixture 10's storyboard references name storyboards that are not there: UIKit's exception text, no crash")
    func missingReference() throws {
        let nav = try #require(storyboard("10-rxswift-references-push").instantiateInitialViewController() as? UINavigationController)
        let root = try #require(nav.viewControllers.first)
        let misuses = TactileDiagnostics.misuseCount
        root.performSegue(withIdentifier: "ShowWikipediaSearch", sender: nil)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("Could not find a storyboard named 'WikipediaSearch'") == true)
    }

    @Test("DESIGN-STORYBOARD: a Bundle(path:) of a plain folder finds NAME.storyboard in it")
    func folderBundle() throws {
        let folder = try Fixtures.url("03-ecsliding-basicmenu-xcode5-unwind").deletingLastPathComponent()
        let bundle = try #require(Bundle(path: folder.path))
        let misuses = TactileDiagnostics.misuseCount
        let sb = UIStoryboard(name: "03-ecsliding-basicmenu-xcode5-unwind", bundle: bundle)
        #expect(TactileDiagnostics.misuseCount == misuses)
        #expect(sb.tactileSummary.scenes.count == 6)
    }
}

/// Stands for fixture 11's SignInViewController (registered by name), with its two outlets.
final class SignInController: UIViewController {
    weak var emailField: UIView?
    weak var passwordField: UIView?
    var prepared: UIViewController?

    override class var tactileOutlets: [String: AnyKeyPath] {
        ["emailField": \SignInController.emailField, "passwordField": \SignInController.passwordField]
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        prepared = segue.destination
    }
}
