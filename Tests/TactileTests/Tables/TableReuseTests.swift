import Foundation
import Tactile
import Testing

/// Cell reuse and registration (AG-Y-05, DESIGN-TABLE-REUSE, DESIGN-TABLE-REGISTER).
@Suite("UITableView reuse", .serialized)
@MainActor
struct TableReuseTests {
    @Test("AG-Y-05 scrolling 10^4 rows makes about a screenful of cells, prepares every reused one, never shows one twice")
    func boundedCells() {
        let stage = TableStage(rows: 10_000)
        LoggingCell.made = 0
        let table = stage.table
        stage.log.shownBefore.removeAll()
        table.reloadData()
        table.layoutIfNeeded()
        var y: CGFloat = 0
        var step = 0
        let end = table.contentSize.height - table.bounds.height
        while y < end {
            y = min(end, y + 37)
            table.contentOffset = CGPoint(x: 0, y: y)
            table.layoutIfNeeded()
            step += 1
            let rows = table.indexPathsForVisibleRows ?? []
            #expect(rows.count == 11 || rows.count == 12)
            if step % 1000 == 0 { checkVisible(table, naive: false) }
        }
        // Back up by jumps of several screens: every row of the new screen comes from the pool.
        while y > 0 {
            y = max(0, y - 2000)
            table.contentOffset = CGPoint(x: 0, y: y)
            checkVisible(table, naive: false)
        }
        #expect(LoggingCell.made <= 13)                 // 480 / 44 → at most 12 rows on screen, plus one
        #expect(stage.log.unpreparedReuses == 0)         // every reused cell got prepareForReuse() first
        #expect(stage.log.shownTwice == 0)
        #expect(stage.log.cellForRowCalls > 10_000)
        checkVisible(table)
    }

    @Test("DESIGN-TABLE-REUSE a row leaving the bounds ends displaying, one entering is displayed, in that order")
    func displayOrder() {
        let stage = TableStage(rows: 100) { table, _ in table.rowHeight = 48 }  // 10 rows fill 480 points exactly
        stage.log.logsDisplay = true
        stage.log.logsSelection = false
        #expect(stage.table.indexPathsForVisibleRows == (0..<10).map { IndexPath(row: $0, section: 0) })
        _ = stage.take()
        stage.table.contentOffset = CGPoint(x: 0, y: 48)     // row 0 leaves, row 10 enters
        settle()
        #expect(stage.take() == ["didEndDisplaying 0.0", "prepareForReuse", "willDisplay 0.10"])
        stage.table.contentOffset = CGPoint(x: 0, y: 20)     // row 0 comes back (row 10 still partly shown)
        #expect(stage.table.visibleCells.count == 11)        // tiles at once, without a layout pass
        #expect(stage.take() == ["willDisplay 0.0"])         // a new cell: the pool is empty
        checkVisible(stage.table)
    }

    @Test("DESIGN-TABLE-REUSE dragging the table through the touch path tiles as it scrolls; hit-tests land on the cells")
    func dragReuses() {
        let stage = TableStage(rows: 1000)
        let f = stage.finger
        for _ in 0..<5 {
            f.down(at: CGPoint(x: 160, y: 400))
            for k in 1...20 { f.move(to: CGPoint(x: 160, y: 400 - CGFloat(k) * 15)) }
            f.wait(0.2)
            f.up()
            stage.settleMotion()
            checkVisible(stage.table)
        }
        #expect(stage.table.contentOffset.y > 1000)
        let row = stage.table.indexPathsForVisibleRows![3]
        let cell = stage.table.cellForRow(at: row)!
        let hit = stage.window.hitTest(stage.point(ofRow: row.row), with: nil)
        #expect(hit === cell.contentView)
        #expect(stage.log.unpreparedReuses == 0)
    }

    @Test("DESIGN-TABLE-REGISTER a registered subclass is made with its own init(style:reuseIdentifier:), as UIKit makes it")
    func registeredSubclass() {
        final class Inheriting: UITableViewCell { var marker = 7 }
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(LoggingCell.self, forCellReuseIdentifier: "logging")
        table.register(Inheriting.self, forCellReuseIdentifier: "inheriting")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
        let logging = table.dequeueReusableCell(withIdentifier: "logging")
        #expect((logging as? LoggingCell)?.madeBy == "init(style:reuseIdentifier:)")
        #expect(logging?.reuseIdentifier == "logging")
        #expect((table.dequeueReusableCell(withIdentifier: "inheriting") as? Inheriting)?.marker == 7)
        let plain = table.dequeueReusableCell(withIdentifier: "plain", for: IndexPath(row: 0, section: 0))
        #expect(type(of: plain) == UITableViewCell.self)
        #expect(plain.detailTextLabel == nil && plain.textLabel != nil)   // .default style
        final class Header: UITableViewHeaderFooterView { var made = "?" 
            override init(reuseIdentifier: String?) { made = "init(reuseIdentifier:)"; super.init(reuseIdentifier: reuseIdentifier) }
            required init?(coder: NSCoder) { fatalError() }
        }
        table.register(Header.self, forHeaderFooterViewReuseIdentifier: "h")
        let header = table.dequeueReusableHeaderFooterView(withIdentifier: "h") as? Header
        #expect(header?.made == "init(reuseIdentifier:)" && header?.reuseIdentifier == "h")
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "none") == nil)
    }

    @Test("DESIGN-TABLE-REGISTER an unregistered identifier: nil from dequeueReusableCell(withIdentifier:), UIKit's reason from the for: variant")
    func unregistered() {
        _ = launchWithWindow()
        TactileDiagnostics.logsToStandardError = false
        let table = UITableView(frame: .zero)
        #expect(table.dequeueReusableCell(withIdentifier: "X") == nil)
        let misuses = TactileDiagnostics.misuseCount
        let cell = table.dequeueReusableCell(withIdentifier: "X", for: IndexPath(row: 0, section: 0))
        #expect(cell.reuseIdentifier == "X")
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason
                == "NSInternalInconsistencyException: unable to dequeue a cell with identifier X - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        table.register(UIView.self, forCellReuseIdentifier: "Y")
        #expect(TactileDiagnostics.misuseCount == misuses + 2)
    }

    @Test("DESIGN-TABLE-REUSE a data source handing out a cell already on screen is reported; a new cell stands in")
    func cellShownTwice() {
        final class Sticky: NSObject, UITableViewDataSource {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { cell }
        }
        let window = launchWithWindow()
        TactileDiagnostics.logsToStandardError = false
        let table = UITableView(frame: window.bounds)
        let source = Sticky()
        table.dataSource = source
        window.addSubview(table)
        settle()
        #expect(TactileDiagnostics.misuseCount == 2)
        #expect(Set(table.visibleCells.map(ObjectIdentifier.init)).count == 3)
    }
}
