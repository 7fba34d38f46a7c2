import Foundation
import Tactile
import Testing

/// Stands for fixture 12's SettingsComboTableViewCell (registered by name): a prototype cell with two outlets.
final class ComboCell: UITableViewCell {
    weak var comboImage: UIImageView?
    weak var comboNameLabel: UILabel?
    var awoke = false
    override class var tactileOutlets: [String: AnyKeyPath] {
        super.tactileOutlets.merging(["comboImage": \ComboCell.comboImage, "comboNameLabel": \ComboCell.comboNameLabel]) { $1 }
    }
    override func awakeFromNib() {
        super.awakeFromNib()
        awoke = true
    }
}

/// Stands for fixture 02's SampleTableViewController: three rows of its "SampleCell" prototype, whose push segue
/// fires on selection; logs the segue's preparation and the selection.
final class SampleListController: UITableViewController {
    var log: [String] = []
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "SampleCell", for: indexPath)
    }
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        let row = (sender as? UITableViewCell).flatMap { tableView.indexPath(for: $0) }
        log.append("prepare sender=row \(row?.row ?? -1) selected=\(tableView.indexPathForSelectedRow?.row ?? -1)")
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.row)")
    }
}

/// Tables, cells and scroll views from storyboards (DESIGN-TABLE-STORYBOARD), on the real fixtures.
@Suite("Storyboards: tables and scroll views", .serialized)
@MainActor
struct TableStoryboardTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.trapsOnMisuse = false
    }

    private func storyboard(_ name: String) -> UIStoryboard { UIStoryboard(name: name, bundle: .module) }

    @Test("DESIGN-TABLE-STORYBOARD fixture 12's static settings table: 8 titled sections, 25 cells, served by UITableViewController")
    func staticCells() throws {
        let window = launchWithWindow()
        TactileDiagnostics.logsToStandardError = false
        let vc = try #require(storyboard("12-netnewswire-settings-modern").instantiateViewController(withIdentifier: "SettingsViewController")
                              as? UITableViewController)
        #expect(!vc.clearsSelectionOnViewWillAppear)                // clearsSelectionOnViewWillAppear="NO"
        let table = try #require(vc.tableView)
        #expect(table.style == .insetGrouped)
        #expect(table.dataSource === vc && table.delegate === vc)   // the scene's outlets, or the controller's default
        #expect(table.numberOfSections == 8)
        #expect((0..<8).reduce(0) { $0 + table.numberOfRows(inSection: $1) } == 25)
        #expect(vc.tableView(table, titleForHeaderInSection: 0) == "Notifications, Badge, Data, & More")
        #expect(vc.tableView(table, titleForHeaderInSection: 1) == "Accounts")
        window.rootViewController = vc
        settle()
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(first.textLabel?.text == "Open System Settings")      // the label the cell's textLabel attribute names
        #expect(first.textLabel?.superview === first.contentView)
        #expect(first.frame.minX == 20)                               // inset grouped
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 1))?.accessoryType == .disclosureIndicator)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "Notifications, Badge, Data, & More")
        // A static cell scrolled away and back is the same cell (static cells are not reused).
        table.contentOffset = CGPoint(x: 0, y: table.contentSize.height - table.bounds.height)
        table.contentOffset = CGPoint(x: 0, y: -table.adjustedContentInset.top)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === first)
        // A static cell's switch is a UISwitch in its content view.
        let timeline = try #require(table.cellForRow(at: IndexPath(row: 0, section: 3)))
        #expect(timeline.contentView.subviews.contains { $0 is UISwitch })
        #expect(timeline.selectionStyle == .none)
    }

    @Test("DESIGN-TABLE-STORYBOARD a prototype cell: every dequeue builds a new cell of its class from the XML, outlets connected")
    func prototypes() throws {
        _ = launchWithWindow()
        TactileDiagnostics.logsToStandardError = false
        UIStoryboard.register(ComboCell.self, as: "SettingsComboTableViewCell")
        defer { UIStoryboard.register(UITableViewCell.self, as: "SettingsComboTableViewCell") }
        let vc = try #require(storyboard("12-netnewswire-settings-modern").instantiateViewController(withIdentifier: "AddAccountViewController")
                              as? UITableViewController)
        let table = try #require(vc.tableView)
        let a = try #require(table.dequeueReusableCell(withIdentifier: "SettingsAccountTableViewCell") as? ComboCell)
        let b = try #require(table.dequeueReusableCell(withIdentifier: "SettingsAccountTableViewCell") as? ComboCell)
        #expect(a !== b)
        #expect(a.reuseIdentifier == "SettingsAccountTableViewCell")
        #expect(a.comboNameLabel?.text == "On My iPhone")
        #expect(a.comboNameLabel !== b.comboNameLabel)
        #expect(a.comboImage?.isDescendant(of: a.contentView) == true)
        #expect(a.awoke && b.awoke)
        #expect(a.contentView.subviews.first is UIStackView)
        #expect(table.dequeueReusableCell(withIdentifier: "Nope") == nil)
    }

    @Test("DESIGN-TABLE-STORYBOARD fixture 02: selecting a row performs its prototype cell's push segue — prepared with the cell before didSelectRowAt")
    func selectionSegue() throws {
        UIStoryboard.register(SampleListController.self, as: "SampleTableViewController")
        defer { UIStoryboard.register(UITableViewController.self, as: "SampleTableViewController") }
        let window = launchWithWindow()
        TactileDiagnostics.logsToStandardError = false
        let nav = try #require(storyboard("02-ecsliding-ipad-xcode46-v2").instantiateViewController(withIdentifier: "NavigationTop")
                               as? UINavigationController)
        let list = try #require(nav.viewControllers.first as? SampleListController)
        window.rootViewController = nav
        settle()
        #expect(list.tableView.visibleCells.count == 3)
        let rect = list.tableView.rectForRow(at: IndexPath(row: 1, section: 0))
        TouchDriver(window: window).tap(at: list.tableView.convert(CGPoint(x: rect.midX, y: rect.midY), to: window))
        finishTransitions()
        #expect(list.log == ["prepare sender=row 1 selected=1", "didSelect 1"])
        #expect(nav.viewControllers.count == 2)
    }

    @Test("DESIGN-TABLE-STORYBOARD scroll views and tables in a scene are UIScrollView and UITableView, with their attributes")
    func scrollViews() throws {
        let window = launchWithWindow()
        TactileDiagnostics.logsToStandardError = false
        let nav = try #require(storyboard("01-iqkeyboard-xcode42-v1-navpush").instantiateInitialViewController() as? UINavigationController)
        window.rootViewController = nav
        settle()
        let root = try #require(nav.viewControllers.first)
        func all(_ v: UIView) -> [UIView] { [v] + v.subviews.flatMap(all) }
        var found: UIViewController?
        for button in all(root.view) where button is UIButton {
            button.tactileTriggerStoryboardSegues()
            finishTransitions()
            if all(nav.topViewController!.view).contains(where: { $0 is UITableView }) { found = nav.topViewController; break }
            nav.popViewController(animated: false)
        }
        let scrolling = try #require(found)
        let views = all(scrolling.view)
        let table = try #require(views.first { $0 is UITableView } as? UITableView)
        #expect(table.rowHeight == 44)
        #expect(table.sectionHeaderHeight == 1)
        #expect(table.numberOfSections == 1 && table.numberOfRows(inSection: 0) == 0)   // no data source connected
        #expect(views.filter { type(of: $0) == UIScrollView.self }.count == 3)
        // Fixture 12's settings scene — a table, 25 cells with their content views, labels, switches, sliders, a
        // stack view — is built without a single stand-in view now.
        let standIns = TactileStoryboardCounters.standInViews
        let settings = storyboard("12-netnewswire-settings-modern").instantiateViewController(withIdentifier: "SettingsViewController")
        settings.loadViewIfNeeded()
        #expect(settings.view is UITableView)
        #expect(TactileStoryboardCounters.standInViews == standIns)
    }

    @Test("DESIGN-TABLE-STORYBOARD a table's tableHeaderView from the XML sits above the first section")
    func tableHeaderView() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="11201" targetRuntime="iOS.CocoaTouch" initialViewController="T">
            <scenes>
                <scene sceneID="s">
                    <objects>
                        <tableViewController id="T" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="grouped" rowHeight="50" sectionHeaderHeight="10" sectionFooterHeight="10" id="tv">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                                <view key="tableHeaderView" contentMode="scaleToFill" id="hv">
                                    <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                                </view>
                                <sections>
                                    <tableViewSection headerTitle="Only" id="sec">
                                        <cells>
                                            <tableViewCell contentMode="scaleToFill" selectionStyle="gray" textLabel="lbl" style="IBUITableViewCellStyleDefault" rowHeight="70" id="c1">
                                                <rect key="frame" x="0.0" y="110" width="320" height="70"/>
                                                <tableViewCellContentView key="contentView" id="cv">
                                                    <rect key="frame" x="0.0" y="0.0" width="320" height="70"/>
                                                    <subviews>
                                                        <label text="Custom" id="lbl">
                                                            <rect key="frame" x="16" y="0.0" width="200" height="70"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell contentMode="scaleToFill" style="IBUITableViewCellStyleSubtitle" id="c2">
                                                <rect key="frame" x="0.0" y="180" width="320" height="50"/>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        _ = launchWithWindow()
        let vc = try #require(try TestStoryboard.load(xml, name: "TableHeader").instantiateInitialViewController() as? UITableViewController)
        let table = try #require(vc.tableView)
        #expect(table.tableHeaderView?.frame.height == 100)
        #expect(table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 100, width: 320, height: 10))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 110, width: 320, height: 70))
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 50)
        #expect(vc.tableView(table, cellForRowAt: IndexPath(row: 0, section: 0)).textLabel?.text == "Custom")
        #expect(vc.tableView(table, cellForRowAt: IndexPath(row: 0, section: 0)).selectionStyle == .gray)
        #expect(vc.tableView(table, cellForRowAt: IndexPath(row: 1, section: 0)).detailTextLabel != nil)
    }
}
