import Foundation

/// Selection, in code and by touch (DESIGN-TABLE-SELECT-ORDER, DESIGN-TABLE-SELECT-CODE, DESIGN-TABLE-MULTIPLE).
///
/// A touch on a row reaches the table up the responder chain (cell → table) once the scroll view lets the content
/// have it — ``UIScrollView/tactileContentTouchDelay`` after touch-down, or at once when the finger lifts sooner —
/// and the table then, as iOS does:
/// - at touch-down: asks `shouldHighlightRowAt`; if yes, `setHighlighted(true, animated:)` on the cell, then
///   `didHighlightRowAt` (a row that may not be highlighted is not selected either);
/// - at touch-up on the same row: `setHighlighted(false, animated:)`, `didUnhighlightRowAt`, then `willSelectRowAt`
///   (which may pick another row, or nil for none); with single selection each other selected row is offered to
///   `willDeselectRowAt`, `setSelected(false, animated:)`, `didDeselectRowAt`; then `setSelected(true, animated:)`,
///   the cell's storyboard selection segues, `didSelectRowAt`. With multiple selection a touch on a selected row
///   deselects it (`willDeselectRowAt`, `setSelected(false)`, `didDeselectRowAt`);
/// - when a drag takes the touch (`touchesCancelled`), or the finger leaves the row: the highlight goes
///   (`didUnhighlightRowAt`) and nothing is selected.
extension UITableView {
    // MARK: - Selection in code (no delegate calls, as UIKit)

    /// Records a row's selection and shows it on its cell when visible.
    func setRow(_ indexPath: IndexPath, selected: Bool, animated: Bool) {
        if selected { selectedRows.insert(indexPath) } else { selectedRows.remove(indexPath) }
        if let cell = visibleCell(at: indexPath), cell.isSelected != selected { cell.setSelected(selected, animated: animated) }
    }

    /// Deselects every row (`notify`: with `willDeselectRowAt`/`didDeselectRowAt`).
    func clearSelection(notify: Bool) {
        for row in selectedRows.sorted() {
            if notify { userDeselect(row) } else { setRow(row, selected: false, animated: false) }
        }
    }

    /// Touches may select rows now (in editing mode: either of the during-editing flags).
    var allowsSelectionNow: Bool {
        isEditing ? (allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing) : allowsSelection
    }

    var allowsMultipleSelectionNow: Bool {
        isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }

    // MARK: - Touches

    /// Removes a touch's highlight (`didUnhighlightRowAt` when `notify`).
    func cancelTouchHighlight(notify: Bool) {
        guard let row = touchHighlightedRow else { return }
        touchHighlightedRow = nil
        if let cell = visibleCell(at: row), cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        if notify { tableDelegate?.tableView(self, didUnhighlightRowAt: row) }
    }

    /// The user selected `row` (touch-up): UIKit's sequence of delegate calls.
    func userSelect(_ row: IndexPath) {
        if allowsMultipleSelectionNow, selectedRows.contains(row) {
            userDeselect(row)
            return
        }
        let target: IndexPath?
        if let delegate = tableDelegate { target = delegate.tableView(self, willSelectRowAt: row) } else { target = row }
        guard let target, geometry.contains(target) else { return }
        if !allowsMultipleSelectionNow {
            for other in selectedRows.sorted() where other != target { userDeselect(other) }
        }
        setRow(target, selected: true, animated: false)
        if let cell = visibleCell(at: target) { cell.triggerSelectionSegues() }
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    /// The user's action deselects `row`: `willDeselectRowAt` (which may pick another row, or nil to keep it),
    /// `setSelected(false)`, `didDeselectRowAt`.
    func userDeselect(_ row: IndexPath) {
        let target: IndexPath?
        if let delegate = tableDelegate { target = delegate.tableView(self, willDeselectRowAt: row) } else { target = row }
        guard let target, selectedRows.contains(target) else { return }
        setRow(target, selected: false, animated: false)
        tableDelegate?.tableView(self, didDeselectRowAt: target)
    }
}
