import Foundation
import Tactile
import Testing

/// The visual format language, with the examples of Apple's Auto Layout Guide ("Visual Format Language":
/// standard space, width constraint, connection to superview, vertical layout, flush views, priority, equal
/// widths, multiple predicates, a complete line of layout) and its error message ("Expected ':' after 'V' to
/// specify vertical arrangement" with a caret under the place).
@MainActor
@Suite("Auto Layout: visual format")
struct VisualFormatTests {
    /// The views live in the test (released on the main actor with it), not in the suite instance, which
    /// Swift Testing may release on another thread.
    @MainActor
    final class Fixture {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a: UIView, b: UIView, c: UIView
        init() {
            a = constrainedView(in: root)
            b = constrainedView(in: root)
            c = constrainedView(in: root)
        }
    }

    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    private func make(_ f: Fixture, _ format: String, _ options: NSLayoutConstraint.FormatOptions = [],
                      metrics: [String: Any]? = nil) -> [NSLayoutConstraint] {
        NSLayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics, views: ["a": f.a, "b": f.b, "c": f.c])
    }

    /// `first.attr relation second.attr + constant @priority`, for comparing.
    private func describe(_ f: Fixture, _ cs: [NSLayoutConstraint]) -> [String] {
        func name(_ o: AnyObject?) -> String {
            guard let o else { return "nil" }
            return o === f.a ? "a" : o === f.b ? "b" : o === f.c ? "c" : o === f.root ? "|" : "?"
        }
        return cs.map { x in
            let rel = x.relation == .equal ? "==" : x.relation == .lessThanOrEqual ? "<=" : ">="
            let rhs = x.secondItem == nil ? "\(x.constant)" : "\(name(x.secondItem)).\(x.secondAttribute.rawValue) + \(x.constant)"
            return "\(name(x.firstItem)).\(x.firstAttribute.rawValue) \(rel) \(rhs)" + (x.priority == .required ? "" : " @\(x.priority.rawValue)")
        }
    }

    typealias A = NSLayoutConstraint.Attribute

    @Test("DESIGN-LAYOUT-VFL: standard space, connection to superview and flush views, in UIKit's item order")
    func connections() {
        let f = Fixture()
        #expect(describe(f, make(f, "[a]-[b]")) == ["b.\(A.leading.rawValue) == a.\(A.trailing.rawValue) + 8.0"])
        #expect(describe(f, make(f, "|-50-[a]-50-|")) == ["a.\(A.leading.rawValue) == |.\(A.leading.rawValue) + 50.0",
                                                   "|.\(A.trailing.rawValue) == a.\(A.trailing.rawValue) + 50.0"])
        #expect(describe(f, make(f, "[a][b]")) == ["b.\(A.leading.rawValue) == a.\(A.trailing.rawValue) + 0.0"])
        #expect(describe(f, make(f, "V:[a]-10-[b]")) == ["b.\(A.top.rawValue) == a.\(A.bottom.rawValue) + 10.0"])
        // A bare dash at an edge: the superview's layout margin.
        #expect(describe(f, make(f, "|-[a]-|")) == ["a.\(A.leading.rawValue) == |.\(A.leadingMargin.rawValue) + 0.0",
                                             "|.\(A.trailingMargin.rawValue) == a.\(A.trailing.rawValue) + 0.0"])
    }

    @Test("DESIGN-LAYOUT-VFL: width predicates, priorities, equal widths, multiple predicates, metrics")
    func predicates() {
        let f = Fixture()
        #expect(describe(f, make(f, "[a(>=50)]")) == ["a.\(A.width.rawValue) >= 50.0"])
        #expect(describe(f, make(f, "[a(100@20)]")) == ["a.\(A.width.rawValue) == 100.0 @20.0"])
        #expect(describe(f, make(f, "[a(==b)]")) == ["a.\(A.width.rawValue) == b.\(A.width.rawValue) + 0.0"])
        #expect(describe(f, make(f, "[a(>=70,<=100)]")) == ["a.\(A.width.rawValue) >= 70.0", "a.\(A.width.rawValue) <= 100.0"])
        #expect(describe(f, make(f, "V:[a(h@p)]-(>=gap)-[b]", metrics: ["h": 44, "p": 750.0, "gap": CGFloat(12)]))
                == ["a.\(A.height.rawValue) == 44.0 @750.0", "b.\(A.top.rawValue) >= a.\(A.bottom.rawValue) + 12.0"])
    }

    @Test("DESIGN-LAYOUT-VFL: a complete line of layout lays out as the guide's picture")
    func completeLine() {
        let f = Fixture()
        let cs = make(f, "|-[a]-[b]-[c(>=20)]-|")
        #expect(cs.count == 5)
        NSLayoutConstraint.activate(cs)
        NSLayoutConstraint.activate(make(f, "[a(40)]") + make(f, "[b(60)]") + make(f, "V:|[a(10)]") + make(f, "V:|[b(10)]") + make(f, "V:|[c(10)]"))
        f.root.layoutIfNeeded()
        // Margins 8: a at 8…48, b at 56…116, c from 124 to 400 − 8.
        #expect(f.a.frame.minX == 8 && f.b.frame.minX == 56 && f.c.frame.minX == 124 && f.c.frame.maxX == 392)
    }

    @Test("DESIGN-LAYOUT-VFL: alignment options and right-to-left direction")
    func optionsAndDirection() {
        let f = Fixture()
        #expect(describe(f, make(f, "[a][b][c]", .alignAllTop)).suffix(2) == ["b.\(A.top.rawValue) == a.\(A.top.rawValue) + 0.0",
                                                                          "c.\(A.top.rawValue) == b.\(A.top.rawValue) + 0.0"])
        #expect(describe(f, make(f, "[a]-8-[b]", .directionLeftToRight)) == ["b.\(A.left.rawValue) == a.\(A.right.rawValue) + 8.0"])
        #expect(describe(f, make(f, "[a]-8-[b]", .directionRightToLeft)) == ["b.\(A.right.rawValue) == a.\(A.left.rawValue) + -8.0"])
    }

    @Test("DESIGN-LAYOUT-VFL: parse errors are UIKit's exception text with a caret; no constraints")
    func errors() {
        let f = Fixture()
        func error(_ format: String, _ options: NSLayoutConstraint.FormatOptions = []) -> String? {
            let before = TactileDiagnostics.misuseCount
            let cs = make(f, format, options)
            #expect(cs.isEmpty, "\(format)")
            return TactileDiagnostics.misuseCount == before + 1 ? TactileDiagnostics.recentMisuses.last?.reason : nil
        }
        #expect(error("V|[a]|") == "Unable to parse constraint format: \nExpected ':' after 'V' to specify vertical arrangement \nV|[a]| \n ^")
        #expect(error("H:|[foo]|") == "Unable to parse constraint format: \nfoo is not a key in the views dictionary. \nH:|[foo]| \n    ^")
        #expect(error("[a]-gap-[b]")?.contains("gap is not a key in the metrics dictionary.") == true)
        #expect(error("[a") != nil)
        #expect(error("[a]-") != nil)
        #expect(error("[a(>=)]") != nil)
        #expect(error("[a][b]", .alignAllLeading)?.contains("which is not allowed for layout that is also horizontal") == true)
        let loose = UIView()
        let before = TactileDiagnostics.misuseCount
        #expect(NSLayoutConstraint.constraints(withVisualFormat: "|[v]|", metrics: nil, views: ["v": loose]).isEmpty)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("doesn't have a superview") == true)
        #expect(TactileDiagnostics.misuseCount == before + 1)
    }

    @Test("DESIGN-LAYOUT-VFL: no input crashes the parser")
    func fuzz() {
        let f = Fixture()
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("HV:|[]()-,@<=>ab c0123456789.")
        for _ in 0..<3000 {
            let format = String((0..<Int.random(in: 0...16, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            _ = make(f, format, [], metrics: ["m": 5])
        }
    }
}
