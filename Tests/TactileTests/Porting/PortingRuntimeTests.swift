@testable import Tactile
import TactileCore
import Foundation
import Testing

/// What ported UIKit code calls with selectors on Linux: NSObject's perform family and `responds(to:)`,
/// selector-based notification observers and timers (UIKit: NSObject, NSNotificationCenter and NSTimer references),
/// all resolved through the target's action table, on Tactile's main run loop.
@Suite("Selector messaging for ported code", .serialized)
@MainActor
struct PortingRuntimeTests {
    final class Target: UIResponder {
        var calls: [String] = []
        var arguments: [Any?] = []
        func ping() { calls.append("ping") }
        func take(_ argument: Any?) {
            calls.append("take:")
            arguments.append(argument)
        }
        func note(_ notification: Notification) { calls.append("note:\(notification.name.rawValue)") }
        func tick(_ timer: Timer) {
            calls.append("tick:")
            arguments.append(timer.userInfo)
        }
        override class var tactileActions: [TactileAction] {
            super.tactileActions + [
                TactileAction("ping") { (t: Target) in { t.ping() } },
                TactileAction("take:") { (t: Target) in { (a: Any?) in t.take(a) } },
                TactileAction("note:") { (t: Target) in { (n: Notification) in t.note(n) } },
                TactileAction("tick:") { (t: Target) in { (timer: Timer) in t.tick(timer) } },
            ]
        }
    }

    func launch() -> MainRunLoop {
        TactileHost.launch(delegate: nil)
        TactileDiagnostics.reset()
        return TactileHost.runLoop
    }

    @Test("DESIGN-PORT-PERFORM perform(_:with:afterDelay:) sends after the delay, on the main run loop")
    func DESIGN_PORT_PERFORM_afterDelay() throws {
        let loop = launch()
        let target = Target()
        target.perform(Selector("take:"), with: "a", afterDelay: 0.5)
        target.perform(Selector("ping"), with: nil, afterDelay: 0.2)
        try loop.advance(by: 100_000_000)
        #expect(target.calls.isEmpty)
        try loop.advance(by: 150_000_000)
        #expect(target.calls == ["ping"])
        try loop.advance(by: 300_000_000)
        #expect(target.calls == ["ping", "take:"])
        #expect(target.arguments.first as? String == "a")
    }

    @Test("DESIGN-PORT-PERFORM cancelPreviousPerformRequests cancels the matching requests only")
    func DESIGN_PORT_PERFORM_cancel() throws {
        let loop = launch()
        let target = Target()
        let other = Target()
        target.perform(Selector("take:"), with: "a", afterDelay: 1)
        target.perform(Selector("take:"), with: "b", afterDelay: 1)
        target.perform(Selector("ping"), with: nil, afterDelay: 1)
        other.perform(Selector("ping"), with: nil, afterDelay: 1)
        NSObject.cancelPreviousPerformRequests(withTarget: target, selector: Selector("take:"), object: "a")
        try loop.advance(by: 2_000_000_000)
        #expect(target.calls.sorted() == ["ping", "take:"])
        #expect(target.arguments.first as? String == "b")
        #expect(other.calls == ["ping"])
        target.perform(Selector("ping"), with: nil, afterDelay: 1)
        other.perform(Selector("ping"), with: nil, afterDelay: 1)
        NSObject.cancelPreviousPerformRequests(withTarget: target)
        try loop.advance(by: 2_000_000_000)
        #expect(target.calls.count == 2)
        #expect(other.calls == ["ping", "ping"])
    }

    @Test("DESIGN-PORT-PERFORM perform(_:) sends at once; responds(to:) reads the action table; unknown selectors are reported")
    func DESIGN_PORT_PERFORM_now() {
        _ = launch()
        TactileDiagnostics.logsToStandardError = false
        defer { TactileDiagnostics.logsToStandardError = true }
        let target = Target()
        target.perform(Selector("ping"))
        target.perform(Selector("take:"), with: 7)
        #expect(target.calls == ["ping", "take:"])
        #expect(target.arguments.first as? Int == 7)
        #expect(target.responds(to: Selector("ping")))
        #expect(target.responds(to: Selector("copy:")) == false)
        #expect(target.responds(to: Selector("nothing")) == false)
        target.perform(Selector("nothing"))
        #expect(TactileDiagnostics.misuseCount == 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("unrecognized selector sent to instance") == true)
    }

    @Test("DESIGN-PORT-PERFORM the default mode waits while a scroll view tracks; inModes: .common does not")
    func DESIGN_PORT_PERFORM_modes() throws {
        let loop = launch()
        let target = Target()
        target.perform(Selector("ping"), with: nil, afterDelay: 0.1)
        target.perform(Selector("take:"), with: nil, afterDelay: 0.1, inModes: [.common])
        try loop.setCurrentMode(.tracking)
        try loop.advance(by: 200_000_000)
        #expect(target.calls == ["take:"])
        try loop.setCurrentMode(.default)
        try loop.advance(by: 10_000_000)
        #expect(target.calls == ["take:", "ping"])
    }

    @Test("DESIGN-PORT-NOTIFY a selector observer gets the notification, until removed")
    func DESIGN_PORT_NOTIFY_observe() {
        _ = launch()
        let target = Target()
        let name = Notification.Name("PortingRuntimeTests.note")
        let center = NotificationCenter()
        center.addObserver(target, selector: Selector("note:"), name: name, object: nil)
        center.post(name: name, object: nil)
        center.post(name: Notification.Name("other"), object: nil)
        #expect(target.calls == ["note:\(name.rawValue)"])
        center.removeObserver(target)
        center.post(name: name, object: nil)
        #expect(target.calls.count == 1)
        center.addObserver(target, selector: Selector("note:"), name: name, object: nil)
        center.removeObserver(target, name: name, object: nil)
        center.post(name: name, object: nil)
        #expect(target.calls.count == 1)
    }

    @Test("DESIGN-PORT-NOTIFY the center holds its selector observers weakly")
    func DESIGN_PORT_NOTIFY_weak() {
        _ = launch()
        let name = Notification.Name("PortingRuntimeTests.weak")
        let center = NotificationCenter()
        weak var gone: Target?
        do {
            let target = Target()
            gone = target
            center.addObserver(target, selector: Selector("note:"), name: name, object: nil)
        }
        #expect(gone == nil)
        center.post(name: name, object: nil)  // nothing to call, no crash
        #expect(SelectorObservers.count(in: center) == 0)
    }

    @Test("DESIGN-PORT-TIMER a selector timer fires on the main run loop with its userInfo, until invalidated")
    func DESIGN_PORT_TIMER_repeats() throws {
        let loop = launch()
        let target = Target()
        let timer = Timer.scheduledTimer(timeInterval: 0.1, target: target, selector: Selector("tick:"),
                                         userInfo: ["k": 1], repeats: true)
        try loop.advance(by: 350_000_000)
        #expect(target.calls == ["tick:", "tick:", "tick:"])
        #expect((target.arguments.first as? [String: Int])?["k"] == 1)
        timer.invalidate()
        try loop.advance(by: 500_000_000)
        #expect(target.calls.count == 3)
        let once = Timer.scheduledTimer(timeInterval: 0.1, target: target, selector: Selector("tick:"), userInfo: nil, repeats: false)
        try loop.advance(by: 500_000_000)
        #expect(target.calls.count == 4)
        #expect(!once.isValid)
    }

    protocol Pager: AnyObject {
        func shouldSelect(_ index: Int) -> Bool
        func title() -> String?
        func size() -> CGSize
        func didSelect(_ index: Int)
    }

    final class Implementing: Pager {
        var selected: [Int] = []
        func shouldSelect(_ index: Int) -> Bool { index > 0 }
        func title() -> String? { "t" }
        func size() -> CGSize { CGSize(width: 1, height: 2) }
        func didSelect(_ index: Int) { selected.append(index) }
    }

    final class Silent: Pager {}

    @Test("DESIGN-PORT-OPTIONAL an unimplemented requirement's call gives nil; an implemented one its value")
    func DESIGN_PORT_OPTIONAL_result() {
        let implementing: Pager = Implementing()
        let silent: Pager = Silent()
        #expect(TactileOptionalRequirement.result({ implementing.shouldSelect(0) }) == false)
        #expect(TactileOptionalRequirement.result({ silent.shouldSelect(0) }) == nil)
        #expect(TactileOptionalRequirement.result({ implementing.title() }) == "t")
        #expect(TactileOptionalRequirement.result({ silent.title() }) == nil)
        #expect(TactileOptionalRequirement.result({ implementing.size() }) == CGSize(width: 1, height: 2))
        #expect(TactileOptionalRequirement.result({ silent.size() }) == nil)
        #expect(TactileOptionalRequirement.result({ silent.didSelect(1) }) == nil)
        #expect(TactileOptionalRequirement.result({ implementing.didSelect(1) }) != nil)
        // Nested: an unimplemented call inside an implemented one marks only its own result.
        #expect(TactileOptionalRequirement.result({ () -> Bool? in
            _ = TactileOptionalRequirement.result({ silent.shouldSelect(1) })
            return implementing.shouldSelect(1)
        }) == true)
        // Outside result(_:), the default answers its placeholder.
        #expect(silent.shouldSelect(3) == false)
        #expect(silent.size() == .zero)
    }
}

extension PortingRuntimeTests.Pager {
    func shouldSelect(_ index: Int) -> Bool { TactileOptionalRequirement.unimplemented() }
    func title() -> String? { TactileOptionalRequirement.unimplemented() }
    func size() -> CGSize { TactileOptionalRequirement.unimplemented() }
    func didSelect(_ index: Int) { TactileOptionalRequirement.unimplemented() as Void }
}
