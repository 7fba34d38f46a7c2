import Foundation

/// Loading the data and answering geometry questions (DESIGN-TABLE-GEOMETRY).
extension UITableView {
    // MARK: - Reloading

    /// Marks the data stale: loaded again before it is next used.
    func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// Loads the data if it is stale (and there is something to ask).
    func reloadIfNeeded() {
        guard needsReload, !isTiling else { return }
        needsReload = false
        if !visibleCellList.isEmpty { endDisplayingAll() }
        loadGeometry()
    }

    /// Asks the data source and delegate for the sections, rows and heights — the rows' heights only when the
    /// delegate implements `tableView(_:heightForRowAt:)` — and builds the geometry; `contentSize` follows.
    func loadGeometry() {
        hasLoadedData = true
        var g = TableGeometry()
        g.headerViewHeight = tableHeaderView?.frame.height ?? 0
        g.footerViewHeight = tableFooterView?.frame.height ?? 0
        do {
            // Without a data source UIKit has one section without rows (its default section count).
            let sectionCount = dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 1
            g.sections.reserveCapacity(sectionCount)
            var y = g.headerViewHeight
            for s in 0..<sectionCount {
                var section = TableSection()
                section.top = y
                section.headerHeight = clampedHeight(tableDelegate?.tableView(self, heightForHeaderInSection: s)
                                                         ?? defaultHeaderHeight(s), automatic: { self.defaultHeaderHeight(s) })
                section.footerHeight = clampedHeight(tableDelegate?.tableView(self, heightForFooterInSection: s)
                                                         ?? defaultFooterHeight(s), automatic: { self.defaultFooterHeight(s) })
                section.rowCount = max(0, dataSource?.tableView(self, numberOfRowsInSection: s) ?? 0)
                loadRowHeights(of: &section, s)
                y = section.bottom
                g.sections.append(section)
            }
        }
        geometry = g
        geometryGeneration &+= 1
        measuredRows.removeAll()
        updateContentSize()
    }

    /// The rows' heights of section `s`: uniform when the delegate has no `heightForRowAt` (its default answers),
    /// else each row's.
    private func loadRowHeights(of section: inout TableSection, _ s: Int) {
        let n = section.rowCount
        let automatic = automaticRowHeight
        guard n > 0 else { return }
        guard let delegate = tableDelegate else {
            section.uniformHeight = resolvedRowHeight(rowHeight)
            section.allSelfSizing = rowHeight < 0
            return
        }
        UITableView.defaultRowHeightAnswered = false
        let first = delegate.tableView(self, heightForRowAt: IndexPath(row: 0, section: s))
        if UITableView.defaultRowHeightAnswered {
            section.uniformHeight = resolvedRowHeight(first)
            section.allSelfSizing = first < 0
            return
        }
        var offsets = [CGFloat](repeating: 0, count: n + 1)
        var selfSizing: [Bool] = []
        var uniform = true
        var raw = first
        for r in 0..<n {
            if r > 0 { raw = delegate.tableView(self, heightForRowAt: IndexPath(row: r, section: s)) }
            let h = resolvedRowHeight(raw, automatic: automatic)
            if raw < 0 {
                if selfSizing.isEmpty { selfSizing = [Bool](repeating: false, count: n) }
                selfSizing[r] = true
            }
            offsets[r + 1] = offsets[r] + h
            if r > 0, h != offsets[1] { uniform = false }
        }
        if uniform, selfSizing.isEmpty {
            section.uniformHeight = offsets[1]
        } else {
            section.offsets = offsets
            section.selfSizingRows = selfSizing
        }
    }

    /// The height an automatic row starts at: ``estimatedRowHeight`` when positive, else 44.
    var automaticRowHeight: CGFloat { estimatedRowHeight > 0 ? estimatedRowHeight : UITableView.tactileDefaultRowHeight }

    /// A row height as given (automatic or a bad value → the automatic height; NaN and infinities are reported).
    func resolvedRowHeight(_ raw: CGFloat, automatic: CGFloat? = nil) -> CGFloat {
        if raw >= 0, raw.isFinite { return raw }
        if !raw.isFinite {
            TactileDiagnostics.report("UITableView", "a row height is not finite (\(raw)); \(automatic ?? automaticRowHeight) is used")
        }
        return automatic ?? automaticRowHeight
    }

    private func clampedHeight(_ raw: CGFloat, automatic: () -> CGFloat) -> CGFloat {
        if raw >= 0, raw.isFinite { return raw }
        if raw == UITableView.automaticDimension { return automatic() }
        if !raw.isFinite { TactileDiagnostics.report("UITableView", "a header or footer height is not finite (\(raw)); 0 is used") }
        return 0
    }

    /// The header height of section `section` when the delegate gives none (see ``sectionHeaderHeight``).
    func defaultHeaderHeight(_ section: Int) -> CGFloat {
        let hasTitle = dataSource?.tableView(self, titleForHeaderInSection: section) != nil
        return Self.supplementaryHeight(sectionHeaderHeight, hasTitle: hasTitle, style: style)
    }

    /// The footer height of section `section` when the delegate gives none (see ``sectionFooterHeight``).
    func defaultFooterHeight(_ section: Int) -> CGFloat {
        let hasTitle = dataSource?.tableView(self, titleForFooterInSection: section) != nil
        return Self.supplementaryHeight(sectionFooterHeight, hasTitle: hasTitle, style: style)
    }

    static func supplementaryHeight(_ height: CGFloat, hasTitle: Bool, style: Style) -> CGFloat {
        if height < 0 || !height.isFinite { return style == .plain ? (hasTitle ? 28 : 0) : (hasTitle ? 38 : 18) }
        return style == .plain && !hasTitle ? 0 : height
    }

    /// `contentSize` from the geometry: the table's width, the content's height.
    func updateContentSize() {
        let size = CGSize(width: bounds.width, height: geometry.contentHeight)
        if contentSize != size { contentSize = size }
    }

    // MARK: - Counting

    // MARK: - Geometry

    /// The frame a row's cell gets: the row's, inset 20 points on each side in an inset-grouped table.
    func cellFrame(for indexPath: IndexPath) -> CGRect {
        let section = geometry.sections[indexPath.section]
        var frame = CGRect(x: 0, y: section.rowTop(indexPath.row), width: bounds.width,
                           height: section.rowHeight(indexPath.row))
        if style == .insetGrouped, frame.width > 40 { frame = frame.insetBy(dx: 20, dy: 0) }
        return frame
    }

    // MARK: - Scrolling to a row

    func scroll(to rect: CGRect, at position: ScrollPosition, animated: Bool) {
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y: CGFloat
        switch position {
        case .top: y = rect.minY - inset.top
        case .middle: y = rect.midY - inset.top - visibleHeight / 2
        case .bottom: y = rect.maxY - inset.top - visibleHeight
        case .none:
            let top = contentOffset.y + inset.top
            if rect.minY < top { y = rect.minY - inset.top }
            else if rect.maxY > top + visibleHeight { y = rect.maxY - inset.top - visibleHeight }
            else { return }
        }
        let maxY = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
        y = min(max(y, -inset.top), maxY)
        guard y != contentOffset.y else { return }
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }
}
