import Foundation
import Testing
@_spi(Testing) import Tactile

/// Editing mode (VCG-H-01 … VCG-H-03, SBT-EDT-01 … SBT-EDT-03, VCG-I-07).
@MainActor
@Suite("ViewController editing")
struct ViewControllerEditingTests {
    final class Editor: UIViewController {
        var calls: [String] = []
        override func setEditing(_ editing: Bool, animated: Bool) {
            super.setEditing(editing, animated: animated)
            calls.append("setEditing(\(editing), animated: \(animated))")
        }
    }

    @Test("VCG-H-01 VCG-H-02 SBT-EDT-01 SBT-EDT-03 setting isEditing calls setEditing(_:animated: false); super records the state")
    func h02EditingProperty() {
        TactileHost.launch(delegate: nil)
        let vc = Editor()
        #expect(!vc.isEditing)
        vc.isEditing = true
        #expect(vc.isEditing)
        vc.setEditing(false, animated: true)
        #expect(!vc.isEditing)
        #expect(vc.calls == ["setEditing(true, animated: false)", "setEditing(false, animated: true)"])
    }

    @Test("VCG-H-03 SBT-EDT-02 VCG-I-07 editButtonItem is one item titled Edit; a tap toggles it to Done and calls setEditing with the negated state, animated")
    func h03EditButton() {
        TactileHost.launch(delegate: nil)
        let vc = Editor()
        let item = vc.editButtonItem
        #expect(vc.editButtonItem === item)
        #expect(item.title == "Edit" && item.style == .plain)
        vc.navigationItem.rightBarButtonItem = item
        let tapped = UIApplication.shared.sendAction(item.action!, to: item.target, from: item, for: nil)
        #expect(tapped)
        #expect(vc.isEditing)
        #expect(item.title == "Done" && item.style == .done)
        UIApplication.shared.sendAction(item.action!, to: item.target, from: item, for: nil)
        #expect(!vc.isEditing && item.title == "Edit")
        #expect(vc.calls == ["setEditing(true, animated: true)", "setEditing(false, animated: true)"])
        vc.isEditing = true
        #expect(item.title == "Done", "the title follows programmatic changes")
    }

    @Test("VCG-I-07 bar button items: system items, custom views, target and action")
    func i07BarButtonItems() {
        TactileHost.launch(delegate: nil)
        let space = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
        #expect(space.systemItem == .flexibleSpace && space.target == nil && space.action == nil)
        let custom = UIView()
        #expect(UIBarButtonItem(customView: custom).customView === custom)
        let target = UIViewController()
        let item = UIBarButtonItem(title: "Send", style: .done, target: target, action: Selector("send:"))
        #expect(item.target === target && item.action == Selector("send:") && item.isEnabled)
    }
}
