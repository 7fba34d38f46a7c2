import Foundation
import Tactile
import Testing

/// Row highlight and selection by touch, as on iOS (DESIGN-TABLE-SELECT-ORDER, DESIGN-TABLE-SELECT-CANCEL,
/// DESIGN-TABLE-MULTIPLE, DESIGN-TABLE-SELECT-CODE, DESIGN-TABLE-CONTROL).
///
/// Where the order comes from:
/// - Apple, `UITableViewDelegate.tableView(_:shouldHighlightRowAt:)`: "As touch events arrive, the table view
///   highlights rows in anticipation of the user selecting them … calls this method to ask your delegate if a
///   given cell should be highlighted" (developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldhighlightrowat:)).
/// - A log of `setHighlighted`/`setSelected` overrides on iOS ("iOS培训教程——UITableViewCell的高亮和选中",
///   blog.csdn.net/weixin_34293141/article/details/92645402): a tap sets the cell highlighted at touch-down, on lift
///   unhighlighted, then selected, then `tableView:didSelectRowAtIndexPath:`; with another row selected, that row is
///   deselected before the new one is selected.
/// - The delegate's order for a second row (iter01.com/128615.html, "淺談UITableView內Cell的選中細節過程"):
///   `willSelectRowAtIndexPath:` (new), `willDeselectRowAtIndexPath:` (old), `didDeselectRowAtIndexPath:` (old),
///   `didSelectRowAtIndexPath:` (new).
/// - A drag cancels the highlight and selects nothing (stackguides.com/questions/21460892, "UITableView loses the
///   current selection while the finger temporarily touches another row": "Move the finger to scroll … The new
///   row loses its highlighting … The old row stays selected").
/// - No highlight, no selection: github.com/younatics/ExpandableCell/issues/45 ("didSelectRowAt will not be called
///   if shouldHighlightRowAt is false"), as Apple documents for collection views.
/// - The content-touch delay: the touch reaches the cell (and, up the responder chain, the table) 150 ms after
///   touch-down, or at the lift of a quicker tap (the scroll view's rule).
@Suite("UITableView selection by touch", .serialized)
@MainActor
struct TableSelectionTests {
    private let tap = ["shouldHighlight 0.2", "cell.setHighlighted(true) 0.2", "didHighlight 0.2",
                       "cell.setHighlighted(false) 0.2", "didUnhighlight 0.2",
                       "willSelect 0.2", "cell.setSelected(true) 0.2", "didSelect 0.2"]

    @Test("DESIGN-TABLE-SELECT-ORDER a quick tap highlights and selects at the lift, in iOS's order")
    func quickTap() {
        let stage = TableStage()
        let p = stage.point(ofRow: 2)
        stage.finger.down(at: p)
        #expect(stage.take().isEmpty)                      // within the content-touch delay: nothing yet
        stage.finger.up()
        #expect(stage.take() == tap)
        #expect(stage.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(stage.table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        #expect(stage.table.cellForRow(at: IndexPath(row: 2, section: 0))?.isHighlighted == false)
    }

    @Test("DESIGN-TABLE-SELECT-ORDER a finger held 200 ms highlights the row before the lift; the lift selects it")
    func heldTap() {
        let stage = TableStage()
        stage.finger.down(at: stage.point(ofRow: 2))
        stage.finger.wait(0.2)
        #expect(stage.take() == Array(tap.prefix(3)))
        #expect(stage.table.cellForRow(at: IndexPath(row: 2, section: 0))?.isHighlighted == true)
        stage.finger.up()
        #expect(stage.take() == Array(tap.dropFirst(3)))
    }

    @Test("DESIGN-TABLE-SELECT-CANCEL a drag after the highlight cancels it: didUnhighlight, nothing selected")
    func dragCancels() {
        let stage = TableStage()
        stage.finger.down(at: stage.point(ofRow: 2))
        stage.finger.wait(0.2)
        _ = stage.take()
        for k in 1...5 { stage.finger.move(to: CGPoint(x: 160, y: stage.point(ofRow: 2).y - CGFloat(k) * 8)) }
        #expect(stage.take() == ["cell.setHighlighted(false) 0.2", "didUnhighlight 0.2"])
        stage.finger.up()
        stage.settleMotion()
        #expect(stage.take().isEmpty)
        #expect(stage.table.indexPathForSelectedRow == nil)
    }

    @Test("DESIGN-TABLE-SELECT-CANCEL a drag that begins within the delay never highlights")
    func quickDrag() {
        let stage = TableStage()
        stage.finger.drag(from: stage.point(ofRow: 5), to: CGPoint(x: 160, y: 50), steps: 5)
        stage.settleMotion()
        #expect(stage.take().isEmpty)
        #expect(stage.table.contentOffset.y > 0)
    }

    @Test("DESIGN-TABLE-SELECT-CANCEL lifting after the finger left the row (sideways, no scroll) selects nothing")
    func leftTheRow() {
        let stage = TableStage()
        stage.finger.down(at: stage.point(ofRow: 2))
        stage.finger.wait(0.2)
        _ = stage.take()
        let y = stage.point(ofRow: 2).y
        stage.finger.move(to: CGPoint(x: 250, y: y))
        stage.finger.move(to: CGPoint(x: 330, y: y))       // beyond the row's right edge
        #expect(stage.take() == ["cell.setHighlighted(false) 0.2", "didUnhighlight 0.2"])
        stage.finger.up()
        #expect(stage.take().isEmpty)
    }

    @Test("DESIGN-TABLE-SELECT-ORDER tapping a second row deselects the first: willSelect, willDeselect, didDeselect, didSelect")
    func secondRow() {
        let stage = TableStage()
        stage.finger.tap(at: stage.point(ofRow: 2))
        _ = stage.take()
        stage.finger.tap(at: stage.point(ofRow: 4))
        #expect(stage.take() == ["shouldHighlight 0.4", "cell.setHighlighted(true) 0.4", "didHighlight 0.4",
                                 "cell.setHighlighted(false) 0.4", "didUnhighlight 0.4",
                                 "willSelect 0.4", "willDeselect 0.2", "cell.setSelected(false) 0.2", "didDeselect 0.2",
                                 "cell.setSelected(true) 0.4", "didSelect 0.4"])
        #expect(stage.table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
        // Tapping the selected row again selects it again (no deselection).
        stage.finger.tap(at: stage.point(ofRow: 4))
        #expect(stage.take().suffix(2) == ["willSelect 0.4", "didSelect 0.4"])
        #expect(stage.table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
    }

    @Test("DESIGN-TABLE-SELECT-ORDER willSelectRowAt may redirect the selection or refuse it")
    func willSelectRedirects() {
        let stage = TableStage()
        stage.log.willSelect = { $0.row == 2 ? IndexPath(row: 3, section: 0) : nil }
        stage.finger.tap(at: stage.point(ofRow: 2))
        #expect(stage.take().suffix(3) == ["willSelect 0.2", "cell.setSelected(true) 0.3", "didSelect 0.3"])
        #expect(stage.table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
        stage.finger.tap(at: stage.point(ofRow: 5))
        #expect(stage.take().last == "willSelect 0.5")
        #expect(stage.table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    }

    @Test("DESIGN-TABLE-SELECT-ORDER allowsSelection false: touches neither highlight nor select; shouldHighlight false: neither")
    func noSelection() {
        let stage = TableStage { table, _ in table.allowsSelection = false }
        stage.finger.tap(at: stage.point(ofRow: 2))
        #expect(stage.take().isEmpty)
        stage.table.allowsSelection = true
        stage.log.shouldHighlight = { _ in false }
        stage.finger.tap(at: stage.point(ofRow: 2))
        #expect(stage.take() == ["shouldHighlight 0.2"])
        #expect(stage.table.indexPathForSelectedRow == nil)
    }

    @Test("DESIGN-TABLE-MULTIPLE multiple selection: taps add rows; a tap on a selected row deselects it")
    func multiple() {
        let stage = TableStage { table, _ in table.allowsMultipleSelection = true }
        stage.finger.tap(at: stage.point(ofRow: 1))
        stage.finger.tap(at: stage.point(ofRow: 3))
        _ = stage.take()
        #expect(stage.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
        stage.finger.tap(at: stage.point(ofRow: 1))
        #expect(stage.take() == ["shouldHighlight 0.1", "cell.setHighlighted(true) 0.1", "didHighlight 0.1",
                                 "cell.setHighlighted(false) 0.1", "didUnhighlight 0.1",
                                 "willDeselect 0.1", "cell.setSelected(false) 0.1", "didDeselect 0.1"])
        #expect(stage.table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
        stage.log.willDeselect = { _ in nil }                // refused: stays selected
        stage.finger.tap(at: stage.point(ofRow: 3))
        #expect(stage.take().last == "willDeselect 0.3")
        #expect(stage.table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
    }

    @Test("DESIGN-TABLE-SELECT-CODE selectRow and deselectRow call no delegate method; the selection outlives the cell")
    func selectionInCode() {
        let stage = TableStage(rows: 200)
        let row = IndexPath(row: 1, section: 0)
        stage.table.selectRow(at: row, animated: false, scrollPosition: .none)
        #expect(stage.take() == ["cell.setSelected(true) 0.1"])
        #expect(stage.table.contentOffset.y == 0)
        stage.table.selectRow(at: IndexPath(row: 150, section: 0), animated: false, scrollPosition: .middle)
        #expect(stage.table.indexPathForSelectedRow == IndexPath(row: 150, section: 0))   // single selection
        #expect(stage.table.rectForRow(at: IndexPath(row: 150, section: 0)).midY == stage.table.contentOffset.y + 240)
        stage.table.contentOffset = .zero
        stage.table.selectRow(at: row, animated: false, scrollPosition: .none)
        stage.table.contentOffset = CGPoint(x: 0, y: 4000)
        stage.table.contentOffset = .zero
        #expect(stage.table.cellForRow(at: row)?.isSelected == true)       // a new cell shows the selection
        _ = stage.take()
        stage.table.deselectRow(at: row, animated: false)
        #expect(stage.take() == ["cell.setSelected(false) 0.1"])
        #expect(stage.table.indexPathForSelectedRow == nil)
    }

    @Test("DESIGN-TABLE-CONTROL a button in a cell gets the tap; the row is not selected")
    func buttonInCell() {
        let stage = TableStage()
        let target = PlainTarget()
        let cell = stage.table.cellForRow(at: IndexPath(row: 2, section: 0))!
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 200, y: 4, width: 80, height: 36)
        button.addTarget(target, action: "bump:", for: .touchUpInside)
        cell.contentView.addSubview(button)
        let p = cell.contentView.convert(CGPoint(x: 240, y: 22), to: stage.window)
        stage.finger.tap(at: p)
        #expect(target.count == 1)
        #expect(stage.take().isEmpty)
        #expect(stage.table.indexPathForSelectedRow == nil)
        stage.finger.tap(at: stage.point(ofRow: 2))           // elsewhere on the row: selects it
        #expect(stage.take().last == "didSelect 0.2")
    }
}
