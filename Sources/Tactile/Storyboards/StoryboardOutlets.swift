import Foundation

/// Key-Value Coding without the Objective-C runtime: the properties a class lists in
/// ``UIResponder/tactileOutlets``, read and written through their key paths.
@MainActor
enum StoryboardOutlets {
    /// Sets `object`'s property `key` to `value`; false when the class lists no such property or the value does not
    /// fit it (a diagnostic says which).
    static func set(_ value: Any?, forKey key: String, on object: UIResponder) -> Bool {
        guard let keyPath = type(of: object).tactileOutlets[key] else { return false }
        func withRoot<Root>(_: Root.Type) -> Bool {
            func withValue<Value>(_: Value.Type) -> Bool {
                guard let writable = keyPath as? ReferenceWritableKeyPath<Root, Value>, let root = object as? Root else {
                    TactileDiagnostics.report("UIResponder.setValue(_:forKey:)",
                                              "the key path for \"\(key)\" on \(type(of: object)) is not writable")
                    return true
                }
                guard let converted: Value = convert(value) else {
                    TactileDiagnostics.report("UIResponder.setValue(_:forKey:)",
                                              "\(value.map { "\(type(of: $0))" } ?? "nil") cannot be stored in \(type(of: object)).\(key) (\(Value.self))")
                    return true
                }
                root[keyPath: writable] = converted
                return true
            }
            return _openExistential(type(of: keyPath).valueType, do: withValue)
        }
        return _openExistential(type(of: keyPath).rootType, do: withRoot)
    }

    /// The value of `object`'s property `key`, nil when the class lists no such property.
    static func value(forKey key: String, on object: UIResponder) -> Any? {
        guard let keyPath = type(of: object).tactileOutlets[key] else { return nil }
        func withRoot<Root>(_: Root.Type) -> Any? {
            guard let root = object as? Root, let path = keyPath as? PartialKeyPath<Root> else { return nil }
            return root[keyPath: path]
        }
        return _openExistential(type(of: keyPath).rootType, do: withRoot)
    }

    /// `value` as a `Value`: itself, nil for an optional, or a number converted to the property's numeric type.
    static func convert<Value>(_ value: Any?) -> Value? {
        guard let value else { return (Value.self as? StoryboardNil.Type)?.storyboardNil as? Value }
        if let same = value as? Value { return same }
        let number: Double? = switch value {
        case let d as Double: d
        case let b as Bool: b ? 1 : 0
        case let i as Int: Double(i)
        case let f as CGFloat: Double(f)
        default: nil
        }
        guard let number else { return nil }
        let candidates: [Any] = [CGFloat(number), number, Float(number)] + (Int(exactly: number).map { [$0] } ?? []) + [number != 0]
        for candidate in candidates {
            if let fitted = candidate as? Value { return fitted }
        }
        return nil
    }
}

/// The nil of an optional property type, made generically.
protocol StoryboardNil { static var storyboardNil: Self { get } }
extension Optional: StoryboardNil { static var storyboardNil: Self { nil } }
