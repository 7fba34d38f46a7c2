/// A method name, as Objective-C's `SEL` (Linux Foundation has no `Selector`): `Selector("copy:")`.
/// Actions are named with it (`canPerformAction(_:withSender:)`, `sendAction(_:to:from:for:)`).
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
}
