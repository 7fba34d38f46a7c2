import Foundation

/// A storyboard, parsed once and indexed: its scenes, their controllers, the objects by id, the segues. Made by
/// ``UIStoryboard`` when it loads a file and shared by every instantiation (SBT-SB-14: each instantiation builds new
/// objects from this model). Input that a real Interface Builder file never has — a dangling destination, a
/// duplicate id, a scene without a controller — is skipped and recorded in ``problems``, never a crash.
final class StoryboardDocument: Sendable {
    let xml: StoryboardXML
    /// `<document initialViewController=…>`.
    let initialViewControllerID: String?
    /// `useAutolayout="YES"`: constraints decide frames; views a constraint mentions do not translate their masks.
    let usesAutoLayout: Bool
    /// The scenes in document order.
    let scenes: [Scene]
    /// Every element with an `id`, by id (the first one when an id repeats).
    let elementsByID: [String: Int32]
    /// Scene controllers by `storyboardIdentifier` (kept exactly as written, spaces included).
    let controllersByIdentifier: [String: Int32]
    /// The segues (elements with a `kind`), in document order.
    let segues: [Segue]
    /// What was skipped while indexing, one line each.
    let problems: [String]
    /// The ids of the views some constraint mentions (a constraint without `firstItem` mentions the view that
    /// holds it): Interface Builder turns their `translatesAutoresizingMaskIntoConstraints` off.
    let constrainedIDs: Set<String>

    struct Scene: Sendable {
        let id: String
        /// The scene's controller element (`sceneMemberID="viewController"`), nil when the scene has none.
        let controller: Int32?
        /// The other top-level objects (placeholders, exits, gesture recognizers, …).
        let otherObjects: [Int32]
    }

    /// A `<segue>` with a `kind`.
    struct Segue: Sendable {
        let element: Int32
        let kind: String
        let identifier: String?
        /// The destination element (a scene controller, or an `<exit>` for unwind segues).
        let destination: Int32
        /// The scene controller the segue starts from.
        let source: Int32
        /// The object whose `<connections>` hold the segue: the controller itself, or a control, cell or
        /// gesture recognizer that triggers it.
        let trigger: Int32
    }

    init(xml: StoryboardXML) {
        self.xml = xml
        let root = xml[0]
        initialViewControllerID = root["initialViewController"]
        usesAutoLayout = root["useAutolayout"] == "YES"
        var problems: [String] = []
        var byID: [String: Int32] = [:]
        for (i, element) in xml.elements.enumerated() {
            guard let id = element["id"], !StoryboardDocument.idNotAnObject.contains(element.name) else { continue }
            if byID[id] == nil {
                byID[id] = Int32(i)
            } else if element.name != "segue" || element["kind"] != nil {
                problems.append("line \(element.line): duplicate id \"\(id)\" on <\(element.name)>; the first one is kept")
            }
        }
        var scenes: [Scene] = []
        var byIdentifier: [String: Int32] = [:]
        if let sceneList = xml.child(of: 0, named: "scenes") {
            for scene in xml.children(of: sceneList, named: "scene") {
                let objects = xml.child(of: scene, named: "objects").map { xml[$0].children } ?? []
                let controller = objects.first { xml[$0]["sceneMemberID"] == "viewController" }
                if controller == nil {
                    problems.append("line \(xml[scene].line): scene \"\(xml[scene]["sceneID"] ?? "?")\" has no view controller; skipped")
                }
                if let controller, let identifier = xml[controller]["storyboardIdentifier"] {
                    if byIdentifier[identifier] == nil { byIdentifier[identifier] = controller } else {
                        problems.append("line \(xml[controller].line): storyboard identifier \"\(identifier)\" repeats; the first one is kept")
                    }
                }
                scenes.append(Scene(id: xml[scene]["sceneID"] ?? "", controller: controller,
                                    otherObjects: objects.filter { $0 != controller }))
            }
        }
        var segues: [Segue] = []
        for scene in scenes {
            guard let controller = scene.controller else { continue }
            StoryboardDocument.collectSegues(in: controller, source: controller, xml: xml, byID: byID,
                                             into: &segues, problems: &problems)
        }
        self.scenes = scenes
        self.elementsByID = byID
        self.controllersByIdentifier = byIdentifier
        self.segues = segues
        if let initial = initialViewControllerID, byID[initial] == nil {
            problems.append("initialViewController \"\(initial)\" names no object; there is no initial view controller")
        }
        self.problems = problems
        var constrained = Set<String>()
        for (i, element) in xml.elements.enumerated() where element.name == "constraint" {
            if let first = element["firstItem"] { constrained.insert(first) } else {
                let holder = xml[Int32(i)].parent >= 0 ? xml[xml[Int32(i)].parent].parent : -1
                if holder >= 0, let id = xml[holder]["id"] { constrained.insert(id) }
            }
            if let second = element["secondItem"] { constrained.insert(second) }
        }
        constrainedIDs = constrained
    }

    /// Elements whose `id` is not an object's (`<segue reference>` tie-breakers carry none; `<classes>` and
    /// `<resources>` entries name classes and images, not objects).
    private static let idNotAnObject: Set<String> = ["class", "image", "namedColor", "systemColor"]

    /// The segues under `element` (its `<connections>`, and those of every object below it in the scene).
    private static func collectSegues(in element: Int32, source: Int32, xml: StoryboardXML, byID: [String: Int32],
                                      into segues: inout [Segue], problems: inout [String]) {
        let e = xml[element]
        if e.name == "connections" {
            for c in e.children where xml[c].name == "segue" {
                let segue = xml[c]
                guard let kind = segue["kind"] else { continue }  // tie-breakers and peek & pop children
                guard let destinationID = segue["destination"], let destination = byID[destinationID] else {
                    problems.append("line \(segue.line): \(kind) segue \"\(segue["id"] ?? "?")\" has destination \"\(segue["destination"] ?? "")\", which names no object; skipped")
                    continue
                }
                segues.append(Segue(element: c, kind: kind, identifier: segue["identifier"], destination: destination,
                                    source: source, trigger: e.parent))
            }
            return
        }
        for c in e.children { collectSegues(in: c, source: source, xml: xml, byID: byID, into: &segues, problems: &problems) }
    }

    // MARK: Lookups

    func element(id: String) -> Int32? { elementsByID[id] }

    /// The scene controller with `id`, nil when `id` names no controller.
    func controller(id: String) -> Int32? {
        guard let e = elementsByID[id], xml[e]["sceneMemberID"] == "viewController" else { return nil }
        return e
    }

    /// The segues a controller starts, in document order.
    func segues(from controller: Int32) -> [Segue] { segues.filter { $0.source == controller } }
}
