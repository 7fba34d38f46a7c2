import Foundation

/// Scroll views, table views and their cells in storyboards (DESIGN-TABLE-STORYBOARD).
///
/// - `scrollView` → `UIScrollView` with its scrolling attributes and `<size key="contentSize">` when present.
/// - `tableView` → `UITableView`: style, row and section heights, selection flags, `tableHeaderView` and
///   `tableFooterView`; its `<prototypes>` cells are registered by reuse identifier — each dequeue builds a new cell
///   from the prototype's XML (subviews, outlets to the cell's custom class, constraints, `awakeFromNib()`, its
///   segues); its static sections (`dataMode="static"`) are built with the scene (outlets from the controller to
///   them connect) and served by ``UITableViewController``'s default data source.
/// - `tableViewCell` → `UITableViewCell` (its `style`, `reuseIdentifier`, selection style, accessory,
///   indentation); its `contentView` element decodes into the cell's content view; `textLabel`,
///   `detailTextLabel` and `imageView` name the views that are the cell's standard ones.
extension StoryboardInstantiator {
    /// A scroll view's (or table's) attributes, applied once it is made (its recognizers exist then).
    func decodeScrollView(_ scrollView: UIScrollView, from element: Int32) {
        let e = xml[element]
        if e["scrollEnabled"] == "NO" { scrollView.isScrollEnabled = false }
        if e["pagingEnabled"] == "YES" { scrollView.isPagingEnabled = true }
        if e["bounces"] == "NO" { scrollView.bounces = false }
        if e["alwaysBounceVertical"] == "YES" { scrollView.alwaysBounceVertical = true }
        if e["alwaysBounceHorizontal"] == "YES" { scrollView.alwaysBounceHorizontal = true }
        if e["directionalLockEnabled"] == "YES" { scrollView.isDirectionalLockEnabled = true }
        if e["delaysContentTouches"] == "NO" { scrollView.delaysContentTouches = false }
        if e["canCancelContentTouches"] == "NO" { scrollView.canCancelContentTouches = false }
        if e["showsHorizontalScrollIndicator"] == "NO" { scrollView.showsHorizontalScrollIndicator = false }
        if e["showsVerticalScrollIndicator"] == "NO" { scrollView.showsVerticalScrollIndicator = false }
        if e["bouncesZoom"] == "NO" { scrollView.bouncesZoom = false }
        if e["scrollsToTop"] == "NO" { scrollView.scrollsToTop = false }
        if let v = e["minimumZoomScale"].flatMap(Double.init) { scrollView.minimumZoomScale = CGFloat(v) }
        if let v = e["maximumZoomScale"].flatMap(Double.init) { scrollView.maximumZoomScale = CGFloat(v) }
        switch e["keyboardDismissMode"] {
        case "onDrag": scrollView.keyboardDismissMode = .onDrag
        case "interactive": scrollView.keyboardDismissMode = .interactive
        default: break
        }
        switch e["contentInsetAdjustmentBehavior"] {
        case "never": scrollView.contentInsetAdjustmentBehavior = .never
        case "always": scrollView.contentInsetAdjustmentBehavior = .always
        case "scrollableAxes": scrollView.contentInsetAdjustmentBehavior = .scrollableAxes
        default: break
        }
        if let size = xml.child(of: element, named: "size", key: "contentSize") {
            scrollView.contentSize = CGSize(width: number(xml[size]["width"]), height: number(xml[size]["height"]))
        }
        if let table = scrollView as? UITableView { decodeTable(table, from: element) }
    }

    /// A table's attributes, header and footer views, prototypes and static sections.
    private func decodeTable(_ table: UITableView, from element: Int32) {
        let e = xml[element]
        if let v = e["rowHeight"].flatMap(Double.init) { table.rowHeight = CGFloat(v) }
        if let v = e["estimatedRowHeight"].flatMap(Double.init) { table.estimatedRowHeight = CGFloat(v) }
        if let v = e["sectionHeaderHeight"].flatMap(Double.init) { table.sectionHeaderHeight = CGFloat(v) }
        if let v = e["sectionFooterHeight"].flatMap(Double.init) { table.sectionFooterHeight = CGFloat(v) }
        if let v = e["estimatedSectionHeaderHeight"].flatMap(Double.init) { table.estimatedSectionHeaderHeight = CGFloat(v) }
        if let v = e["estimatedSectionFooterHeight"].flatMap(Double.init) { table.estimatedSectionFooterHeight = CGFloat(v) }
        if let style = e["separatorStyle"].flatMap(StoryboardValues.separatorStyle) { table.separatorStyle = style }
        if e["allowsSelection"] == "NO" { table.allowsSelection = false }
        if e["allowsSelectionDuringEditing"] == "YES" { table.allowsSelectionDuringEditing = true }
        if e["allowsMultipleSelection"] == "YES" { table.allowsMultipleSelection = true }
        if e["allowsMultipleSelectionDuringEditing"] == "YES" { table.allowsMultipleSelectionDuringEditing = true }
        if let header = xml.child(of: element, key: "tableHeaderView") { table.tableHeaderView = view(header) }
        if let footer = xml.child(of: element, key: "tableFooterView") { table.tableFooterView = view(footer) }
        if let background = xml.child(of: element, key: "backgroundView") { table.backgroundView = view(background) }
        for cell in xml.grandchildren(of: element, in: "prototypes") where xml[cell].name == "tableViewCell" {
            guard let identifier = xml[cell]["reuseIdentifier"], !identifier.isEmpty else { continue }
            if table.prototypes[identifier] == nil {
                table.prototypes[identifier] = TablePrototype(storyboard: storyboard, element: cell, controller: sceneController)
            }
        }
        if e["dataMode"] == "static", let sections = xml.child(of: element, named: "sections") {
            var statics: [TableStaticSection] = []
            for s in xml[sections].children where xml[s].name == "tableViewSection" {
                var section = TableStaticSection(headerTitle: xml[s]["headerTitle"], footerTitle: xml[s]["footerTitle"],
                                                 cells: [], rowHeights: [])
                for c in xml.grandchildren(of: s, in: "cells") where xml[c].name == "tableViewCell" {
                    let cell = view(c) as? UITableViewCell ?? UITableViewCell(style: .default, reuseIdentifier: nil)
                    cell.isStaticCell = true
                    section.cells.append(cell)
                    section.rowHeights.append(xml[c]["rowHeight"].flatMap(Double.init).map { CGFloat($0) })
                }
                statics.append(section)
            }
            table.staticSections = statics
        }
    }

    /// A cell's own attributes and its content view (called while the cell's `init?(coder:)` decodes it).
    func decodeCell(_ cell: UITableViewCell, from element: Int32) {
        let e = xml[element]
        if let style = e["selectionStyle"].flatMap(StoryboardValues.selectionStyle) { cell.selectionStyle = style }
        if let type = e["accessoryType"].flatMap(StoryboardValues.accessoryType) { cell.accessoryType = type }
        if let type = e["editingAccessoryType"].flatMap(StoryboardValues.accessoryType) { cell.editingAccessoryType = type }
        if let level = e["indentationLevel"].flatMap(Int.init) { cell.indentationLevel = level }
        if let width = e["indentationWidth"].flatMap(Double.init) { cell.indentationWidth = CGFloat(width) }
        if e["showsReorderControl"] == "YES" { cell.showsReorderControl = true }
        if e["shouldIndentWhileEditing"] == "NO" { cell.shouldIndentWhileEditing = false }
        if let content = xml.child(of: element, key: "contentView") { decode(cell.contentView, from: content) }
        if let id = e["textLabel"], let label = document.element(id: id).flatMap({ objects[$0] }) as? UILabel {
            cell.textLabelStorage = label
        }
        if let id = e["detailTextLabel"], let label = document.element(id: id).flatMap({ objects[$0] }) as? UILabel {
            cell.detailTextLabelStorage = label
        }
        if let id = e["imageView"], let image = document.element(id: id).flatMap({ objects[$0] }) as? UIImageView {
            cell.imageViewStorage = image
        }
    }

    /// A new cell from a prototype: this instantiation's part is the cell and everything in it (outlets,
    /// runtime attributes, constraints, `awakeFromNib()`), with `controller` as the source of its segues.
    func instantiatePrototype(_ element: Int32, controller: UIViewController?) -> UITableViewCell {
        sceneController = controller
        let made = view(element)
        for (e, object) in self.made { connect(e, object) }
        for (e, object) in self.made { applyRuntimeAttributes(of: e, to: object) }
        activateConstraints(controller?.storyboardLink)
        for (_, object) in self.made { object.awakeFromNib() }
        return made as? UITableViewCell ?? UITableViewCell(style: .default, reuseIdentifier: xml[element]["reuseIdentifier"])
    }
}

/// A storyboard prototype cell registered on a table: the storyboard and the cell's element, and the scene's
/// controller (the source of the cell's segues; held weakly).
@MainActor
struct TablePrototype {
    let storyboard: UIStoryboard
    let element: Int32
    weak var controller: UIViewController?

    /// A new cell from the prototype's XML.
    func make() -> UITableViewCell {
        StoryboardInstantiator(storyboard).instantiatePrototype(element, controller: controller)
    }
}

extension UITableViewCell {
    /// UIKit performs the selection segues a storyboard attaches to a cell when the user selects its row (not
    /// those its accessory triggers): each is asked `shouldPerformSegue(withIdentifier:sender:)` on the scene's
    /// controller, with the cell as the sender.
    func triggerSelectionSegues() {
        guard let trigger = storyboardTrigger, let controller = trigger.controller,
              let link = controller.storyboardLink else { return }
        let xml = link.storyboard.document.xml
        for segue in link.storyboard.document.segues(from: link.element) where segue.trigger == trigger.element {
            guard xml[segue.element]["trigger"] != "accessoryAction" else { continue }
            _ = controller.trigger(segue, sender: self)
        }
    }
}

extension StoryboardValues {
    static func tableStyle(_ name: String) -> UITableView.Style? {
        switch name {
        case "plain": .plain
        case "grouped": .grouped
        case "insetGrouped": .insetGrouped
        default: nil
        }
    }

    static func cellStyle(_ name: String) -> UITableViewCell.CellStyle? {
        switch name {
        case "IBUITableViewCellStyleDefault": .default
        case "IBUITableViewCellStyleValue1": .value1
        case "IBUITableViewCellStyleValue2": .value2
        case "IBUITableViewCellStyleSubtitle": .subtitle
        default: nil
        }
    }

    static func selectionStyle(_ name: String) -> UITableViewCell.SelectionStyle? {
        switch name {
        case "none": UITableViewCell.SelectionStyle.none
        case "blue": .blue
        case "gray": .gray
        case "default": .default
        default: nil
        }
    }

    static func accessoryType(_ name: String) -> UITableViewCell.AccessoryType? {
        switch name {
        case "none": UITableViewCell.AccessoryType.none
        case "disclosureIndicator": .disclosureIndicator
        case "detailDisclosureButton": .detailDisclosureButton
        case "checkmark": .checkmark
        case "detailButton": .detailButton
        default: nil
        }
    }

    static func separatorStyle(_ name: String) -> UITableViewCell.SeparatorStyle? {
        switch name {
        case "none": UITableViewCell.SeparatorStyle.none
        case "default", "singleLine": .singleLine
        case "singleLineEtched": .singleLineEtched
        default: nil
        }
    }
}
