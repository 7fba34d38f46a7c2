import Testing
@testable import Tactile

/// The per-event path borrows the application instead of retaining it (perf/results/objectmodel-handles-2026-11-28.md).
@Suite("Borrowed application")
@MainActor
struct BorrowedApplicationTests {
    @Test("UIApplication.withCurrent: an app replaced while lent (a launch from inside) stays alive until given back, then goes")
    func replacedWhileLent() {
        TactileHost.launch(delegate: nil)
        weak var first: UIApplication?
        UIApplication.withCurrent { app in
            first = app
            TactileHost.launch(delegate: nil)
            #expect(first != nil, "the lent app outlives the launch that replaced it")
            #expect(UIApplication.shared !== app)
            UIApplication.withCurrent { inner in #expect(inner === UIApplication.shared, "a nested loan is of the new app") }
            #expect(first != nil, "the nested loan's return does not free the outer one's app")
        }
        #expect(first == nil, "given back, the replaced app goes")
    }
}
