import Foundation

/// The changes of one batch of updates, in UIKit's terms: deletions, reloads and move sources use the index
/// paths from before the batch, insertions and move destinations those after it.
struct TableUpdateBatch {
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []

    var isEmpty: Bool {
        deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
            && deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
    }
}

/// Where each row and section of before a batch is after it (DESIGN-TABLE-UPDATES).
struct TableUpdateMap {
    /// Old section → new section; nil: deleted.
    var sections: [Int?]
    /// Per old section, old row → new row; nil: deleted, moved elsewhere (see ``moves``) or reloaded.
    var rows: [[Int?]]
    /// Moved rows, old → new.
    var moves: [IndexPath: IndexPath]
    /// Old rows whose cells must be made again (reloaded rows, the rows of reloaded sections).
    var reloaded: Set<IndexPath>

    /// Where the row is after the batch (nil: deleted or reloaded away).
    func map(_ old: IndexPath) -> IndexPath? {
        if let moved = moves[old] { return moved }
        guard old.section >= 0, old.section < sections.count, let s = sections[old.section],
              old.row >= 0, old.row < rows[old.section].count, let r = rows[old.section][old.row] else { return nil }
        return IndexPath(row: r, section: s)
    }
}

/// Batch updates (DESIGN-TABLE-UPDATES): `beginUpdates()`/`endUpdates()`, `performBatchUpdates(_:completion:)`, and
/// the insert/delete/move/reload calls, each its own batch outside one. At the end of a batch the data source's
/// counts must equal those before, minus what was deleted, plus what was inserted, plus or minus what moved in or
/// out — else UIKit raises "Invalid update: …"; Tactile reports that reason through ``TactileDiagnostics`` and
/// reloads everything instead. A valid batch keeps every surviving row's cell and selection, at its new index path.
extension UITableView {
    func update(_ change: (inout TableUpdateBatch) -> Void) {
        change(&pendingUpdates)
        if updateDepth == 0 { commitUpdates() }
    }

    // MARK: - Applying a batch

    func commitUpdates() {
        let batch = pendingUpdates
        pendingUpdates = TableUpdateBatch()
        guard !batch.isEmpty else { return }
        // A table that has not loaded (or must reload anyway) just loads the new data, as UIKit does.
        guard hasLoadedData, !needsReload, let dataSource else { return setNeedsReload() }
        let oldCounts = geometry.sections.map(\.rowCount)
        let newSectionCount = max(0, dataSource.numberOfSections(in: self))
        var newCounts: [Int] = []
        newCounts.reserveCapacity(newSectionCount)
        for s in 0..<newSectionCount { newCounts.append(max(0, dataSource.tableView(self, numberOfRowsInSection: s))) }
        switch Self.updateMap(batch, oldCounts: oldCounts, newCounts: newCounts) {
        case .failure(let reason):
            TactileDiagnostics.report("UITableView.endUpdates()", reason)
            reloadData()
        case .success(let map):
            apply(map)
        }
    }

    private enum UpdateResult {
        case success(TableUpdateMap)
        case failure(String)
    }

    /// Checks a batch against the counts before and after it and works out where everything goes.
    private static func updateMap(_ b: TableUpdateBatch, oldCounts: [Int], newCounts: [Int]) -> UpdateResult {
        let oldSections = oldCounts.count, newSections = newCounts.count
        // Sections.
        for s in b.deletedSections.union(b.reloadedSections) where s >= oldSections {
            let verb = b.deletedSections.contains(s) ? "delete" : "reload"
            return .failure("attempt to \(verb) section \(s), but there are only \(oldSections) sections before the update")
        }
        for s in b.insertedSections where s >= newSections {
            return .failure("attempt to insert section \(s) but there are only \(newSections) sections after the update")
        }
        for m in b.movedSections where m.from < 0 || m.from >= oldSections || m.to < 0 || m.to >= newSections
            || b.deletedSections.contains(m.from) || b.insertedSections.contains(m.to) {
            return .failure("attempt to move section \(m.from) to \(m.to), which is not valid for \(oldSections) sections before and \(newSections) after the update")
        }
        let expectedSections = oldSections - b.deletedSections.count + b.insertedSections.count
        guard newSections == expectedSections else {
            return .failure("Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(newSections)) must be equal to the number of sections contained in the table view before the update (\(oldSections)), plus or minus the number of sections inserted or deleted (\(b.insertedSections.count) inserted, \(b.deletedSections.count) deleted).")
        }
        var sectionMap = [Int?](repeating: nil, count: oldSections)
        let movedFrom = Set(b.movedSections.map(\.from)), movedTo = Set(b.movedSections.map(\.to))
        let survivors = (0..<oldSections).filter { !b.deletedSections.contains($0) && !movedFrom.contains($0) }
        let slots = (0..<newSections).filter { !b.insertedSections.contains($0) && !movedTo.contains($0) }
        guard survivors.count == slots.count else {
            return .failure("Invalid update: the section moves do not fit \(oldSections) sections before and \(newSections) after the update")
        }
        for (old, new) in zip(survivors, slots) { sectionMap[old] = new }
        for m in b.movedSections { sectionMap[m.from] = m.to }
        // Rows: every index in range.
        for p in b.deletedRows + b.reloadedRows + b.movedRows.map(\.from) {
            guard p.count == 2, p.section >= 0, p.section < oldSections, p.row >= 0, p.row < oldCounts[p.section] else {
                let count = p.count == 2 && p.section >= 0 && p.section < oldSections ? oldCounts[p.section] : 0
                let verb = b.reloadedRows.contains(p) ? "reload" : b.deletedRows.contains(p) ? "delete" : "move"
                return .failure("attempt to \(verb) row \(p.count == 2 ? p.row : -1) from section \(p.count == 2 ? p.section : -1) which only contains \(count) rows before the update")
            }
        }
        for p in b.insertedRows + b.movedRows.map(\.to) {
            guard p.count == 2, p.section >= 0, p.section < newSections, p.row >= 0, p.row < newCounts[p.section] else {
                let count = p.count == 2 && p.section >= 0 && p.section < newSections ? newCounts[p.section] : 0
                return .failure("attempt to insert row \(p.count == 2 ? p.row : -1) into section \(p.count == 2 ? p.section : -1), but there are only \(count) rows in section \(p.count == 2 ? p.section : -1) after the update")
            }
        }
        // Rows: the counts of each surviving section.
        var moves: [IndexPath: IndexPath] = [:]
        for m in b.movedRows { moves[m.from] = m.to }
        var rows: [[Int?]] = []
        var reloaded = Set(b.reloadedRows)
        for s in 0..<oldSections {
            guard let t = sectionMap[s], !b.reloadedSections.contains(s) else {
                rows.append([Int?](repeating: nil, count: oldCounts[s]))
                if b.reloadedSections.contains(s) { for r in 0..<oldCounts[s] { reloaded.insert(IndexPath(row: r, section: s)) } }
                continue
            }
            let deleted = Set(b.deletedRows.filter { $0.section == s }.map(\.row))
            let inserted = Set(b.insertedRows.filter { $0.section == t }.map(\.row))
            let movedOut = b.movedRows.filter { $0.from.section == s && $0.to.section != t }.count
            let movedIn = b.movedRows.filter { $0.to.section == t && sectionMap[$0.from.section] != t }.count
            let expected = oldCounts[s] - deleted.count + inserted.count - movedOut + movedIn
            guard newCounts[t] == expected else {
                return .failure("Invalid update: invalid number of rows in section \(t). The number of rows contained in an existing section after the update (\(newCounts[t])) must be equal to the number of rows contained in that section before the update (\(oldCounts[s])), plus or minus the number of rows inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
            }
            let movedFromRows = Set(b.movedRows.filter { $0.from.section == s }.map(\.from.row))
            let movedToRows = Set(b.movedRows.filter { $0.to.section == t }.map(\.to.row))
            let oldSurvivors = (0..<oldCounts[s]).filter { !deleted.contains($0) && !movedFromRows.contains($0) }
            let newSlots = (0..<newCounts[t]).filter { !inserted.contains($0) && !movedToRows.contains($0) }
            guard oldSurvivors.count == newSlots.count else {
                return .failure("Invalid update: the row moves of section \(s) do not fit its \(newCounts[t]) rows after the update")
            }
            var map = [Int?](repeating: nil, count: oldCounts[s])
            for (old, new) in zip(oldSurvivors, newSlots) { map[old] = new }
            rows.append(map)
        }
        return .success(TableUpdateMap(sections: sectionMap, rows: rows, moves: moves, reloaded: reloaded))
    }

    /// Applies a valid batch: the selection and the visible cells follow their rows, the geometry is loaded again
    /// and the visible rows tiled for it.
    private func apply(_ map: TableUpdateMap) {
        // Selection.
        var selection = Set<IndexPath>()
        for row in selectedRows where !map.reloaded.contains(row) {
            if let new = map.map(row) { selection.insert(new) }
        }
        selectedRows = selection
        if let highlighted = touchHighlightedRow {
            if !map.reloaded.contains(highlighted), let new = map.map(highlighted) { touchHighlightedRow = new } else {
                cancelTouchHighlight(notify: false)
            }
        }
        // Visible cells: survivors keep their cells at their new rows; the others end.
        var kept: [(IndexPath, UITableViewCell)] = []
        while !visibleCellList.isEmpty {
            let cell = visibleCellList.removeLast(), old = visibleRowList.removeLast()
            if !map.reloaded.contains(old), let new = map.map(old) {
                kept.append((new, cell))
            } else {
                retire(cell, from: old)
            }
        }
        kept.sort { $0.0 < $1.0 }
        endDisplayingAllSupplementaries()
        loadGeometry()
        resync(kept: kept)
    }

    /// A cell leaves the screen outside the tiling order (pool, then `didEndDisplaying`).
    private func retire(_ cell: UITableViewCell, from indexPath: IndexPath) {
        cell.displayedRow = nil
        enqueue(cell)
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    /// Tiles the visible rows again after an update: kept cells where their rows still show (placed anew), new
    /// cells for the other visible rows, the kept cells of rows now off screen back to the pool.
    private func resync(kept: [(IndexPath, UITableViewCell)]) {
        let rect = bounds
        isTiling = true
        var k = 0
        if dataSource != nil, let (first, last) = geometry.visibleRange(minY: rect.minY, maxY: rect.maxY) {
            var p: IndexPath? = first
            while let current = p {
                while k < kept.count, kept[k].0 < current { retire(kept[k].1, from: kept[k].0); k += 1 }
                if k < kept.count, kept[k].0 == current {
                    let cell = kept[k].1
                    cell.displayedRow = current
                    visibleRowList.append(current)
                    visibleCellList.append(cell)
                    place(cell, at: current)
                    k += 1
                } else {
                    display(current, at: visibleRowList.count)
                }
                if current >= last { break }
                p = geometry.next(after: current)
            }
        }
        while k < kept.count { retire(kept[k].1, from: kept[k].0); k += 1 }
        isTiling = false
        tiledBounds = rect
        tiledGeneration = geometryGeneration
        layoutSupplementaries(rect)
        tileIfNeeded()  // self-sizing rows measured above
    }
}
