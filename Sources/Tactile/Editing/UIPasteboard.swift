import Foundation

/// `UIPasteboard`: a named, shared area where apps put data for cut, copy and paste (AG-S, AG-R-01).
///
/// UIKit's rules:
/// - The system pasteboards ``general`` (cut/copy/paste) and `find` (search text) always exist and are
///   persistent. Apps create private pasteboards with ``init(name:create:)`` or ``withUniqueName()``; those
///   are not persistent unless ``isPersistent`` is set, and a non-persistent one disappears when the app quits
///   (AG-S-01, AG-S-02).
/// - A pasteboard holds *items*; each item holds one or more *representations* keyed by a type identifier
///   (UTI string such as `public.utf8-plain-text`). Every write replaces the whole contents; only
///   ``addItems(_:)`` appends (AG-S-03).
/// - ``changeCount`` goes up on every change of the contents, and ``changedNotification`` is posted (AG-S-04).
///
/// Unlike most of UIKit, `UIPasteboard` is thread-safe: any thread may use it. One lock guards every
/// pasteboard's state; notifications are posted, after the lock is released, on the thread that made the
/// change.
///
/// Identity: UIKit's `init(name:create:)` hands back the pasteboard registered under the name; a Swift
/// initializer cannot return an existing object, so here every call makes a new *handle* and all handles on
/// one name share the same contents, ``changeCount`` and persistence (`===` does not hold between them). The
/// first handle made for a name (for the general pasteboard: ``general``) is the pasteboard's canonical object:
/// notifications name it as their `object`.
open class UIPasteboard: NSObject {
    // MARK: - Names, options, notifications

    /// `UIPasteboard.Name`: a pasteboard's unique name (AG-S-01).
    public struct Name: RawRepresentable, Hashable, Sendable {
        /// The name string.
        public var rawValue: String
        /// Makes a name from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Makes a name from its string.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The system-wide general pasteboard, for cut, copy and paste of any data (AG-S-01).
        public static let general = Name(rawValue: "com.apple.UIKit.pboard.general")
        /// The system-wide find pasteboard: the search text shared between apps (AG-S-01).
        public static let find = Name(rawValue: "com.apple.UIKit.pboard.find")
    }

    /// `UIPasteboard.OptionsKey`: options for ``setItems(_:options:)``.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key string.
        public var rawValue: String
        /// Makes a key from its string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A `Date` after which the items are removed from the pasteboard (readers find it empty).
        public static let expirationDate = OptionsKey(rawValue: "UIPasteboardOptionExpirationDate")
        /// A `Bool`: keep the items off other devices (Handoff). Accepted and recorded; Tactile models one
        /// device, so it changes nothing.
        public static let localOnly = OptionsKey(rawValue: "UIPasteboardOptionLocalOnly")
    }

    /// Posted whenever a pasteboard's contents change (AG-S-04); `object` is the pasteboard (its canonical
    /// handle) and the user info lists the types added and removed.
    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
    /// Posted when an app pasteboard is removed with ``remove(withName:)``; `object` is the pasteboard.
    public static let removedNotification = Notification.Name("UIPasteboardRemovedNotification")
    /// User-info key of ``changedNotification``: the representation types (`[String]`) the change added.
    public static let changedTypesAddedUserInfoKey = "UIPasteboardChangedTypesAddedKey"
    /// User-info key of ``changedNotification``: the representation types (`[String]`) the change removed.
    public static let changedTypesRemovedUserInfoKey = "UIPasteboardChangedTypesRemovedKey"

    /// The type identifiers a string is read from (`UIPasteboardTypeListString`); ``string`` writes the first.
    nonisolated(unsafe) public static let typeListString: NSArray = NSArray(array: stringTypes)
    /// The type identifiers a URL is read from (`UIPasteboardTypeListURL`).
    nonisolated(unsafe) public static let typeListURL: NSArray = NSArray(array: urlTypes)

    static let stringTypes = ["public.utf8-plain-text", "public.plain-text", "public.text"]
    static let urlTypes = ["public.url"]

    // MARK: - Getting pasteboards

    /// The state this handle reads and writes, shared with every handle on the same name.
    let storage: PasteboardStorage

    /// The general pasteboard (`UIPasteboardNameGeneral`): always the same object, persistent (AG-S-01).
    open class var general: UIPasteboard { PasteboardRegistry.shared.canonicalSystemPasteboard(.general) }

    /// The pasteboard named `pasteboardName` (AG-S-01). The system names (`.general`, `.find`) always answer.
    /// For any other name: the app pasteboard registered under it, or — when there is none — a new,
    /// non-persistent one if `create` is true, else nil. Handles on the same name share their contents.
    public init?(name pasteboardName: UIPasteboard.Name, create: Bool) {
        guard let storage = PasteboardRegistry.shared.storage(named: pasteboardName, create: create) else {
            return nil
        }
        self.storage = storage
        super.init()
        PasteboardRegistry.shared.adoptIfUnclaimed(self)
    }

    /// A handle on existing storage (the registry's canonical handles).
    init(storage: PasteboardStorage) {
        self.storage = storage
        super.init()
    }

    /// A new app pasteboard with a name no other pasteboard has; not persistent (AG-S-01, AG-S-02).
    open class func withUniqueName() -> UIPasteboard {
        PasteboardRegistry.shared.makeUniquePasteboard()
    }

    /// Removes the app pasteboard named `pasteboardName` and posts ``removedNotification``; handles still
    /// held on it read as empty and ignore writes. The system pasteboards cannot be removed (ignored), nor can
    /// a name that is not registered.
    open class func remove(withName pasteboardName: UIPasteboard.Name) {
        guard let removed = PasteboardRegistry.shared.remove(pasteboardName) else { return }
        NotificationCenter.default.post(name: removedNotification, object: removed)
    }

    /// The model of "the app quits" (AG-S-02): every non-persistent app pasteboard is removed, so a later launch
    /// cannot find it by name; persistent and system pasteboards keep their contents. No notification is
    /// posted — in UIKit the app is gone by then. Not UIKit API: `UIApplication` calls it when the app
    /// terminates.
    static func applicationWillTerminate() {
        PasteboardRegistry.shared.removeNonPersistentAppPasteboards()
    }

    // MARK: - Attributes

    /// The pasteboard's name (AG-S-01).
    open var name: UIPasteboard.Name { storage.name }

    /// Whether the pasteboard outlives the app that created it (AG-S-02). Always true for the system
    /// pasteboards; false by default for app pasteboards, until ``setPersistent(_:)``. Shared by every
    /// handle on the name. Read-only, as in UIKit since iOS 10.
    open var isPersistent: Bool { PasteboardRegistry.shared.locked { storage.isPersistent } }

    /// Makes an app pasteboard persistent or not (the seed's iPhone OS 3 API, AG-S-02; ignored for the system
    /// pasteboards). Deprecated in iOS 10, where pasteboards manage their own persistence.
    @available(*, deprecated, message: "Do not set persistence on pasteboards. This property is set automatically.")
    open func setPersistent(_ persistent: Bool) {
        PasteboardRegistry.shared.locked { if !storage.isSystem { storage.isPersistent = persistent } }
    }

    /// The number of changes to the contents so far (AG-S-04): every write (``setData(_:forPasteboardType:)``,
    /// ``setValue(_:forPasteboardType:)``, ``items``, ``setItems(_:options:)``, a non-empty ``addItems(_:)``,
    /// the string and URL setters) adds one, and so does expiry of the contents. Starts at 0.
    open var changeCount: Int { read { $0.changeCount } }

    // MARK: - First item

    /// The representation types of the first item, sorted (a Swift dictionary carries no order); empty when
    /// the pasteboard is empty (AG-S-05).
    open var types: [String] { read { $0.items.first.map { $0.keys.sorted() } ?? [] } }

    /// Whether the first item has a representation of any of `pasteboardTypes` (AG-S-05).
    open func contains(pasteboardTypes: [String]) -> Bool {
        read { s in s.items.first.map { item in pasteboardTypes.contains { item[$0] != nil } } ?? false }
    }

    /// The first item's `pasteboardType` representation as data (AG-S-05): data as written; a string as UTF-8; a
    /// URL as its absolute string in UTF-8; any other property list in binary property-list form. Nil when
    /// the first item has no such representation.
    open func data(forPasteboardType pasteboardType: String) -> Data? {
        read { $0.items.first?[pasteboardType] }.flatMap(Self.dataRepresentation)
    }

    /// The first item's `pasteboardType` representation as an object (AG-S-05): the property-list object as
    /// written; data written for a text type comes back as a `String`, for `public.url` as a `URL`, else as
    /// `Data`. Nil when the first item has no such representation.
    open func value(forPasteboardType pasteboardType: String) -> Any? {
        read { $0.items.first?[pasteboardType] }.map { Self.objectRepresentation($0, type: pasteboardType) }
    }

    /// Replaces the whole contents with one item holding `data` as its `pasteboardType` representation
    /// (AG-S-03, AG-S-05: writing replaces; for several representations of one item use ``items`` or
    /// ``setItems(_:options:)``).
    open func setData(_ data: Data, forPasteboardType pasteboardType: String) {
        replace(with: [[pasteboardType: data]])
    }

    /// Replaces the whole contents with one item holding `value` as its `pasteboardType` representation
    /// (AG-S-03, AG-S-05). `value` must be a property-list object — `String`, `Data`, `Date`, a number
    /// (`NSNumber`, `Int`, `Double`, `Bool`, …), a `URL`, or an array or string-keyed dictionary of property-list
    /// objects (URLs only at the top level). Anything else is refused: reported through
    /// ``TactileDiagnostics``, and the pasteboard does not change.
    open func setValue(_ value: Any, forPasteboardType pasteboardType: String) {
        guard let plist = Self.propertyList(value, topLevel: true) else {
            return Self.reportMisuse("UIPasteboard.setValue(_:forPasteboardType:)",
                                     "\(type(of: value)) is not a property-list object; the pasteboard is unchanged")
        }
        replace(with: [[pasteboardType: plist]])
    }

    // MARK: - Items

    /// The number of items (AG-S-03).
    open var numberOfItems: Int { read { $0.items.count } }

    /// All items, each a dictionary from representation type to value (AG-S-03). Setting it replaces the whole
    /// contents, as ``setItems(_:options:)`` with no options. Values must be `Data` or property-list objects;
    /// a write holding anything else is refused (reported, nothing changes).
    open var items: [[String: Any]] {
        get { read { $0.items } }
        set { setItems(newValue, options: [:]) }
    }

    /// Appends `items` after the current ones — the only write that does not replace the contents (AG-S-03).
    /// Appending nothing changes nothing. Invalid values refuse the whole write (reported).
    open func addItems(_ items: [[String: Any]]) {
        guard let valid = Self.validated(items, api: "UIPasteboard.addItems(_:)") else { return }
        guard !valid.isEmpty else { return }
        mutate { $0.append(valid) }
    }

    /// Replaces the whole contents with `items` (AG-S-03). Options: ``OptionsKey/expirationDate`` (a `Date`;
    /// from then on the pasteboard reads as empty, and the clearing counts as a change) and
    /// ``OptionsKey/localOnly`` (recorded only). Invalid values refuse the whole write (reported).
    open func setItems(_ items: [[String: Any]], options: [UIPasteboard.OptionsKey: Any] = [:]) {
        guard let valid = Self.validated(items, api: "UIPasteboard.setItems(_:options:)") else { return }
        let expiration = options[.expirationDate] as? Date
        let localOnly = options[.localOnly] as? Bool ?? false
        mutate {
            $0.replace(with: valid)
            $0.expirationDate = expiration
            $0.isLocalOnly = localOnly
        }
    }

    /// The sorted representation types of each item in `itemSet` (nil: every item). Nil, with a report, when
    /// an index is out of range (UIKit raises).
    open func types(forItemSet itemSet: IndexSet?) -> [[String]]? {
        selectedItems(itemSet, api: "UIPasteboard.types(forItemSet:)")?.map { $0.keys.sorted() }
    }

    /// Whether any item in `itemSet` (nil: every item) has a representation of any of `pasteboardTypes`.
    /// False, with a report, when an index is out of range.
    open func contains(pasteboardTypes: [String], inItemSet itemSet: IndexSet?) -> Bool {
        guard let items = selectedItems(itemSet, api: "UIPasteboard.contains(pasteboardTypes:inItemSet:)") else {
            return false
        }
        return items.contains { item in pasteboardTypes.contains { item[$0] != nil } }
    }

    /// The indices of the items that have a representation of any of `pasteboardTypes`; nil when none has —
    /// readers fetch only the items they support (AG-S-03).
    open func itemSet(withPasteboardTypes pasteboardTypes: [String]) -> IndexSet? {
        let indices = read { s in
            IndexSet(s.items.indices.filter { i in pasteboardTypes.contains { s.items[i][$0] != nil } })
        }
        return indices.isEmpty ? nil : indices
    }

    /// The `pasteboardType` representation, as data (see ``data(forPasteboardType:)``), of each item in
    /// `itemSet` (nil: every item) that has one, in item order. Nil, with a report, when an index is out of
    /// range.
    open func data(forPasteboardType pasteboardType: String, inItemSet itemSet: IndexSet?) -> [Data]? {
        selectedItems(itemSet, api: "UIPasteboard.data(forPasteboardType:inItemSet:)")?
            .compactMap { $0[pasteboardType].flatMap(Self.dataRepresentation) }
    }

    /// The `pasteboardType` representation, as an object (see ``value(forPasteboardType:)``), of each item in
    /// `itemSet` (nil: every item) that has one, in item order. Nil, with a report, when an index is out of
    /// range.
    open func values(forPasteboardType pasteboardType: String, inItemSet itemSet: IndexSet?) -> [Any]? {
        selectedItems(itemSet, api: "UIPasteboard.values(forPasteboardType:inItemSet:)")?
            .compactMap { $0[pasteboardType].map { Self.objectRepresentation($0, type: pasteboardType) } }
    }

    // MARK: - Strings and URLs

    /// The first string on the pasteboard: the text representation (``typeListString``) of the first item
    /// that has one. Setting it replaces the contents with one `public.utf8-plain-text` item; setting nil
    /// empties the pasteboard.
    open var string: String? {
        get { strings?.first }
        set { replace(with: newValue.map { [[Self.stringTypes[0]: $0]] } ?? []) }
    }

    /// The text representation of every item that has one, in item order; nil when none has. Setting it
    /// replaces the contents with one `public.utf8-plain-text` item per string (nil or empty: empties it).
    open var strings: [String]? {
        get {
            let found = read { $0.items.compactMap(Self.string(in:)) }
            return found.isEmpty ? nil : found
        }
        set { replace(with: (newValue ?? []).map { [Self.stringTypes[0]: $0] }) }
    }

    /// The first URL on the pasteboard: the `public.url` representation of the first item that has one.
    /// Setting it replaces the contents with one `public.url` item; setting nil empties the pasteboard.
    open var url: URL? {
        get { urls?.first }
        set { replace(with: newValue.map { [[Self.urlTypes[0]: $0]] } ?? []) }
    }

    /// The `public.url` representation of every item that has one, in item order; nil when none has. Setting
    /// it replaces the contents with one `public.url` item per URL (nil or empty: empties it).
    open var urls: [URL]? {
        get {
            let found = read { $0.items.compactMap(Self.url(in:)) }
            return found.isEmpty ? nil : found
        }
        set { replace(with: (newValue ?? []).map { [Self.urlTypes[0]: $0] }) }
    }

    /// Whether any item has a text representation.
    open var hasStrings: Bool { read { $0.items.contains { Self.string(in: $0) != nil } } }

    /// Whether any item has a `public.url` representation.
    open var hasURLs: Bool { read { $0.items.contains { Self.url(in: $0) != nil } } }

    // MARK: - Reading and writing under the lock

    /// Runs `body` on the storage under the lock, after clearing expired contents.
    private func read<R>(_ body: (PasteboardStorage) -> R) -> R {
        let (result, expiry) = PasteboardRegistry.shared.locked { () -> (R, PasteboardChange?) in
            let expiry = PasteboardRegistry.shared.expireIfNeeded(storage, writer: self)
            return (body(storage), expiry)
        }
        expiry?.post()
        return result
    }

    /// A write: replaces the contents with `items` (already valid) and clears the expiry options.
    private func replace(with items: [[String: Any]]) {
        mutate {
            $0.replace(with: items)
            $0.expirationDate = nil
            $0.isLocalOnly = false
        }
    }

    /// Applies one change of the contents: one more ``changeCount`` and one ``changedNotification``. Writes
    /// to a removed pasteboard are ignored.
    private func mutate(_ body: (PasteboardStorage) -> Void) {
        let changes = PasteboardRegistry.shared.locked { () -> [PasteboardChange] in
            var changes: [PasteboardChange] = []
            if let expiry = PasteboardRegistry.shared.expireIfNeeded(storage, writer: self) { changes.append(expiry) }
            guard !storage.isRemoved else { return changes }
            let before = storage.allTypes
            body(storage)
            changes.append(PasteboardRegistry.shared.recordChange(of: storage, typesBefore: before, writer: self))
            return changes
        }
        changes.forEach { $0.post() }
    }

    /// The items `itemSet` selects (nil: all), or nil with a report when an index is out of range.
    private func selectedItems(_ itemSet: IndexSet?, api: String) -> [[String: Any]]? {
        let all = read { $0.items }
        guard let itemSet else { return all }
        if let bad = itemSet.first(where: { $0 < 0 || $0 >= all.count }) {
            Self.reportMisuse(api, "index \(bad) beyond bounds [0 .. \(all.count)) of the pasteboard's items")
            return nil
        }
        return itemSet.map { all[$0] }
    }

    // MARK: - Representations

    /// The text of an item: its first text representation (a string, or UTF-8 data).
    private static func string(in item: [String: Any]) -> String? {
        for type in stringTypes {
            switch item[type] {
            case let s as String: return s
            case let d as Data: if let s = String(data: d, encoding: .utf8) { return s }
            default: continue
            }
        }
        return nil
    }

    /// The URL of an item: its `public.url` representation (a URL, or its string or UTF-8 data).
    private static func url(in item: [String: Any]) -> URL? {
        switch item[urlTypes[0]] {
        case let u as URL: return u
        case let s as String: return URL(string: s)
        case let d as Data: return String(data: d, encoding: .utf8).flatMap { URL(string: $0) }
        default: return nil
        }
    }

    /// A stored representation as data.
    private static func dataRepresentation(_ value: Any) -> Data? {
        switch value {
        case let d as Data: d
        case let s as String: Data(s.utf8)
        case let u as URL: Data(u.absoluteString.utf8)
        default: try? PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        }
    }

    /// A stored representation as an object: data under a text or URL type becomes a string or a URL.
    private static func objectRepresentation(_ value: Any, type: String) -> Any {
        guard let data = value as? Data else { return value }
        if stringTypes.contains(type), let s = String(data: data, encoding: .utf8) { return s }
        if urlTypes.contains(type), let u = String(data: data, encoding: .utf8).flatMap({ URL(string: $0) }) { return u }
        return data
    }

    /// `value` as a pasteboard value — `Data` or a property-list object, copied into Swift value types
    /// (so later mutation of an `NSMutable…` argument does not reach the pasteboard) — or nil when it is
    /// neither.
    static func propertyList(_ value: Any, topLevel: Bool) -> Any? {
        switch value {
        case let s as String: return s
        case let d as Data: return d
        case let d as Date: return d
        case let u as URL: return topLevel ? u : nil
        case is NSNumber: return value
        case let array as [Any]:
            var copy: [Any] = []
            copy.reserveCapacity(array.count)
            for element in array {
                guard let e = propertyList(element, topLevel: false) else { return nil }
                copy.append(e)
            }
            return copy
        case let dictionary as [String: Any]:
            var copy: [String: Any] = [:]
            for (key, element) in dictionary {
                guard let e = propertyList(element, topLevel: false) else { return nil }
                copy[key] = e
            }
            return copy
        default:
            return nil
        }
    }

    /// `items` with every value checked (and copied) by ``propertyList(_:topLevel:)``, or nil after a report.
    private static func validated(_ items: [[String: Any]], api: String) -> [[String: Any]]? {
        var result: [[String: Any]] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            var copy: [String: Any] = [:]
            for (type, value) in item {
                guard let v = propertyList(value, topLevel: true) else {
                    reportMisuse(api, "item \(index), type \(type): \(Swift.type(of: value)) is not Data or a "
                                 + "property-list object; the pasteboard is unchanged")
                    return nil
                }
                copy[type] = v
            }
            result.append(copy)
        }
        return result
    }

    /// Reports through ``TactileDiagnostics`` from any thread: at once when called on the main actor, else
    /// on the main actor shortly after.
    static func reportMisuse(_ api: String, _ reason: String) {
        if MainQueueProbe.isOnMainQueue {
            MainActor.assumeIsolated { TactileDiagnostics.report(api, reason) }
        } else {
            Task { @MainActor in TactileDiagnostics.report(api, reason) }
        }
    }
}
