/// Carries a value that is not `Sendable` across an isolation boundary the caller knows is not crossed: in and
/// out of `MainActor.assumeIsolated` from the main thread (a view's layer, used where its view is).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
