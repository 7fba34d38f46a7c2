import Foundation
@testable import Tactile
import Testing

/// Bad storyboards: a clear error or a counted skip, never a crash (DESIGN-STORYBOARD, DESIGN-BAD-INPUT).
@MainActor
@Suite("Storyboards: bad input", .serialized)
struct StoryboardBadInputTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.trapsOnMisuse = false
    }

    private static let head = #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="A"><scenes>"#

    @Test("DESIGN-STORYBOARD: truncated XML is malformedXML with its line; other XML is notAStoryboard; a missing file is unreadable")
    func malformed() throws {
        let fixture = try String(contentsOf: Fixtures.url("03-ecsliding-basicmenu-xcode5-unwind"), encoding: .utf8)
        let truncated = String(fixture.prefix(fixture.count / 2))
        #expect(throws: UIStoryboard.LoadError.self) { try TestStoryboard.load(truncated, name: "Truncated") }
        do {
            _ = try TestStoryboard.load(truncated, name: "Truncated2")
        } catch {
            guard case .malformedXML(let line, _, _) = error as? UIStoryboard.LoadError else { Issue.record("\(error)"); return }
            #expect(line > 1)
        }
        #expect(throws: UIStoryboard.LoadError.notAStoryboard(rootElement: "plist")) {
            try TestStoryboard.load("<plist><dict/></plist>", name: "Plist")
        }
        #expect(throws: UIStoryboard.LoadError.self) { try UIStoryboard(contentsOf: URL(fileURLWithPath: "/nonexistent/x.storyboard")) }
        let misuses = TactileDiagnostics.misuseCount
        let missing = UIStoryboard(name: "NoSuchStoryboard", bundle: .module)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.hasPrefix("NSInvalidArgumentException: Could not find a storyboard named 'NoSuchStoryboard' in bundle NSBundle <") == true)
        #expect(missing.instantiateInitialViewController() == nil)
    }

    /// libxml2 hands FoundationXML no data for `<?name?>`, which it reads with `strlen`: the parse crashed (the
    /// storyboard-loader fuzz target's input, `Fuzz/corpus/storyboard-loader/empty-processing-instruction`).
    @Test("DESIGN-STORYBOARD: a processing instruction without data is parsed, not a crash; comments and CDATA are left alone")
    func processingInstructionWithoutData() throws {
        let fuzzed = #"<?destiiatnon?><doculer="A"><scenes><scener"/>"#
            + "clipsSubviEwsHomeNavigationControll/scenes></docuMent>"
        #expect(throws: UIStoryboard.LoadError.self) { try TestStoryboard.load(fuzzed, name: "FuzzedPI") }
        let xml = Self.head.replacingOccurrences(of: "?><document", with: "?><?tactile?><document") + """
        <?empty?><scene sceneID="s1"><objects><viewController id="A" sceneMemberID="viewController">
        <view key="view" id="Av"><rect key="frame" x="0" y="0" width="100" height="100"/></view>
        </viewController></objects></scene><!-- <?x?> --></scenes></document><?after?>
        """
        let storyboard = try TestStoryboard.load(xml, name: "EmptyPIs")
        let vc = storyboard.instantiateInitialViewController()
        #expect(vc?.view.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        func spaced(_ s: String) -> String {
            String(decoding: StoryboardXML.spacingEmptyProcessingInstructions(Data(s.utf8)), as: UTF8.self)
        }
        #expect(spaced("<?a?><b/><?c d?><!-- <?e?> --><![CDATA[<?f?>]]><?g\n?>")
                == "<?a ?><b/><?c d?><!-- <?e?> --><![CDATA[<?f?>]]><?g\n?>")
        #expect(spaced("<a/>") == "<a/>")
        #expect(spaced("<?") == "<?")
        #expect(spaced("<?x?") == "<?x?")
    }

    @Test("DESIGN-STORYBOARD: a dangling destination, a repeated id, an unknown element and a scene without a controller are skipped and recorded")
    func skipped() throws {
        let xml = Self.head + """
        <scene sceneID="s1"><objects><viewController id="A" sceneMemberID="viewController">
        <view key="view" id="Av"><rect key="frame" x="0" y="0" width="100" height="100"/>
        <subviews><frobnicator id="weird"><rect key="frame" x="1" y="2" width="3" height="4"/></frobnicator></subviews></view>
        <connections><segue destination="GONE" kind="show" identifier="x" id="sx"/></connections>
        </viewController></objects></scene>
        <scene sceneID="s2"><objects><viewController id="A" sceneMemberID="viewController"/></objects></scene>
        <scene sceneID="s3"><objects><placeholder id="p" sceneMemberID="firstResponder"/></objects></scene>
        </scenes></document>
        """
        let storyboard = try TestStoryboard.load(xml, name: "Skips")
        let problems = storyboard.tactileSummary.problems
        #expect(problems.count == 3)
        #expect(problems.contains { $0.contains("destination \"GONE\"") })
        #expect(problems.contains { $0.contains("duplicate id \"A\"") })
        #expect(problems.contains { $0.contains("has no view controller") })
        let vc = try #require(storyboard.instantiateInitialViewController())
        let standIns = TactileStoryboardCounters.standInViews
        let weird = try #require(vc.view.subviews.first)                    // an unknown element: a plain stand-in, counted
        #expect(TactileStoryboardCounters.standInViews == standIns + 1)
        #expect(weird.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        let misuses = TactileDiagnostics.misuseCount
        vc.performSegue(withIdentifier: "x", sender: nil)                   // skipped at load: UIKit's unknown-identifier text
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
    }

    @Test("DESIGN-STORYBOARD-OUTLETS: runtime attributes: a listed property is set, layer key paths and images are counted, an unknown key is UIKit's exception")
    func runtimeAttributes() throws {
        let xml = Self.head + """
        <scene sceneID="s1"><objects><viewController id="A" customClass="RuntimeAttributesController" customModule="TactileTests" sceneMemberID="viewController">
        <view key="view" id="Av"><rect key="frame" x="0" y="0" width="100" height="100"/></view>
        <userDefinedRuntimeAttributes>
        <userDefinedRuntimeAttribute type="number" keyPath="radius"><real key="value" value="4.5"/></userDefinedRuntimeAttribute>
        <userDefinedRuntimeAttribute type="boolean" keyPath="rounded" value="YES"/>
        <userDefinedRuntimeAttribute type="string" keyPath="name" value="hello"/>
        <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><integer key="value" value="8"/></userDefinedRuntimeAttribute>
        <userDefinedRuntimeAttribute type="image" keyPath="icon" value="star"/>
        <userDefinedRuntimeAttribute type="string" keyPath="missing" value="x"/>
        </userDefinedRuntimeAttributes>
        </viewController></objects></scene></scenes></document>
        """
        let unsupported = TactileStoryboardCounters.unsupportedRuntimeAttributes
        let misuses = TactileDiagnostics.misuseCount
        let vc = try #require(TestStoryboard.load(xml, name: "Runtime").instantiateInitialViewController() as? RuntimeAttributesController)
        #expect(vc.radius == 4.5)
        #expect(vc.rounded)
        #expect(vc.name == "hello")
        #expect(TactileStoryboardCounters.unsupportedRuntimeAttributes == unsupported + 2)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.hasSuffix("this class is not key value coding-compliant for the key missing.") == true)
    }

    @Test("DESIGN-STORYBOARD: an enormous storyboard (10^4 scenes) loads, and any scene instantiates")
    func enormous() throws {
        var xml = Self.head
        for i in 0..<10_000 {
            xml += #"<scene sceneID="s\#(i)"><objects><viewController storyboardIdentifier="VC\#(i)" id="\#(i == 0 ? "A" : "c\(i)")" sceneMemberID="viewController"><view key="view" id="v\#(i)"><rect key="frame" x="0" y="0" width="320" height="480"/><subviews><view tag="\#(i)" id="t\#(i)"><rect key="frame" x="10" y="10" width="20" height="20"/></view></subviews></view>"#
            xml += i + 1 < 10_000 ? #"<connections><segue destination="c\#(i + 1)" kind="show" identifier="next" id="g\#(i)"/></connections>"# : ""
            xml += "</viewController></objects></scene>"
        }
        xml += "</scenes></document>"
        let storyboard = try TestStoryboard.load(xml, name: "Enormous")
        let summary = storyboard.tactileSummary
        #expect(summary.scenes.count == 10_000)
        #expect(summary.views == 20_000)
        #expect(summary.problems == [])
        #expect(storyboard.instantiateViewController(withIdentifier: "VC9876").view.subviews.first?.tag == 9876)
    }
}

/// Properties a storyboard sets by name (user-defined runtime attributes).
final class RuntimeAttributesController: UIViewController {
    var radius: CGFloat = 0
    var rounded = false
    var name: String?

    override class var tactileOutlets: [String: AnyKeyPath] {
        ["radius": \RuntimeAttributesController.radius, "rounded": \RuntimeAttributesController.rounded,
         "name": \RuntimeAttributesController.name]
    }
}
