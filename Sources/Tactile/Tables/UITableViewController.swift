import Foundation

/// `UITableViewController`: a controller whose view is one table (VCG-A-06, DESIGN-TABLE-CONTROLLER).
///
/// - ``tableView`` is its ``UIViewController/view``: `loadView()` makes a table of the controller's style whose
///   data source and delegate are the controller (a storyboard's scene brings its own table; one whose data
///   source or delegate is not connected gets the controller).
/// - It is the table's data source and delegate: every `UITableViewDataSource`, `UITableViewDelegate` and
///   `UIScrollViewDelegate` method is declared here, `open`, so a subclass overrides them with `override func`, as
///   with UIKit (whose Objective-C protocol methods Swift shows on the class). The defaults answer as a table
///   without them would, and serve a storyboard's static cells (`dataMode="static"`): its sections, their titles,
///   rows and cells.
/// - The first time the table appears it loads its data if it never did; with ``clearsSelectionOnViewWillAppear``
///   (the default) the selection is cleared in `viewWillAppear(_:)`, so a row selected to push the next screen is
///   deselected when the user comes back (VCG-S-01).
/// - ``setEditing(_:animated:)`` is forwarded to the table.
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableStyle: UITableView.Style

    /// A controller whose table has `style`.
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller with a plain table.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A controller from a storyboard (`tableViewController`): its table is the scene's `tableView`;
    /// `clearsSelectionOnViewWillAppear="NO"` is read here.
    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
        if coder.containsValue(forKey: "clearsSelectionOnViewWillAppear") {
            clearsSelectionOnViewWillAppear = coder.decodeBool(forKey: "clearsSelectionOnViewWillAppear")
        }
    }

    /// The table: the controller's view (reading it loads the view).
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// Clear the selection each time the table is about to appear (true).
    open var clearsSelectionOnViewWillAppear = true

    /// The table's pull-to-refresh control (its `refreshControl`; kept until the table is loaded).
    open var refreshControl: UIRefreshControl? {
        get { (viewIfLoaded as? UITableView)?.refreshControl ?? pendingRefreshControl }
        set {
            pendingRefreshControl = newValue
            (viewIfLoaded as? UITableView)?.refreshControl = newValue
        }
    }

    private var pendingRefreshControl: UIRefreshControl?

    /// Makes the table: the scene's from a storyboard (UIKit raises when that is not a table: reported, and a table
    /// stands in), else a new one of the controller's style. Its unset data source and delegate become the
    /// controller.
    open override func loadView() {
        if storyboard != nil {
            super.loadView()
            if let loaded = viewIfLoaded, !(loaded is UITableView) {
                TactileDiagnostics.report("UITableViewController.loadView()",
                                          "NSInternalInconsistencyException: -[UITableViewController loadView] instantiated view controller with identifier \"\(storyboardIdentifierForReport)\" from storyboard, but didn't get a UITableView.")
                view = nil
            }
        }
        if viewIfLoaded == nil {
            view = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: tableStyle)
        }
        if let table = viewIfLoaded as? UITableView {
            if table.dataSource == nil { table.dataSource = self }
            if table.delegate == nil { table.delegate = self }
            if let pendingRefreshControl { table.refreshControl = pendingRefreshControl }
        }
    }

    private var storyboardIdentifierForReport: String { title ?? String(describing: type(of: self)) }

    /// Loads the table's data the first time (if it never loaded) and clears the selection when
    /// ``clearsSelectionOnViewWillAppear``. Overrides must call `super`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let table = viewIfLoaded as? UITableView else { return }
        if !table.hasLoadedData { table.reloadData() }
        if clearsSelectionOnViewWillAppear, let selected = table.indexPathsForSelectedRows {
            for row in selected { table.deselectRow(at: row, animated: animated) }
        }
    }

    /// Flashes the scroll indicators (nothing to see headlessly). Overrides must call `super`.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        (viewIfLoaded as? UITableView)?.flashScrollIndicators()
    }

    /// Editing mode, forwarded to the table (VCG-H-01).
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        (viewIfLoaded as? UITableView)?.setEditing(editing, animated: animated)
    }

    // MARK: - UITableViewDataSource (static cells by default)

    private func staticSections(_ tableView: UITableView) -> [TableStaticSection]? { tableView.staticSections }

    /// The static sections' count from a storyboard, else 1.
    open func numberOfSections(in tableView: UITableView) -> Int {
        staticSections(tableView)?.count ?? 1
    }

    /// The static section's cells, else 0.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard let sections = staticSections(tableView), section >= 0, section < sections.count else { return 0 }
        return sections[section].cells.count
    }

    /// The static cell of the row. A subclass with dynamic rows overrides it (without static cells the default
    /// reports the missing implementation and returns an empty cell).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let sections = staticSections(tableView), indexPath.section < sections.count,
           indexPath.row < sections[indexPath.section].cells.count {
            return sections[indexPath.section].cells[indexPath.row]
        }
        TactileDiagnostics.report("UITableViewController.tableView(_:cellForRowAt:)",
                                  "\(type(of: self)) has rows but does not implement tableView(_:cellForRowAt:)")
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// The static section's header title.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        guard let sections = staticSections(tableView), section >= 0, section < sections.count else { return nil }
        return sections[section].headerTitle
    }

    /// The static section's footer title.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        guard let sections = staticSections(tableView), section >= 0, section < sections.count else { return nil }
        return sections[section].footerTitle
    }

    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                        forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    // MARK: - UITableViewDelegate

    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    open func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {}
    open func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {}

    /// The static cell's own height (`rowHeight` on the cell element), else the table's ``UITableView/rowHeight``.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        if let sections = staticSections(tableView), indexPath.section < sections.count,
           indexPath.row < sections[indexPath.section].rowHeights.count,
           let height = sections[indexPath.section].rowHeights[indexPath.row] {
            return height
        }
        return tableView.rowHeight
    }
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.defaultHeaderHeight(section)
    }
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.defaultFooterHeight(section)
    }
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    open func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.estimatedSectionHeaderHeight
    }
    open func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.estimatedSectionFooterHeight
    }
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        .delete
    }
    open func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
        "Delete"
    }
    open func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    open func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        proposedDestinationIndexPath
    }
    open func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }

    // MARK: - UIScrollViewDelegate

    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    open func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    open func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
