import Foundation
import Tactile
import Testing

/// A table controller written as against UIKit: `override func` for the data source and delegate methods, a
/// model of names; selecting a row pushes a detail controller (the guide's Listing 6-4).
@MainActor
final class NamesController: UITableViewController {
    var names: [String]
    var log: [String] = []
    var pushes = true

    init(_ names: [String], style: UITableView.Style = .plain) {
        self.names = names
        super.init(style: style)
    }

    required init?(coder: NSCoder) { fatalError("unused") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "name")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.append("viewWillAppear selected=\(tableView.indexPathsForSelectedRows?.count ?? 0)")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
        cell.textLabel?.text = names[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.row)")
        guard pushes else { return }
        let detail = UIViewController()
        detail.title = names[indexPath.row]
        navigationController?.pushViewController(detail, animated: true)
    }

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if log.last != "didScroll" { log.append("didScroll") }
    }
}

/// `UITableViewController` (VCG-A-06, DESIGN-TABLE-CONTROLLER, DESIGN-TABLE-EDITING) and the guide's table
/// controllers in navigation and tab bar controllers (VCG-S-01 … VCG-S-03).
@Suite("UITableViewController", .serialized)
@MainActor
struct TableViewControllerTests {
    @Test("VCG-A-06 a table view controller's tableView is its view, with the controller as data source and delegate")
    func tableIsView() {
        _ = launchWithWindow()
        let vc = NamesController(["a", "b"], style: .grouped)
        let table = vc.tableView!
        #expect(table === vc.view)
        #expect(table.style == .grouped)
        #expect(table.dataSource === vc)
        #expect(table.delegate === vc)
        #expect(UITableViewController(style: .plain).tableView.style == .plain)
        #expect(UITableViewController(nibName: nil, bundle: nil).tableView.numberOfRows(inSection: 0) == 0)
    }

    @Test("DESIGN-TABLE-CONTROLLER subclasses override the data source, delegate and scroll view methods; the data loads on first appearance")
    func overridesAndFirstLoad() {
        let window = launchWithWindow()
        let vc = NamesController((0..<30).map { "name \($0)" })
        window.rootViewController = vc
        settle()
        #expect(vc.tableView.visibleCells.first?.textLabel?.text == "name 0")
        #expect(vc.tableView.numberOfRows(inSection: 0) == 30)
        vc.tableView.contentOffset = CGPoint(x: 0, y: 100)
        #expect(vc.log.last == "didScroll")
    }

    @Test("VCG-S-01 selecting a row pushes the next controller; coming back, clearsSelectionOnViewWillAppear deselects the row")
    func s01PushOnSelect() {
        let window = launchWithWindow()
        let list = NamesController(["Alpha", "Beta", "Gamma"])
        let nav = UINavigationController(rootViewController: list)
        window.rootViewController = nav
        settle()
        let finger = TouchDriver(window: window)
        let row = list.tableView.rectForRow(at: IndexPath(row: 1, section: 0))
        finger.tap(at: list.tableView.convert(CGPoint(x: row.midX, y: row.midY), to: window))
        finishTransitions()
        #expect(list.log.contains("didSelect 1"))
        #expect(nav.viewControllers.count == 2)
        #expect(nav.topViewController?.title == "Beta")
        #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        list.log.removeAll()
        nav.popViewController(animated: false)
        #expect(list.log.first == "viewWillAppear selected=0")        // cleared before the subclass's code runs
        #expect(list.tableView.indexPathForSelectedRow == nil)
        // clearsSelectionOnViewWillAppear = false keeps it.
        list.clearsSelectionOnViewWillAppear = false
        list.tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        nav.pushViewController(UIViewController(), animated: false)
        nav.popViewController(animated: false)
        #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test("VCG-S-02 after the model changes (an add screen saves), reloadData shows the new row")
    func s02ReloadAfterModelChange() {
        let window = launchWithWindow()
        let list = NamesController(["Alpha", "Gamma"])
        let nav = UINavigationController(rootViewController: list)
        window.rootViewController = nav
        settle()
        let add = UIViewController()
        list.present(add, animated: false)
        // The add screen saves: the delegate inserts into the model and reloads before dismissing (Listing 5-3).
        list.names.insert("Beta", at: 1)
        list.tableView.reloadData()
        list.dismiss(animated: false)
        settle()
        #expect(list.tableView.numberOfRows(inSection: 0) == 3)
        #expect(list.tableView.visibleCells.map { $0.textLabel?.text } == ["Alpha", "Beta", "Gamma"])
    }

    @Test("VCG-S-03 table view controllers as tab roots: each loads and tiles its table when its tab shows")
    func s03TabRoots() {
        let window = launchWithWindow()
        let first = NamesController(["one", "two"])
        let second = NamesController(["three"], style: .grouped)
        let tabs = UITabBarController()
        tabs.viewControllers = [first, UINavigationController(rootViewController: second)]
        window.rootViewController = tabs
        settle()
        #expect(first.tableView.visibleCells.count == 2)
        #expect(!second.isViewLoaded)
        TouchDriver(window: window).tap(tabAt: 1, of: tabs.tabBar)
        settle()
        #expect(tabs.selectedIndex == 1)
        #expect(second.tableView.window === window)
        #expect(second.tableView.visibleCells.map { $0.textLabel?.text } == ["three"])
    }

    @Test("DESIGN-TABLE-EDITING setEditing on the controller is forwarded to the table and its cells; the edit button toggles it")
    func editingForwarded() {
        let window = launchWithWindow()
        let list = NamesController(["a", "b", "c"])
        window.rootViewController = list
        settle()
        list.tableView.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        list.setEditing(true, animated: false)
        #expect(list.tableView.isEditing)
        #expect(list.tableView.visibleCells.allSatisfy { $0.isEditing && $0.editingStyle == .delete })
        #expect(list.tableView.indexPathForSelectedRow == nil)   // editing does not allow selection by default
        list.isEditing = false
        #expect(!list.tableView.isEditing)
        #expect(list.tableView.visibleCells.allSatisfy { !$0.isEditing && $0.editingStyle == .none })
        // Selection during editing, when allowed.
        list.tableView.allowsSelectionDuringEditing = true
        list.setEditing(true, animated: true)
        list.pushes = false
        let row = list.tableView.rectForRow(at: IndexPath(row: 2, section: 0))
        TouchDriver(window: window).tap(at: list.tableView.convert(CGPoint(x: row.midX, y: row.midY), to: window))
        #expect(list.log.last == "didSelect 2")
    }
}
