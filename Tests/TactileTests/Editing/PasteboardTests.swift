import Foundation
import Testing
@testable import Tactile

/// Records `UIPasteboard` notifications posted for one pasteboard object (on the posting thread: the main
/// thread in these tests).
@MainActor
private final class PasteboardNotifications {
    struct Posted {
        let name: Notification.Name
        let added: [String]?
        let removed: [String]?
    }
    private(set) var posted: [Posted] = []
    private var tokens: [NSObjectProtocol] = []

    init(_ pasteboard: UIPasteboard) {
        for name in [UIPasteboard.changedNotification, UIPasteboard.removedNotification] {
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: pasteboard, queue: nil) { [weak self] n in
                let entry = Posted(name: n.name,
                                   added: n.userInfo?[UIPasteboard.changedTypesAddedUserInfoKey] as? [String],
                                   removed: n.userInfo?[UIPasteboard.changedTypesRemovedUserInfoKey] as? [String])
                MainActor.assumeIsolated { self?.posted.append(entry) }
            })
        }
    }

    var names: [Notification.Name] { posted.map(\.name) }
    func stop() { tokens.forEach(NotificationCenter.default.removeObserver) }
}

private let utf8Text = "public.utf8-plain-text"
private let pngType = "public.png"
private let tileType = "com.example.tactile.tile"

/// A fresh app pasteboard name no other test uses.
private func freshName() -> UIPasteboard.Name { UIPasteboard.Name("com.example.tactile.test.\(UUID().uuidString)") }

/// UIPasteboard: named pasteboards, persistence, items and representations, changeCount, the read/write API
/// (AG-S).
@MainActor
@Suite("UIPasteboard", .serialized)
struct PasteboardTests {
    @Test("AG-S-01 the general pasteboard is one object; the system names always resolve and share their contents")
    func s01SystemPasteboards() throws {
        let general = UIPasteboard.general
        #expect(general === UIPasteboard.general)
        #expect(general.name == .general && general.name.rawValue == "com.apple.UIKit.pboard.general")
        #expect(UIPasteboard.Name.find.rawValue == "com.apple.UIKit.pboard.find")

        let byName = try #require(UIPasteboard(name: .general, create: false))
        general.string = "shared \(UUID())"
        #expect(byName.string == general.string)
        #expect(byName.changeCount == general.changeCount)

        let find = try #require(UIPasteboard(name: .find, create: false), "the find pasteboard always exists")
        #expect(find.name == .find)
        find.string = "needle"
        #expect(try #require(UIPasteboard(name: .find, create: false)).string == "needle")
        #expect(general.string != "needle", "each name has its own contents")
    }

    @Test("AG-S-01 app pasteboards: nil without create, made with create, and every handle on a name shares its state")
    func s01NamedPasteboards() throws {
        let name = freshName()
        defer { UIPasteboard.remove(withName: name) }
        #expect(UIPasteboard(name: name, create: false) == nil)
        let a = try #require(UIPasteboard(name: name, create: true))
        let b = try #require(UIPasteboard(name: name, create: false), "now registered")
        let c = try #require(UIPasteboard(name: name, create: true), "create finds the existing one")
        #expect(a.name == name && b.name == name)

        a.setData(Data([1, 2, 3]), forPasteboardType: tileType)
        #expect(b.data(forPasteboardType: tileType) == Data([1, 2, 3]))
        #expect(c.changeCount == 1 && b.changeCount == a.changeCount)
        b.addItems([[utf8Text: "second"]])
        #expect(a.numberOfItems == 2 && a.changeCount == 2)
        (b as LegacyPersistence).setPersistent(true)
        #expect(a.isPersistent && c.isPersistent)
    }

    @Test("AG-S-01 withUniqueName makes distinct, reachable app pasteboards")
    func s01UniqueNames() throws {
        let p = UIPasteboard.withUniqueName(), q = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name); UIPasteboard.remove(withName: q.name) }
        #expect(p.name != q.name)
        #expect(p.name != .general && p.name != .find)
        p.string = "p"
        #expect(try #require(UIPasteboard(name: p.name, create: false)).string == "p")
        #expect(q.string == nil && q.numberOfItems == 0 && q.changeCount == 0)
    }

    @Test("AG-S-01 remove(withName:) posts removedNotification and forgets the name; system pasteboards stay")
    func s01Remove() throws {
        let p = UIPasteboard.withUniqueName()
        let name = p.name
        let other = try #require(UIPasteboard(name: name, create: false))
        p.string = "doomed"
        let log = PasteboardNotifications(p)
        defer { log.stop() }

        UIPasteboard.remove(withName: name)
        #expect(log.names == [UIPasteboard.removedNotification])
        #expect(UIPasteboard(name: name, create: false) == nil)
        #expect(other.numberOfItems == 0 && p.string == nil, "a removed pasteboard reads as empty")
        let count = p.changeCount
        other.string = "ignored"
        #expect(p.numberOfItems == 0 && p.changeCount == count, "writes to a removed pasteboard are ignored")
        let reborn = try #require(UIPasteboard(name: name, create: true))
        #expect(reborn.numberOfItems == 0 && reborn.changeCount == 0, "the name now leads to a new pasteboard")
        UIPasteboard.remove(withName: name)
        UIPasteboard.remove(withName: name)  // no longer registered: nothing
        #expect(log.names == [UIPasteboard.removedNotification])

        UIPasteboard.general.string = "kept"
        UIPasteboard.remove(withName: .general)
        #expect(UIPasteboard.general.string == "kept")
        #expect(UIPasteboard(name: .general, create: false)?.string == "kept")
    }

    @Test("AG-S-02 system pasteboards are persistent; app pasteboards are not unless set; quitting removes the rest")
    func s02Persistence() throws {
        #expect(UIPasteboard.general.isPersistent)
        (UIPasteboard.general as LegacyPersistence).setPersistent(false)
        #expect(UIPasteboard.general.isPersistent, "a system pasteboard stays persistent")
        #expect(try #require(UIPasteboard(name: .find, create: false)).isPersistent)

        let transient = UIPasteboard.withUniqueName()
        let kept = UIPasteboard.withUniqueName()
        let keptByName = try #require(UIPasteboard(name: freshName(), create: true))
        defer { UIPasteboard.remove(withName: kept.name); UIPasteboard.remove(withName: keptByName.name) }
        #expect(!transient.isPersistent && !kept.isPersistent && !keptByName.isPersistent)
        (kept as LegacyPersistence).setPersistent(true)
        (keptByName as LegacyPersistence).setPersistent(true)
        transient.string = "lost"
        kept.string = "kept"
        keptByName.url = URL(string: "https://example.com/kept")
        UIPasteboard.general.string = "general survives"

        UIPasteboard.applicationWillTerminate()

        #expect(UIPasteboard(name: transient.name, create: false) == nil)
        #expect(transient.string == nil)
        #expect(try #require(UIPasteboard(name: kept.name, create: false)).string == "kept")
        #expect(try #require(UIPasteboard(name: keptByName.name, create: false)).url?.host == "example.com")
        #expect(UIPasteboard.general.string == "general survives")
    }

    @Test("AG-S-03 writing replaces the whole contents; addItems appends")
    func s03ReplaceAndAppend() {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        p.items = [[utf8Text: "one"], [utf8Text: "two"], [utf8Text: "three"]]
        #expect(p.numberOfItems == 3)

        p.setValue("only", forPasteboardType: utf8Text)
        #expect(p.numberOfItems == 1 && p.string == "only", "a single-representation write replaces every item")
        p.setData(Data([9]), forPasteboardType: tileType)
        #expect(p.numberOfItems == 1 && p.types == [tileType], "each setData/setValue call replaces again")
        #expect(p.string == nil)

        p.addItems([[utf8Text: "a"], [utf8Text: "b"]])
        #expect(p.numberOfItems == 3)
        #expect(p.types == [tileType], "appending leaves the first item alone")
        #expect(p.strings == ["a", "b"])

        p.setItems([[utf8Text: "fresh"]])
        #expect(p.numberOfItems == 1 && p.strings == ["fresh"])
        p.string = "text"
        #expect(p.items.count == 1 && p.string == "text")
        p.items = []
        #expect(p.numberOfItems == 0 && p.types.isEmpty)
    }

    @Test("AG-S-03 items carry several representations; types and item sets let a reader pick what it supports")
    func s03Representations() throws {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        p.items = [
            [utf8Text: "red tile", tileType: Data([1]), pngType: png],
            [utf8Text: "just text"],
            [tileType: Data([2]), pngType: png],
        ]
        #expect(p.types == [tileType, pngType, utf8Text].sorted())
        #expect(p.contains(pasteboardTypes: [tileType]))
        #expect(p.contains(pasteboardTypes: ["public.jpeg", pngType]))
        #expect(!p.contains(pasteboardTypes: ["public.jpeg"]))
        #expect(p.types(forItemSet: nil) == [[tileType, pngType, utf8Text].sorted(), [utf8Text], [tileType, pngType].sorted()])
        #expect(p.types(forItemSet: IndexSet(integer: 1)) == [[utf8Text]])

        #expect(p.itemSet(withPasteboardTypes: [tileType]) == IndexSet([0, 2]))
        #expect(p.itemSet(withPasteboardTypes: [utf8Text, tileType]) == IndexSet([0, 1, 2]))
        #expect(p.itemSet(withPasteboardTypes: ["public.jpeg"]) == nil)
        #expect(p.contains(pasteboardTypes: [tileType], inItemSet: IndexSet(integer: 2)))
        #expect(!p.contains(pasteboardTypes: [tileType], inItemSet: IndexSet(integer: 1)))

        let tiles = try #require(p.itemSet(withPasteboardTypes: [tileType]))
        #expect(p.data(forPasteboardType: tileType, inItemSet: tiles) == [Data([1]), Data([2])])
        #expect(p.data(forPasteboardType: tileType, inItemSet: nil) == [Data([1]), Data([2])], "items without the type are skipped")
        #expect(p.values(forPasteboardType: utf8Text, inItemSet: nil)?.compactMap { $0 as? String } == ["red tile", "just text"])
        #expect(p.data(forPasteboardType: pngType) == png)
    }

    @Test("AG-S-04 changeCount goes up on every change, and each change posts changedNotification with the types")
    func s04ChangeCount() {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        let log = PasteboardNotifications(p)
        defer { log.stop() }
        #expect(p.changeCount == 0)
        p.string = "a"
        #expect(p.changeCount == 1)
        p.string = "a"
        #expect(p.changeCount == 2, "every write counts, even of equal contents")
        p.setData(Data([1]), forPasteboardType: tileType)
        p.addItems([[pngType: Data([2])]])
        p.addItems([])
        #expect(p.changeCount == 4, "appending nothing is no change")
        p.setItems([[utf8Text: "x", tileType: Data()]], options: [:])
        p.items = []
        #expect(p.changeCount == 6)
        _ = p.items; _ = p.string; _ = p.types
        #expect(p.changeCount == 6, "reading changes nothing")

        #expect(log.names == Array(repeating: UIPasteboard.changedNotification, count: 6))
        #expect(log.posted.map(\.added) == [[utf8Text], [], [tileType], [pngType], [utf8Text], []])
        #expect(log.posted.map(\.removed) == [[], [], [utf8Text], [], [pngType], [tileType, utf8Text].sorted()])
    }

    @Test("AG-S-04 writes through any handle on a name notify with the pasteboard's first (canonical) object")
    func s04NotificationObject() throws {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        let other = try #require(UIPasteboard(name: p.name, create: false))
        let log = PasteboardNotifications(p)
        defer { log.stop() }
        other.string = "through another handle"
        #expect(log.names == [UIPasteboard.changedNotification])
        #expect(p.changeCount == 1)
    }

    @Test("AG-S-05 data and values round-trip; text and URL data read back as objects and objects as data")
    func s05RoundTrips() throws {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        let payload = Data((0..<64).map { UInt8($0) })
        p.setData(payload, forPasteboardType: tileType)
        #expect(p.data(forPasteboardType: tileType) == payload)
        #expect(p.value(forPasteboardType: tileType) as? Data == payload, "data of an unknown type reads as Data")
        #expect(p.data(forPasteboardType: utf8Text) == nil)
        #expect(p.value(forPasteboardType: utf8Text) == nil)

        p.setValue("héllo", forPasteboardType: utf8Text)
        #expect(p.value(forPasteboardType: utf8Text) as? String == "héllo")
        #expect(p.data(forPasteboardType: utf8Text) == Data("héllo".utf8))

        p.setData(Data("from data".utf8), forPasteboardType: utf8Text)
        #expect(p.value(forPasteboardType: utf8Text) as? String == "from data")
        #expect(p.string == "from data")

        let url = try #require(URL(string: "https://example.com/a?b=c"))
        p.setValue(url, forPasteboardType: "public.url")
        #expect(p.value(forPasteboardType: "public.url") as? URL == url)
        #expect(p.data(forPasteboardType: "public.url") == Data(url.absoluteString.utf8))
        p.setData(Data(url.absoluteString.utf8), forPasteboardType: "public.url")
        #expect(p.value(forPasteboardType: "public.url") as? URL == url)

        let date = Date(timeIntervalSinceReferenceDate: 1234)
        let plist: [String: Any] = ["name": "tile", "size": 3, "ratio": 0.5, "on": true, "when": date,
                                    "tags": ["a", "b"], "raw": Data([7])]
        p.setValue(plist, forPasteboardType: tileType)
        let back = try #require(p.value(forPasteboardType: tileType) as? [String: Any])
        #expect(back["name"] as? String == "tile" && back["size"] as? Int == 3 && back["ratio"] as? Double == 0.5)
        #expect(back["on"] as? Bool == true && back["when"] as? Date == date && back["tags"] as? [String] == ["a", "b"])
        #expect(back["raw"] as? Data == Data([7]))
        let encoded = try #require(p.data(forPasteboardType: tileType), "property lists read as property-list data")
        let decoded = try #require(PropertyListSerialization.propertyList(from: encoded, options: [], format: nil) as? [String: Any])
        #expect(decoded["name"] as? String == "tile" && (decoded["tags"] as? [String]) == ["a", "b"])

        p.setValue(42, forPasteboardType: tileType)
        #expect(p.value(forPasteboardType: tileType) as? Int == 42)
        p.setValue(NSNumber(value: 2.5), forPasteboardType: tileType)
        #expect((p.value(forPasteboardType: tileType) as? NSNumber)?.doubleValue == 2.5)
        p.setValue(date, forPasteboardType: tileType)
        #expect(p.value(forPasteboardType: tileType) as? Date == date)
    }

    @Test("AG-S-05 setValue and item writes refuse non-property-list values: reported, the pasteboard unchanged")
    func s05InvalidValues() {
        TactileDiagnostics.reset()
        TactileDiagnostics.logsToStandardError = false
        defer { TactileDiagnostics.logsToStandardError = true }
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        p.string = "before"
        let count = p.changeCount

        p.setValue(NSObject(), forPasteboardType: tileType)
        p.setValue(["ok", NSObject()], forPasteboardType: tileType)
        p.setValue([1: "integer keys"], forPasteboardType: tileType)
        p.setValue([URL(string: "https://example.com")!], forPasteboardType: tileType)  // URLs only at the top
        p.items = [[tileType: Data()], [utf8Text: NSObject()]]
        p.addItems([[utf8Text: Set([1])]])
        p.setItems([[utf8Text: Optional<String>.none as Any]])
        #expect(TactileDiagnostics.misuseCount == 7)
        #expect(TactileDiagnostics.recentMisuses.first?.api == "UIPasteboard.setValue(_:forPasteboardType:)")
        #expect(TactileDiagnostics.recentMisuses.last?.api == "UIPasteboard.setItems(_:options:)")
        #expect(p.string == "before" && p.numberOfItems == 1 && p.changeCount == count)

        #expect(p.types(forItemSet: IndexSet(integer: 1)) == nil, "index beyond the items")
        #expect(p.data(forPasteboardType: utf8Text, inItemSet: IndexSet([0, 5])) == nil)
        #expect(TactileDiagnostics.misuseCount == 9)

        p.setValue(["nested": ["deep": [1, 2.5, "x", Data([1]), Date()]]], forPasteboardType: tileType)
        #expect(TactileDiagnostics.misuseCount == 9, "nested property lists are valid")
        #expect(p.types == [tileType])
    }

    @Test("AG-S-05 string and URL conveniences read and write text and public.url items")
    func s05Conveniences() throws {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        #expect(p.string == nil && p.strings == nil && p.url == nil && p.urls == nil && !p.hasStrings && !p.hasURLs)

        p.string = "hello"
        #expect(p.types == [utf8Text] && p.hasStrings && !p.hasURLs)
        #expect(p.contains(pasteboardTypes: UIPasteboard.typeListString as! [String]))
        p.strings = ["a", "b", "c"]
        #expect(p.numberOfItems == 3 && p.strings == ["a", "b", "c"] && p.string == "a")

        let a = try #require(URL(string: "https://a.example")), b = try #require(URL(string: "file:///tmp/b"))
        p.url = a
        #expect(p.types == ["public.url"] && p.url == a && p.hasURLs && !p.hasStrings && p.string == nil)
        #expect(p.contains(pasteboardTypes: UIPasteboard.typeListURL as! [String]))
        p.urls = [a, b]
        #expect(p.urls == [a, b] && p.numberOfItems == 2)

        p.items = [[tileType: Data([1])], ["public.plain-text": "plain"], ["public.text": Data("generic".utf8)]]
        #expect(p.string == "plain", "the first item that has text")
        #expect(p.strings == ["plain", "generic"])
        p.addItems([["public.url": "https://c.example"]])
        #expect(p.url?.host == "c.example")

        p.string = nil
        #expect(p.numberOfItems == 0 && p.string == nil)
    }

    @Test("AG-S-03 setItems with an expiration date: once it has passed the pasteboard reads as empty")
    func s03Expiration() {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        p.setItems([[utf8Text: "lasting"]], options: [.expirationDate: Date.distantFuture, .localOnly: true])
        #expect(p.string == "lasting" && p.changeCount == 1)

        let log = PasteboardNotifications(p)
        defer { log.stop() }
        p.setItems([[utf8Text: "stale"]], options: [.expirationDate: Date(timeIntervalSinceNow: -1)])
        #expect(p.numberOfItems == 0 && p.string == nil)
        #expect(p.changeCount == 3, "the write and the expiry each count")
        #expect(log.posted.map(\.removed) == [[], [utf8Text]])
        p.string = "new"
        #expect(p.string == "new", "a plain write carries no expiry")
    }

    @Test("AG-S-01 UIPasteboard is thread-safe: concurrent appends from many threads all land, each counted once")
    func s01ThreadSafety() {
        let p = UIPasteboard.withUniqueName()
        defer { UIPasteboard.remove(withName: p.name) }
        Self.appendConcurrently(to: p, threads: 8, itemsPerThread: 200)
        #expect(p.numberOfItems == 1600)
        #expect(p.changeCount == 1600)
        #expect(Set(p.strings ?? []).count == 1600)
    }

    nonisolated private static func appendConcurrently(to pasteboard: UIPasteboard, threads: Int, itemsPerThread: Int) {
        // UIPasteboard is thread-safe but, as in UIKit, not declared Sendable.
        nonisolated(unsafe) let p = pasteboard
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in 0..<itemsPerThread {
                p.addItems([[utf8Text: "\(t)-\(i)"]])
                _ = p.numberOfItems
            }
        }
    }

    @Test("AG-CC-18 pasteboard fixture: write replaces, addItems appends, changeCount counts, representations, persistence")
    func cc18Fixture() throws {
        let name = freshName()
        let board = try #require(UIPasteboard(name: name, create: true))
        defer { UIPasteboard.remove(withName: name) }
        #expect(!board.isPersistent && board.changeCount == 0)

        board.items = [[utf8Text: "tile 1", tileType: Data([1])]]       // copy: two representations
        board.addItems([[utf8Text: "tile 2", tileType: Data([2])]])      // append a second item
        #expect(board.numberOfItems == 2 && board.changeCount == 2)
        #expect(board.data(forPasteboardType: tileType, inItemSet: nil) == [Data([1]), Data([2])])
        board.setData(Data([3]), forPasteboardType: tileType)               // replaces both items
        #expect(board.numberOfItems == 1 && board.types == [tileType] && board.changeCount == 3)

        (board as LegacyPersistence).setPersistent(true)
        UIPasteboard.applicationWillTerminate()
        let relaunched = try #require(UIPasteboard(name: name, create: false), "persistent: survives the app quitting")
        #expect(relaunched.data(forPasteboardType: tileType) == Data([3]) && relaunched.changeCount == 3)
    }
}

/// Calls the deprecated (iOS 10) `setPersistent(_:)`, the seed's API, without a warning at every use.
protocol LegacyPersistence {
    func setPersistent(_ persistent: Bool)
}
extension UIPasteboard: LegacyPersistence {}
