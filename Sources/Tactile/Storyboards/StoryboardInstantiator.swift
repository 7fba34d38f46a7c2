import Foundation

/// Where a storyboard controller came from: the storyboard and its scene's controller element. Kept by the
/// controller (``UIViewController/storyboard``, its view's loading, its segues).
struct StoryboardSceneLink {
    let storyboard: UIStoryboard
    let element: Int32
}

/// Builds objects from a parsed storyboard: one instance per part of the storyboard — a controller with its
/// relationship children (SBT-SB-10), or a controller's view hierarchy when the view loads (SBT-SB-14) — as UIKit
/// instantiates one nib of the compiled storyboard. Objects come from `init?(coder:)` with a
/// ``StoryboardCoder``; then outlets, user-defined runtime attributes and constraints; then `awakeFromNib()` on
/// every object of the part (SBT-SB-11).
@MainActor
final class StoryboardInstantiator {
    let storyboard: UIStoryboard
    let xml: StoryboardXML
    var document: StoryboardDocument { storyboard.document }
    /// The objects made in this part, by element.
    var objects: [Int32: AnyObject] = [:]
    /// The same, in the order they were made (awakeFromNib goes in this order).
    var made: [(element: Int32, object: UIResponder)] = []

    init(_ storyboard: UIStoryboard) {
        self.storyboard = storyboard
        self.xml = storyboard.document.xml
    }

    // MARK: - Controllers

    /// UIKit's class for each controller element; elements whose class Tactile lacks make a `UIViewController`.
    static let controllerClasses: [String: UIViewController.Type] = [
        "viewController": UIViewController.self, "navigationController": UINavigationController.self,
        "tabBarController": UITabBarController.self, "tableViewController": UITableViewController.self,
    ]

    /// A new controller for the scene controller `element`, with its relationship children, awake. A controller
    /// that would contain itself (a relationship cycle, possibly through storyboard references) is reported and
    /// stands in as an empty controller.
    func controller(_ element: Int32, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController {
        Self.guarded(BuildKey(document: ObjectIdentifier(document), element: element, isView: false),
                     "\(xml[element].name) \(xml[element]["id"] ?? "?") contains itself through its relationships",
                     fallback: { UIViewController() }) { makeController(element, creator: creator) }
    }

    private func makeController(_ element: Int32, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController {
        let e = xml[element]
        guard e["sceneMemberID"] == "viewController" else {
            TactileDiagnostics.report("UIStoryboard", "<\(e.name) id=\"\(e["id"] ?? "?")\"> is not a view controller; an empty controller stands in")
            return UIViewController()
        }
        if e.name == "viewControllerPlaceholder" { return reference(element, creator: creator) }
        let base = Self.controllerClasses[e.name] ?? UIViewController.self
        let cls = resolveClass(of: element, base: base) as? UIViewController.Type ?? base
        let coder = StoryboardCoder(element: element, xml: xml, instantiator: self)
        var controller: UIViewController?
        if let creator {
            controller = creator(coder)
            if let made = controller, !Self.isKind(type(of: made), of: cls) {
                TactileDiagnostics.report("UIStoryboard.instantiateViewController(identifier:creator:)",
                                          "NSInternalInconsistencyException: Custom instantiated \(made) must be kind of class \(cls)")
            }
        }
        if controller == nil { controller = cls.init(coder: coder) }
        guard let controller else {
            TactileDiagnostics.report("UIStoryboard", "\(cls).init(coder:) returned nil for the scene of \(e["id"] ?? "?"); using \(base)")
            return base.init(coder: StoryboardCoder.empty) ?? UIViewController()
        }
        if controller.storyboardLink == nil { configure(controller, from: coder) }  // a creator that used its own init
        for segue in document.segues(from: element) where segue.kind == "relationship" {
            addRelationship(segue, to: controller)
        }
        controller.awakeFromNib()
        return controller
    }

    /// A storyboard reference (`viewControllerPlaceholder`): the other storyboard's controller with
    /// `referencedIdentifier`, else its initial one. A storyboard that cannot be found is reported and stands in as
    /// an empty controller.
    private func reference(_ element: Int32, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController {
        let e = xml[element]
        let name = e["storyboardName"] ?? storyboard.name
        guard let other = storyboard.referenced(name) else {
            TactileDiagnostics.report("UIStoryboard",
                                      "NSInvalidArgumentException: Could not find a storyboard named '\(name)' (referenced by \(e["id"] ?? "?"))")
            return UIViewController()
        }
        let inner = StoryboardInstantiator(other)
        let target = e["referencedIdentifier"].flatMap { other.document.controllersByIdentifier[$0] }
            ?? other.document.initialViewControllerID.flatMap(other.document.controller(id:))
        guard let target else {
            TactileDiagnostics.report("UIStoryboard", "the storyboard '\(name)' has no \(e["referencedIdentifier"].map { "view controller with identifier '\($0)'" } ?? "initial view controller")")
            return UIViewController()
        }
        return inner.controller(target, creator: creator)
    }

    /// Called by `UIViewController.init?(coder:)`: the controller's storyboard attributes.
    func configure(_ controller: UIViewController, from coder: StoryboardCoder) {
        guard let element = coder.element else { return }
        let e = xml[element]
        controller.storyboardLink = StoryboardSceneLink(storyboard: storyboard, element: element)
        if let viewElement = xml.child(of: element, key: "view") {
            controller.nibName = "\(e["id"] ?? "")-view-\(xml[viewElement]["id"] ?? "")"  // SBT-SB-13
        }
        if let title = e["title"] { controller.title = title }
        if e["definesPresentationContext"] == "YES" { controller.definesPresentationContext = true }
        if e["providesPresentationContextTransitionStyle"] == "YES" { controller.providesPresentationContextTransitionStyle = true }
        if e["hidesBottomBarWhenPushed"] == "YES" { controller.hidesBottomBarWhenPushed = true }
        if e["extendedLayoutIncludesOpaqueBars"] == "YES" { controller.extendedLayoutIncludesOpaqueBars = true }
        if let style = e["modalPresentationStyle"].flatMap(StoryboardValues.presentationStyle) { controller.modalPresentationStyle = style }
        if let style = e["modalTransitionStyle"].flatMap(StoryboardValues.transitionStyle) { controller.modalTransitionStyle = style }
        if let item = xml.child(of: element, named: "navigationItem", key: "navigationItem") {
            let navigationItem = controller.navigationItem
            if let title = xml[item]["title"] { navigationItem.title = title }
            if let prompt = xml[item]["prompt"] { navigationItem.prompt = prompt }
            if xml[item]["hidesBackButton"] == "YES" { navigationItem.hidesBackButton = true }
            navigationItem.leftBarButtonItem = barButtonItem(xml.child(of: item, key: "leftBarButtonItem"), of: controller)
            navigationItem.rightBarButtonItem = barButtonItem(xml.child(of: item, key: "rightBarButtonItem"), of: controller)
            if let back = barButtonItem(xml.child(of: item, key: "backBarButtonItem"), of: controller) { navigationItem.backBarButtonItem = back }
        }
        if let item = xml.child(of: element, named: "tabBarItem", key: "tabBarItem") {
            controller.tabBarItem = UITabBarItem(title: xml[item]["title"], image: nil, tag: Int(xml[item]["tag"] ?? "") ?? 0)
        }
        if let navigation = controller as? UINavigationController {
            if e["navigationBarHidden"] == "YES" { navigation.isNavigationBarHidden = true }
            if e["toolbarHidden"] == "NO" { navigation.isToolbarHidden = false }
        }
        applyRuntimeAttributes(of: element, to: controller)
    }

    private func barButtonItem(_ element: Int32?, of controller: UIViewController) -> UIBarButtonItem? {
        guard let element else { return nil }
        let e = xml[element]
        let item: UIBarButtonItem
        if let system = e["systemItem"].flatMap(StoryboardValues.systemItem) {
            item = UIBarButtonItem(barButtonSystemItem: system, target: nil, action: nil)
        } else {
            item = UIBarButtonItem(title: e["title"], style: e["style"] == "done" ? .done : .plain, target: nil, action: nil)
        }
        item.tag = Int(e["tag"] ?? "") ?? 0
        connectBarButtonAction(of: element, to: item, in: controller)
        return item
    }

    /// A relationship segue, made at load time (SBT-SB-10): a navigation controller's root, a tab bar controller's
    /// tabs in document order, any other container's children.
    private func addRelationship(_ segue: StoryboardDocument.Segue, to controller: UIViewController) {
        let child = StoryboardInstantiator(storyboard).controller(segue.destination, creator: nil)
        switch (controller, xml[segue.element]["relationship"]) {
        case let (navigation as UINavigationController, "rootViewController"?):
            navigation.setViewControllers(navigation.viewControllers + [child], animated: false)
        case let (tabs as UITabBarController, "viewControllers"?):
            tabs.setViewControllers((tabs.viewControllers ?? []) + [child], animated: false)
        default:
            // A container Tactile lacks (split view, page view): the children are the controller's children.
            controller.addChild(child)
            child.didMove(toParent: controller)
        }
    }

    // MARK: - Cycles

    /// What is being built right now: a controller with its relationship children, or a controller's scene view
    /// with its embedded children.
    struct BuildKey: Hashable {
        let document: ObjectIdentifier
        let element: Int32
        let isView: Bool
    }

    private static var building: Set<BuildKey> = []

    /// Runs `body` unless `key` is already being built (a cycle: reported with `what`, `fallback` instead).
    static func guarded<T>(_ key: BuildKey, _ what: String, fallback: () -> T, _ body: () -> T) -> T {
        guard !building.contains(key) else {
            TactileDiagnostics.report("UIStoryboard", "\(what); an empty one stands in")
            return fallback()
        }
        building.insert(key)
        defer { building.remove(key) }
        return body()
    }

    /// A storyboard controller's `loadView()`: its scene's views, then its embed segues (whose children may not
    /// embed the controller again). False when the scene has no view.
    static func loadScene(_ link: StoryboardSceneLink, for controller: UIViewController) -> Bool {
        let key = BuildKey(document: ObjectIdentifier(link.storyboard.document), element: link.element, isView: true)
        return guarded(key, "the view of \(link.storyboard.document.xml[link.element]["id"] ?? "?") embeds itself",
                       fallback: { false }) {
            guard let views = StoryboardInstantiator(link.storyboard).loadView(of: link, for: controller) else { return false }
            controller.performEmbedSegues(link, containerViews: views)
            return true
        }
    }

    // MARK: - Views

    /// UIKit's class for each view element Tactile has; other elements (text fields, collection views, …) are
    /// built as ``StoryboardStandInView``s, which keep their frame, flags and constraints.
    static let viewClasses: [String: UIView.Type] = [
        "view": UIView.self, "containerView": UIView.self, "stackView": UIStackView.self,
        "navigationBar": UINavigationBar.self, "tabBar": UITabBar.self, "toolbar": UIToolbar.self,
        "window": UIWindow.self, "control": UIControl.self, "button": UIButton.self, "switch": UISwitch.self,
        "slider": UISlider.self, "stepper": UIStepper.self, "segmentedControl": UISegmentedControl.self,
        "pageControl": UIPageControl.self, "label": UILabel.self, "imageView": UIImageView.self,
        "scrollView": UIScrollView.self, "tableView": UITableView.self, "tableViewCell": UITableViewCell.self,
    ]

    /// Elements under a view that are not its subviews and are not built: table and collection views' cells
    /// (the table makes them), bar items, data.
    static let notSubviewContainers: Set<String> = ["prototypes", "sections", "cells"]

    /// Builds the view hierarchy of `controller`'s scene: the root view and everything under it, outlets,
    /// runtime attributes, constraints, `awakeFromNib()`. Returns the views by element (nil when the scene has no
    /// view).
    func loadView(of link: StoryboardSceneLink, for controller: UIViewController) -> [Int32: UIView]? {
        guard let viewElement = xml.child(of: link.element, key: "view") else { return nil }
        objects[link.element] = controller
        sceneController = controller
        controller.setView(view(viewElement))
        for (element, object) in made { connect(element, object) }
        connect(link.element, controller)
        for (element, object) in made { applyRuntimeAttributes(of: element, to: object) }
        activateConstraints(link)
        for (_, object) in made { object.awakeFromNib() }
        var views: [Int32: UIView] = [:]
        for (element, object) in made { if let view = object as? UIView { views[element] = view } }
        return views
    }

    /// The controller whose view is being built (the source of the segues its controls trigger).
    weak var sceneController: UIViewController?

    /// A new view for `element` (its class's `init?(coder:)`, which builds the subviews).
    func view(_ element: Int32) -> UIView {
        let e = xml[element]
        let base: UIView.Type = Self.viewClasses[e.name] ?? StoryboardStandInView.self
        // A custom class must descend from the element's UIKit class, or from UIView where Tactile lacks that class.
        let required: UIView.Type = Self.viewClasses[e.name] ?? UIView.self
        let resolved: AnyClass = resolveClass(of: element, base: required)
        let cls = ObjectIdentifier(resolved) == ObjectIdentifier(required) ? base : resolved as? UIView.Type ?? base
        if cls == StoryboardStandInView.self { TactileStoryboardCounters.standInViews += 1 }
        let coder = StoryboardCoder(element: element, xml: xml, instantiator: self)
        let view = cls.init(coder: coder) ?? StoryboardStandInView(frame: .zero)
        if objects[element] == nil { decode(view, from: element) }  // an init?(coder:) that did not call super's
        if let scrollView = view as? UIScrollView { decodeScrollView(scrollView, from: element) }  // once made
        return view
    }

    /// Called by `UIView.init?(coder:)`: the view's attributes and subviews.
    func decode(_ view: UIView, from element: Int32) {
        objects[element] = view
        made.append((element, view))
        let e = xml[element]
        if let frame = rect(xml.child(of: element, named: "rect", key: "frame")) { view.frame = frame }
        if let bounds = rect(xml.child(of: element, named: "rect", key: "bounds")) { view.bounds = bounds }
        if let tag = e["tag"].flatMap({ Int($0) }) { view.tag = tag }
        if e["hidden"] == "YES" { view.isHidden = true }
        if let alpha = e["alpha"].flatMap({ Double($0) }) { view.alpha = CGFloat(alpha) }
        // Interface Builder writes the attribute only when it is NO (labels and image views included).
        view.isUserInteractionEnabled = e["userInteractionEnabled"] != "NO"
        if e["multipleTouchEnabled"] == "YES" { view.isMultipleTouchEnabled = true }
        if e["exclusiveTouch"] == "YES" { view.isExclusiveTouch = true }
        if e["clipsSubviews"] == "YES" { view.clipsToBounds = true }
        if let mode = e["contentMode"].flatMap(StoryboardValues.contentMode) { view.contentMode = mode }
        if let mask = xml.child(of: element, named: "autoresizingMask", key: "autoresizingMask") {
            view.autoresizingMask = StoryboardValues.autoresizingMask(xml[mask].attributes)
        }
        if let attribute = e["semanticContentAttribute"].flatMap(StoryboardValues.semanticContentAttribute) {
            view.semanticContentAttribute = attribute
        }
        if let color = xml.child(of: element, named: "color", key: "backgroundColor") {
            view.backgroundColor = StoryboardValues.color(xml[color].attributes)
        }
        if let accessibility = xml.child(of: element, named: "accessibility"), let id = xml[accessibility]["identifier"] {
            view.accessibilityIdentifier = id
        }
        if let margins = xml.child(of: element, named: "edgeInsets", key: "layoutMargins") {
            let m = xml[margins]
            view.layoutMargins = UIEdgeInsets(top: number(m["top"]), left: number(m["left"]),
                                              bottom: number(m["bottom"]), right: number(m["right"]))
        }
        if let margins = xml.child(of: element, named: "directionalEdgeInsets", key: "directionalLayoutMargins") {
            let m = xml[margins]
            view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: number(m["top"]), leading: number(m["leading"]),
                                                                    bottom: number(m["bottom"]), trailing: number(m["trailing"]))
        }
        if e["preservesSuperviewLayoutMargins"] == "YES" { view.preservesSuperviewLayoutMargins = true }
        if e["insetsLayoutMarginsFromSafeArea"] == "NO" { view.insetsLayoutMarginsFromSafeArea = false }
        for (attribute, axis, hugging) in [("horizontalHuggingPriority", NSLayoutConstraint.Axis.horizontal, true),
                                           ("verticalHuggingPriority", .vertical, true),
                                           ("horizontalCompressionResistancePriority", .horizontal, false),
                                           ("verticalCompressionResistancePriority", .vertical, false)] {
            guard let value = e[attribute].flatMap({ Float($0) }) else { continue }
            if hugging { view.setContentHuggingPriority(UILayoutPriority(value), for: axis) } else {
                view.setContentCompressionResistancePriority(UILayoutPriority(value), for: axis)
            }
        }
        view.translatesAutoresizingMaskIntoConstraints = translatesMask(element)
        if let stand = view as? StoryboardStandInView, StoryboardStandInView.hasContentSize.contains(e.name) {
            stand.designSize = view.bounds.size
        }
        if let control = view as? UIControl { decodeControl(control, from: element) }
        if let label = view as? UILabel { decodeLabel(label, from: element) }
        if let imageView = view as? UIImageView { decodeImageView(imageView, from: element) }
        if let stack = view as? UIStackView {
            if e["axis"] == "vertical" { stack.axis = .vertical }
            if let d = e["distribution"].flatMap(StoryboardValues.stackDistribution) { stack.distribution = d }
            if let a = e["alignment"].flatMap(StoryboardValues.stackAlignment) { stack.alignment = a }
            stack.spacing = number(e["spacing"])
            if e["layoutMarginsRelativeArrangement"] == "YES" {
                stack.isLayoutMarginsRelativeArrangement = true
            }
        }
        if let cell = view as? UITableViewCell { decodeCell(cell, from: element) }
        if let connections = xml.child(of: element, named: "connections"),
           xml[connections].children.contains(where: { xml[$0].name == "segue" && xml[$0]["kind"] != nil }) {
            view.storyboardTrigger = StoryboardTrigger(element: element, controller: sceneController)
        }
        for sub in xml.grandchildren(of: element, in: "subviews") {
            let subview = self.view(sub)
            if let stack = view as? UIStackView { stack.addArrangedSubview(subview) } else { view.addSubview(subview) }
        }
    }

    /// Whether Interface Builder leaves the view translating its autoresizing mask: yes without Auto Layout, for
    /// a controller's root view, and for a view no constraint mentions (`fixedFrame`); no when a constraint of
    /// the scene mentions it or the file says so.
    private func translatesMask(_ element: Int32) -> Bool {
        let e = xml[element]
        if let explicit = e["translatesAutoresizingMaskIntoConstraints"] { return explicit != "NO" }
        guard document.usesAutoLayout, e["key"] != "view" else { return true }
        guard let id = e["id"] else { return true }
        return !document.constrainedIDs.contains(id)
    }

    // MARK: - Connections

    /// The outlets and outlet collections `element`'s object holds (`<connections>`), set with
    /// `setValue(_:forKey:)`; a control's actions become its targets (``connectAction(_:of:)``).
    func connect(_ element: Int32, _ object: UIResponder) {
        guard let connections = xml.child(of: element, named: "connections") else { return }
        var collections: [String: [AnyObject]] = [:]
        for c in xml[connections].children {
            let connection = xml[c]
            if connection.name == "action" {
                connectAction(c, of: object)
                continue
            }
            guard let property = connection["property"], let destinationID = connection["destination"] else { continue }
            guard let destination = document.element(id: destinationID).flatMap({ objects[$0] }) else {
                TactileStoryboardCounters.unconnected += 1
                continue
            }
            switch connection.name {
            case "outlet":
                if property == "view", object is UIViewController { continue }  // the root view, set by loading
                object.setValue(destination, forKey: property)
            case "outletCollection":
                collections[property, default: []].append(destination)
            default: break
            }
        }
        for (property, values) in collections.sorted(by: { $0.key < $1.key }) { object.setValue(values, forKey: property) }
    }

    /// `<userDefinedRuntimeAttributes>`: booleans, numbers, strings, points, sizes, rects, colors and nil, set
    /// with `setValue(_:forKeyPath:)`; the other types (images, localized strings, ranges) and `layer.` key paths
    /// are counted.
    func applyRuntimeAttributes(of element: Int32, to object: UIResponder) {
        for a in xml.grandchildren(of: element, in: "userDefinedRuntimeAttributes") {
            let attribute = xml[a]
            guard let keyPath = attribute["keyPath"] else { continue }
            if keyPath.hasPrefix("layer.") {  // UIKit's views have layers; Tactile's do not yet: counted, not set
                TactileStoryboardCounters.unsupportedRuntimeAttributes += 1
                continue
            }
            let valueElement = attribute.children.first.map { xml[$0] }
            let value: Any?
            switch attribute["type"] {
            case "boolean": value = (attribute["value"] ?? valueElement?["value"]) == "YES"
            case "number": value = Double(valueElement?["value"] ?? attribute["value"] ?? "0") ?? 0
            case "string": value = attribute["value"] ?? valueElement?["$text"] ?? ""
            case "point": value = CGPoint(x: number(valueElement?["x"]), y: number(valueElement?["y"]))
            case "size": value = CGSize(width: number(valueElement?["width"]), height: number(valueElement?["height"]))
            case "rect": value = rect(attribute.children.first)
            case "color": value = valueElement.map { StoryboardValues.color($0.attributes) } ?? nil
            case "nil": value = nil
            default:
                TactileStoryboardCounters.unsupportedRuntimeAttributes += 1
                continue
            }
            object.setValue(value, forKeyPath: keyPath)
        }
    }

    // MARK: - Constraints

    /// The constraints of every view built in this part, activated together.
    func activateConstraints(_ link: StoryboardSceneLink?) {
        var constraints: [NSLayoutConstraint] = []
        for (element, object) in made {
            guard let holder = object as? UIView else { continue }
            for c in xml.grandchildren(of: element, in: "constraints") where xml[c].name == "constraint" {
                if let constraint = constraint(c, holder: holder, link: link) { constraints.append(constraint) }
            }
        }
        NSLayoutConstraint.activate(constraints)
    }

    private func constraint(_ element: Int32, holder: UIView, link: StoryboardSceneLink?) -> NSLayoutConstraint? {
        let c = xml[element]
        if c["placeholder"] == "YES" { return nil }  // "Remove at build time"
        guard let firstAttributeName = c["firstAttribute"],
              let first = item(c["firstItem"], holder: holder, link: link, attribute: firstAttributeName) else {
            TactileStoryboardCounters.skippedConstraints += 1
            return nil
        }
        var second: (item: AnyObject, attribute: NSLayoutConstraint.Attribute)?
        if let secondID = c["secondItem"] {
            guard let found = item(secondID, holder: holder, link: link, attribute: c["secondAttribute"] ?? "") else {
                TactileStoryboardCounters.skippedConstraints += 1
                return nil
            }
            second = found
        }
        if first.attribute == .notAnAttribute {
            TactileStoryboardCounters.skippedConstraints += 1
            return nil
        }
        let relation: NSLayoutConstraint.Relation = switch c["relation"] {
        case "greaterThanOrEqual": .greaterThanOrEqual
        case "lessThanOrEqual": .lessThanOrEqual
        default: .equal
        }
        let constraint = NSLayoutConstraint(item: first.item, attribute: first.attribute, relatedBy: relation,
                                            toItem: second?.item, attribute: second?.attribute ?? .notAnAttribute,
                                            multiplier: StoryboardValues.multiplier(c["multiplier"]),
                                            constant: number(c["constant"]))
        if let priority = c["priority"].flatMap({ Float($0) }) { constraint.priority = UILayoutPriority(priority) }
        constraint.identifier = c["identifier"]
        objects[element] = constraint
        return constraint
    }

    /// A constraint's item: a view of this part, a guide (`safeArea`, `layoutMarginsGuide`), or an old
    /// top/bottom layout guide (`viewControllerLayoutGuide`, expressed on the root view's safe area). Nil (the
    /// holder) means the view holding the constraint.
    private func item(_ id: String?, holder: UIView, link: StoryboardSceneLink?,
                      attribute name: String) -> (item: AnyObject, attribute: NSLayoutConstraint.Attribute)? {
        guard let attribute = StoryboardValues.attribute(name) else { return nil }
        guard let id else { return (holder, attribute) }
        guard let element = document.element(id: id) else { return nil }
        if let view = objects[element] as? UIView { return (view, attribute) }
        let e = xml[element]
        switch e.name {
        case "viewLayoutGuide":
            guard let owner = objects[e.parent] as? UIView else { return nil }
            return (e["key"] == "layoutMarginsGuide" ? owner.layoutMarginsGuide : owner.safeAreaLayoutGuide, attribute)
        case "viewControllerLayoutGuide":
            guard let link, let root = (objects[link.element] as? UIViewController)?.viewIfLoaded else { return nil }
            let isTop = e["type"] == "top"
            // The top guide's bottom is the safe area's top; its top is the view's top (and the reverse below).
            switch (isTop, attribute) {
            case (true, .bottom): return (root.safeAreaLayoutGuide, .top)
            case (false, .top): return (root.safeAreaLayoutGuide, .bottom)
            default: return (root, attribute)
            }
        default:
            return nil
        }
    }

    // MARK: - Classes

    /// The class a `customClass` names, checked to be `base` or a subclass of it; `base` when there is no
    /// `customClass`, or it cannot be found (UIKit's "Unknown class X in Interface Builder file." is logged).
    func resolveClass(of element: Int32, base: AnyClass) -> AnyClass {
        let e = xml[element]
        guard let name = e["customClass"] else { return base }
        var candidates: [String] = []
        if let module = e["customModule"] { candidates.append("\(module).\(name)") }
        if let module = UIStoryboard.defaultModule { candidates.append("\(module).\(name)") }
        candidates.append(name)
        let found: AnyClass? = UIStoryboard.registeredClasses[name] ?? candidates.lazy.compactMap(Self.classNamed).first
        guard let found else {
            TactileStoryboardCounters.unknownClasses += 1
            TactileDiagnostics.log("UIStoryboard", "Unknown class \(name) in Interface Builder file.")
            return base
        }
        guard Self.isKind(found, of: base) else {
            TactileStoryboardCounters.unknownClasses += 1
            TactileDiagnostics.log("UIStoryboard", "Unknown class \(name) in Interface Builder file. (\(found) is not a \(base))")
            return base
        }
        return found
    }

    /// `NSClassFromString`, remembered (misses too: a failed lookup on Linux searches the loaded images).
    static func classNamed(_ name: String) -> AnyClass? {
        if let known = classCache[name] { return known }
        let found: AnyClass? = NSClassFromString(name)
        classCache[name] = .some(found)
        return found
    }

    private static var classCache: [String: AnyClass?] = [:]

    static func isKind(_ cls: AnyClass, of base: AnyClass) -> Bool {
        var c: AnyClass? = cls
        while let current = c {
            if ObjectIdentifier(current) == ObjectIdentifier(base) { return true }
            c = _getSuperclass(current)
        }
        return false
    }

    // MARK: - Values

    func number(_ text: String?) -> CGFloat { CGFloat(text.flatMap { Double($0) } ?? 0) }

    private func rect(_ element: Int32?) -> CGRect? {
        guard let element else { return nil }
        let r = xml[element]
        return CGRect(x: number(r["x"]), y: number(r["y"]), width: number(r["width"]), height: number(r["height"]))
    }
}

/// A view whose UIKit class Tactile does not have yet (a text field, a collection view, …): a plain view with the
/// element's frame, flags and constraints, whose intrinsic content size — for elements UIKit sizes by their
/// content — is the size Interface Builder laid it out at.
final class StoryboardStandInView: UIView {
    /// Elements UIKit gives an intrinsic content size.
    static let hasContentSize: Set<String> = ["label", "button", "switch", "stepper", "segmentedControl",
                                              "activityIndicatorView", "imageView", "pageControl", "textField",
                                              "slider", "progressView"]
    var designSize: CGSize?

    override var intrinsicContentSize: CGSize {
        designSize ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
}

/// What storyboard loading skipped, counted (bad or unsupported input is never silently lost).
@MainActor
public enum TactileStoryboardCounters {
    /// `customClass` names that could not be resolved (the UIKit class stood in).
    public internal(set) static var unknownClasses = 0
    /// Outlets and collections whose destination was not built (a scene-level object Tactile does not make).
    public internal(set) static var unconnected = 0
    /// Constraints whose items or attributes could not be resolved.
    public internal(set) static var skippedConstraints = 0
    /// Views built as plain stand-ins because Tactile lacks their element's UIKit class (text fields, web views, …).
    public internal(set) static var standInViews = 0
    /// User-defined runtime attributes of unsupported types.
    public internal(set) static var unsupportedRuntimeAttributes = 0
    /// Storyboard files parsed (each file once: later loads share the parsed model).
    public static var parsedFiles: Int { StoryboardCache.parseCount }
}
