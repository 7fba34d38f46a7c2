import Foundation

/// Objective-C's optional protocol requirements, for Swift on Linux (what `tactile port` generates).
///
/// UIKit code declares `@objc optional func pager(_ p: Pager, didSelect index: Int) -> Bool` and calls
/// `delegate?.pager?(self, didSelect: 2)`, which gives nil when the delegate does not implement it. Linux has no
/// `@objc optional`; the port gives each optional requirement a default implementation in a protocol extension that
/// calls ``unimplemented(_:)``, and wraps each call whose result is used in ``result(_:)``:
///
/// ```swift
/// extension PagerDelegate {
///     func pager(_ p: Pager, didSelect index: Int) -> Bool { TactileOptionalRequirement.unimplemented() }
/// }
/// let allowed = TactileOptionalRequirement.result({ delegate?.pager(self, didSelect: 2) }) ?? true
/// ```
///
/// A call whose result is discarded needs no wrapper: the default does nothing.
public enum TactileOptionalRequirement {
    /// The innermost ``result(_:)`` being evaluated on this thread (task-local, so nested and concurrent calls
    /// each see their own).
    @TaskLocal static var current: Marker?

    final class Marker: @unchecked Sendable { var unimplemented = false }

    /// The value of `call`, or nil when the requirement it calls was not implemented (its default ran), as an
    /// Objective-C optional call (`delegate?.method?()`) gives.
    public static func result<T>(_ call: () throws -> T?) rethrows -> T? {
        let marker = Marker()
        let value = try $current.withValue(marker) { try call() }
        return marker.unimplemented ? nil : value
    }

    /// The body of an optional requirement's default implementation: marks the enclosing ``result(_:)`` as
    /// unimplemented and returns a placeholder — `()`, nil, zero, false, an empty string or collection, a zero
    /// geometry value, an enumeration's first case. A type with no such value (a class) cannot be made: a
    /// diagnostic names the requirement, and the process stops.
    public static func unimplemented<T>(_ requirement: String = #function) -> T {
        current?.unimplemented = true
        if let value = placeholder(T.self) { return value }
        TactileDiagnostics.report("TactileOptionalRequirement.unimplemented()",
                                  "the optional requirement \(requirement) is not implemented and its default cannot make a \(T.self)")
        fatalError("optional requirement \(requirement) not implemented: no default \(T.self)")
    }

    static func placeholder<T>(_ type: T.Type) -> T? {
        if T.self == Void.self { return () as? T }
        if let optional = T.self as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? T }
        if T.self == Bool.self { return false as? T }
        if let number = T.self as? any AdditiveArithmetic.Type { return number.zero as? T }
        if let value = T.self as? any TactilePlaceholderValue.Type { return value.tactilePlaceholder as? T }
        if let collection = T.self as? any RangeReplaceableCollection.Type { return collection.init() as? T }
        if let cases = T.self as? any CaseIterable.Type { return cases.allCases.first as? T }
        return nil
    }
}

/// A value a defaulted optional requirement returns when not implemented (zero geometry, an empty dictionary).
protocol TactilePlaceholderValue { static var tactilePlaceholder: Self { get } }
extension CGSize: TactilePlaceholderValue { static var tactilePlaceholder: CGSize { .zero } }
extension CGPoint: TactilePlaceholderValue { static var tactilePlaceholder: CGPoint { .zero } }
extension CGRect: TactilePlaceholderValue { static var tactilePlaceholder: CGRect { .zero } }
extension UIEdgeInsets: TactilePlaceholderValue { static var tactilePlaceholder: UIEdgeInsets { .zero } }
extension CGAffineTransform: TactilePlaceholderValue { static var tactilePlaceholder: CGAffineTransform { .identity } }
extension IndexPath: TactilePlaceholderValue { static var tactilePlaceholder: IndexPath { IndexPath() } }
extension Dictionary: TactilePlaceholderValue { static var tactilePlaceholder: Dictionary { [:] } }
extension Set: TactilePlaceholderValue { static var tactilePlaceholder: Set { [] } }
