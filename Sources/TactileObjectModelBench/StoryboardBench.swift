import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@_spi(Tools) import Tactile

// storyboard.load_ms         parsing and indexing the 28-scene fixture (04, 495 KB, Xcode 8), uncached, beside
//                            Foundation's XMLParser over the same bytes with a delegate that receives every element
//                            and its attributes (the floor of any loader built on XMLParser)
// storyboard.instantiate_us  instantiating that storyboard's TextFieldViewController and loading its view
//                            (init(coder:), attributes, constraints, outlets, layout), beside a UIViewController
//                            given the same views in code (UIView(frame:) + addSubview, same frames and tree)

/// The fixture: in $TACTILE_STORYBOARD_FIXTURES when set, else in Tests/TactileTests/Resources/Storyboards of the
/// current directory (perf/bench runs the bench from the repository root), else of the checkout this file was
/// built from (so the bench runs from anywhere on the machine that built it).
let storyboardFixture: URL = {
    let name = "04-iqkeyboard-objc-demo-xcode8-large.storyboard"
    if let dir = ProcessInfo.processInfo.environment["TACTILE_STORYBOARD_FIXTURES"], !dir.isEmpty {
        return URL(fileURLWithPath: dir).appendingPathComponent(name)
    }
    let relative = "Tests/TactileTests/Resources/Storyboards/" + name
    if FileManager.default.fileExists(atPath: relative) { return URL(fileURLWithPath: relative) }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(relative)
}()

/// Receives every element with its attributes, and does nothing else.
private final class CountingDelegate: NSObject, XMLParserDelegate {
    var elements = 0
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements += attributeDict.count >= 0 ? 1 : 0
    }
}

@MainActor
func storyboardBench(quick: Bool) {
    guard let data = try? Data(contentsOf: storyboardFixture) else {
        FileHandle.standardError.write(Data("storyboard bench: \(storyboardFixture.path) not found (run from the repository root, or set TACTILE_STORYBOARD_FIXTURES)\n".utf8))
        return
    }
    TactileDiagnostics.logsToStandardError = false
    let repetitions = quick ? 5 : 15
    var load: [Double] = [], parse: [Double] = []
    var storyboard: UIStoryboard?
    for _ in 0..<repetitions {
        let t0 = now()
        storyboard = try? UIStoryboard(data: data, name: "Bench")
        let t1 = now()
        let parser = XMLParser(data: data)
        let delegate = CountingDelegate()
        parser.delegate = delegate
        _ = parser.parse()
        let t2 = now()
        load.append(Double(t1 - t0) / 1e6)
        parse.append(Double(t2 - t1) / 1e6)
    }
    guard let storyboard, storyboard.tactileSummary.scenes.count == 28 else {
        FileHandle.standardError.write(Data("storyboard bench: the fixture did not load\n".utf8))
        return
    }
    print(row("storyboard.load_ms", median(load), "ms", reference: median(parse), ratio: median(parse) / median(load),
              budget: nil, pass: nil, referenceLabel: "XMLParser, a delegate receiving every element, same bytes"))

    /// Instantiates the text field scene, loads its view and lays it out; returns what was built.
    func instantiate() -> SceneShape {
        let vc = storyboard.instantiateViewController(withIdentifier: "TextFieldViewController")
        vc.view.layoutIfNeeded()
        return SceneShape(vc.view)
    }
    let shape = instantiate()
    let rounds = quick ? 5 : 20
    var object: [Double] = [], code: [Double] = []
    for _ in 0..<repetitions {
        let t0 = now()
        for _ in 0..<rounds { _ = instantiate() }
        let t1 = now()
        for _ in 0..<rounds { shape.build() }
        let t2 = now()
        object.append(Double(t1 - t0) / Double(rounds) / 1000)
        code.append(Double(t2 - t1) / Double(rounds) / 1000)
    }
    print(row("storyboard.instantiate_us", median(object), "us", reference: median(code), ratio: median(code) / median(object),
              budget: nil, pass: nil, referenceLabel: "the same \(shape.views.count) views and \(shape.constraints.count) constraints in code"))
}

/// A loaded scene as code would build it: the views (frames, tree, intrinsic sizes) and the constraints.
@MainActor
struct SceneShape {
    /// Parent index (-1 for the root), frame, intrinsic size, whether it translates its mask.
    var views: [(parent: Int, frame: CGRect, intrinsic: CGSize, translates: Bool)] = []
    /// Items as (view index, guide: 0 none, 1 safe area, 2 margins), with the constraint's values.
    var constraints: [(first: (Int, Int), a1: NSLayoutConstraint.Attribute, relation: NSLayoutConstraint.Relation,
                       second: (Int, Int)?, a2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant: CGFloat,
                       priority: UILayoutPriority)] = []

    init(_ root: UIView) {
        var index: [ObjectIdentifier: Int] = [:]
        var all: [UIView] = []
        func walk(_ v: UIView, parent: Int) {
            index[ObjectIdentifier(v)] = views.count
            all.append(v)
            views.append((parent, v.frame, v.intrinsicContentSize, v.translatesAutoresizingMaskIntoConstraints))
            let me = views.count - 1
            for s in v.subviews { walk(s, parent: me) }
        }
        walk(root, parent: -1)
        func item(_ any: AnyObject?) -> (Int, Int)? {
            if let v = any as? UIView { return index[ObjectIdentifier(v)].map { ($0, 0) } }
            if let g = any as? UILayoutGuide, let owner = g.owningView, let i = index[ObjectIdentifier(owner)] {
                return (i, g === owner.safeAreaLayoutGuide ? 1 : 2)
            }
            return nil
        }
        for v in all {
            for c in v.constraints {
                guard let first = item(c.firstItem) else { continue }
                constraints.append((first, c.firstAttribute, c.relation, item(c.secondItem), c.secondAttribute, c.multiplier,
                                    c.constant, c.priority))
            }
        }
    }

    /// Builds the same scene in code and lays it out.
    func build() {
        let vc = UIViewController()
        var built: [UIView] = []
        built.reserveCapacity(views.count)
        for v in views {
            let view = v.intrinsic.width >= 0 || v.intrinsic.height >= 0 ? SizedView(frame: v.frame) : UIView(frame: v.frame)
            (view as? SizedView)?.size = v.intrinsic
            view.translatesAutoresizingMaskIntoConstraints = v.translates
            if v.parent >= 0 { built[v.parent].addSubview(view) }
            built.append(view)
        }
        vc.view = built[0]
        func item(_ i: (Int, Int)) -> AnyObject {
            switch i.1 {
            case 1: built[i.0].safeAreaLayoutGuide
            case 2: built[i.0].layoutMarginsGuide
            default: built[i.0]
            }
        }
        NSLayoutConstraint.activate(constraints.map { c in
            let made = NSLayoutConstraint(item: item(c.first), attribute: c.a1, relatedBy: c.relation,
                                          toItem: c.second.map(item), attribute: c.a2, multiplier: c.multiplier,
                                          constant: c.constant)
            made.priority = c.priority
            return made
        })
        vc.view.layoutIfNeeded()
    }
}

/// A view with a fixed intrinsic content size.
final class SizedView: UIView {
    var size = CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    override var intrinsicContentSize: CGSize { size }
}
