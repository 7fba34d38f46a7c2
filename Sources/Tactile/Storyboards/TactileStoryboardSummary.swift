import Foundation

/// What Tactile made of a storyboard file: its scenes, controllers, segues and views, counted as a reader of the
/// XML counts them (the definitions of the fixtures' SOURCES.md). `tactile storyboard FILE` prints it; tests
/// compare it with expected counts. A Tactile addition (UIKit has no such view of a storyboard).
public struct TactileStoryboardSummary: Sendable, Hashable, Codable {
    /// One scene: its controller and what hangs off it.
    public struct Scene: Sendable, Hashable, Codable {
        public var sceneID: String
        /// The controller's element name (`viewController`, `navigationController`, …); nil when there is none.
        public var controllerElement: String?
        /// The controller's `id`.
        public var controllerID: String?
        /// `customClass`, when set.
        public var customClass: String?
        public var storyboardIdentifier: String?
        /// The segues the controller starts, as `kind` or `kind "identifier"`, followed by `→ destination id`.
        public var segues: [String]
        /// The views of the scene (root view, subviews, cells, keyed views, bars).
        public var views: Int
    }

    public var scenes: [Scene] = []
    public var initialViewController: String?
    /// Scene controllers by element name.
    public var controllersByElement: [String: Int] = [:]
    /// Other top-level scene objects by element name (placeholders, exits, gesture recognizers, …).
    public var otherSceneObjects: [String: Int] = [:]
    /// Segues (`<segue>` elements with a `kind`) by kind.
    public var seguesByKind: [String: Int] = [:]
    /// Relationship segues by their `relationship` attribute.
    public var relationships: [String: Int] = [:]
    /// Segues that carry an identifier, and the distinct identifiers.
    public var seguesWithIdentifier = 0
    public var segueIdentifiers: Set<String> = []
    /// `<segue>` elements without a `kind` (tie-breaker references, peek & pop children): not segues.
    public var nonSegueElements = 0
    /// Scene controllers with a `storyboardIdentifier`, and the identifiers.
    public var storyboardIdentifiers: Set<String> = []
    public var controllersWithCustomClass = 0
    /// Views by element name.
    public var viewsByElement: [String: Int] = [:]
    /// Views that set each attribute: `frame` (a direct `<rect key="frame">`), `autoresizingMask`, `tag`,
    /// `userInteractionEnabled=NO`, `hidden=YES`, `alpha`, `multipleTouchEnabled=YES`, `exclusiveTouch=YES`,
    /// `clipsSubviews=YES`.
    public var viewAttributes: [String: Int] = [:]
    /// What loading skipped (dangling destinations, repeated ids, …), one line each.
    public var problems: [String] = []

    /// All views.
    public var views: Int { viewsByElement.values.reduce(0, +) }
    /// All scene controllers.
    public var controllers: Int { controllersByElement.values.reduce(0, +) }
    /// All segues.
    public var segueCount: Int { seguesByKind.values.reduce(0, +) }

    init(_ document: StoryboardDocument) {
        let xml = document.xml
        initialViewController = document.initialViewControllerID
        problems = document.problems
        let viewSets = Self.viewsByScene(xml)
        var allViews = Set<Int32>()
        for (i, scene) in document.scenes.enumerated() {
            for object in scene.otherObjects { otherSceneObjects[xml[object].name, default: 0] += 1 }
            let views = viewSets[i]
            allViews.formUnion(views)
            guard let c = scene.controller else {
                scenes.append(Scene(sceneID: scene.id, segues: [], views: views.count))
                continue
            }
            let controller = xml[c]
            controllersByElement[controller.name, default: 0] += 1
            if controller["customClass"] != nil { controllersWithCustomClass += 1 }
            if let identifier = controller["storyboardIdentifier"] { storyboardIdentifiers.insert(identifier) }
            let segues = document.segues(from: c).map { segue -> String in
                let s = xml[segue.element]
                let kind = s["relationship"].map { "relationship \($0)" } ?? segue.kind
                return kind + (segue.identifier.map { " \"\($0)\"" } ?? "") + " → " + (s["destination"] ?? "")
            }
            scenes.append(Scene(sceneID: scene.id, controllerElement: controller.name, controllerID: controller["id"],
                                customClass: controller["customClass"],
                                storyboardIdentifier: controller["storyboardIdentifier"], segues: segues,
                                views: views.count))
        }
        for segue in document.segues {
            seguesByKind[segue.kind, default: 0] += 1
            if let relationship = xml[segue.element]["relationship"] { relationships[relationship, default: 0] += 1 }
            if let identifier = segue.identifier {
                seguesWithIdentifier += 1
                segueIdentifiers.insert(identifier)
            }
        }
        nonSegueElements = xml.elements.count { $0.name == "segue" && $0["kind"] == nil }
        for v in allViews {
            let view = xml[v]
            viewsByElement[view.name, default: 0] += 1
            func count(_ key: String, _ condition: Bool) { if condition { viewAttributes[key, default: 0] += 1 } }
            count("frame", xml.child(of: v, named: "rect", key: "frame") != nil)
            count("autoresizingMask", xml.child(of: v, named: "autoresizingMask", key: "autoresizingMask") != nil)
            count("tag", view["tag"] != nil)
            count("userInteractionEnabled=NO", view["userInteractionEnabled"] == "NO")
            count("hidden=YES", view["hidden"] == "YES")
            count("alpha", view["alpha"] != nil)
            count("multipleTouchEnabled=YES", view["multipleTouchEnabled"] == "YES")
            count("exclusiveTouch=YES", view["exclusiveTouch"] == "YES")
            count("clipsSubviews=YES", view["clipsSubviews"] == "YES")
        }
    }

    /// Keys whose element is a view wherever it appears.
    static let viewKeys: Set<String> = ["contentView", "backgroundView", "selectedBackgroundView",
                                        "multipleSelectionBackgroundView", "tableHeaderView", "tableFooterView",
                                        "titleView", "customView"]
    static let barKeys: Set<String> = ["navigationBar", "tabBar", "toolbar"]
    static let cellElements: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]

    /// The views of each scene: root views, `<subviews>` children, cells, keyed views and bars.
    private static func viewsByScene(_ xml: StoryboardXML) -> [Set<Int32>] {
        guard let sceneList = xml.child(of: 0, named: "scenes") else { return [] }
        return xml.children(of: sceneList, named: "scene").map { scene in
            var views = Set<Int32>()
            func walk(_ i: Int32, controllerLevel: Bool) {
                let e = xml[i]
                let parent = e.parent >= 0 ? xml[e.parent].name : ""
                if parent == "subviews" || cellElements.contains(e.name) || e["key"].map(viewKeys.contains) == true {
                    views.insert(i)
                }
                if controllerLevel, let key = e["key"], key == "view" || barKeys.contains(key) { views.insert(i) }
                let isController = e["sceneMemberID"] == "viewController"
                for c in e.children { walk(c, controllerLevel: isController) }
            }
            walk(scene, controllerLevel: false)
            return views
        }
    }
}
