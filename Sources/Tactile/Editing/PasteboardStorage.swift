import Foundation

/// The state of one named pasteboard, shared by all its handles. Guarded by ``PasteboardRegistry``'s lock.
final class PasteboardStorage {
    let name: UIPasteboard.Name
    let isSystem: Bool
    var isPersistent: Bool
    /// The items; change them with ``replace(with:)`` and ``append(_:)``, which keep ``typeCounts``.
    private(set) var items: [[String: Any]] = []
    /// How many items hold each representation type.
    private var typeCounts: [String: Int] = [:]
    var changeCount = 0
    var expirationDate: Date?
    var isLocalOnly = false
    /// Set by removal: the name no longer leads here; reads see nothing and writes are ignored.
    var isRemoved = false

    init(name: UIPasteboard.Name, isSystem: Bool) {
        self.name = name
        self.isSystem = isSystem
        isPersistent = isSystem
    }

    /// Every representation type on the pasteboard.
    var allTypes: Set<String> { Set(typeCounts.keys) }

    /// Makes `newItems` the whole contents.
    func replace(with newItems: [[String: Any]]) {
        items = []
        typeCounts = [:]
        append(newItems)
    }

    /// Adds `newItems` after the current items.
    func append(_ newItems: [[String: Any]]) {
        items.append(contentsOf: newItems)
        for item in newItems {
            for type in item.keys { typeCounts[type, default: 0] += 1 }
        }
    }
}

/// A change to post once the lock is released. (A pasteboard is thread-safe — its state is behind the
/// registry's lock — though, as in UIKit, `UIPasteboard` is not declared `Sendable`.)
struct PasteboardChange: @unchecked Sendable {
    let pasteboard: UIPasteboard
    let added: [String]
    let removed: [String]

    func post() {
        NotificationCenter.default.post(
            name: UIPasteboard.changedNotification, object: pasteboard,
            userInfo: [UIPasteboard.changedTypesAddedUserInfoKey: added,
                       UIPasteboard.changedTypesRemovedUserInfoKey: removed])
    }
}
