import Foundation

/// One section's geometry: its header, its rows' heights as a uniform height or prefix sums, its footer.
struct TableSection {
    var rowCount = 0
    /// Where the section starts (its header's top), in content coordinates.
    var top: CGFloat = 0
    var headerHeight: CGFloat = 0
    var footerHeight: CGFloat = 0
    /// The height of every row, when ``offsets`` is empty.
    var uniformHeight: CGFloat = 0
    /// Prefix sums of the row heights (`rowCount + 1` values from 0), when the rows differ; empty otherwise.
    var offsets: [CGFloat] = []
    /// Rows whose height is automatic (measured when displayed): all of them, or those marked in ``selfSizingRows``.
    var allSelfSizing = false
    var selfSizingRows: [Bool] = []

    var rowsTop: CGFloat { top + headerHeight }
    var rowsHeight: CGFloat { offsets.isEmpty ? uniformHeight * CGFloat(rowCount) : offsets[rowCount] }
    var rowsEnd: CGFloat { rowsTop + rowsHeight }
    var bottom: CGFloat { rowsEnd + footerHeight }

    func rowTop(_ row: Int) -> CGFloat { rowsTop + (offsets.isEmpty ? uniformHeight * CGFloat(row) : offsets[row]) }
    func rowHeight(_ row: Int) -> CGFloat { offsets.isEmpty ? uniformHeight : offsets[row + 1] - offsets[row] }
    func rowBottom(_ row: Int) -> CGFloat { rowTop(row) + rowHeight(row) }
    func isSelfSizing(_ row: Int) -> Bool { allSelfSizing || (!selfSizingRows.isEmpty && selfSizingRows[row]) }

    /// The first row whose bottom is below `y` (nil when none is).
    func firstRow(bottomBelow y: CGFloat) -> Int? {
        var lo = 0, hi = rowCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if rowBottom(mid) > y { hi = mid } else { lo = mid + 1 }
        }
        return lo < rowCount ? lo : nil
    }

    /// The last row whose top is above `y` (nil when none is).
    func lastRow(topAbove y: CGFloat) -> Int? {
        var lo = 0, hi = rowCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if rowTop(mid) < y { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// Changes one row's height (prefix sums made when the rows were uniform); returns the change.
    mutating func setRowHeight(_ row: Int, _ height: CGFloat) -> CGFloat {
        let delta = height - rowHeight(row)
        guard delta != 0 else { return 0 }
        if offsets.isEmpty {
            offsets = [CGFloat](repeating: 0, count: rowCount + 1)
            for r in 0..<rowCount { offsets[r + 1] = offsets[r] + uniformHeight }
        }
        for r in (row + 1)...rowCount { offsets[r] += delta }
        return delta
    }
}

/// The geometry of a table's loaded data (DESIGN-TABLE-GEOMETRY): the sections in content order, below the table
/// header view and above the table footer view. Built once per reload; every lookup is a binary search.
struct TableGeometry {
    var sections: [TableSection] = []
    /// The table header view's height (the sections start below it).
    var headerViewHeight: CGFloat = 0
    var footerViewHeight: CGFloat = 0

    var sectionsTop: CGFloat { headerViewHeight }
    var sectionsEnd: CGFloat { sections.last?.bottom ?? headerViewHeight }
    var contentHeight: CGFloat { sectionsEnd + footerViewHeight }

    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < sections.count
            && indexPath.row >= 0 && indexPath.row < sections[indexPath.section].rowCount
    }

    /// The rows with a frame meeting `minY ..< maxY` (a row is visible when its bottom is below `minY` and its top
    /// above `maxY`), as their first and last; nil when none.
    func visibleRange(minY: CGFloat, maxY: CGFloat) -> (first: IndexPath, last: IndexPath)? {
        let count = sections.count
        guard count > 0, maxY > minY else { return nil }
        // The first section whose rows end below minY (rowsEnd never decreases from one section to the next).
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].rowsEnd > minY { hi = mid } else { lo = mid + 1 }
        }
        var s = lo
        while s < count, sections[s].rowCount == 0 || sections[s].rowsEnd <= minY { s += 1 }
        guard s < count, let r = sections[s].firstRow(bottomBelow: minY), sections[s].rowTop(r) < maxY else { return nil }
        // The last section whose rows start above maxY.
        lo = 0; hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].rowsTop < maxY { lo = mid + 1 } else { hi = mid }
        }
        var t = lo - 1
        while t >= 0, sections[t].rowCount == 0 { t -= 1 }
        guard t >= 0, let q = sections[t].lastRow(topAbove: maxY), sections[t].rowBottom(q) > minY else { return nil }
        guard (s, r) <= (t, q) else { return nil }
        return (IndexPath(row: r, section: s), IndexPath(row: q, section: t))
    }

    /// The row after `indexPath` (skipping empty sections), nil after the last.
    func next(after indexPath: IndexPath) -> IndexPath? {
        var s = indexPath.section, r = indexPath.row + 1
        while s < sections.count {
            if r < sections[s].rowCount { return IndexPath(row: r, section: s) }
            s += 1; r = 0
        }
        return nil
    }

    /// The row before `indexPath` (skipping empty sections), nil before the first.
    func previous(before indexPath: IndexPath) -> IndexPath? {
        var s = indexPath.section, r = indexPath.row - 1
        while s >= 0 {
            if r >= 0 { return IndexPath(row: r, section: s) }
            s -= 1
            if s >= 0 { r = sections[s].rowCount - 1 }
        }
        return nil
    }

    /// The row whose frame holds `y` (nil between rows: headers, footers, outside).
    func row(at y: CGFloat) -> IndexPath? {
        guard let (first, _) = visibleRange(minY: y, maxY: .infinity) else { return nil }
        let section = sections[first.section]
        return section.rowTop(first.row) <= y ? first : nil
    }

    /// Shifts every section after `section` by `delta` (a row of `section` changed height).
    mutating func shiftSections(after section: Int, by delta: CGFloat) {
        guard delta != 0, section + 1 < sections.count else { return }
        for t in (section + 1)..<sections.count { sections[t].top += delta }
    }
}

/// A static section of a storyboard table (`<tableViewSection>`): its titles and its cells, built with the scene.
struct TableStaticSection {
    var headerTitle: String?
    var footerTitle: String?
    var cells: [UITableViewCell]
    /// Each cell's own row height (`rowHeight` on the cell element, "custom"), nil: the table's.
    var rowHeights: [CGFloat?]
}
