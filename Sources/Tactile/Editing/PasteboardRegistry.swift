import Foundation

/// The process's pasteboards by name, with the one lock that guards them and their storage.
final class PasteboardRegistry: @unchecked Sendable {
    static let shared = PasteboardRegistry()

    private struct Entry {
        let storage: PasteboardStorage
        /// The canonical handle (notifications name it); nil only while its initializer runs.
        var handle: UIPasteboard?
    }

    private let lock = NSLock()
    private var entries: [UIPasteboard.Name: Entry] = [:]

    private static let systemNames: Set<UIPasteboard.Name> = [.general, .find]

    /// Runs `body` holding the lock (not re-entrant).
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The storage for `name`: system storage always exists; app storage is made when `create` is true.
    func storage(named name: UIPasteboard.Name, create: Bool) -> PasteboardStorage? {
        locked {
            if let entry = entries[name] { return entry.storage }
            let isSystem = Self.systemNames.contains(name)
            guard isSystem || create else { return nil }
            let storage = PasteboardStorage(name: name, isSystem: isSystem)
            entries[name] = Entry(storage: storage, handle: nil)
            return storage
        }
    }

    /// Makes `handle` its pasteboard's canonical object unless it already has one.
    func adoptIfUnclaimed(_ handle: UIPasteboard) {
        locked {
            let name = handle.storage.name
            if let entry = entries[name], entry.storage === handle.storage, entry.handle == nil {
                entries[name]?.handle = handle
            }
        }
    }

    /// The canonical object of a system pasteboard, made on first use.
    func canonicalSystemPasteboard(_ name: UIPasteboard.Name) -> UIPasteboard {
        locked {
            if let handle = entries[name]?.handle { return handle }
            let storage = entries[name]?.storage ?? PasteboardStorage(name: name, isSystem: true)
            let handle = UIPasteboard(storage: storage)
            entries[name] = Entry(storage: storage, handle: handle)
            return handle
        }
    }

    /// A new app pasteboard under a fresh name.
    func makeUniquePasteboard() -> UIPasteboard {
        locked {
            var name: UIPasteboard.Name
            repeat { name = UIPasteboard.Name("com.tactile.pboard.unique.\(UUID().uuidString)") } while entries[name] != nil
            let storage = PasteboardStorage(name: name, isSystem: false)
            let handle = UIPasteboard(storage: storage)
            entries[name] = Entry(storage: storage, handle: handle)
            return handle
        }
    }

    /// Removes an app pasteboard; returns its canonical object (nil: nothing removed).
    func remove(_ name: UIPasteboard.Name) -> UIPasteboard? {
        locked {
            guard !Self.systemNames.contains(name), let entry = entries.removeValue(forKey: name) else { return nil }
            Self.markRemoved(entry.storage)
            return entry.handle ?? UIPasteboard(storage: entry.storage)
        }
    }

    /// Removes every non-persistent app pasteboard.
    func removeNonPersistentAppPasteboards() {
        locked {
            for (name, entry) in entries where !entry.storage.isSystem && !entry.storage.isPersistent {
                entries[name] = nil
                Self.markRemoved(entry.storage)
            }
        }
    }

    private static func markRemoved(_ storage: PasteboardStorage) {
        storage.isRemoved = true
        storage.replace(with: [])
    }

    /// The object notifications about `storage` name: its canonical handle, else the handle that acted.
    private func notifiedObject(for storage: PasteboardStorage, writer: UIPasteboard) -> UIPasteboard {
        if let entry = entries[storage.name], entry.storage === storage, let handle = entry.handle { return handle }
        return writer
    }

    /// Under the lock: counts a change to `storage` and returns its notification.
    func recordChange(of storage: PasteboardStorage, typesBefore: Set<String>, writer: UIPasteboard) -> PasteboardChange {
        storage.changeCount += 1
        let after = storage.allTypes
        return PasteboardChange(pasteboard: notifiedObject(for: storage, writer: writer),
                                added: after.subtracting(typesBefore).sorted(),
                                removed: typesBefore.subtracting(after).sorted())
    }

    /// Under the lock: clears contents whose expiration date has passed (a change), returning its
    /// notification.
    func expireIfNeeded(_ storage: PasteboardStorage, writer: UIPasteboard) -> PasteboardChange? {
        guard let date = storage.expirationDate, date <= Date() else { return nil }
        storage.expirationDate = nil
        guard !storage.items.isEmpty, !storage.isRemoved else { return nil }
        let before = storage.allTypes
        storage.replace(with: [])
        return recordChange(of: storage, typesBefore: before, writer: writer)
    }
}
