import CAllocCounter
import Foundation
import Tactile
import TactileCore

// scroll.frame_us          one frame of a drag on a 10^4-row `UITableView`: a moved sample posted, routed through
//                          the whole UIKit path (router → UIWindow → the gesture environment → the table's pan →
//                          the content offset) and the layout pass that tiles the rows (cells leaving go to the
//                          reuse pool, entering ones come from `dequeueReusableCell(withIdentifier:for:)`), one
//                          run-loop iteration per sample as on a 60 Hz screen. Reference: the same samples to a
//                          hand-rolled scroller — a plain `UIView` that moves its bounds origin in `touchesMoved`,
//                          over the same number of visible rows as fixed subviews (no recognizers, no reuse).
// scroll.allocs_per_sample heap allocations per such frame once the cells are reused (budget 0; `--alloc-gate`)
// (table.reload_ms and table.scroll_frame_us, the tiling alone, are in TableBench.swift.)

/// 10^4 rows of 44 points, each cell given its row's number as its tag.
@MainActor
private final class ScrollBenchRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 10_000 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.tag = indexPath.row
        return cell
    }
}

/// A plain view that scrolls by hand: `touchesMoved` moves its bounds origin by the finger's movement.
@MainActor
private final class HandScroller: UIView {
    var moves = 0
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let t = touches.first else { return }
        let now = t.location(in: self), before = t.previousLocation(in: self)
        var b = bounds
        b.origin.y -= now.y - before.y
        bounds = b
        moves &+= 1
    }
}

/// A drag in progress on a 10^4-row table (or on a hand scroller), fed one sample per run-loop iteration.
@MainActor
final class ScrollFrameScene {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let table: UITableView?
    private let scroller: HandScroller?
    private let source = ScrollBenchRows()
    var t: UInt64 = 1
    var y = 400.0, dy = -7.0

    init(table useTable: Bool) {
        TactileHost.launch(delegate: nil)
        window.makeKeyAndVisible()
        if useTable {
            let table = UITableView(frame: window.bounds)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = source
            table.delegate = source
            window.addSubview(table)
            self.table = table
            scroller = nil
        } else {
            let scroller = HandScroller(frame: window.bounds)
            for k in 0..<12 { scroller.addSubview(UIView(frame: CGRect(x: 0, y: CGFloat(k * 44), width: 320, height: 44))) }
            window.addSubview(scroller)
            self.scroller = scroller
            table = nil
        }
        table?.contentOffset = CGPoint(x: 0, y: 200_000)  // mid-table: rows enter and leave both ways
        try! TactileHost.runLoop.runUntilIdle()
        post(.began)
        for _ in 0..<3 { frame() }  // the pan begins
        precondition(table?.isDragging ?? true, "scroll bench: the table's drag did not begin")
    }

    private func post(_ phase: EventRecord.TouchPhase) {
        t += 16_666_667
        try! TactileHost.events.post(.touch(1, phase, window: window.inputWindowID, x: 160, y: y, timestamp: t))
        try! TactileHost.runLoop.runUntilIdle()
    }

    /// One frame: the finger moves 7 points (turning at 100 and 400), the loop routes it and lays out.
    func frame() {
        if y + dy < 100 || y + dy > 400 { dy = -dy }
        y += dy
        post(.moved)
    }

    func close() { window.isHidden = true }
}

/// Heap allocations per frame of a drag on the table, once its cells are reused.
@MainActor
func scrollAllocations(frames: Int) -> Double {
    let scene = ScrollFrameScene(table: true)
    for _ in 0..<200 { scene.frame() }  // every cell made, the pool filled
    let before = tactile_alloc_count()
    tactile_alloc_counting(true)
    for _ in 0..<frames { scene.frame() }
    tactile_alloc_counting(false)
    let count = tactile_alloc_count() - before
    scene.close()
    return Double(count) / Double(frames)
}

@MainActor
func scrollBench(quick: Bool) {
    let repetitions = quick ? 5 : 11, frames = quick ? 1_000 : 4_000
    var table: [Double] = [], hand: [Double] = []
    for _ in 0..<repetitions {
        for useTable in [true, false] {
            let scene = ScrollFrameScene(table: useTable)
            let t0 = now()
            for _ in 0..<frames { scene.frame() }
            let t1 = now()
            scene.close()
            let us = Double(t1 - t0) / Double(frames) / 1000
            if useTable { table.append(us) } else { hand.append(us) }
        }
    }
    print(row("scroll.frame_us", median(table), "us", reference: median(hand), ratio: median(hand) / median(table),
              budget: nil, pass: nil, referenceLabel: "the same samples to a plain view moving its bounds by hand"))
    let allocations = scrollAllocations(frames: 500)
    print(row("scroll.allocs_per_sample", allocations, "allocs", reference: 0, ratio: nil, budget: "<= 0",
              pass: allocations == 0, referenceLabel: "budget"))
}
