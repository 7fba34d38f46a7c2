import Foundation
import Tactile
import Testing

/// Batch updates against a model array (DESIGN-TABLE-UPDATES): deletions and reloads use the index paths before
/// the batch, insertions those after it; the visible cells and the selection follow their rows; a batch whose
/// counts do not add up is UIKit's "Invalid update" exception, reported, and the table reloads.
@Suite("UITableView batch updates", .serialized)
@MainActor
struct TableUpdatesTests {
    /// The cell of each visible row must show that row's model title.
    private func checkTitles(_ stage: TableStage, sourceLocation: SourceLocation = #_sourceLocation) {
        for (cell, row) in zip(stage.table.visibleCells, stage.table.indexPathsForVisibleRows ?? []) {
            #expect(cell.textLabel?.text == stage.log.model[row.section][row.row], "row \(row)", sourceLocation: sourceLocation)
        }
        checkVisible(stage.table, sourceLocation: sourceLocation)
    }

    @Test("DESIGN-TABLE-UPDATES insert and delete in one batch: survivors keep their cells and selection at their new rows")
    func insertDelete() {
        let stage = TableStage(rows: 20)
        let table = stage.table
        table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
        let cellOf5 = table.cellForRow(at: IndexPath(row: 5, section: 0))
        let cellOf1 = table.cellForRow(at: IndexPath(row: 1, section: 0))
        // Delete rows 1 and 2 (old indices), insert "new" at 0 (new index): old 5 → new 4.
        stage.log.model[0].remove(at: 2)
        stage.log.model[0].remove(at: 1)
        stage.log.model[0].insert("new", at: 0)
        table.performBatchUpdates({
            table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)], with: .automatic)
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        })
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0)) === cellOf5)
        #expect(cellOf5?.isSelected == true)
        #expect(cellOf1?.textLabel?.text != "0.1")          // deleted: its cell went back to the pool (and maybe out again)
        #expect(table.numberOfRows(inSection: 0) == 19)
        checkTitles(stage)
        #expect(stage.log.shownTwice == 0)
    }

    @Test("DESIGN-TABLE-UPDATES moveRow: the cell and the selection move with the row")
    func move() {
        let stage = TableStage(rows: 10)
        let table = stage.table
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        let moving = table.cellForRow(at: IndexPath(row: 1, section: 0))
        let item = stage.log.model[0].remove(at: 1)
        stage.log.model[0].insert(item, at: 6)
        table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 6, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 6, section: 0)) === moving)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 6, section: 0))
        checkTitles(stage)
    }

    @Test("DESIGN-TABLE-UPDATES reloadRows asks for new cells for those rows and clears their selection")
    func reloadRows() {
        let stage = TableStage(rows: 10)
        let table = stage.table
        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        stage.log.model[0][3] = "changed"
        let calls = stage.log.cellForRowCalls
        table.reloadRows(at: [IndexPath(row: 3, section: 0)], with: .none)
        #expect(stage.log.cellForRowCalls == calls + 1)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "changed")
        #expect(table.indexPathForSelectedRow == nil)
        checkTitles(stage)
    }

    @Test("DESIGN-TABLE-UPDATES sections: insert, delete and move sections with their rows")
    func sections() {
        let stage = TableStage(rows: 3, sections: 3)
        let table = stage.table
        table.selectRow(at: IndexPath(row: 2, section: 2), animated: false, scrollPosition: .none)
        stage.log.model.remove(at: 0)
        stage.log.model.insert(["n0", "n1"], at: 1)
        table.beginUpdates()
        table.deleteSections(IndexSet(integer: 0), with: .automatic)
        table.insertSections(IndexSet(integer: 1), with: .automatic)
        table.endUpdates()
        // Old section 1 → 0, old section 2 → 2 (new section 1 is the inserted one).
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 2))
        #expect(table.numberOfSections == 3)
        checkTitles(stage)
    }

    @Test("DESIGN-TABLE-UPDATES random batches against a model: titles, selection and visible cells stay consistent")
    func randomBatches() {
        var rng = FuzzSplitMix64(seed: 2323)
        let stage = TableStage(rows: 40) { table, _ in table.allowsMultipleSelection = true }
        let table = stage.table
        var selected = Set<String>()
        for round in 0..<60 {
            // Select a few rows by title.
            for _ in 0..<2 where !stage.log.model[0].isEmpty {
                let r = rng.int(0...(stage.log.model[0].count - 1))
                table.selectRow(at: IndexPath(row: r, section: 0), animated: false, scrollPosition: .none)
                selected.insert(stage.log.model[0][r])
            }
            // Deletions (old indices), then insertions (new indices).
            var model = stage.log.model[0]
            let deletions = Set((0..<rng.int(0...3)).compactMap { _ in model.isEmpty ? nil : rng.int(0...(model.count - 1)) })
            for r in deletions.sorted(by: >) { selected.remove(model[r]); model.remove(at: r) }
            var inserted: [Int] = []
            for k in 0..<rng.int(0...3) {
                let at = rng.int(0...model.count)
                model.insert("r\(round).\(k)", at: at)
                inserted = inserted.map { $0 >= at ? $0 + 1 : $0 } + [at]
            }
            stage.log.model[0] = model
            table.performBatchUpdates({
                table.deleteRows(at: deletions.map { IndexPath(row: $0, section: 0) }, with: .automatic)
                table.insertRows(at: inserted.map { IndexPath(row: $0, section: 0) }, with: .automatic)
            })
            table.contentOffset = CGPoint(x: 0, y: CGFloat(rng.int(0...max(0, Int(table.contentSize.height) - 480))))
            checkTitles(stage)
            let titles = Set((table.indexPathsForSelectedRows ?? []).map { stage.log.model[0][$0.row] })
            #expect(titles == selected, "round \(round)")
        }
        #expect(TactileDiagnostics.misuseCount == 0)
        #expect(stage.log.shownTwice == 0)
    }

    @Test("DESIGN-TABLE-UPDATES an update whose counts do not add up is reported with UIKit's reason, and the table reloads")
    func invalidUpdate() {
        let stage = TableStage(rows: 10)
        let table = stage.table
        stage.log.model[0].append(contentsOf: ["a", "b"])          // two rows added to the model …
        table.insertRows(at: [IndexPath(row: 10, section: 0)], with: .automatic)   // … one announced
        #expect(TactileDiagnostics.misuseCount == 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (12) must be equal to the number of rows contained in that section before the update (10), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        #expect(table.numberOfRows(inSection: 0) == 12)              // reloaded instead
        checkTitles(stage)
        stage.log.model.append(["x"])
        table.deleteSections(IndexSet(integer: 0), with: .automatic)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted).")
        settle()                                                   // the reload happens at the layout
        table.deleteRows(at: [IndexPath(row: 40, section: 0)], with: .automatic)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "attempt to delete row 40 from section 0 which only contains 12 rows before the update")
        #expect(TactileDiagnostics.misuseCount == 3)
    }

    @Test("DESIGN-TABLE-UPDATES performBatchUpdates' completion runs at the run loop's next turn")
    func completion() {
        let stage = TableStage(rows: 5)
        var completed: Bool?
        stage.log.model[0].append("x")
        stage.table.performBatchUpdates({ stage.table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .fade) },
                                        completion: { completed = $0 })
        #expect(completed == nil)
        settle()
        #expect(completed == true)
    }
}
