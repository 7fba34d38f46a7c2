/// Which standard edit actions a responder class overrides — UIKit's "implements the method" for
/// `canPerformAction(_:withSender:)` (AG-R-03), which Objective-C answers with `respondsToSelector:`.
///
/// Linux has no Objective-C runtime: the class's vtable answers instead (``OverrideProbe``).
@MainActor
enum EditActionOverrides {
    private final class Plain1: UIResponder {}
    private final class Plain2: UIResponder {}
    private final class ProbeCopy: UIResponder { override func copy(_ sender: Any?) {} }
    private final class ProbeCut: UIResponder { override func cut(_ sender: Any?) {} }
    private final class ProbePaste: UIResponder { override func paste(_ sender: Any?) {} }
    private final class ProbeSelect: UIResponder { override func select(_ sender: Any?) {} }
    private final class ProbeSelectAll: UIResponder { override func selectAll(_ sender: Any?) {} }
    private final class ProbeDelete: UIResponder { override func delete(_ sender: Any?) {} }

    private static let probe = OverrideProbe<Selector>(
        base: UIResponder.self, plain: (Plain1.self, Plain2.self),
        probes: [(.copy, ProbeCopy.self), (.cut, ProbeCut.self), (.paste, ProbePaste.self), (.select, ProbeSelect.self),
                 (.selectAll, ProbeSelectAll.self), (.delete, ProbeDelete.self)])

    /// True when `cls` (a `UIResponder` subclass) overrides the standard edit action `action`.
    static func overrides(_ action: Selector, in cls: UIResponder.Type) -> Bool {
        probe.overriddenMethods(of: cls).contains(action)
    }
}
