import Foundation
import Tactile
import Testing

/// The controller of the storyboard below: outlets to its controls, action methods listed for Linux.
@MainActor
final class ControlsSceneController: UIViewController {
    var button: UIButton?
    var toggle: UISwitch?
    var log: [String] = []

    override class var tactileOutlets: [String: AnyKeyPath] {
        super.tactileOutlets.merging(["button": \ControlsSceneController.button, "toggle": \ControlsSceneController.toggle]) { $1 }
    }
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [
            TactileAction("buttonTapped:", ControlsSceneController.buttonTapped),
            TactileAction("switchChanged:", ControlsSceneController.switchChanged),
            TactileAction("addItem:", ControlsSceneController.addItem),
        ]
    }
    func buttonTapped(_ sender: UIButton) { log.append("tapped \(sender.currentTitle ?? "")") }
    func switchChanged(_ sender: UISwitch) { log.append("switch \(sender.isOn)") }
    func addItem(_ sender: Any) { log.append("add") }
}

/// A superview that handles the First Responder action (reached up the chain: no first responder, so from the sender).
@MainActor
final class ChainCatcherView: UIView {
    var caught = 0
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [TactileAction("chainAction:", ChainCatcherView.chainAction)]
    }
    func chainAction(_ sender: Any?) { caught += 1 }
}

/// Controls built from a storyboard, their attributes and action connections (DESIGN-CONTROL-STORYBOARD).
@Suite("Storyboard controls", .serialized)
@MainActor
struct StoryboardControlTests {
    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="C1">
    <scenes><scene sceneID="s1"><objects>
    <viewController id="C1" customClass="ControlsSceneController" customModule="TactileTests" sceneMemberID="viewController">
      <view key="view" contentMode="scaleToFill" id="V1"><rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
        <subviews>
          <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="leading" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="B1">
            <rect key="frame" x="20" y="100" width="120" height="35"/>
            <state key="normal" title="Save"/>
            <state key="highlighted" title="Saving"/>
            <connections><action selector="buttonTapped:" destination="C1" eventType="touchUpInside" id="a1"/></connections>
          </button>
          <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" id="S1">
            <rect key="frame" x="20" y="200" width="51" height="31"/>
            <connections><action selector="switchChanged:" destination="C1" eventType="valueChanged" id="a2"/></connections>
          </switch>
          <view contentMode="scaleToFill" id="CV" customClass="ChainCatcherView" customModule="TactileTests">
            <rect key="frame" x="0" y="300" width="393" height="200"/>
            <subviews>
              <button opaque="NO" contentMode="scaleToFill" enabled="NO" buttonType="system" id="B2">
                <rect key="frame" x="20" y="20" width="100" height="40"/>
                <state key="normal" title="Disabled"/>
              </button>
              <button opaque="NO" contentMode="scaleToFill" buttonType="custom" selected="YES" id="B3">
                <rect key="frame" x="200" y="20" width="100" height="40"/>
                <connections><action selector="chainAction:" destination="fr" eventType="touchUpInside" id="a3"/></connections>
              </button>
            </subviews>
          </view>
          <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="B4">
            <rect key="frame" x="250" y="100" width="100" height="35"/>
            <buttonConfiguration key="configuration" style="filled" title="Filled"/>
          </button>
          <slider opaque="NO" contentMode="scaleToFill" value="0.25" minValue="0.0" maxValue="2" continuous="NO" id="SL"><rect key="frame" x="20" y="550" width="200" height="31"/></slider>
          <stepper opaque="NO" contentMode="scaleToFill" value="5" minimumValue="2" maximumValue="10" stepValue="2" wraps="YES" id="ST"><rect key="frame" x="20" y="600" width="94" height="32"/></stepper>
          <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="1" id="SG"><rect key="frame" x="20" y="650" width="200" height="32"/>
            <segments><segment title="First"/><segment title="Second"/><segment title="Third" enabled="NO"/></segments>
          </segmentedControl>
          <pageControl opaque="NO" contentMode="scaleToFill" numberOfPages="4" currentPage="2" id="PC"><rect key="frame" x="20" y="700" width="200" height="26"/></pageControl>
        </subviews>
      </view>
      <navigationItem key="navigationItem" title="Controls" id="NI">
        <barButtonItem key="rightBarButtonItem" systemItem="add" id="BBI"><connections><action selector="addItem:" destination="C1" id="a4"/></connections></barButtonItem>
      </navigationItem>
      <connections>
        <outlet property="button" destination="B1" id="o1"/>
        <outlet property="toggle" destination="S1" id="o2"/>
      </connections>
    </viewController>
    <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
    </objects></scene></scenes>
    </document>
    """

    private func scene() throws -> (ControlsSceneController, UIWindow, TouchDriver) {
        TactileHost.launch(delegate: nil)
        let storyboard = try TestStoryboard.load(Self.xml, name: "Controls")
        let controller = try #require(storyboard.instantiateInitialViewController() as? ControlsSceneController)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        TestStoryboard.windows.append(window)
        return (controller, window, TouchDriver(window: window))
    }

    @Test("DESIGN-CONTROL-STORYBOARD control elements are built as UIKit's classes with their attributes")
    func attributes() throws {
        let (controller, window, _) = try scene()
        let button = try #require(controller.button)
        #expect(button.buttonType == .system)
        #expect(button.title(for: .normal) == "Save" && button.title(for: .highlighted) == "Saving")
        #expect(button.contentHorizontalAlignment == .leading)
        #expect(controller.toggle?.isOn == true)
        let all = window.allSubviewsForControlTests
        let disabled = try #require(all.compactMap { $0 as? UIButton }.first { $0.currentTitle == "Disabled" })
        #expect(!disabled.isEnabled)
        #expect(all.compactMap { $0 as? UIButton }.contains { $0.isSelected && $0.buttonType == .custom })
        #expect(all.compactMap { $0 as? UIButton }.contains { $0.currentTitle == "Filled" })  // Xcode 13+ configuration
        let slider = try #require(all.compactMap { $0 as? UISlider }.first)
        #expect(slider.value == 0.25 && slider.maximumValue == 2 && !slider.isContinuous)
        let stepper = try #require(all.compactMap { $0 as? UIStepper }.first)
        #expect(stepper.value == 5 && stepper.minimumValue == 2 && stepper.maximumValue == 10 && stepper.stepValue == 2 && stepper.wraps)
        let segmented = try #require(all.compactMap { $0 as? UISegmentedControl }.first)
        #expect(segmented.numberOfSegments == 3 && segmented.selectedSegmentIndex == 1)
        #expect(segmented.titleForSegment(at: 2) == "Third" && !segmented.isEnabledForSegment(at: 2))
        let pages = try #require(all.compactMap { $0 as? UIPageControl }.first)
        #expect(pages.numberOfPages == 4 && pages.currentPage == 2)
    }

    @Test("DESIGN-CONTROL-STORYBOARD an action connection becomes a target-action: a tap reaches the controller's method")
    func actions() throws {
        let (controller, window, driver) = try scene()
        let button = try #require(controller.button)
        #expect(button.actions(forTarget: controller, forControlEvent: .touchUpInside) == ["buttonTapped:"])
        driver.tap(at: button.convert(CGPoint(x: 10, y: 10), to: window))
        let toggle = try #require(controller.toggle)
        driver.tap(at: toggle.convert(CGPoint(x: 20, y: 15), to: window))
        // The button is still highlighted while its touch-up actions run (DESIGN-CONTROL-END): the highlighted title.
        #expect(controller.log == ["tapped Saving", "switch false"])
    }

    @Test("DESIGN-CONTROL-STORYBOARD AG-P-07 an action to First Responder is a nil target, found up the chain")
    func firstResponderAction() throws {
        let (_, window, driver) = try scene()
        let catcher = try #require(window.allSubviewsForControlTests.compactMap { $0 as? ChainCatcherView }.first)
        let selected = try #require(catcher.subviews.compactMap { $0 as? UIButton }.first { $0.isSelected })
        #expect(selected.allTargets.contains { $0.base is NSNull })
        driver.tap(at: selected.convert(CGPoint(x: 10, y: 10), to: window))
        #expect(catcher.caught == 1)
    }

    @Test("DESIGN-CONTROL-STORYBOARD a bar button item's action becomes its target and action")
    func barButtonAction() throws {
        let (controller, _, _) = try scene()
        let item = try #require(controller.navigationItem.rightBarButtonItem)
        #expect(item.target === controller && item.action == "addItem:")
        UIApplication.shared.sendAction(item.action!, to: item.target, from: item, for: nil)
        #expect(controller.log == ["add"])
    }
}

extension UIView {
    /// Every view below, depth first.
    var allSubviewsForControlTests: [UIView] { subviews.flatMap { [$0] + $0.allSubviewsForControlTests } }
}
