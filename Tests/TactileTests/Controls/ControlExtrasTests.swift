import Foundation
import Tactile
import Testing

/// iOS 14–15 additions around controls: menus, bar button items with a primary action, a button that toggles its
/// selection, per-state images and title attributes (DESIGN-CONTROL-BUTTON, DESIGN-CONTROL-UIACTION).
@Suite("Control additions", .serialized)
@MainActor
struct ControlExtrasTests {
    @Test("DESIGN-CONTROL-BUTTON changesSelectionAsPrimaryAction: a tap toggles isSelected before the actions; code does not")
    func changesSelection() {
        let button = UIButton(type: .system)
        button.changesSelectionAsPrimaryAction = true
        var selectedDuringAction: [Bool] = []
        button.addAction(UIAction { action in
            selectedDuringAction.append((action.sender as? UIButton)?.isSelected ?? false)
        }, for: .primaryActionTriggered)
        let stage = ControlStage(button)
        stage.driver.tap(at: CGPoint(x: 150, y: 125))
        #expect(button.isSelected && selectedDuringAction == [true])
        stage.settle()
        stage.driver.tap(at: CGPoint(x: 150, y: 125))
        #expect(!button.isSelected && selectedDuringAction == [true, false])
        button.sendActions(for: .touchUpInside)
        #expect(!button.isSelected)
        #expect(selectedDuringAction == [true, false, false])
    }

    @Test("DESIGN-CONTROL-UIACTION a bar button item with a primary action runs it when tapped, instead of its target-action")
    func barButtonPrimaryAction() {
        TactileHost.launch(delegate: nil)
        var ran: [String] = []
        let root = UIViewController()
        let item = UIBarButtonItem(systemItem: .add, primaryAction: UIAction(title: "Add") { action in
            ran.append("add \((action.sender as? UIBarButtonItem) != nil)")
        })
        root.navigationItem.rightBarButtonItem = item
        let navigation = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        TestStoryboard.windows.append(window)
        let bar = navigation.navigationBar
        TouchDriver(window: window).tap(at: bar.convert(CGPoint(x: bar.bounds.maxX - 12, y: bar.bounds.midY), to: window))
        #expect(ran == ["add true"])
        let titled = UIBarButtonItem(primaryAction: UIAction(title: "Edit") { _ in })
        #expect(titled.title == "Edit" && titled.primaryAction != nil)
    }

    @Test("DESIGN-CONTROL-UIACTION UIMenu keeps its children, options and identifier; replacingChildren copies")
    func menus() {
        let copy = UIAction(title: "Copy") { _ in }
        let menu = UIMenu(title: "Edit", identifier: .init("edit"), options: .displayInline, children: [copy])
        #expect(menu.children.count == 1 && (menu.children[0] as? UIAction) === copy)
        #expect(menu.identifier == .init("edit") && menu.options == .displayInline && menu.title == "Edit")
        let other = menu.replacingChildren([])
        #expect(other.children.isEmpty && other.identifier == menu.identifier && other.title == "Edit")
        let button = UIButton(type: .system)
        button.menu = menu
        button.showsMenuAsPrimaryAction = true
        #expect(button.menu === menu && button.showsMenuAsPrimaryAction)
    }

    @Test("DESIGN-CONTROL-STEPPER per-state images fall back to .normal; segmented title attributes are kept per state")
    func imagesAndAttributes() {
        let stepper = UIStepper()
        let plus = UIImage(), minus = UIImage()
        stepper.setIncrementImage(plus, for: .normal)
        stepper.setDecrementImage(minus, for: .highlighted)
        #expect(stepper.incrementImage(for: .disabled) === plus)
        #expect(stepper.decrementImage(for: .highlighted) === minus && stepper.decrementImage(for: .normal) == nil)
        let segmented = UISegmentedControl(items: ["A", "B"])
        segmented.setTitleTextAttributes([.kern: 2.0], for: .selected)
        #expect(segmented.titleTextAttributes(for: .selected)?[.kern] as? Double == 2.0)
        #expect(segmented.titleTextAttributes(for: .normal) == nil)
    }
}

@Suite("UIKit's text attribute names")
struct AttributeKeyTests {
    @Test("DESIGN-CONTROL-SEGMENTED NSAttributedString.Key has UIKit's names with UIKit's raw values (NSFontAttributeName is NSFont)")
    func rawValues() {
        #expect(NSAttributedString.Key.font.rawValue == "NSFont")
        #expect(NSAttributedString.Key.foregroundColor.rawValue == "NSColor")
        #expect(NSAttributedString.Key.kern.rawValue == "NSKern")
        #expect(NSAttributedString.Key.paragraphStyle.rawValue == "NSParagraphStyle")
    }
}
