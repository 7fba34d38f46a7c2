import Foundation

/// The visual format language of `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`, as
/// Apple's Auto Layout Guide gives its grammar ("Visual Format Language"):
///
///     format      ::= (("H" | "V") ":")? ("|" connection)? view (connection view)* (connection "|")?
///     view        ::= "[" name ("(" predicate ("," predicate)* ")")? "]"
///     connection  ::= "" | "-" | "-" (number | metric | "(" predicate ("," predicate)* ")") "-"
///     predicate   ::= ("==" | "<=" | ">=")? (number | metric | view name) ("@" (number | metric))?
///
/// A later item's leading (top) edge is related to the earlier one's trailing (bottom) edge: `[a]-8-[b]` makes
/// `b.leading == a.trailing + 8`, `|-8-[a]` makes `a.leading == superview.leading + 8`, `[a]-8-|` makes
/// `superview.trailing == a.trailing + 8`. A bare `-` is the standard spacing: 8 points between siblings, the
/// superview's layout margin at an edge. A parse error is UIKit's exception, with its text and a caret under
/// the place (reported; no constraint is made).
@MainActor
struct VisualFormat {
    struct Failure: Error {
        let message: String
        let position: Int
    }

    private let text: [Character]
    private var position = 0
    private let metrics: [String: CGFloat]
    private let views: [String: UIView]

    init(_ format: String, metrics: [String: CGFloat], views: [String: UIView]) {
        text = Array(format)
        self.metrics = metrics
        self.views = views
    }

    /// One predicate: relation, constant or view, priority.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
    }

    enum Connection {
        case flush
        case standard
        case predicates([Predicate])
    }

    struct Layout {
        var vertical = false
        var leadingSuperview: Connection?
        var views: [(view: UIView, predicates: [Predicate])] = []
        var connections: [Connection] = []
        var trailingSuperview: Connection?
    }

    // MARK: - Parsing

    private var atEnd: Bool { position >= text.count }
    private var peek: Character? { atEnd ? nil : text[position] }

    private func fail(_ message: String) -> Failure { Failure(message: message, position: position) }

    private mutating func expect(_ c: Character, _ message: String) throws(Failure) {
        guard peek == c else { throw fail(message) }
        position += 1
    }

    mutating func parse() throws(Failure) -> Layout {
        var layout = Layout()
        if let first = peek, first == "H" || first == "V" {
            position += 1
            guard peek == ":" else {
                throw fail(first == "V" ? "Expected ':' after 'V' to specify vertical arrangement"
                                        : "Expected ':' after 'H' to specify horizontal arrangement")
            }
            position += 1
            layout.vertical = first == "V"
        }
        if peek == "|" {
            position += 1
            layout.leadingSuperview = try connection()
        }
        while true {
            guard peek == "[" else { throw fail(layout.views.isEmpty ? "Expected a view" : "Expected a view or '|'") }
            layout.views.append(try view())
            if atEnd { break }
            let link = try connection()
            if peek == "|" {
                position += 1
                layout.trailingSuperview = link
                guard atEnd else { throw fail("Expected the end of the format string after '|'") }
                break
            }
            layout.connections.append(link)
        }
        return layout
    }

    private mutating func name() throws(Failure) -> String {
        let start = position
        while let c = peek, c == "_" || c.isLetter || (c.isNumber && position > start) { position += 1 }
        guard position > start else { throw fail("Expected a view name or metric") }
        return String(text[start..<position])
    }

    private mutating func view() throws(Failure) -> (view: UIView, predicates: [Predicate]) {
        position += 1  // [
        let start = position
        let key = try name()
        guard let view = views[key] else {
            position = start
            throw fail("\(key) is not a key in the views dictionary.")
        }
        var predicates: [Predicate] = []
        if peek == "(" { predicates = try predicateList(allowViews: true) }
        try expect("]", "Expected ']'")
        return (view, predicates)
    }

    private mutating func connection() throws(Failure) -> Connection {
        guard peek == "-" else { return .flush }
        position += 1
        if peek == "[" || peek == "|" { return .standard }
        let predicates: [Predicate]
        if peek == "(" {
            predicates = try predicateList(allowViews: false)
        } else {
            predicates = [Predicate(constant: try constant())]
        }
        try expect("-", "Expected '-'")
        return .predicates(predicates)
    }

    private mutating func predicateList(allowViews: Bool) throws(Failure) -> [Predicate] {
        position += 1  // (
        var list: [Predicate] = []
        repeat {
            if peek == "," { position += 1 }
            list.append(try predicate(allowViews: allowViews))
        } while peek == ","
        try expect(")", "Expected ')'")
        return list
    }

    private mutating func predicate(allowViews: Bool) throws(Failure) -> Predicate {
        var p = Predicate()
        let operators: [(String, NSLayoutConstraint.Relation)] = [("==", .equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)]
        for (symbol, relation) in operators where position + 1 < text.count && String(text[position...position + 1]) == symbol {
            p.relation = relation
            position += 2
            break
        }
        if allowViews, let c = peek, c == "_" || c.isLetter {
            let start = position
            let key = try name()
            if let value = metrics[key] {
                p.constant = value
            } else if let view = views[key] {
                p.view = view
            } else {
                position = start
                throw fail("\(key) is not a key in the views dictionary.")
            }
        } else {
            p.constant = try constant()
        }
        if peek == "@" {
            position += 1
            let value = try constant()
            guard value > 0, value <= 1000 else { throw fail("Priority must be greater than 0 and less than or equal to 1000") }
            p.priority = UILayoutPriority(Float(value))
        }
        return p
    }

    /// A number, or a name in the metrics.
    private mutating func constant() throws(Failure) -> CGFloat {
        if let c = peek, c == "_" || c.isLetter {
            let start = position
            let key = try name()
            guard let value = metrics[key] else {
                position = start
                throw fail("\(key) is not a key in the metrics dictionary.")
            }
            return value
        }
        return try number()
    }

    private mutating func number() throws(Failure) -> CGFloat {
        let start = position
        if peek == "-" || peek == "+" { position += 1 }
        while let c = peek, c.isNumber || c == "." { position += 1 }
        guard position > start, let value = Double(String(text[start..<position])), value.isFinite else {
            position = start
            throw fail("Expected a number or metric")
        }
        return CGFloat(value)
    }

    // MARK: - Constraints

    /// UIKit's constraints for a parsed layout, in its order: each view's predicates, then the connections
    /// left to right, then the alignment of consecutive views.
    static func constraints(_ layout: Layout, options: NSLayoutConstraint.FormatOptions) throws(Failure) -> [NSLayoutConstraint] {
        typealias A = NSLayoutConstraint.Attribute
        let lead: A, trail: A, size: A
        if layout.vertical {
            (lead, trail, size) = (.top, .bottom, .height)
        } else {
            switch options.intersection(.directionMask) {
            case .directionLeftToRight: (lead, trail, size) = (.left, .right, .width)
            case .directionRightToLeft: (lead, trail, size) = (.right, .left, .width)
            default: (lead, trail, size) = (.leading, .trailing, .width)
            }
        }
        let mirrored = !layout.vertical && options.intersection(.directionMask) == .directionRightToLeft
        let leadMargin: A = layout.vertical ? .topMargin : mirrored ? .rightMargin : lead == .left ? .leftMargin : .leadingMargin
        let trailMargin: A = layout.vertical ? .bottomMargin : mirrored ? .leftMargin : lead == .left ? .rightMargin : .trailingMargin
        // Right-to-left measures leftwards: later.right == earlier.left − c.
        let sign: CGFloat = mirrored ? -1 : 1
        var made: [NSLayoutConstraint] = []
        func add(_ a: AnyObject, _ attrA: A, _ relation: NSLayoutConstraint.Relation, _ b: AnyObject?, _ attrB: A,
                 _ constant: CGFloat, _ priority: UILayoutPriority) {
            let r: NSLayoutConstraint.Relation = sign < 0 ? NSLayoutConstraint.Relation(rawValue: -relation.rawValue)! : relation
            made.append(NSLayoutConstraint(first: a, attrA, r, second: b, attrB, multiplier: 1, constant: sign * constant, priority: priority))
        }
        for (view, predicates) in layout.views {
            for p in predicates {
                if let other = p.view {
                    made.append(NSLayoutConstraint(first: view, size, p.relation, second: other, size, multiplier: 1, constant: 0, priority: p.priority))
                } else {
                    made.append(NSLayoutConstraint(first: view, size, p.relation, second: nil, .notAnAttribute, multiplier: 1,
                                                   constant: p.constant, priority: p.priority))
                }
            }
        }
        let superview = layout.views[0].view.superview
        func needSuperview() throws(Failure) -> UIView {
            guard let superview else {
                throw Failure(message: "Unable to interpret '|' character, because the related view doesn't have a superview", position: 0)
            }
            return superview
        }
        func connect(_ earlier: AnyObject, _ earlierEdge: A, _ later: AnyObject, _ laterEdge: A, _ link: Connection, standardEdge: A?) {
            switch link {
            case .flush: add(later, laterEdge, .equal, earlier, earlierEdge, 0, .required)
            case .standard:
                if let standardEdge {  // to the superview's margin
                    if later === superview {
                        add(later, standardEdge, .equal, earlier, earlierEdge, 0, .required)
                    } else {
                        add(later, laterEdge, .equal, earlier, standardEdge, 0, .required)
                    }
                } else {
                    add(later, laterEdge, .equal, earlier, earlierEdge, AutoLayout.systemSpacing, .required)
                }
            case .predicates(let list):
                for p in list { add(later, laterEdge, p.relation, earlier, earlierEdge, p.constant, p.priority) }
            }
        }
        if let link = layout.leadingSuperview {
            connect(try needSuperview(), lead, layout.views[0].view, lead, link, standardEdge: leadMargin)
        }
        for (i, link) in layout.connections.enumerated() {
            connect(layout.views[i].view, trail, layout.views[i + 1].view, lead, link, standardEdge: nil)
        }
        if let link = layout.trailingSuperview {
            connect(layout.views[layout.views.count - 1].view, trail, try needSuperview(), trail, link, standardEdge: trailMargin)
        }
        // Alignment of consecutive views, across the axis.
        let alignments: [(NSLayoutConstraint.FormatOptions, A)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in alignments where options.contains(option) {
            if attribute.isHorizontal != layout.vertical {
                let edge = layout.vertical ? "vertical" : "horizontal"
                throw Failure(message: "Options mask required views to be aligned on a \(edge) edge, which is not allowed for layout that is also \(edge).", position: 0)
            }
            for (earlier, later) in zip(layout.views, layout.views.dropFirst()) {
                made.append(NSLayoutConstraint(first: later.view, attribute, .equal, second: earlier.view, attribute, multiplier: 1, constant: 0))
            }
        }
        return made
    }
}

extension NSLayoutConstraint {
    /// The constraints of a visual format, or none (reported as UIKit's exception) when it does not parse.
    static func visualFormatConstraints(_ format: String, options: FormatOptions, metrics: [String: Any]?,
                                        views: [String: Any]) -> [NSLayoutConstraint] {
        func number(_ any: Any) -> CGFloat? {
            switch any {
            case let v as CGFloat: v
            case let v as Double: CGFloat(v)
            case let v as Float: CGFloat(v)
            case let v as Int: CGFloat(v)
            case let v as NSNumber: CGFloat(v.doubleValue)
            default: nil
            }
        }
        let metricValues = (metrics ?? [:]).compactMapValues(number)
        let viewValues = views.compactMapValues { $0 as? UIView }
        var parser = VisualFormat(format, metrics: metricValues, views: viewValues)
        do throws(VisualFormat.Failure) {
            return try VisualFormat.constraints(try parser.parse(), options: options)
        } catch {
            let caret = String(repeating: " ", count: max(0, error.position)) + "^"
            TactileDiagnostics.report("NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)",
                                      "Unable to parse constraint format: \n\(error.message) \n\(format) \n\(caret)")
            return []
        }
    }
}
