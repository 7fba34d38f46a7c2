import Foundation

/// A deterministic pseudo-random generator (SplitMix64): the same seed gives the same scene on every machine,
/// so tests, benchmarks, fuzzers and the CLI share scenes by name and seed.
public struct SceneRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { p > 0 && unit() < p }
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
}

/// The recipe of a random scene: shape, overlap and the share of views carrying each property.
public struct SceneSpec: Sendable, Hashable {
    /// Total views, including the window.
    public var viewCount: Int
    /// Deepest level below the window.
    public var maxDepth: Int
    /// Children per container (the last level takes what is left).
    public var fanOut: Int
    /// Share of views placed at random (overlapping siblings) rather than tiled.
    public var overlapShare: Double
    public var hiddenShare: Double
    public var disabledShare: Double
    public var transparentShare: Double
    /// Share of views with a scale and/or rotation transform.
    public var transformShare: Double
    /// Share of views with a non-zero bounds origin.
    public var boundsOriginShare: Double
    public var seed: UInt64
    public var windowSize: CGSize

    public init(viewCount: Int, maxDepth: Int = 4, fanOut: Int = 6, overlapShare: Double = 0.3, hiddenShare: Double = 0.05,
                disabledShare: Double = 0.05, transparentShare: Double = 0.03, transformShare: Double = 0.1,
                boundsOriginShare: Double = 0.1, seed: UInt64 = 1, windowSize: CGSize = CGSize(width: 320, height: 480)) {
        self.viewCount = viewCount
        self.maxDepth = maxDepth
        self.fanOut = fanOut
        self.overlapShare = overlapShare
        self.hiddenShare = hiddenShare
        self.disabledShare = disabledShare
        self.transparentShare = transparentShare
        self.transformShare = transformShare
        self.boundsOriginShare = boundsOriginShare
        self.seed = seed
        self.windowSize = windowSize
    }
}

/// The named scenes used across tests, benchmarks, fuzzing and the CLI.
public enum StandardScene: String, Sendable, CaseIterable {
    /// A phone screen (~300 views): navigation bar with buttons, a scrolled table of cells with labels and
    /// accessory buttons, a tab bar, a hidden overlay and a dimmed, interaction-disabled banner.
    case phone
    /// A long list: one scroll container (non-zero bounds origin, as when scrolled) of rows, each with a label
    /// and a button; `n` views in all (10^4 by default).
    case list
    /// A grid of grids: √n containers tiled over the window, each with √n leaf cells; `n` views in all
    /// (10^6 at the top of the scale). The shape hit-test scaling is measured on.
    case gridOfGrids
    /// A random scene with every feature (overlap, flags, transforms, bounds origins), from ``SceneSpec``.
    case random
    /// A long table (DESIGN-CAPI-SCROLL-TRACE): a 320×480 window; a navigation-bar-like header (0, 0, 320, 64) with
    /// a title label and two bar buttons; a scroll view (0, 64, 320, 416) — the scene's one entry in
    /// ``BuiltScene/scrollViews`` — whose content is rows of 44 points, each with a label and a button;
    /// `n` views in all (6 plus 3 per row; 1,000 by default), the content `rows × 44` points tall.
    case table

    public var defaultViewCount: Int {
        switch self {
        case .phone: 300
        case .list: 10_000
        case .gridOfGrids: 1_000_000
        case .random: 1_000
        case .table: 1_000
        }
    }
}

/// What a scene builder made.
public struct BuiltScene: Sendable {
    /// The root view (the window).
    public let window: ViewID
    /// Every view, window first, in creation order.
    public let views: [ViewID]
    /// The scene's scroll views and their content sizes (the ``StandardScene/table`` scene's one), for a
    /// ``ScrollViewEngine``; the tree itself knows nothing of scrolling.
    public var scrollViews: [SceneScrollView] = []

    public init(window: ViewID, views: [ViewID]) {
        self.window = window
        self.views = views
    }
}

extension ViewTree {
    /// Builds a standard scene of about `viewCount` views (the scene's default when nil) from `seed`. A scene kept
    /// built (`SceneTemplates`, the fuzzers) is copied when that makes the same views.
    public func build(_ scene: StandardScene, viewCount: Int? = nil, seed: UInt64 = 1) throws(ViewTreeError) -> BuiltScene {
        let key = SceneTemplates.key(scene, viewCount: viewCount, seed: seed)
        if let template = SceneTemplates.template(for: key),
           let built = SceneTemplates.checksCopies ? copySceneChecked(template, scene, viewCount: key.viewCount, seed: seed)
                                                   : copyScene(template) {
            return built
        }
        return try buildAnew(scene, viewCount: key.viewCount, seed: seed)
    }

    /// Builds `scene` of `n` views view by view.
    func buildAnew(_ scene: StandardScene, viewCount n: Int, seed: UInt64) throws(ViewTreeError) -> BuiltScene {
        reserveSlots(n)
        switch scene {
        case .phone: return try buildPhone(seed: seed)
        case .list: return try buildList(n)
        case .gridOfGrids: return try buildGridOfGrids(n)
        case .random: return try build(SceneSpec(viewCount: n, seed: seed))
        case .table: return try buildTable(n)
        }
    }

    /// `makeView(frame:)`, then `addChild(_:to:)` when `parent` is given, without the checks a view made just
    /// now cannot fail.
    private func makeView(frame: CGRect, in parent: ViewID?) throws(ViewTreeError) -> ViewID {
        let p = try parent.map { p throws(ViewTreeError) in try slot(p) }
        let v = try makeView(frame: frame)
        if let p { appendNewView(try slot(v), to: p) }
        return v
    }

    /// The ``StandardScene/table`` scene: 6 views of chrome, then rows of three views (a row, its label, its
    /// button) until `n` views (the last row may lack its label or button).
    private func buildTable(_ n: Int) throws(ViewTreeError) -> BuiltScene {
        var views: [ViewID] = []
        views.reserveCapacity(max(n, 6))
        func add(_ frame: CGRect, to parent: ViewID?) throws(ViewTreeError) -> ViewID {
            let v = try makeView(frame: frame, in: parent)
            views.append(v)
            return v
        }
        let window = try add(CGRect(x: 0, y: 0, width: 320, height: 480), to: nil)
        let header = try add(CGRect(x: 0, y: 0, width: 320, height: 64), to: window)
        let title = try add(CGRect(x: 100, y: 31, width: 120, height: 22), to: header)
        try setFlags(.interactionDisabled, true, of: title)  // a label
        _ = try add(CGRect(x: 8, y: 27, width: 60, height: 30), to: header)    // back button
        _ = try add(CGRect(x: 252, y: 27, width: 60, height: 30), to: header)  // edit button
        let scroll = try add(CGRect(x: 0, y: 64, width: 320, height: 416), to: window)
        try setFlags(.clipsToBounds, true, of: scroll)
        var rows = 0
        while views.count < n {
            let row = try add(CGRect(x: 0, y: CGFloat(rows) * 44, width: 320, height: 44), to: scroll)
            rows += 1
            if views.count < n {
                let label = try add(CGRect(x: 15, y: 11, width: 220, height: 22), to: row)
                try setFlags(.interactionDisabled, true, of: label)
            }
            if views.count < n { _ = try add(CGRect(x: 250, y: 7, width: 60, height: 30), to: row) }
        }
        var built = BuiltScene(window: window, views: views)
        built.scrollViews = [SceneScrollView(view: scroll, contentSize: CGSize(width: 320, height: CGFloat(rows) * 44))]
        return built
    }

    /// Builds a random scene from `spec`.
    public func build(_ spec: SceneSpec) throws(ViewTreeError) -> BuiltScene {
        var rng = SceneRandom(seed: spec.seed)
        let window = try makeView(frame: CGRect(origin: .zero, size: spec.windowSize))
        var views = [window]
        views.reserveCapacity(spec.viewCount)
        // Breadth-first: each container gets `fanOut` children until the budget is spent.
        var frontier: [(view: ViewID, size: CGSize, depth: Int)] = [(window, spec.windowSize, 0)]
        var head = 0
        while views.count < spec.viewCount, head < frontier.count {
            let (parent, size, depth) = frontier[head]
            head += 1
            let isLastLevel = depth + 1 >= spec.maxDepth
            let count = isLastLevel && head == frontier.count ? spec.viewCount - views.count : spec.fanOut
            let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
            let cellW = size.width / CGFloat(columns), cellH = size.height / CGFloat(max(1, (count + columns - 1) / columns))
            for k in 0..<min(count, spec.viewCount - views.count) {
                let frame: CGRect
                if rng.chance(spec.overlapShare) {
                    let w = rng.uniform(0.1, 0.8) * Double(size.width), h = rng.uniform(0.1, 0.8) * Double(size.height)
                    frame = CGRect(x: rng.uniform(-0.1, 1) * Double(size.width) - w / 2,
                                   y: rng.uniform(-0.1, 1) * Double(size.height) - h / 2, width: w, height: h)
                } else {
                    frame = CGRect(x: CGFloat(k % columns) * cellW, y: CGFloat(k / columns) * cellH, width: cellW, height: cellH)
                }
                let v = try makeView(frame: frame, in: parent)
                if rng.chance(spec.boundsOriginShare) {
                    var b = try geometry(of: v).bounds
                    b.origin = CGPoint(x: rng.uniform(-20, 20).rounded(), y: rng.uniform(-20, 20).rounded())
                    try setBounds(b, of: v)
                }
                if rng.chance(spec.transformShare) {
                    var t = Affine2D.identity
                    if rng.chance(0.5) {
                        let s = rng.uniform(0.5, 2)
                        t = Affine2D(a: s, b: 0, c: 0, d: s, tx: 0, ty: 0)
                    }
                    if rng.chance(0.5) {
                        let angle = rng.uniform(-Double.pi, Double.pi)
                        t = t.concatenating(Affine2D(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0))
                    }
                    if rng.chance(0.2) { t.tx = rng.uniform(-10, 10); t.ty = rng.uniform(-10, 10) }
                    try setTransform(t, of: v)
                }
                if rng.chance(spec.hiddenShare) { try setFlags(.hidden, true, of: v) }
                if rng.chance(spec.disabledShare) { try setFlags(.interactionDisabled, true, of: v) }
                if rng.chance(spec.transparentShare) { try setFlags(.transparent, true, of: v) }
                views.append(v)
                if !isLastLevel { frontier.append((v, frame.size, depth + 1)) }
            }
        }
        return BuiltScene(window: window, views: views)
    }

    private func buildPhone(seed: UInt64) throws(ViewTreeError) -> BuiltScene {
        var rng = SceneRandom(seed: seed)
        var views: [ViewID] = []
        views.reserveCapacity(StandardScene.phone.defaultViewCount)
        func add(_ frame: CGRect, to parent: ViewID?) throws(ViewTreeError) -> ViewID {
            let v = try makeView(frame: frame, in: parent)
            views.append(v)
            return v
        }
        let window = try add(CGRect(x: 0, y: 0, width: 320, height: 480), to: nil)
        let root = try add(CGRect(x: 0, y: 20, width: 320, height: 460), to: window)
        let nav = try add(CGRect(x: 0, y: 0, width: 320, height: 44), to: root)
        for k in 0..<3 { _ = try add(CGRect(x: 10 + CGFloat(k) * 100, y: 7, width: 80, height: 30), to: nav) }
        // A table scrolled by 130 points: the content lives under a bounds origin.
        let table = try add(CGRect(x: 0, y: 44, width: 320, height: 367), to: root)
        try setBounds(CGRect(x: 0, y: 130, width: 320, height: 367), of: table)
        var y: CGFloat = 0
        while views.count < 270 {
            let cell = try add(CGRect(x: 0, y: y, width: 320, height: 44), to: table)
            let label = try add(CGRect(x: 15, y: 11, width: 200, height: 22), to: cell)
            try setFlags(.interactionDisabled, true, of: label)  // labels ignore touches
            _ = try add(CGRect(x: 270, y: 7, width: 40, height: 30), to: cell)  // accessory button
            if rng.chance(0.3) {
                let badge = try add(CGRect(x: 230, y: 12, width: 30, height: 20), to: cell)
                try setTransform(Affine2D(a: 0.9, b: 0, c: 0, d: 0.9, tx: 0, ty: 0), of: badge)
            }
            y += 44
        }
        let tabBar = try add(CGRect(x: 0, y: 411, width: 320, height: 49), to: root)
        for k in 0..<5 { _ = try add(CGRect(x: CGFloat(k) * 64, y: 0, width: 64, height: 49), to: tabBar) }
        let overlay = try add(CGRect(x: 0, y: 0, width: 320, height: 460), to: root)
        try setFlags(.hidden, true, of: overlay)
        for k in 0..<10 { _ = try add(CGRect(x: 20, y: 40 + CGFloat(k) * 40, width: 280, height: 36), to: overlay) }
        let banner = try add(CGRect(x: 10, y: 50, width: 300, height: 40), to: root)
        try setFlags(.interactionDisabled, true, of: banner)
        while views.count < 300 { _ = try add(CGRect(x: 5, y: 5, width: 30, height: 30), to: banner) }
        return BuiltScene(window: window, views: views)
    }

    private func buildList(_ n: Int) throws(ViewTreeError) -> BuiltScene {
        let window = try makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        var views = [window]
        views.reserveCapacity(n)
        guard n > 1 else { return BuiltScene(window: window, views: views) }
        let scroll = try makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), in: window)
        views.append(scroll)
        let rows = max(1, (n - 2) / 3)
        // Scrolled to the middle of its content.
        try setBounds(CGRect(x: 0, y: CGFloat(rows) * 22, width: 320, height: 480), of: scroll)
        var k = 0
        while views.count < n {
            let row = try makeView(frame: CGRect(x: 0, y: CGFloat(k) * 44, width: 320, height: 44), in: scroll)
            views.append(row)
            for frame in [CGRect(x: 15, y: 11, width: 220, height: 22), CGRect(x: 260, y: 7, width: 50, height: 30)]
            where views.count < n {
                let v = try makeView(frame: frame, in: row)
                views.append(v)
            }
            k += 1
        }
        return BuiltScene(window: window, views: views)
    }

    private func buildGridOfGrids(_ n: Int) throws(ViewTreeError) -> BuiltScene {
        let window = try makeView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var views = [window]
        views.reserveCapacity(n)
        let side = max(1, Int(Double(n - 1).squareRoot().rounded(.down)))
        let containers = max(1, (n - 1) / (side + 1))
        let cols = max(1, Int(Double(containers).squareRoot().rounded(.up)))
        let rows = (containers + cols - 1) / cols
        let cw = 1000 / CGFloat(cols), ch = 1000 / CGFloat(rows)
        var c = 0
        while views.count < n {
            let container = try makeView(frame: CGRect(x: CGFloat(c % cols) * cw, y: CGFloat((c / cols) % rows) * ch,
                                                       width: cw, height: ch), in: window)
            views.append(container)
            let leaves = min(side, n - views.count)
            let lc = max(1, Int(Double(leaves).squareRoot().rounded(.up)))
            let lr = max(1, (leaves + lc - 1) / lc)
            for k in 0..<leaves {
                let leaf = try makeView(frame: CGRect(x: CGFloat(k % lc) * cw / CGFloat(lc), y: CGFloat(k / lc) * ch / CGFloat(lr),
                                                      width: cw / CGFloat(lc), height: ch / CGFloat(lr)), in: container)
                views.append(leaf)
            }
            c += 1
        }
        return BuiltScene(window: window, views: views)
    }
}
