import Foundation

/// A header or footer view on screen.
struct TableSupplementary {
    var section: Int
    var isHeader: Bool
    var view: UIView
    /// A title header or footer the table made (goes back to its pool when it leaves).
    var isTitleView: Bool
}

/// Tiling: cells only for the visible rows, reused as rows come and go (DESIGN-TABLE-REUSE, AG-Y-05).
extension UITableView {
    // MARK: - Visible rows

    /// The visible cell of `indexPath` without tiling (binary search: the visible rows are in order).
    func visibleCell(at indexPath: IndexPath) -> UITableViewCell? {
        var lo = 0, hi = visibleRowList.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if visibleRowList[mid] < indexPath { lo = mid + 1 } else { hi = mid }
        }
        return lo < visibleRowList.count && visibleRowList[lo] == indexPath ? visibleCellList[lo] : nil
    }

    // MARK: - Tiling

    /// Loads stale data, then tiles when the bounds or the geometry changed since the last tiling. Self-sizing
    /// rows measured while tiling change the geometry, so it runs again (a few passes at most).
    func tileIfNeeded() {
        guard !isTiling else { return }
        reloadIfNeeded()
        var passes = 0
        while passes < 4, bounds != tiledBounds || tiledGeneration != geometryGeneration {
            tile(bounds)
            passes += 1
        }
    }

    /// Brings the visible cells in line with `rect`: rows that left give their cells back, rows that entered get
    /// cells. The visible rows stay one contiguous run, so only the ends change while scrolling (nothing is
    /// allocated once the pool holds enough cells).
    private func tile(_ rect: CGRect) {
        isTiling = true
        defer { isTiling = false }
        let widthChanged = rect.width != tiledBounds.width
        let geometryChanged = tiledGeneration != geometryGeneration
        tiledBounds = rect
        tiledGeneration = geometryGeneration
        if widthChanged { updateContentSize() }
        guard dataSource != nil, let (first, last) = geometry.visibleRange(minY: rect.minY, maxY: rect.maxY) else {
            endDisplayingAll()
            layoutSupplementaries(rect)
            return
        }
        // (Indexing, not `first`/`last`: those go through generic code that allocates in debug builds.)
        while !visibleRowList.isEmpty, visibleRowList[0] < first || !geometry.contains(visibleRowList[0]) {
            endDisplaying(at: 0)
        }
        while !visibleRowList.isEmpty, visibleRowList[visibleRowList.count - 1] > last
            || !geometry.contains(visibleRowList[visibleRowList.count - 1]) {
            endDisplaying(at: visibleRowList.count - 1)
        }
        if geometryChanged || widthChanged {
            for i in 0..<visibleCellList.count { place(visibleCellList[i], at: visibleRowList[i]) }
        }
        if !visibleRowList.isEmpty {
            let head = visibleRowList[0], tail = visibleRowList[visibleRowList.count - 1]
            var p = head
            while p > first, let before = geometry.previous(before: p) {
                p = before
                display(p, at: 0)
            }
            var q = tail
            while q < last, let after = geometry.next(after: q) {
                q = after
                display(q, at: visibleRowList.count)
            }
        } else {
            var p: IndexPath? = first
            while let current = p {
                display(current, at: visibleRowList.count)
                if current >= last { break }
                p = geometry.next(after: current)
            }
        }
        layoutSupplementaries(rect)
    }

    /// Asks the data source for the row's cell and shows it (`willDisplay` before it shows).
    func display(_ indexPath: IndexPath, at index: Int) {
        guard let dataSource else { return }
        var cell = dataSource.tableView(self, cellForRowAt: indexPath)
        if let shown = cell.displayedRow, cell.tableOwnerID == ObjectIdentifier(self), visibleCell(at: shown) === cell {
            // UIKit shows a cell in one place only; a data source handing out a cell already on screen is a bug.
            TactileDiagnostics.report("UITableView.dataSource",
                                      "tableView(_:cellForRowAt:) returned the cell already shown for row \(shown) for row \(indexPath); a new cell stands in")
            cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        if cell.isInReusePool { takeFromPool(cell) }   // a data source that kept a cell it had given back
        if cell.superview !== self {
            if !visibleSupplementaries.isEmpty, visibleSupplementaries[0].view.superview === self {
                insertSubview(cell, belowSubview: visibleSupplementaries[0].view)
            } else {
                addSubview(cell)
            }
        }
        if cell.isHidden { cell.isHidden = false }
        cell.tableOwnerID = ObjectIdentifier(self)
        cell.displayedRow = indexPath
        place(cell, at: indexPath)
        let selected = !selectedRows.isEmpty && selectedRows.contains(indexPath)
        if cell.isSelected != selected { cell.setSelected(selected, animated: false) }
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        if editingMode || cell.isEditing { configureEditing(cell, at: indexPath, animated: false) }
        visibleRowList.insert(indexPath, at: index)
        visibleCellList.insert(cell, at: index)
        if geometry.sections[indexPath.section].isSelfSizing(indexPath.row) { measure(cell, at: indexPath) }
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }

    /// Takes a pooled cell out of its pool (so that it is not handed out again while it shows).
    private func takeFromPool(_ cell: UITableViewCell) {
        cell.isInReusePool = false
        guard let identifier = cell.reuseIdentifier, let bucket = reusePool[identifier],
              let i = bucket.items.firstIndex(where: { $0 === cell }) else { return }
        bucket.items.remove(at: i)
    }

    /// Sets a cell's frame for its row (when it differs).
    func place(_ cell: UITableViewCell, at indexPath: IndexPath) {
        let frame = cellFrame(for: indexPath)
        if cell.frame != frame { cell.frame = frame }
    }

    /// An automatic row's cell, measured once per reload: a taller fitting height than the row's becomes its
    /// height (the rows below move down; the tiling runs again).
    private func measure(_ cell: UITableViewCell, at indexPath: IndexPath) {
        guard measuredRows.insert(indexPath).inserted else { return }
        let width = cell.bounds.width
        let fitting = cell.systemLayoutSizeFitting(CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                                                   withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        let current = geometry.sections[indexPath.section].rowHeight(indexPath.row)
        guard fitting.height.isFinite, fitting.height > current + 0.25 else { return }
        let delta = geometry.sections[indexPath.section].setRowHeight(indexPath.row, fitting.height.rounded(.up))
        geometry.shiftSections(after: indexPath.section, by: delta)
        geometryGeneration &+= 1
        updateContentSize()
        place(cell, at: indexPath)
    }

    /// The visible row at `index` leaves: its cell goes back (pool or removed), then `didEndDisplaying`.
    func endDisplaying(at index: Int) {
        let cell = visibleCellList.remove(at: index)
        let indexPath = visibleRowList.remove(at: index)
        cell.displayedRow = nil
        enqueue(cell)
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    /// Every visible row leaves (a reload, a table without data).
    func endDisplayingAll() {
        while !visibleCellList.isEmpty { endDisplaying(at: visibleCellList.count - 1) }
    }

    // MARK: - Headers and footers

    /// Places the headers and footers of the sections on screen: a delegate's view, or a title view the table
    /// makes for a data source's title. A plain table's headers float at the top of the visible area while their
    /// section shows (pushed up by its end); footers stay in place.
    func layoutSupplementaries(_ rect: CGRect) {
        // Which (section, header?) pairs show: sections meeting the rect with a non-zero height.
        var keep = 0
        var i = 0
        while i < visibleSupplementaries.count {
            let s = visibleSupplementaries[i]
            if s.section < geometry.sections.count, let frame = supplementaryFrame(s.section, header: s.isHeader, rect),
               frame.intersects(rect) {
                if s.view.frame != frame { s.view.frame = frame }
                visibleSupplementaries.swapAt(keep, i)
                keep += 1
            }
            i += 1
        }
        while visibleSupplementaries.count > keep { endDisplayingSupplementary(visibleSupplementaries.removeLast()) }
        guard dataSource != nil, !geometry.sections.isEmpty else { return }
        let first = firstSection(endingBelow: rect.minY)
        var s = first
        while s < geometry.sections.count, geometry.sections[s].top < rect.maxY {
            showSupplementaryIfNeeded(s, header: true, rect)
            showSupplementaryIfNeeded(s, header: false, rect)
            s += 1
        }
    }

    private func showSupplementaryIfNeeded(_ section: Int, header: Bool, _ rect: CGRect) {
        guard let frame = supplementaryFrame(section, header: header, rect), frame.intersects(rect),
              !visibleSupplementaries.contains(where: { $0.section == section && $0.isHeader == header }) else { return }
        showSupplementary(section, header: header, frame: frame)
    }

    /// The first section whose bottom is below `y`.
    private func firstSection(endingBelow y: CGFloat) -> Int {
        var lo = 0, hi = geometry.sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if geometry.sections[mid].bottom > y { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Where a header or footer shows now (nil when it has no height).
    private func supplementaryFrame(_ section: Int, header: Bool, _ rect: CGRect) -> CGRect? {
        let s = geometry.sections[section]
        let height = header ? s.headerHeight : s.footerHeight
        guard height > 0 else { return nil }
        var y = header ? s.top : s.rowsEnd
        if header, style == .plain {
            let visibleTop = rect.minY + adjustedContentInset.top
            y = max(s.top, min(visibleTop, s.rowsEnd - height))
        }
        var frame = CGRect(x: 0, y: y, width: bounds.width, height: height)
        if style == .insetGrouped, frame.width > 40 { frame = frame.insetBy(dx: 20, dy: 0) }
        return frame
    }

    private func showSupplementary(_ section: Int, header: Bool, frame: CGRect) {
        var view: UIView? = header ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
                                   : tableDelegate?.tableView(self, viewForFooterInSection: section)
        var isTitleView = false
        if view == nil {
            let title = header ? dataSource?.tableView(self, titleForHeaderInSection: section)
                               : dataSource?.tableView(self, titleForFooterInSection: section)
            guard let title else { return }
            let titles = pool(&headerFooterPool, "")
            let titleView = titles.items.isEmpty ? UITableViewHeaderFooterView(reuseIdentifier: nil) : titles.items.removeLast()
            titleView.prepareForReuse()
            titleView.textLabel?.text = title
            view = titleView
            isTitleView = true
        }
        guard let view else { return }
        if view.superview !== self { addSubview(view) }
        view.isHidden = false
        view.frame = frame
        visibleSupplementaries.append(TableSupplementary(section: section, isHeader: header, view: view, isTitleView: isTitleView))
        if header {
            tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        } else {
            tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
    }

    private func endDisplayingSupplementary(_ s: TableSupplementary) {
        if s.isTitleView, let view = s.view as? UITableViewHeaderFooterView {
            view.isHidden = true
            pool(&headerFooterPool, "").items.append(view)
        } else if let view = s.view as? UITableViewHeaderFooterView, let identifier = view.reuseIdentifier {
            view.isHidden = true
            pool(&headerFooterPool, identifier).items.append(view)
        } else {
            s.view.removeFromSuperview()
        }
        if s.isHeader {
            tableDelegate?.tableView(self, didEndDisplayingHeaderView: s.view, forSection: s.section)
        } else {
            tableDelegate?.tableView(self, didEndDisplayingFooterView: s.view, forSection: s.section)
        }
    }

    /// Every header and footer leaves (a reload).
    func endDisplayingAllSupplementaries() {
        while let last = visibleSupplementaries.popLast() { endDisplayingSupplementary(last) }
    }
}
