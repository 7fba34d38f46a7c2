import Foundation

/// The coder a storyboard object is made with (`init?(coder:)`, SBT-SB-11): a keyed decoder over the object's XML
/// element. Its keys are the element's attributes as Interface Builder writes them (`title`, `tag`,
/// `storyboardIdentifier`, …): `decodeObject(forKey:)` gives the string, `decodeBool(forKey:)` reads `YES`/`NO`,
/// the number decoders parse numbers. `UIView.init?(coder:)` and `UIViewController.init?(coder:)` read their
/// storyboard attributes from it, so a subclass's `required init?(coder:)` sees them after `super.init(coder:)`.
final class StoryboardCoder: NSCoder {
    /// The element the object comes from (nil for the empty coder).
    let element: Int32?
    let xml: StoryboardXML?
    /// The instantiation building this object (views build their subviews through it).
    nonisolated(unsafe) weak var instantiator: StoryboardInstantiator?

    init(element: Int32?, xml: StoryboardXML?, instantiator: StoryboardInstantiator?) {
        self.element = element
        self.xml = xml
        self.instantiator = instantiator
        super.init()
    }

    /// A coder with no attributes.
    static var empty: StoryboardCoder { StoryboardCoder(element: nil, xml: nil, instantiator: nil) }

    var attributes: [String: String] {
        guard let element, let xml else { return [:] }
        return xml[element].attributes
    }

    override var allowsKeyedCoding: Bool { true }

    override func containsValue(forKey key: String) -> Bool { attributes[key] != nil }

    override func decodeObject(forKey key: String) -> Any? { attributes[key] }

    override func decodeBool(forKey key: String) -> Bool { attributes[key] == "YES" }

    override func decodeInteger(forKey key: String) -> Int { attributes[key].flatMap { Int($0) } ?? 0 }

    override func decodeInt32(forKey key: String) -> Int32 { Int32(clamping: decodeInteger(forKey: key)) }

    override func decodeInt64(forKey key: String) -> Int64 { Int64(decodeInteger(forKey: key)) }

    override func decodeDouble(forKey key: String) -> Double { attributes[key].flatMap { Double($0) } ?? 0 }

    override func decodeFloat(forKey key: String) -> Float { Float(decodeDouble(forKey: key)) }
}
