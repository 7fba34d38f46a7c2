#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Testing

// Table code as apps write it against UIKit: a table view controller subclass overriding the data source, delegate
// and scroll view methods; custom cells (one overriding init(style:reuseIdentifier:), one with an initializer of
// its own); a plain controller that is the data source and delegate of a table it makes.

/// A cell with a subtitle style and a badge.
final class InboxCell: UITableViewCell {
    let badge = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(badge)
        accessoryType = .disclosureIndicator
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        badge.text = nil
    }

    override func setSelected(_ selected: Bool, animated: Bool) {
        super.setSelected(selected, animated: animated)
        badge.isHidden = selected
    }

    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
    }
}

/// A cell made by hand with an initializer of its own (never registered).
final class TotalCell: UITableViewCell {
    init(total: Int) {
        super.init(style: .value1, reuseIdentifier: nil)
        textLabel?.text = "Total"
        detailTextLabel?.text = "\(total)"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// The classic mail list: sections of messages, a total row, editing, pushing a detail screen.
final class MailListController: UITableViewController {
    var messages: [[String]] = [["Hello", "Lunch?"], ["Invoice"]]
    var selected: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(InboxCell.self, forCellReuseIdentifier: "message")
        tableView.rowHeight = 60
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func numberOfSections(in tableView: UITableView) -> Int { messages.count + 1 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section < messages.count ? messages[section].count : 1
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard indexPath.section < messages.count else { return TotalCell(total: messages.joined().count) }
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath) as! InboxCell
        cell.textLabel?.text = messages[indexPath.section][indexPath.row]
        cell.badge.text = "\(indexPath.row + 1)"
        return cell
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? "Today" : nil
    }

    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        indexPath.section < messages.count ? 60 : 44
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        indexPath.section < messages.count
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                            forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        messages[indexPath.section].remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    override func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        indexPath.section < messages.count ? indexPath : nil
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(indexPath)
        let detail = UIViewController()
        detail.title = messages[indexPath.section][indexPath.row]
        navigationController?.pushViewController(detail, animated: true)
    }

    override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        cell.separatorInset = .zero
    }

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {}

    override func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                            targetContentOffset: UnsafeMutablePointer<CGPoint>) {}

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
    }
}

/// A plain controller that makes its table and is its data source and delegate.
final class SettingsListController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let tableView = UITableView(frame: .zero, style: .insetGrouped)
    let options = ["Wi-Fi", "Bluetooth"]
    var scrolled = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "option")
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { options.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "option", for: indexPath)
        cell.textLabel?.text = options[indexPath.row]
        cell.selectionStyle = .none
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled += 1 }
}

@MainActor
@Test func clientTablesRun() {
    let inbox = MailListController(style: .grouped)
    #expect(inbox.tableView.numberOfSections == 3)
    #expect(inbox.tableView.numberOfRows(inSection: 2) == 1)
    let cell = inbox.tableView(inbox.tableView, cellForRowAt: IndexPath(row: 0, section: 0)) as? InboxCell
    #expect(cell?.detailTextLabel != nil)                 // made .subtitle by its own init(style:reuseIdentifier:)
    #expect(cell?.badge.text == "1")
    let total = inbox.tableView(inbox.tableView, cellForRowAt: IndexPath(row: 0, section: 2))
    #expect(total.detailTextLabel?.text == "3")
    let settings = SettingsListController()
    settings.loadViewIfNeeded()
    #expect(settings.tableView.dataSource === settings)
    settings.tableView.contentOffset = CGPoint(x: 0, y: 10)
    #expect(settings.scrolled == 1)
}
