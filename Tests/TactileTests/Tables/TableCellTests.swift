import Foundation
import Tactile
import Testing

/// `UITableViewCell` and `UITableViewHeaderFooterView` (DESIGN-TABLE-CELL).
@Suite("UITableViewCell", .serialized)
@MainActor
struct TableCellTests {
    @Test("DESIGN-TABLE-CELL the standard labels per style live in the content view, which is sized to the cell")
    func styles() {
        _ = launchWithWindow()
        let plain = UITableViewCell(style: .default, reuseIdentifier: "a")
        #expect(plain.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(plain.contentView.superview === plain && plain.contentView.frame == plain.bounds)
        #expect(plain.textLabel?.superview === plain.contentView)
        #expect(plain.textLabel === plain.textLabel)                  // made once
        #expect(plain.detailTextLabel == nil)
        #expect(plain.imageView != nil)
        #expect(plain.reuseIdentifier == "a")
        let subtitle = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        #expect(subtitle.detailTextLabel?.superview === subtitle.contentView)
        #expect(UITableViewCell(style: .value2, reuseIdentifier: nil).imageView == nil)
        subtitle.frame = CGRect(x: 0, y: 0, width: 400, height: 60)
        subtitle.layoutIfNeeded()
        #expect(subtitle.contentView.frame.size == CGSize(width: 400, height: 60))
        #expect(subtitle.textLabel!.frame.maxY <= subtitle.detailTextLabel!.frame.minY)
        let accessory = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        subtitle.accessoryView = accessory
        subtitle.layoutIfNeeded()
        #expect(subtitle.contentView.frame.width == CGFloat(400 - 30 - 16))
        #expect(accessory.frame.maxX == CGFloat(400 - 16))
        let header = UITableViewHeaderFooterView(reuseIdentifier: "h")
        #expect(header.textLabel?.superview === header.contentView && header.reuseIdentifier == "h")
    }

    @Test("DESIGN-TABLE-CELL selected and highlighted go through the overridable setters, highlight the labels and show the selected background")
    func selectionAppearance() {
        _ = launchWithWindow()
        final class Recording: UITableViewCell {
            var calls: [String] = []
            override func setSelected(_ selected: Bool, animated: Bool) {
                calls.append("setSelected(\(selected), \(animated))")
                super.setSelected(selected, animated: animated)
            }
            override func setHighlighted(_ highlighted: Bool, animated: Bool) {
                calls.append("setHighlighted(\(highlighted), \(animated))")
                super.setHighlighted(highlighted, animated: animated)
            }
        }
        let cell = Recording(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = "title"
        cell.detailTextLabel?.text = "detail"
        let background = UIView()
        cell.selectedBackgroundView = background
        cell.isSelected = true
        cell.isHighlighted = true
        #expect(cell.calls == ["setSelected(true, false)", "setHighlighted(true, false)"])
        #expect(cell.textLabel?.isHighlighted == true && cell.detailTextLabel?.isHighlighted == true)
        #expect(background.superview === cell)
        #expect(cell.subviews.firstIndex { $0 === background }! < cell.subviews.firstIndex { $0 === cell.contentView }!)
        cell.setSelected(false, animated: true)
        cell.setHighlighted(false, animated: false)
        #expect(cell.textLabel?.isHighlighted == false)
        #expect(background.superview == nil)
        cell.selectionStyle = .none
        cell.isSelected = true
        #expect(cell.textLabel?.isHighlighted == false && background.superview == nil)   // recorded, not shown
        cell.isEditing = true
        #expect(cell.isEditing && cell.editingStyle == .none)   // the table gives the style
    }
}
