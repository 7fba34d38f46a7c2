import Foundation

/// Makes a view controller from the coder UIKit hands it (`instantiateViewController(identifier:creator:)`).
public typealias UIStoryboardViewControllerCreator = (NSCoder) -> UIViewController?

/// `UIStoryboard`: a storyboard file's controllers and segues (SBT-SB-01 … SBT-SB-14). Loaded from `NAME.storyboard` in a
/// bundle (Xcode's source format: Linux has no `ibtool` to compile it), parsed once per file and cached; every
/// instantiation builds new objects from the parsed model (SBT-SB-14), through `init?(coder:)` and then
/// `awakeFromNib()` (SBT-SB-11).
///
/// - Controllers: the element's UIKit class, or the `customClass` resolved as ``UIStoryboard`` documents under
///   *Custom classes*; containers get their relationship children at once (SBT-SB-10).
/// - Views: built when the controller loads its view (``UIViewController/loadView()``), with their frames,
///   flags, constraints, outlets and user-defined runtime attributes; embed segues run then.
/// - Outlets and runtime attributes are set with `setValue(_:forKey:)` (``UIResponder/setValue(_:forKey:)``):
///   a class lists the properties it exposes in ``UIResponder/tactileOutlets``.
///
/// ### Custom classes
/// `customClass` + `customModule` name `Module.Class`, found with Foundation's `NSClassFromString`. A class
/// without a module (or whose module is the app's, `customModuleProvider="target"`) is looked up in
/// ``defaultModule`` (the main executable's name unless set) and then among ``register(_:as:)``'s classes. A
/// class that cannot be found — or is not a subclass of the element's UIKit class — is replaced by that UIKit
/// class, and UIKit's "Unknown class X in Interface Builder file." is logged (``TactileDiagnostics/recentLogs``).
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
    let document: StoryboardDocument
    /// The storyboard's name (the file name without `.storyboard`).
    let name: String
    /// Where the file was found (other storyboards it references are looked for beside it).
    let bundle: Bundle?
    let directory: URL?

    /// The storyboard `name` in `storyboardBundleOrNil` (nil: the main bundle): `name.storyboard` at the bundle's
    /// top, in its resources, or in `Base.lproj`. A missing or unreadable file is UIKit's
    /// `NSInvalidArgumentException` (reported through ``TactileDiagnostics``); the storyboard is then empty.
    public convenience init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        let bundle = storyboardBundleOrNil ?? .main
        guard let url = UIStoryboard.locate(name, in: bundle) else {
            TactileDiagnostics.report("UIStoryboard(name:bundle:)",
                                      "NSInvalidArgumentException: Could not find a storyboard named '\(name)' in bundle NSBundle <\(bundle.bundlePath)> (loaded)")
            self.init(document: StoryboardCache.empty, name: name, bundle: bundle, directory: nil)
            return
        }
        do {
            self.init(document: try StoryboardCache.document(at: url), name: name, bundle: bundle,
                      directory: url.deletingLastPathComponent())
        } catch {
            TactileDiagnostics.report("UIStoryboard(name:bundle:)",
                                      "NSInvalidArgumentException: the storyboard '\(name)' could not be loaded: \(error)")
            self.init(document: StoryboardCache.empty, name: name, bundle: bundle, directory: nil)
        }
    }

    /// The storyboard file at `url` (a Tactile addition, for files outside a bundle). Throws
    /// ``LoadError`` when the file cannot be read or is not a storyboard.
    public convenience init(contentsOf url: URL) throws(LoadError) {
        self.init(document: try StoryboardCache.document(at: url),
                  name: url.deletingPathExtension().lastPathComponent, bundle: nil,
                  directory: url.deletingLastPathComponent())
    }

    /// A storyboard parsed from `data`, not cached (the door of the loader fuzz target and the benchmark).
    @_spi(Tools) public convenience init(data: Data, name: String) throws(LoadError) {
        self.init(document: StoryboardDocument(xml: try StoryboardXML(data: data)), name: name, bundle: nil, directory: nil)
    }

    init(document: StoryboardDocument, name: String, bundle: Bundle?, directory: URL?) {
        self.document = document
        self.name = name
        self.bundle = bundle
        self.directory = directory
        super.init()
    }

    // MARK: - Instantiating (SBT-SB-06, SBT-SB-11, SBT-SB-13)

    /// A new instance of the initial view controller (the storyboard's entry point); nil when the storyboard
    /// sets none.
    open func instantiateInitialViewController() -> UIViewController? {
        guard let id = document.initialViewControllerID, let element = document.controller(id: id) else { return nil }
        return StoryboardInstantiator(self).controller(element, creator: nil)
    }

    /// A new instance of the initial view controller, made by `block` from the coder (nil `block`, or a block
    /// that returns nil: the storyboard's class, as ``instantiateInitialViewController()``).
    public func instantiateInitialViewController<ViewController: UIViewController>(
        creator block: ((NSCoder) -> ViewController?)? = nil
    ) -> ViewController? {
        guard let id = document.initialViewControllerID, let element = document.controller(id: id) else { return nil }
        return typed(StoryboardInstantiator(self).controller(element, creator: block), "instantiateInitialViewController(creator:)")
    }

    /// A new instance of the controller whose Storyboard ID is `identifier` (SBT-SB-03, SBT-SB-06): each call makes a new
    /// one. An unknown identifier is UIKit's `NSInvalidArgumentException`, reported through ``TactileDiagnostics``;
    /// a plain `UIViewController` is returned so that the caller does not crash.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        guard let element = document.controllersByIdentifier[identifier] else {
            reportUnknownIdentifier(identifier, "instantiateViewController(withIdentifier:)")
            return UIViewController()
        }
        return StoryboardInstantiator(self).controller(element, creator: nil)
    }

    /// A new instance of the controller whose Storyboard ID is `identifier`, made by `block` from the coder (see
    /// ``instantiateViewController(withIdentifier:)``).
    public func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator block: ((NSCoder) -> ViewController?)? = nil
    ) -> ViewController {
        guard let element = document.controllersByIdentifier[identifier] else {
            reportUnknownIdentifier(identifier, "instantiateViewController(identifier:creator:)")
            return block?(StoryboardCoder.empty) ?? Self.fallback()
        }
        let made = StoryboardInstantiator(self).controller(element, creator: block)
        return typed(made, "instantiateViewController(identifier:creator:)") ?? Self.fallback()
    }

    /// What a call that UIKit would have raised on returns (after the report): an empty controller of the type.
    private static func fallback<ViewController: UIViewController>() -> ViewController {
        if let plain = UIViewController() as? ViewController { return plain }
        guard let made = ViewController(coder: StoryboardCoder.empty) else {
            fatalError("UIStoryboard: no \(ViewController.self) could be made after the reported exception")
        }
        return made
    }

    private func typed<ViewController: UIViewController>(_ made: UIViewController, _ api: String) -> ViewController? {
        if let typed = made as? ViewController { return typed }
        TactileDiagnostics.report("UIStoryboard.\(api)",
                                  "NSInvalidArgumentException: the storyboard's \(type(of: made)) is not a \(ViewController.self)")
        return nil
    }

    private func reportUnknownIdentifier(_ identifier: String, _ api: String) {
        TactileDiagnostics.report("UIStoryboard.\(api)",
                                  "NSInvalidArgumentException: Storyboard (\(self)) doesn't contain a view controller with identifier '\(identifier)'")
    }

    nonisolated open override var description: String {
        "<UIStoryboard: \(Unmanaged.passUnretained(self).toOpaque())>"
    }

    // MARK: - Custom classes (Linux has no Objective-C runtime)

    /// The module a `customClass` without `customModule` is looked for in. Defaults to the main executable's
    /// name (an app's module); a test sets its own (`UIStoryboard.defaultModule = "MyAppTests"`).
    public static var defaultModule: String? = Bundle.main.executableURL?.deletingPathExtension().lastPathComponent

    /// Makes `cls` what a storyboard's `customClass="name"` means, whatever the module (a Tactile addition:
    /// classes Foundation's `NSClassFromString` cannot find, e.g. nested or generic ones).
    public static func register(_ cls: AnyClass, as name: String) {
        registeredClasses[name] = cls
    }

    static var registeredClasses: [String: AnyClass] = [:]

    // MARK: - Finding files

    /// `name.storyboard` in `bundle`: its resources, `Base.lproj`, the bundle's top folder, or a SwiftPM
    /// resource folder copied whole into it (`Storyboards/`, `Resources/`).
    static func locate(_ name: String, in bundle: Bundle) -> URL? {
        let file = name.hasSuffix(".storyboard") ? name : name + ".storyboard"
        if let url = bundle.url(forResource: file, withExtension: nil) { return url }
        let roots = [bundle.resourceURL, bundle.bundleURL].compactMap { $0 }
        for root in roots {
            for folder in ["", "Base.lproj", "Storyboards", "Resources", "en.lproj"] {
                let url = root.appendingPathComponent(folder).appendingPathComponent(file)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
        }
        return nil
    }

    /// The storyboard `name` referenced from this one (`storyboardName`): beside this file first, then in this
    /// storyboard's bundle; nil when it is nowhere.
    func referenced(_ name: String) -> UIStoryboard? {
        if name == self.name { return self }
        if let directory {
            let url = directory.appendingPathComponent(name + ".storyboard")
            if let document = try? StoryboardCache.document(at: url) {
                return UIStoryboard(document: document, name: name, bundle: bundle, directory: directory)
            }
        }
        guard let bundle, let url = UIStoryboard.locate(name, in: bundle),
              let document = try? StoryboardCache.document(at: url) else { return nil }
        return UIStoryboard(document: document, name: name, bundle: bundle, directory: url.deletingLastPathComponent())
    }

    /// What Tactile made of the file: scenes, controllers, segues and views (a Tactile addition; see
    /// ``TactileStoryboardSummary``).
    public var tactileSummary: TactileStoryboardSummary { TactileStoryboardSummary(document) }

    // MARK: - Errors

    /// Why a storyboard file could not be loaded.
    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file could not be read.
        case unreadable(path: String, reason: String)
        /// The file is not well-formed XML.
        case malformedXML(line: Int, column: Int, reason: String)
        /// The file is XML but not an Interface Builder storyboard for iOS.
        case notAStoryboard(rootElement: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read \(path): \(reason)"
            case let .malformedXML(line, column, reason): "not well-formed XML at line \(line), column \(column): \(reason)"
            case let .notAStoryboard(root): "not an iOS storyboard (the root element is <\(root)>)"
            }
        }
    }
}

/// Parsed storyboards by file, so that a file is parsed once however many `UIStoryboard`s name it.
enum StoryboardCache {
    nonisolated(unsafe) private static var documents: [String: StoryboardDocument] = [:]
    private static let lock = NSLock()
    /// Files parsed so far (tests check the cache with it).
    nonisolated(unsafe) static var parseCount = 0

    static let empty = StoryboardDocument(
        xml: try! StoryboardXML(data: Data(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"/>"#.utf8)))

    static func document(at url: URL) throws(UIStoryboard.LoadError) -> StoryboardDocument {
        let path = url.standardizedFileURL.path
        lock.lock()
        defer { lock.unlock() }
        if let cached = documents[path] { return cached }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        let document = StoryboardDocument(xml: try StoryboardXML(data: data))
        parseCount += 1
        documents[path] = document
        return document
    }
}
