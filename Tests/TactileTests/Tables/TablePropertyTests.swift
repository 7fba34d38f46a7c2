import Foundation
import Tactile
import Testing

/// Random drags, flicks and taps on a table of 10^4 rows, played through the whole touch path (DESIGN-TABLE-REUSE,
/// DESIGN-TABLE-SELECT-ORDER, AG-Y-05). After each gesture settles: the offset is within its range, the visible
/// cells are exactly the visible rows (checked against a linear scan now and then), no cell is on screen twice,
/// every reused cell was prepared, and the selection callbacks are well formed — every highlight is followed by
/// its unhighlight before the next one, a didSelect only after a willSelect of the same touch, never during a drag.
@Suite("UITableView property: random gestures", .serialized)
@MainActor
struct TablePropertyTests {
    /// Checks the grammar of the selection callbacks of one gesture.
    private func checkGrammar(_ events: [String], seed: UInt64, gesture: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var highlighted: String?
        var willSelect = false
        for event in events {
            let parts = event.split(separator: " ")
            guard let name = parts.first.map(String.init) else { continue }
            let row = parts.count > 1 ? String(parts[parts.count - 1]) : ""
            switch name {
            case "didHighlight":
                #expect(highlighted == nil, "seed \(seed) gesture \(gesture): highlight over a highlight", sourceLocation: sourceLocation)
                highlighted = row
            case "didUnhighlight":
                #expect(highlighted == row, "seed \(seed) gesture \(gesture): unhighlight of \(row) without its highlight", sourceLocation: sourceLocation)
                highlighted = nil
            case "willSelect":
                #expect(highlighted == nil, sourceLocation: sourceLocation)
                willSelect = true
            case "didSelect":
                #expect(willSelect, "seed \(seed) gesture \(gesture): didSelect without willSelect", sourceLocation: sourceLocation)
                willSelect = false
            default: break
            }
        }
        #expect(highlighted == nil, "seed \(seed) gesture \(gesture): a highlight left on", sourceLocation: sourceLocation)
    }

    @Test("DESIGN-TABLE-REUSE random drags and flicks on 10^4 rows: offset in range, visible rows exact, callbacks well formed")
    func randomGestures() {
        let stage = TableStage(rows: 10_000)
        let table = stage.table
        let f = stage.finger
        LoggingCell.made = 0
        var selections = 0, farthest: CGFloat = 0
        for seed in UInt64(1)...50 {
            var rng = FuzzSplitMix64(seed: seed)
            for gesture in 0..<30 {
                let start = CGPoint(x: rng.cg(20...300), y: rng.cg(20...460))
                f.down(at: start)
                switch rng.int(0...3) {
                case 0:  // a tap, held or quick
                    if rng.chance(0.5) { f.wait(rng.chance(0.5) ? 0.2 : 0.05) }
                case 1:  // a slow drag that rests before lifting
                    var p = start
                    for _ in 0..<rng.int(3...12) {
                        p.y = min(470, max(10, p.y + rng.cg(-40...40)))
                        f.move(to: p)
                    }
                    f.wait(0.15)
                default:  // a flick
                    var p = start
                    let dy = rng.cg(-70...70)
                    for _ in 0..<rng.int(2...6) {
                        p.y = min(475, max(5, p.y + dy))
                        f.move(to: p)
                    }
                }
                f.up()
                stage.settleMotion()
                let events = stage.take()
                checkGrammar(events, seed: seed, gesture: gesture)
                selections += events.count { $0.hasPrefix("didSelect") }
                let inset = table.adjustedContentInset
                let y = table.contentOffset.y
                #expect(y >= -inset.top && y <= table.contentSize.height + inset.bottom - table.bounds.height,
                        "seed \(seed) gesture \(gesture): offset \(y)")
                checkVisible(table, naive: gesture == 0)
                farthest = max(farthest, y)
            }
        }
        #expect(selections > 100)       // the taps did select
        #expect(farthest > 5000)        // the flicks did travel
        #expect(stage.log.shownTwice == 0)
        #expect(stage.log.unpreparedReuses == 0)
        #expect(LoggingCell.made <= 14)
    }
}
