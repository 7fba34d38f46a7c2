import Foundation
import Tactile
import Testing

/// A data source with no delegate methods beyond the required ones: every row has the table's height.
@MainActor
final class PlainRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var asked: [String] = []
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in tableView: UITableView) -> Int { asked.append("sections"); return counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        asked.append("rows \(section)")
        return counts[section]
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        asked.append("cell \(indexPath.section).\(indexPath.row)")
        return tableView.dequeueReusableCell(withIdentifier: "c") ?? UITableViewCell(style: .default, reuseIdentifier: "c")
    }
}

/// Row geometry, loading and the lookups (DESIGN-TABLE-DATA, DESIGN-TABLE-GEOMETRY).
@Suite("UITableView geometry", .serialized)
@MainActor
struct TableGeometryTests {
    @Test("DESIGN-TABLE-DATA reloadData defers the data source to the next layout; numberOfSections defaults to 1")
    func lazyLoading() {
        let window = launchWithWindow()
        let table = UITableView(frame: window.bounds)
        let rows = PlainRows([3])
        table.dataSource = rows
        window.addSubview(table)
        #expect(rows.asked.isEmpty)                 // nothing asked until the layout
        settle()
        #expect(rows.asked == ["sections", "rows 0", "cell 0.0", "cell 0.1", "cell 0.2"])
        rows.asked.removeAll()
        rows.counts = [5]
        table.reloadData()
        #expect(rows.asked.isEmpty)
        #expect(table.numberOfRows(inSection: 0) == 5)   // a question loads at once
        #expect(rows.asked == ["sections", "rows 0"])
        final class OneSection: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
        }
        let one = OneSection()
        table.dataSource = one
        #expect(table.numberOfSections == 1)
    }

    @Test("DESIGN-TABLE-GEOMETRY rows stack at rowHeight; contentSize follows; rectForRow, indexPathForRow")
    func uniformRows() {
        let window = launchWithWindow()
        let table = UITableView(frame: window.bounds)
        let rows = PlainRows([10, 0, 5])
        table.dataSource = rows
        table.rowHeight = 50
        window.addSubview(table)
        settle()
        #expect(table.contentSize == CGSize(width: 320, height: 750))
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 2)) == CGRect(x: 0, y: 600, width: 320, height: 50))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 499)) == IndexPath(row: 9, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 500)) == IndexPath(row: 0, section: 2))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 750)) == nil)
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: -1)) == nil)
        #expect(table.rect(forSection: 1) == CGRect(x: 0, y: 500, width: 320, height: 0))
        #expect(table.indexPathsForRows(in: CGRect(x: 0, y: 475, width: 10, height: 50))
                == [IndexPath(row: 9, section: 0), IndexPath(row: 0, section: 2)])
        let misuses = TactileDiagnostics.misuseCount
        #expect(table.rectForRow(at: IndexPath(row: 5, section: 2)) == .zero)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.hasPrefix("NSInternalInconsistencyException: request for rect at invalid index path") == true)
    }

    @Test("DESIGN-TABLE-GEOMETRY a delegate without heightForRowAt is not asked per row; one with it is asked for every row")
    func heightsAskedOnlyWhenImplemented() {
        let window = launchWithWindow()
        let table = UITableView(frame: window.bounds)
        let plain = PlainRows([100_000])
        table.dataSource = plain
        table.delegate = plain                     // a UITableViewDelegate without heightForRowAt
        window.addSubview(table)
        settle()
        #expect(table.contentSize.height == 4_400_000)
        #expect(table.visibleCells.count == 11)    // 480 / 44: rows 0 … 10
        let log = TableLog(rows: 1000)
        log.heights = { CGFloat(20 + $0.row % 3 * 10) }
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        table.delegate = log
        table.layoutIfNeeded()
        #expect(log.heightCalls == 1000)
        var total: CGFloat = 0
        for row in 0..<1000 { total += CGFloat(20 + row % 3 * 10) }
        #expect(table.contentSize.height == total)
    }

    @Test("DESIGN-TABLE-GEOMETRY headers: plain tables show a header only for a titled section; grouped ones for every section")
    func headerHeights() {
        let stage = TableStage(rows: 3, sections: 3) { table, log in
            log.headerTitles = [1: "Second"]
            table.rowHeight = 40
        }
        let t = stage.table
        #expect(t.rectForHeader(inSection: 0).height == 0)
        #expect(t.rectForHeader(inSection: 1) == CGRect(x: 0, y: 120, width: 320, height: 28))
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 148)
        #expect(t.contentSize.height == CGFloat(9 * 40 + 28))
        #expect(t.headerView(forSection: 1)?.textLabel?.text == "Second")
        #expect(t.headerView(forSection: 0) == nil)
        let grouped = TableStage(rows: 3, sections: 2, style: .grouped) { table, log in
            log.headerTitles = [0: "First"]
            table.rowHeight = 40
        }
        #expect(grouped.table.rectForHeader(inSection: 0).height == 38)
        #expect(grouped.table.rectForHeader(inSection: 1).height == 18)
        #expect(grouped.table.rectForFooter(inSection: 1).height == 18)
    }

    @Test("DESIGN-TABLE-GEOMETRY a plain table's header floats at the top of the visible area while its section shows")
    func floatingHeader() {
        let stage = TableStage(rows: 20, sections: 2) { table, log in
            log.headerTitles = [0: "A", 1: "B"]
        }
        let t = stage.table
        t.contentOffset = CGPoint(x: 0, y: 300)
        t.layoutIfNeeded()
        #expect(t.headerView(forSection: 0)?.frame.minY == 300)       // pinned to the top
        let sectionEnd = t.rect(forSection: 0).maxY
        t.contentOffset = CGPoint(x: 0, y: sectionEnd - 10)
        t.layoutIfNeeded()
        #expect(t.headerView(forSection: 0)?.frame.maxY == sectionEnd) // pushed up by its section's end
        #expect(t.headerView(forSection: 1)?.frame.minY == sectionEnd)
    }

    @Test("DESIGN-TABLE-GEOMETRY visible rows by binary search equal a linear scan, for random heights, sections and offsets")
    func visibleRowsAgainstLinearScan() {
        var rng = FuzzSplitMix64(seed: 23)
        let stage = TableStage(rows: 1, sections: 1)
        for _ in 0..<40 {
            let sections = Int(rng.next() % 6) + 1
            stage.log.model = (0..<sections).map { s in (0..<Int(rng.next() % 40)).map { "\(s).\($0)" } }
            var heights: [[CGFloat]] = stage.log.model.map { $0.map { _ in [0, 1, 7.5, 44, 100, 300][Int(rng.next() % 6)] } }
            stage.log.heights = { heights[$0.section][$0.row] }
            stage.log.headerTitles = rng.next() % 2 == 0 ? [0: "x", 2: "y"] : [:]
            stage.table.reloadData()
            let height = stage.table.numberOfSections > 0 ? stage.table.contentSize.height : 0
            for _ in 0..<10 {
                let y = CGFloat(Int(rng.next() % UInt64(max(1, Int(height) + 200)))) - 100
                stage.table.contentOffset = CGPoint(x: 0, y: y)
                checkVisible(stage.table)
                let probe = CGFloat(Int(rng.next() % UInt64(max(1, Int(height) + 20)))) - 10
                let naive = naiveRow(stage.table, y: probe)
                #expect(stage.table.indexPathForRow(at: CGPoint(x: 5, y: probe)) == naive)
            }
            heights.removeAll()
        }
        #expect(stage.log.shownTwice == 0)
    }

    private func naiveRow(_ table: UITableView, y: CGFloat) -> IndexPath? {
        for s in 0..<table.numberOfSections {
            for r in 0..<table.numberOfRows(inSection: s) {
                let rect = table.rectForRow(at: IndexPath(row: r, section: s))
                if rect.minY <= y, y < rect.maxY { return IndexPath(row: r, section: s) }
            }
        }
        return nil
    }

    @Test("DESIGN-TABLE-GEOMETRY automaticDimension rows start at 44 and grow to their cell's fitting height when shown")
    func automaticRows() {
        final class TallCell: UITableViewCell {
            override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                                  verticalFittingPriority: UILayoutPriority) -> CGSize {
                CGSize(width: targetSize.width, height: 80)
            }
        }
        let window = launchWithWindow()
        let table = UITableView(frame: window.bounds)
        let rows = PlainRows([50])
        table.register(TallCell.self, forCellReuseIdentifier: "c")
        table.rowHeight = UITableView.automaticDimension
        table.dataSource = rows
        #expect(table.numberOfRows(inSection: 0) == 50)          // loaded, nothing shown yet: 44 each
        #expect(table.contentSize.height == CGFloat(50 * 44))
        window.addSubview(table)
        settle()
        // The first tiling showed rows 0 … 10 at 44 points; each measured 80, so the rows moved down and the
        // tiling ran again: rows 0 … 5 show; rows 6 … 10 keep their measured height.
        #expect(table.indexPathsForVisibleRows?.count == 6)
        #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)) == CGRect(x: 0, y: 400, width: 320, height: 80))
        #expect(table.rectForRow(at: IndexPath(row: 10, section: 0)).height == 80)
        #expect(table.rectForRow(at: IndexPath(row: 11, section: 0)).height == 44)
        #expect(table.contentSize.height == CGFloat(11 * 80 + 39 * 44))
        checkVisible(table)
    }
}
