/// Calls `body` with the object `reference` names, borrowed: no retain or release around the call. For the
/// per-event path, where the caller knows something else holds the object for the whole call.
///
/// A wrapper of `Unmanaged._withUnsafeGuaranteedRef` in this (Swift 6) module: a main-actor closure handed
/// straight to the standard library gets a run-time isolation check in its prologue (~870 instructions per
/// event on the touch path when it was tried); handed to this function it is checked statically.
@inline(__always)
func withBorrowed<Object: AnyObject, Result>(_ reference: Unmanaged<Object>,
                                             _ body: (Object) throws -> Result) rethrows -> Result {
    try reference._withUnsafeGuaranteedRef(body)
}
