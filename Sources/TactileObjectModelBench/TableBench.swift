import CAllocCounter
import Foundation
import Tactile
import TactileCore

// table.reload_ms              reloadData() then layoutIfNeeded() of a 320 × 480 table of 10^5 rows whose delegate
//                              has no heightForRowAt (every row rowHeight: per-section geometry, no per-row work),
//                              the visible cells tiled. Reference: the same table with a delegate that implements
//                              heightForRowAt (asked for every row, as UIKit asks, prefix sums built). Budget 50 ms.
// table.scroll_frame_us        one scroll step of a 10^4-row table: contentOffset moved 7 points, then the tiling
//                              (through `visibleCells`, which tiles at once as layoutSubviews() would; the run
//                              loop's layout pass itself is not in it): the rows leaving go to the pool, the rows
//                              entering are dequeued and configured, the cells placed. Reference: the same offset
//                              steps on a UIScrollView of the same content size holding 12 plain views.
// table.allocs_per_frame       heap allocations per such step once the pool holds its cells (malloc interposer;
//                              budget 0 — the data source sets only numbers, so the count is the table's own)

/// Rows without per-row heights (or with them), each cell given its row's number as its tag.
private final class BenchRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.tag = indexPath.row
        return cell
    }
}

private final class BenchRowsWithHeights: NSObject, UITableViewDataSource, UITableViewDelegate {
    let rows: Int
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.tag = indexPath.row
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 44 }
}

/// A launched app with a window holding a table of `rows` rows (its data source held here).
@MainActor
private final class TableScene {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let table: UITableView
    private let source: NSObject

    init(rows: Int, heights: Bool) {
        TactileHost.launch(delegate: nil)
        window.makeKeyAndVisible()
        table = UITableView(frame: window.bounds)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        if heights {
            let s = BenchRowsWithHeights(rows: rows)
            table.dataSource = s
            table.delegate = s
            source = s
        } else {
            let s = BenchRows(rows: rows)
            table.dataSource = s
            table.delegate = s
            source = s
        }
        window.addSubview(table)
        table.layoutIfNeeded()
    }

    func reload() -> Double {
        let t0 = now()
        table.reloadData()
        table.layoutIfNeeded()
        let t1 = now()
        precondition(table.visibleCells.count == 11, "table bench: \(table.visibleCells.count) visible cells")
        return Double(t1 - t0) / 1e6
    }

    /// `steps` scroll steps of 7 points (down, then back up from the end).
    func scroll(steps: Int) {
        let end = table.contentSize.height - table.bounds.height
        var y = table.contentOffset.y
        for _ in 0..<steps {
            y += 7
            if y > end { y = 0 }
            table.contentOffset = CGPoint(x: 0, y: y)
            _ = table.visibleCells
        }
    }

    func close() { window.isHidden = true }
}

/// The reference scroll: a scroll view of the same content with 12 plain subviews that never change.
@MainActor
private final class PlainScrollScene {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))

    init(height: CGFloat) {
        TactileHost.launch(delegate: nil)
        window.makeKeyAndVisible()
        scrollView.contentSize = CGSize(width: 320, height: height)
        for i in 0..<12 { scrollView.addSubview(UIView(frame: CGRect(x: 0, y: CGFloat(i) * 44, width: 320, height: 44))) }
        window.addSubview(scrollView)
    }

    func scroll(steps: Int) {
        let end = scrollView.contentSize.height - scrollView.bounds.height
        var y = scrollView.contentOffset.y
        for _ in 0..<steps {
            y += 7
            if y > end { y = 0 }
            scrollView.contentOffset = CGPoint(x: 0, y: y)
        }
    }

    func close() { window.isHidden = true }
}

/// Heap allocations per scroll step of a 10^4-row table, after a warm-up that fills the pool.
@MainActor
func tableAllocations(steps: Int) -> Double {
    let scene = TableScene(rows: 10_000, heights: false)
    scene.scroll(steps: 2000)
    let before = tactile_alloc_count()
    tactile_alloc_counting(true)
    scene.scroll(steps: steps)
    tactile_alloc_counting(false)
    let count = tactile_alloc_count() - before
    scene.close()
    return Double(count) / Double(steps)
}

@MainActor
func tableBench(quick: Bool) {
    let repetitions = quick ? 5 : 11
    var uniform: [Double] = [], asked: [Double] = []
    for _ in 0..<repetitions {
        let a = TableScene(rows: 100_000, heights: false)
        uniform.append(a.reload())
        a.close()
        let b = TableScene(rows: 100_000, heights: true)
        asked.append(b.reload())
        b.close()
    }
    let reload = median(uniform), reference = median(asked)
    print(row("table.reload_ms", reload, "ms", reference: reference, ratio: reference / reload, budget: "<= 50",
              pass: reload <= 50, referenceLabel: "the same rows with heightForRowAt asked per row"))
    let steps = quick ? 2000 : 5000
    var table: [Double] = [], plain: [Double] = []
    for _ in 0..<repetitions {
        let t = TableScene(rows: 10_000, heights: false)
        t.scroll(steps: 500)
        let t0 = now()
        t.scroll(steps: steps)
        let t1 = now()
        t.close()
        let p = PlainScrollScene(height: 440_000)
        p.scroll(steps: 500)
        let p0 = now()
        p.scroll(steps: steps)
        let p1 = now()
        p.close()
        table.append(Double(t1 - t0) / Double(steps) / 1000)
        plain.append(Double(p1 - p0) / Double(steps) / 1000)
    }
    print(row("table.scroll_frame_us", median(table), "us", reference: median(plain), ratio: median(plain) / median(table),
              budget: nil, pass: nil, referenceLabel: "a scroll view of 12 fixed views, same steps"))
    let allocations = tableAllocations(steps: 1000)
    print(row("table.allocs_per_frame", allocations, "allocs", reference: 0, ratio: nil, budget: "<= 0",
              pass: allocations == 0, referenceLabel: "budget"))
}
