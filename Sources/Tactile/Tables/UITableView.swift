import Foundation
import TactileCore

/// `UITableView`: a vertical scroll view of rows in sections, with real cell reuse (DESIGN-TABLE-REUSE, AG-Y-05).
///
/// - Geometry (DESIGN-TABLE-GEOMETRY): at each reload the table asks its data source for the sections and rows and
///   its delegate for the heights, once, and keeps per-section prefix sums of the row heights; finding the rows in a
///   rectangle is a binary search, so a table of 10^5 rows reloads and scrolls in microseconds per frame. A
///   delegate that implements `tableView(_:heightForRowAt:)` is asked for every row (as UIKit does); one that does
///   not costs nothing per row (every row has ``rowHeight``). `contentSize` follows the geometry.
/// - Tiling (DESIGN-TABLE-REUSE): only the rows whose frames meet the bounds have cells. When the content offset
///   moves, the table tiles in `layoutSubviews()` (the scroll view asks for a layout on every offset change), and
///   ``visibleCells``, ``indexPathsForVisibleRows`` and ``cellForRow(at:)`` tile at once when the bounds moved
///   since, as UIKit's do. A row leaving the bounds gives its cell to the reuse pool (hidden, still a subview;
///   `tableView(_:didEndDisplaying:forRowAt:)`); a row entering gets one from the data source's
///   `tableView(_:cellForRowAt:)` (`tableView(_:willDisplay:forRowAt:)` before it shows). A pooled cell that
///   ``dequeueReusableCell(withIdentifier:for:)`` hands out again gets `prepareForReuse()` first.
/// - Selection by touch (DESIGN-TABLE-SELECT-ORDER): the table handles its rows' touches in its own touch methods
///   (they come up the responder chain from the cell), after the scroll view's content-touch delay: highlight at
///   touch-down, select at touch-up, a drag cancels the highlight. A control in a cell keeps its touches.
/// - Batch updates (DESIGN-TABLE-UPDATES): inserts, deletes, moves and reloads keep the index paths of the visible
///   cells and of the selection consistent, with UIKit's rules and its "Invalid update" reasons.
///
/// The table's ``delegate`` is the scroll view's `delegate` (one storage, as in UIKit). UIKit declares it as
/// `(any UITableViewDelegate)?`; Swift does not let an override change a property's type, so here it keeps the
/// scroll view's type, `UIScrollViewDelegate?` — `tableView.delegate = self` compiles for any
/// `UITableViewDelegate`, and the table calls the `UITableViewDelegate` methods of a delegate that conforms.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// `UITableView.Style`.
    public enum Style: Int, Sendable {
        /// Rows in one plain list; section headers float at the top while their section shows.
        case plain = 0
        /// Sections as separate groups.
        case grouped = 1
        /// Grouped, the groups inset from the sides (by 20 points here).
        case insetGrouped = 2
    }

    /// `UITableView.ScrollPosition`: where ``scrollToRow(at:at:animated:)`` brings a row.
    public enum ScrollPosition: Int, Sendable {
        /// The least scroll that makes the row fully visible.
        case none = 0
        case top = 1
        case middle = 2
        case bottom = 3
    }

    /// `UITableView.RowAnimation`: accepted and ignored headlessly (updates happen at once).
    public enum RowAnimation: Int, Sendable {
        case fade = 0
        case right = 1
        case left = 2
        case top = 3
        case bottom = 4
        case none = 5
        case middle = 6
        case automatic = 100
    }

    /// `UITableView.automaticDimension` (-1): a height the table works out. A row of this height is 44 points
    /// (or ``estimatedRowHeight`` when set) until its cell is displayed, then the height its cell's
    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` gives at the table's
    /// width if that is more (DESIGN-TABLE-GEOMETRY).
    public static let automaticDimension: CGFloat = -1

    /// The height of a row whose height is automatic, before its cell is measured.
    public static let tactileDefaultRowHeight: CGFloat = 44

    // MARK: - Creating

    /// A table with `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        configureTable()
    }

    /// A plain table.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// A table from a storyboard: its `style`, and (once made) its row heights, selection flags, prototype cells
    /// and static sections (DESIGN-TABLE-STORYBOARD).
    public required init?(coder: NSCoder) {
        style = (coder.decodeObject(forKey: "style") as? String).flatMap(StoryboardValues.tableStyle) ?? .plain
        super.init(coder: coder)
        configureTable()
    }

    private func configureTable() {
        alwaysBounceVertical = true
    }

    /// The style, fixed at creation.
    open private(set) var style: Style

    // MARK: - Data source and delegate

    /// The object that gives the rows and cells (held weakly). Setting it reloads at the next layout.
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { setNeedsReload() }
    }

    /// The delegate: the scroll view's (see the class discussion). A `UITableViewDelegate` hears the table's
    /// calls as well as the scroll view's.
    open override var delegate: UIScrollViewDelegate? {
        didSet {
            tableDelegate = delegate as? UITableViewDelegate
            setNeedsReload()
        }
    }

    /// ``delegate`` as a `UITableViewDelegate`, cast once when it is set.
    weak var tableDelegate: (any UITableViewDelegate)?

    /// Set by the default `tableView(_:heightForRowAt:)` of `UITableViewDelegate`: the delegate has no
    /// implementation of its own (so the table need not ask every row).
    static var defaultRowHeightAnswered = false

    // MARK: - Configuration

    /// The height of every row whose delegate gives none (44). ``automaticDimension``: measured (see there).
    open var rowHeight: CGFloat = 44 { didSet { if rowHeight != oldValue { setNeedsReload() } } }
    /// The height of section headers when the delegate gives none (``automaticDimension`` by default). Automatic
    /// headers are, headlessly, 28 points in a plain table for a section with a title and 0 without one; 38 and
    /// 18 in a grouped table. An explicit height applies to every section of a grouped table and to the sections
    /// with a title of a plain one (a plain section without a title has no header).
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { if sectionHeaderHeight != oldValue { setNeedsReload() } } }
    /// The height of section footers (as ``sectionHeaderHeight``).
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension {
        didSet { if sectionFooterHeight != oldValue { setNeedsReload() } }
    }
    /// An estimate of row heights (0: none). Automatic rows start at this height when it is positive.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
        didSet { if estimatedRowHeight != oldValue { setNeedsReload() } }
    }
    /// An estimate of header heights (kept; the geometry uses the real heights).
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// An estimate of footer heights (kept; the geometry uses the real heights).
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Extra space above each section header (kept, not laid out).
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension
    /// The style of the lines between rows (nothing is drawn headlessly).
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine
    /// The colour of the separators.
    open var separatorColor: UIColor? = UIColor(white: 0.78, alpha: 1)
    /// The default inset of the separators.
    open var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0)
    /// A view behind the rows, sized to the table.
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView {
                insertSubview(backgroundView, at: 0)
                backgroundView.frame = bounds
            }
        }
    }
    /// Cells follow the readable width (kept).
    open var cellLayoutMarginsFollowReadableWidth = false
    /// Cells' content stays inside the safe area (kept).
    open var insetsContentViewsToSafeArea = true
    /// Rows shown beneath the last one to fill a plain table (kept).
    open var fillerRowHeight: CGFloat = UITableView.automaticDimension
    /// The index's text colour (no index is drawn headlessly).
    open var sectionIndexColor: UIColor?
    /// How many rows a table needs before it shows its index.
    open var sectionIndexMinimumDisplayRowCount = 0

    /// A view above the first section, as wide as the table (its height is kept).
    open var tableHeaderView: UIView? {
        didSet {
            if oldValue !== tableHeaderView { oldValue?.removeFromSuperview() }
            if let tableHeaderView { addSubview(tableHeaderView) }
            setNeedsReload()
        }
    }
    /// A view below the last section, as wide as the table (its height is kept).
    open var tableFooterView: UIView? {
        didSet {
            if oldValue !== tableFooterView { oldValue?.removeFromSuperview() }
            if let tableFooterView { addSubview(tableFooterView) }
            setNeedsReload()
        }
    }

    open override class var tactileOutlets: [String: AnyKeyPath] {
        super.tactileOutlets.merging([
            "dataSource": \UITableView.dataSource, "delegate": \UITableView.delegate,
            "tableHeaderView": \UITableView.tableHeaderView, "tableFooterView": \UITableView.tableFooterView,
            "backgroundView": \UITableView.backgroundView, "rowHeight": \UITableView.rowHeight,
            "estimatedRowHeight": \UITableView.estimatedRowHeight,
            "sectionHeaderHeight": \UITableView.sectionHeaderHeight,
            "sectionFooterHeight": \UITableView.sectionFooterHeight,
            "allowsSelection": \UITableView.allowsSelection,
            "allowsMultipleSelection": \UITableView.allowsMultipleSelection,
        ]) { $1 }
    }

    // MARK: - Selection configuration (UITableView+Selection.swift)

    /// A touch may select a row outside editing mode (true).
    open var allowsSelection = true
    /// A touch may select a row in editing mode (false).
    open var allowsSelectionDuringEditing = false
    /// Touches select several rows outside editing mode; a touch on a selected row deselects it (false).
    open var allowsMultipleSelection = false
    /// As ``allowsMultipleSelection``, in editing mode (false).
    open var allowsMultipleSelectionDuringEditing = false
    /// Selecting a row moves focus to it (kept).
    open var selectionFollowsFocus = false

    // MARK: - Editing

    /// Editing mode (the rows show their editing controls). Setting it calls ``setEditing(_:animated:)``.
    open var isEditing: Bool {
        get { editingMode }
        set { setEditing(newValue, animated: false) }
    }
    var editingMode = false

    /// Enters or leaves editing mode: the selection is cleared (no delegate calls) and every visible cell follows
    /// (`setEditing(_:animated:)`, with its editing style from the delegate for the rows the data source lets edit)
    /// (DESIGN-TABLE-EDITING).
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingMode else { return }
        editingMode = editing
        cancelTouchHighlight(notify: true)
        clearSelection(notify: false)
        for (i, cell) in visibleCellList.enumerated() { configureEditing(cell, at: visibleRowList[i], animated: animated) }
    }

    /// Sets a cell's editing state and style for the row.
    func configureEditing(_ cell: UITableViewCell, at indexPath: IndexPath, animated: Bool) {
        var style = UITableViewCell.EditingStyle.none
        if editingMode, dataSource?.tableView(self, canEditRowAt: indexPath) ?? false {
            style = tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
        }
        cell.tableEditingStyle = style
        if cell.isEditing != editingMode { cell.setEditing(editingMode, animated: animated) }
    }

    // MARK: - Registering and dequeuing cells

    /// The classes registered for reuse identifiers.
    var cellClasses: [String: UITableViewCell.Type] = [:]
    /// Storyboard prototype cells, by reuse identifier.
    var prototypes: [String: TablePrototype] = [:]
    /// The classes registered for header and footer identifiers.
    var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    /// Cells waiting to be reused, by identifier (hidden subviews of the table). Each identifier's cells are in a
    /// bucket object, so taking and returning a cell mutates no dictionary (no allocation while scrolling).
    var reusePool: [String: ReuseBucket<UITableViewCell>] = [:]
    /// Header and footer views waiting to be reused, by identifier ("" for the title views the table makes).
    var headerFooterPool: [String: ReuseBucket<UITableViewHeaderFooterView>] = [:]

    /// The pool of `identifier`, made when first needed.
    func pool<View>(_ pools: inout [String: ReuseBucket<View>], _ identifier: String) -> ReuseBucket<View> {
        if let bucket = pools[identifier] { return bucket }
        let bucket = ReuseBucket<View>()
        pools[identifier] = bucket
        return bucket
    }

    /// Registers `cellClass` (a `UITableViewCell` subclass; nil unregisters) for `identifier`: dequeuing makes new
    /// cells with `init(style: .default, reuseIdentifier: identifier)` — the subclass's own override of it, found
    /// without an Objective-C runtime (``UITableViewCell`` explains how). It replaces a storyboard prototype with
    /// that identifier.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        prototypes[identifier] = nil
        guard let cellClass else { cellClasses[identifier] = nil; return }
        guard let cls = cellClass as? UITableViewCell.Type else {
            return TactileDiagnostics.report("UITableView.register(_:forCellReuseIdentifier:)",
                                             "NSInvalidArgumentException: must pass a class of kind UITableViewCell (got \(cellClass))")
        }
        cellClasses[identifier] = cls
    }

    /// Registers `aClass` (a `UITableViewHeaderFooterView` subclass; nil unregisters) for `identifier`.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else { headerFooterClasses[identifier] = nil; return }
        guard let cls = aClass as? UITableViewHeaderFooterView.Type else {
            return TactileDiagnostics.report("UITableView.register(_:forHeaderFooterViewReuseIdentifier:)",
                                             "NSInvalidArgumentException: must pass a class of kind UITableViewHeaderFooterView (got \(aClass))")
        }
        headerFooterClasses[identifier] = cls
    }

    /// A cell for `identifier`: one from the reuse pool (after its `prepareForReuse()`), else a new one from the
    /// registered class or storyboard prototype, else nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let bucket = reusePool[identifier], !bucket.items.isEmpty {
            let cell = bucket.items.removeLast()
            cell.isInReusePool = false
            cell.prepareForReuse()
            return cell
        }
        if let prototype = prototypes[identifier] { return prototype.make() }
        if let cls = cellClasses[identifier] { return TableCellFactory.make(cls, style: .default, reuseIdentifier: identifier) }
        return nil
    }

    /// A cell for `identifier` and the row at `indexPath`: as ``dequeueReusableCell(withIdentifier:)``, and never
    /// nil. An identifier with no class and no prototype is UIKit's exception: reported through
    /// ``TactileDiagnostics`` with UIKit's reason, and a plain `UITableViewCell` stands in.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        TactileDiagnostics.report("UITableView.dequeueReusableCell(withIdentifier:for:)",
                                  "NSInternalInconsistencyException: unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A header or footer view for `identifier`: a pooled one (after `prepareForReuse()`), else a new one of the
    /// registered class, else nil.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if let bucket = headerFooterPool[identifier], !bucket.items.isEmpty {
            let view = bucket.items.removeLast()
            view.prepareForReuse()
            return view
        }
        guard let cls = headerFooterClasses[identifier] else { return nil }
        return TableCellFactory.make(cls, reuseIdentifier: identifier)
    }

    /// Puts a cell that left the screen in the pool (hidden), or removes it from the table when it has no reuse
    /// identifier.
    func enqueue(_ cell: UITableViewCell) {
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        guard let identifier = cell.reuseIdentifier, cell.isReusable else {
            cell.removeFromSuperview()
            return
        }
        cell.isHidden = true
        cell.isInReusePool = true
        pool(&reusePool, identifier).items.append(cell)
    }

    // MARK: - Data state (UITableView+Data.swift)

    /// The geometry of the loaded data.
    var geometry = TableGeometry()
    /// The data must be loaded again before it is next used (``reloadData()``, a new data source).
    var needsReload = true
    /// The data was loaded at least once.
    var hasLoadedData = false
    /// Bumped whenever row frames may have changed (reloads, updates, self-sizing).
    var geometryGeneration = 0
    /// The automatic rows measured since the last reload.
    var measuredRows: Set<IndexPath> = []

    /// Static sections from a storyboard (`dataMode="static"`), served by ``UITableViewController``.
    var staticSections: [TableStaticSection]?

    // MARK: - Tiling state (UITableView+Tiling.swift)

    /// The visible rows, in order, and their cells (parallel arrays; reused, never rebuilt per frame).
    var visibleRowList: [IndexPath] = []
    var visibleCellList: [UITableViewCell] = []
    /// The bounds and geometry the visible cells were tiled for.
    var tiledBounds = CGRect.null
    var tiledGeneration = -1
    /// A tiling is under way (the data source's callbacks must not start another).
    var isTiling = false
    /// Header and footer views on screen.
    var visibleSupplementaries: [TableSupplementary] = []

    // MARK: - Selection state (UITableView+Selection.swift)

    /// The selected rows.
    var selectedRows: Set<IndexPath> = []
    /// The row a touch highlights, and the touch.
    var touchHighlightedRow: IndexPath?
    var trackedTouch: UITouch?

    // MARK: - Batch updates (UITableView+Updates.swift)

    /// Nested `beginUpdates()` depth.
    var updateDepth = 0
    /// The changes collected in the open batch.
    var pendingUpdates = TableUpdateBatch()

    // MARK: - Data and geometry (work: UITableView+Data.swift)

    /// Reloads everything: the visible cells go to the reuse pool (`tableView(_:didEndDisplaying:forRowAt:)`),
    /// the selection is cleared, and the data source and delegate are asked again — at the next layout, or at once
    /// when something asks about the rows first (as UIKit defers it).
    open func reloadData() {
        endDisplayingAll()
        endDisplayingAllSupplementaries()
        selectedRows.removeAll()
        cancelTouchHighlight(notify: false)
        setNeedsReload()
    }

    /// The number of sections (loads the data if it is stale).
    open var numberOfSections: Int {
        reloadIfNeeded()
        return geometry.sections.count
    }

    /// The number of rows in `section` (0 for a section out of range).
    open func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return 0 }
        return geometry.sections[section].rowCount
    }

    /// The row's frame in the table's (content) coordinates. An index path out of range is UIKit's exception
    /// ("request for rect at invalid index path"): reported, `.zero`.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        reloadIfNeeded()
        guard geometry.contains(indexPath) else {
            TactileDiagnostics.report("UITableView.rectForRow(at:)",
                                      "NSInternalInconsistencyException: request for rect at invalid index path (\(indexPath))")
            return .zero
        }
        let section = geometry.sections[indexPath.section]
        return CGRect(x: 0, y: section.rowTop(indexPath.row), width: bounds.width, height: section.rowHeight(indexPath.row))
    }

    /// The frame of a section: header, rows and footer (`.zero` for a section out of range).
    open func rect(forSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let s = geometry.sections[section]
        return CGRect(x: 0, y: s.top, width: bounds.width, height: s.bottom - s.top)
    }

    /// The frame of a section's header (its place in the content, not where a floating header shows).
    open func rectForHeader(inSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let s = geometry.sections[section]
        return CGRect(x: 0, y: s.top, width: bounds.width, height: s.headerHeight)
    }

    /// The frame of a section's footer.
    open func rectForFooter(inSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let s = geometry.sections[section]
        return CGRect(x: 0, y: s.rowsEnd, width: bounds.width, height: s.footerHeight)
    }

    /// The row at `point` (table coordinates), nil where there is none (headers, footers, below the last row).
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        reloadIfNeeded()
        guard point.y.isFinite, point.x.isFinite else { return nil }
        return geometry.row(at: point.y)
    }

    /// The rows whose frames meet `rect` (nil when none do, as UIKit answers).
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        reloadIfNeeded()
        guard !rect.isNull, let (first, last) = geometry.visibleRange(minY: rect.minY, maxY: rect.maxY) else { return nil }
        var paths: [IndexPath] = []
        var p: IndexPath? = first
        while let current = p {
            paths.append(current)
            if current == last { break }
            p = geometry.next(after: current)
        }
        return paths
    }

    /// Scrolls so that the row is at `scrollPosition` in the visible area (within the adjusted insets), kept
    /// within the scrolling range; `.none` scrolls the least that shows the whole row.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        guard geometry.contains(indexPath) else {
            return TactileDiagnostics.report("UITableView.scrollToRow(at:at:animated:)",
                                             "NSRangeException: attempt to scroll to invalid index path: \(indexPath)")
        }
        scroll(to: rectForRow(at: indexPath), at: scrollPosition, animated: animated)
    }

    /// Scrolls the nearest selected row (the first selected one) to `scrollPosition`.
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard let row = indexPathForSelectedRow else { return }
        scrollToRow(at: row, at: scrollPosition, animated: animated)
    }

    // MARK: - Visible rows (work: UITableView+Tiling.swift)

    /// The cells of the visible rows, in row order (tiles first when the bounds moved since).
    open var visibleCells: [UITableViewCell] {
        tileIfNeeded()
        return visibleCellList
    }

    /// The index paths of the visible rows, in order (nil when there are none; tiles first).
    open var indexPathsForVisibleRows: [IndexPath]? {
        tileIfNeeded()
        return visibleRowList.isEmpty ? nil : visibleRowList
    }

    /// The cell of a visible row; nil for a row off screen (tiles first).
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        tileIfNeeded()
        return visibleCell(at: indexPath)
    }

    /// The row a visible cell shows (nil for a cell that is not on screen).
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        guard cell.tableOwnerID == ObjectIdentifier(self), let row = cell.displayedRow, visibleCell(at: row) === cell else {
            return nil
        }
        return row
    }

    /// The header view of a section on screen (a `UITableViewHeaderFooterView`), nil otherwise.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        tileIfNeeded()
        return visibleSupplementaries.first { $0.section == section && $0.isHeader }?.view as? UITableViewHeaderFooterView
    }

    /// The footer view of a section on screen, nil otherwise.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        tileIfNeeded()
        return visibleSupplementaries.first { $0.section == section && !$0.isHeader }?.view as? UITableViewHeaderFooterView
    }

    // MARK: - Selection (work: UITableView+Selection.swift)

    /// The first selected row (in row order), nil when none.
    open var indexPathForSelectedRow: IndexPath? {
        selectedRows.min()
    }

    /// The selected rows in row order, nil when none.
    open var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects the row (nil deselects every row), deselecting the others unless the table allows multiple
    /// selection, and scrolls it to `scrollPosition` (`.none`: no scrolling). No delegate method is called.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        reloadIfNeeded()
        guard let indexPath else { return clearSelection(notify: false) }
        guard geometry.contains(indexPath) else {
            return TactileDiagnostics.report("UITableView.selectRow(at:animated:scrollPosition:)",
                                             "NSRangeException: attempt to select invalid index path: \(indexPath)")
        }
        if !allowsMultipleSelectionNow {
            for other in selectedRows where other != indexPath { setRow(other, selected: false, animated: animated) }
        }
        setRow(indexPath, selected: true, animated: animated)
        if scrollPosition != .none { scroll(to: rectForRow(at: indexPath), at: scrollPosition, animated: animated) }
    }

    /// Deselects the row. No delegate method is called.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        setRow(indexPath, selected: false, animated: animated)
    }

    /// A touch on a row (from the cell, up the responder chain): highlights it.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        if let tracked = trackedTouch, tracked.phase != .ended, tracked.phase != .cancelled { return }
        cancelTouchHighlight(notify: true)   // (a touch whose end never reached the table: its cell left it)
        trackedTouch = touch
        guard allowsSelectionNow, let row = indexPathForRow(at: touch.location(in: self)) else { return }
        if let delegate = tableDelegate, !delegate.tableView(self, shouldHighlightRowAt: row) { return }
        touchHighlightedRow = row
        cellForRow(at: row)?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: row)
    }

    /// The finger leaving the highlighted row takes the highlight away.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch), let row = touchHighlightedRow else { return }
        if !rectForRow(at: row).contains(touch.location(in: self)) { cancelTouchHighlight(notify: true) }
    }

    /// The finger lifts: on the highlighted row, the row is selected (or, with multiple selection, toggled).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        guard let row = touchHighlightedRow else { return }
        let inside = geometry.contains(row) && rectForRow(at: row).contains(touch.location(in: self))
        cancelTouchHighlight(notify: true)
        if inside { userSelect(row) }
    }

    /// A drag (or the system) took the touch: the highlight goes, nothing is selected.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        cancelTouchHighlight(notify: true)
    }

    // MARK: - Batch updates (work: UITableView+Updates.swift)

    /// Opens a batch: the changes until the matching ``endUpdates()`` are applied together.
    open func beginUpdates() {
        updateDepth += 1
    }

    /// Closes a batch; the outermost one applies the changes.
    open func endUpdates() {
        guard updateDepth > 0 else { return commitUpdates() }
        updateDepth -= 1
        if updateDepth == 0 { commitUpdates() }
    }

    /// Runs `updates` as one batch, then `completion(true)` at the run loop's next turn (after the animations,
    /// which take no time headlessly).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates()
        guard let completion else { return }
        UIApplication.shared.mainLoop.perform(mode: .common) { MainActor.assumeIsolated { completion(true) } }
    }

    /// Inserts rows (index paths after the batch).
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.insertedRows += indexPaths }
    }

    /// Deletes rows (index paths before the batch).
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.deletedRows += indexPaths }
    }

    /// Reloads rows (index paths before the batch): their cells are asked for again, their selection is cleared.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.reloadedRows += indexPaths }
    }

    /// Moves a row (from its index path before the batch to one after it); its cell and selection go with it.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        update { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections (indices after the batch).
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        update { $0.insertedSections.formUnion(sections) }
    }

    /// Deletes sections (indices before the batch).
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        update { $0.deletedSections.formUnion(sections) }
    }

    /// Reloads sections (indices before the batch).
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        update { $0.reloadedSections.formUnion(sections) }
    }

    /// Moves a section.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        update { $0.movedSections.append((section, newSection)) }
    }

    /// Whether a batch is open.
    open var hasUncommittedUpdates: Bool { updateDepth > 0 }

    // MARK: - Layout

    /// Lays the table out: loads the data if needed, tiles the visible rows and places headers and footers.
    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        tileIfNeeded()
    }
}

/// The views waiting for reuse under one identifier.
final class ReuseBucket<View: AnyObject> {
    var items: [View] = []
}
