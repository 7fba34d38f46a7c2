import Foundation
import Tactile
import Testing

/// A cell that records what the table does to it (`setHighlighted`, `setSelected`, `prepareForReuse`) into its
/// log, and counts how many were made.
@MainActor
final class LoggingCell: UITableViewCell {
    nonisolated(unsafe) static var made = 0
    /// Where the calls go (the data source's log).
    weak var log: TableLog?
    var prepared = 0
    var madeBy = "init(style:reuseIdentifier:)"

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        LoggingCell.made += 1
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        madeBy = "init(coder:)"
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        prepared += 1
        if log?.logsDisplay == true { log?.events.append("prepareForReuse") }
    }

    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
        log?.events.append("cell.setHighlighted(\(highlighted)) \(log?.name(of: self) ?? "?")")
    }

    override func setSelected(_ selected: Bool, animated: Bool) {
        super.setSelected(selected, animated: animated)
        log?.events.append("cell.setSelected(\(selected)) \(log?.name(of: self) ?? "?")")
    }
}

/// A table's data source and delegate over a model of rows per section: it logs the selection and display calls
/// (`"didSelect 0.3"`, …) and checks the reuse rules on every cell it hands out.
@MainActor
final class TableLog: NSObject, UITableViewDataSource, UITableViewDelegate {
    /// Row titles per section.
    var model: [[String]]
    var events: [String] = []
    /// Which calls to log (the display calls are noisy).
    var logsDisplay = false
    var logsSelection = true
    /// Per-row heights (nil: the table's rowHeight, through the protocol's default).
    var heights: ((IndexPath) -> CGFloat)?
    var willSelect: ((IndexPath) -> IndexPath?)?
    var willDeselect: ((IndexPath) -> IndexPath?)?
    var shouldHighlight: ((IndexPath) -> Bool)?
    var onSelect: ((IndexPath) -> Void)?
    var headerTitles: [Int: String] = [:]
    var identifier = "cell"
    /// Counters.
    var cellForRowCalls = 0
    var heightCalls = 0
    /// Reuse checks: a dequeued cell that had been shown before must have been prepared again.
    var shownBefore = Set<ObjectIdentifier>()
    var preparedCount: [ObjectIdentifier: Int] = [:]
    var unpreparedReuses = 0
    var displayed: [ObjectIdentifier: IndexPath] = [:]
    var shownTwice = 0

    init(_ model: [[String]]) {
        self.model = model
    }

    convenience init(rows: Int, sections: Int = 1) {
        self.init((0..<sections).map { s in (0..<rows).map { "\(s).\($0)" } })
    }

    func name(of cell: UITableViewCell) -> String {
        guard let p = displayed[ObjectIdentifier(cell)] else { return "-" }
        return "\(p.section).\(p.row)"
    }

    func take() -> [String] {
        defer { events.removeAll() }
        return events
    }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int { model.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { model[section].count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellForRowCalls += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        let id = ObjectIdentifier(cell)
        if let logging = cell as? LoggingCell {
            logging.log = self
            if shownBefore.contains(id), logging.prepared == preparedCount[id, default: 0] { unpreparedReuses += 1 }
            preparedCount[id] = logging.prepared
        }
        shownBefore.insert(id)
        cell.textLabel?.text = model[indexPath.section][indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { headerTitles[section] }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightCalls += 1
        return heights?(indexPath) ?? tableView.rowHeight
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        if displayed[ObjectIdentifier(cell)] != nil { shownTwice += 1 }   // (rows move in updates: checkVisible checks rows)
        displayed[ObjectIdentifier(cell)] = indexPath
        if logsDisplay { events.append("willDisplay \(indexPath.section).\(indexPath.row)") }
    }

    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        displayed[ObjectIdentifier(cell)] = nil
        if logsDisplay { events.append("didEndDisplaying \(indexPath.section).\(indexPath.row)") }
    }

    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        if logsSelection { events.append("shouldHighlight \(indexPath.section).\(indexPath.row)") }
        return shouldHighlight?(indexPath) ?? true
    }

    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        if logsSelection { events.append("didHighlight \(indexPath.section).\(indexPath.row)") }
    }

    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        if logsSelection { events.append("didUnhighlight \(indexPath.section).\(indexPath.row)") }
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        if logsSelection { events.append("willSelect \(indexPath.section).\(indexPath.row)") }
        return willSelect.map { $0(indexPath) } ?? indexPath
    }

    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        if logsSelection { events.append("willDeselect \(indexPath.section).\(indexPath.row)") }
        return willDeselect.map { $0(indexPath) } ?? indexPath
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if logsSelection { events.append("didSelect \(indexPath.section).\(indexPath.row)") }
        onSelect?(indexPath)
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        if logsSelection { events.append("didDeselect \(indexPath.section).\(indexPath.row)") }
    }
}

/// A launched app with a 320 × 480 window holding a full-window table of `LoggingCell`s.
@MainActor
struct TableStage {
    let window: UIWindow
    let table: UITableView
    let log: TableLog
    let finger: TouchDriver

    init(rows: Int = 100, sections: Int = 1, style: UITableView.Style = .plain,
         configure: (UITableView, TableLog) -> Void = { _, _ in }) {
        window = launchWithWindow()
        TactileDiagnostics.logsToStandardError = false
        let table = UITableView(frame: window.bounds, style: style)
        let log = TableLog(rows: rows, sections: sections)
        table.register(LoggingCell.self, forCellReuseIdentifier: "cell")
        configure(table, log)
        table.dataSource = log
        table.delegate = log
        window.addSubview(table)
        self.table = table
        self.log = log
        finger = TouchDriver(window: window)
        settle()
    }

    /// Lets the run loop run until the table is at rest (at most `seconds`).
    func settleMotion(_ seconds: TimeInterval = 10) {
        var waited = 0.0
        while (table.isDecelerating || table.isTracking) && waited < seconds {
            finger.wait(1.0 / 60)
            waited += 1.0 / 60
        }
        finger.wait(0.05)
    }

    /// The window point of the middle of a row (which must be on screen).
    func point(ofRow row: Int, section: Int = 0) -> CGPoint {
        let rect = table.rectForRow(at: IndexPath(row: row, section: section))
        return table.convert(CGPoint(x: rect.midX, y: rect.midY), to: window)
    }

    func take() -> [String] { log.take() }
}

/// The visible rows as an independent linear scan computes them: every row whose frame (`rectForRow(at:)`) meets
/// the bounds (bottom below the top, top above the bottom).
@MainActor
func naiveVisibleRows(_ table: UITableView) -> [IndexPath] {
    let b = table.bounds
    var rows: [IndexPath] = []
    for s in 0..<table.numberOfSections {
        for r in 0..<table.numberOfRows(inSection: s) {
            let rect = table.rectForRow(at: IndexPath(row: r, section: s))
            if rect.maxY > b.minY, rect.minY < b.maxY { rows.append(IndexPath(row: r, section: s)) }
        }
    }
    return rows
}

/// The table's visible cells, checked: they are the cells of `indexPathsForVisibleRows`, each once, each at its
/// row's frame, shown (not hidden), and they cover exactly the rows the naive scan finds (when `naive`).
@MainActor
func checkVisible(_ table: UITableView, naive: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
    let cells = table.visibleCells
    let rows = table.indexPathsForVisibleRows ?? []
    #expect(cells.count == rows.count, sourceLocation: sourceLocation)
    #expect(Set(cells.map(ObjectIdentifier.init)).count == cells.count, "a cell shown twice", sourceLocation: sourceLocation)
    for (cell, row) in zip(cells, rows) {
        #expect(table.cellForRow(at: row) === cell, sourceLocation: sourceLocation)
        #expect(table.indexPath(for: cell) == row, sourceLocation: sourceLocation)
        #expect(!cell.isHidden && cell.superview === table, sourceLocation: sourceLocation)
        #expect(cell.frame.minY == table.rectForRow(at: row).minY, sourceLocation: sourceLocation)
    }
    if naive { #expect(rows == naiveVisibleRows(table), sourceLocation: sourceLocation) }
}
