// Auto Layout figures for perf/bench (issue 17):
//
//   layout.solve_1e3_us   a 1,000-view screen laid out by constraints, first time: NSLayoutConstraint.activate of
//                         every constraint plus layoutIfNeeded() (the engine solves, the frames are written to the
//                         packed tree); the reference is kiwisolver (PyPI's binding of kiwi, C++ Cassowary) adding
//                         the same solver constraints and updating its variables — the engine's own system,
//                         exported (LayoutEngine.exportSystem) so both solve exactly the same thing
//   layout.edit_us        one constraint's constant changed, then layoutIfNeeded(); the reference is kiwi's
//                         suggestValue on the same constraint as an edit variable plus updateVariables
//
// The screen: a root view holding a column of 100 cells, each a cell view and 9 subviews (icon, title,
// subtitle, time, badge, chevron, separator and two action buttons) — titles and subtitles have intrinsic
// sizes, cells are stacked top to bottom, every frame comes from constraints.
import Foundation
@_spi(Benchmarks) import Tactile
import TactileCore

/// A view with a fixed intrinsic size (a label's text).
final class BenchLabel: UIView {
    let size: CGSize
    init(_ size: CGSize) {
        self.size = size
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize { size }
}

@MainActor
struct BenchScreen {
    let root: UIView
    let constraints: [NSLayoutConstraint]
    /// The constraint the edit benchmark changes: the middle cell's title spacing.
    let edited: NSLayoutConstraint

    init(cells: Int) {
        root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        var all: [NSLayoutConstraint] = []
        var previous: UIView?
        var edited: NSLayoutConstraint?
        func make(_ v: UIView = UIView(), in parent: UIView) -> UIView {
            v.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(v)
            return v
        }
        for i in 0..<cells {
            let cell = make(in: root)
            let icon = make(in: cell), title = make(BenchLabel(CGSize(width: 120 + i % 7 * 10, height: 20)), in: cell)
            let subtitle = make(BenchLabel(CGSize(width: 180, height: 16)), in: cell)
            let time = make(BenchLabel(CGSize(width: 40, height: 16)), in: cell), badge = make(in: cell)
            let chevron = make(in: cell), separator = make(in: cell), left = make(in: cell), right = make(in: cell)
            let titleSpacing = title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12)
            if i == cells / 2 { edited = titleSpacing }
            all += [
                cell.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                cell.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                previous.map { cell.topAnchor.constraint(equalTo: $0.bottomAnchor) } ?? cell.topAnchor.constraint(equalTo: root.topAnchor),
                cell.heightAnchor.constraint(greaterThanOrEqualToConstant: 64),
                icon.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
                icon.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
                icon.widthAnchor.constraint(equalToConstant: 40), icon.heightAnchor.constraint(equalTo: icon.widthAnchor),
                titleSpacing,
                title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 10),
                subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                subtitle.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -10),
                subtitle.trailingAnchor.constraint(lessThanOrEqualTo: chevron.leadingAnchor, constant: -8),
                time.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor),
                time.leadingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 8),
                time.trailingAnchor.constraint(equalTo: chevron.leadingAnchor, constant: -8),
                badge.centerXAnchor.constraint(equalTo: icon.trailingAnchor), badge.centerYAnchor.constraint(equalTo: icon.topAnchor),
                badge.widthAnchor.constraint(equalToConstant: 16), badge.heightAnchor.constraint(equalToConstant: 16),
                chevron.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -16),
                chevron.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
                chevron.widthAnchor.constraint(equalToConstant: 8), chevron.heightAnchor.constraint(equalToConstant: 13),
                separator.leadingAnchor.constraint(equalTo: title.leadingAnchor), separator.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
                separator.bottomAnchor.constraint(equalTo: cell.bottomAnchor), separator.heightAnchor.constraint(equalToConstant: 0.5),
                left.leadingAnchor.constraint(equalTo: cell.leadingAnchor), left.topAnchor.constraint(equalTo: cell.topAnchor),
                left.bottomAnchor.constraint(equalTo: cell.bottomAnchor), left.widthAnchor.constraint(equalToConstant: 0),
                right.trailingAnchor.constraint(equalTo: cell.trailingAnchor), right.topAnchor.constraint(equalTo: cell.topAnchor),
                right.bottomAnchor.constraint(equalTo: cell.bottomAnchor), right.widthAnchor.constraint(equalToConstant: 0),
            ]
            previous = cell
        }
        constraints = all
        self.edited = edited!
    }
}

@MainActor
func layoutBench(quick: Bool) {
    let repetitions = quick ? 3 : 9
    let edits = quick ? 200 : 2000
    TactileHost.launch(delegate: nil)
    TactileDiagnostics.logsToStandardError = false

    var solveTimes: [Double] = [], editTimes: [Double] = []
    var last: BenchScreen?
    for _ in 0..<repetitions {
        last.map { NSLayoutConstraint.deactivate($0.constraints) }
        let screen = BenchScreen(cells: 100)
        let t0 = now()
        NSLayoutConstraint.activate(screen.constraints)
        screen.root.layoutIfNeeded()
        let t1 = now()
        solveTimes.append(Double(t1 - t0) / 1000)
        let t2 = now()
        for k in 0..<edits {
            screen.edited.constant = k % 2 == 0 ? 20 : 12
            screen.root.layoutIfNeeded()
        }
        let t3 = now()
        editTimes.append(Double(t3 - t2) / Double(edits) / 1000)
        last = screen
    }
    let screen = last!
    precondition(screen.root.subviews.count == 100 && screen.root.subviews[99].frame.minY > 6000, "the screen did not lay out")
    precondition(TactileDiagnostics.logCount == 0, "the bench layout has conflicts")

    let kiwi = kiwiReference(screen, quick: quick)
    print(row("layout.solve_1e3_us", median(solveTimes), "us", reference: kiwi?.firstSolve,
              ratio: kiwi.map { $0.firstSolve / median(solveTimes) }, budget: nil, pass: nil,
              referenceLabel: "kiwisolver (C++ Cassowary), same system"))
    print(row("layout.edit_us", median(editTimes), "us", reference: kiwi?.edit, ratio: kiwi.map { $0.edit / median(editTimes) },
              budget: nil, pass: nil, referenceLabel: "kiwisolver suggestValue + updateVariables, same system"))
}

/// kiwisolver's timings on the engine's own system, by perf/lib/kiwi_reference.py (run from the repository root,
/// as perf/bench does). Nil when python3 or kiwisolver is missing: the rows then have no reference, and say so
/// on standard error. TACTILE_KEEP_SYSTEM=1 keeps the exported system in the temporary directory, to rerun the
/// script by hand.
@MainActor
func kiwiReference(_ screen: BenchScreen, quick: Bool) -> (firstSolve: Double, edit: Double)? {
    let script = FileManager.default.currentDirectoryPath + "/perf/lib/kiwi_reference.py"
    let system = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-layout-system-\(getpid()).json")
    defer { if ProcessInfo.processInfo.environment["TACTILE_KEEP_SYSTEM"] == nil { try? FileManager.default.removeItem(at: system) } }
    do {
        try TactileDiagnostics.exportLayoutSystem(marking: screen.edited).write(to: system, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The engine holds `constant` as −constant (Σ terms + constant = 0); the edit alternates 20 and 12.
        process.arguments = ["python3", script, system.path, "--values=-20,-12", "--reps", quick ? "3" : "9",
                             "--edits", quick ? "200" : "2000"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let first = json["first_solve_us"] as? Double, let edit = json["edit_us"] as? Double else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return (first, edit)
    } catch {
        FileHandle.standardError.write(Data("layout bench: no kiwisolver reference (python3 -m pip install kiwisolver): \(error)\n".utf8))
        return nil
    }
}
