import Foundation

/// Segues fired from a storyboard controller (SBT-SEG-02, SBT-SEG-03, DESIGN-SEGUE-TRIGGER, DESIGN-SEGUE-UNWIND). The overridable members are
/// in `UIViewController`'s class body; their work is here.
extension UIViewController {
    /// `performSegue(withIdentifier:sender:)`: the storyboard segue this controller starts with that identifier
    /// (from the controller or from a control or cell of its scene). `shouldPerformSegue` is not asked (DESIGN-SEGUE-TRIGGER).
    func segueByIdentifier(_ identifier: String, sender: Any?) {
        guard let link = storyboardLink,
              let segue = link.storyboard.document.segues(from: link.element).first(where: {
                  $0.identifier == identifier && $0.kind != "relationship"
              }) else {
            return TactileDiagnostics.report("UIViewController.performSegue(withIdentifier:sender:)",
                                             "NSInvalidArgumentException: Receiver (\(self)) has no segue with identifier '\(identifier)'")
        }
        fire(segue, link: link, sender: sender)
    }

    /// A segue a control or cell triggers: asks ``shouldPerformSegue(withIdentifier:sender:)`` first (DESIGN-SEGUE-TRIGGER).
    func trigger(_ segue: StoryboardDocument.Segue, sender: Any?) -> Bool {
        guard let link = storyboardLink,
              shouldPerformSegue(withIdentifier: segue.identifier ?? "", sender: sender) else { return false }
        fire(segue, link: link, sender: sender)
        return true
    }

    /// SBT-SEG-02: the destination is instantiated (a new instance each time, SBT-SB-02 (a)), the segue object made, the
    /// source prepares it (`prepare(for:sender:)`, the destination's view not loaded), then `perform()`.
    func fire(_ segue: StoryboardDocument.Segue, link: StoryboardSceneLink, sender: Any?) {
        if segue.kind == "unwind" { return unwind(segue, link: link, sender: sender) }
        let destination = StoryboardInstantiator(link.storyboard).controller(segue.destination, creator: nil)
        guard let made = makeSegue(segue, link: link, destination: destination) else { return }
        prepare(for: made, sender: sender)
        made.perform()
    }

    /// The segue object for a storyboard segue: the `customClass` (a `UIStoryboardSegue` subclass) when set,
    /// else one that performs the kind. Nil (reported) for a kind UIKit does not have.
    private func makeSegue(_ segue: StoryboardDocument.Segue, link: StoryboardSceneLink,
                           destination: UIViewController) -> UIStoryboardSegue? {
        let xml = link.storyboard.document.xml
        let e = xml[segue.element]
        if e["customClass"] != nil || segue.kind == "custom" {
            let cls: AnyClass = StoryboardInstantiator(link.storyboard).resolveClass(of: segue.element, base: UIStoryboardSegue.self)
            let segueClass = cls as? UIStoryboardSegue.Type ?? UIStoryboardSegue.self
            return segueClass.init(identifier: segue.identifier, source: self, destination: destination)
        }
        guard let kind = StoryboardKindSegue.Kind(rawValue: segue.kind) else {
            TactileDiagnostics.report("UIStoryboardSegue", "unsupported segue kind '\(segue.kind)' (segue \(e["id"] ?? "?")); not performed")
            return nil
        }
        let made = StoryboardKindSegue(identifier: segue.identifier, source: self, destination: destination)
        made.kind = kind
        made.animates = e["animates"] != "NO"
        made.presentationStyle = e["modalPresentationStyle"].flatMap(StoryboardValues.presentationStyle)
        made.transitionStyle = e["modalTransitionStyle"].flatMap(StoryboardValues.transitionStyle)
        return made
    }

    /// Embed segues, while the view loads (before `viewDidLoad()`): each container view of the scene gets its
    /// child — instantiated, allowed by `shouldPerformSegue(withIdentifier:sender:)`, prepared for
    /// (`prepare(for:sender:)`), added as a child and its view put in the container view.
    func performEmbedSegues(_ link: StoryboardSceneLink, containerViews: [Int32: UIView]) {
        for segue in link.storyboard.document.segues(from: link.element) where segue.kind == "embed" {
            guard let container = containerViews[segue.trigger] else { continue }
            let destination = StoryboardInstantiator(link.storyboard).controller(segue.destination, creator: nil)
            guard shouldPerformSegue(withIdentifier: segue.identifier ?? "", sender: nil) else { continue }
            let made = StoryboardKindSegue(identifier: segue.identifier, source: self, destination: destination)
            made.kind = .embed
            made.containerView = container
            prepare(for: made, sender: nil)
            made.perform()
        }
    }

    // MARK: - Unwinding (DESIGN-SEGUE-UNWIND)

    /// An unwind segue: the destination is looked for up the parent and presenting chain; the source prepares the
    /// segue, the destination's unwind action runs with it, then `perform()` calls ``unwind(for:towards:)`` on
    /// each controller from the common ancestor down to the destination (popping, dismissing).
    private func unwind(_ segue: StoryboardDocument.Segue, link: StoryboardSceneLink, sender: Any?) {
        let action = Selector(link.storyboard.document.xml[segue.element]["unwindAction"] ?? "")
        let source = UIStoryboardUnwindSegueSource(source: self, unwindAction: action, sender: sender)
        guard let destination = unwindDestination(for: source) else {
            return TactileDiagnostics.log("UIStoryboardSegue",
                                          "no view controller to unwind to for \(action) from \(self); the unwind segue does nothing")
        }
        let made = StoryboardKindSegue(identifier: segue.identifier, source: self, destination: destination)
        made.kind = .unwind
        (made.unwindPath, made.unwindPresenter) = unwindRoute(to: destination)
        prepare(for: made, sender: sender)
        _ = ActionDispatch.perform(action, on: destination, sender: made, event: nil)
        made.perform()
    }

    /// The destination (Apple's header: UIKit "sends allowedChildViewControllersForUnwindingFromSource: to each
    /// ancestor of the sourceViewController until it finds a view controller which returns YES from
    /// canPerformUnwindSegueAction"): each parent or presenter up the chain offers its other children
    /// (``allowedChildrenForUnwinding(from:)``, in order, each searched depth first, children before the child
    /// itself), then is asked itself.
    func unwindDestination(for source: UIStoryboardUnwindSegueSource) -> UIViewController? {
        func search(_ candidate: UIViewController) -> UIViewController? {
            for child in candidate.allowedChildrenForUnwinding(from: source) {
                if let found = search(child) { return found }
            }
            return candidate.canPerformUnwindSegueAction(source.unwindAction, from: source.source, sender: source.sender)
                ? candidate : nil
        }
        var current = parentLink ?? presentingViewController
        while let ancestor = current {
            for child in ancestor.allowedChildrenForUnwinding(from: source) {
                if let found = search(child) { return found }
            }
            if ancestor.canPerformUnwindSegueAction(source.unwindAction, from: source.source, sender: source.sender) {
                return ancestor
            }
            current = ancestor.parentLink ?? ancestor.presentingViewController
        }
        return nil
    }

    /// The route of an unwind: the controllers from the nearest common ancestor of the receiver and `destination`
    /// down to `destination`, and the presenter whose presentation the way up crossed last (nil when none).
    private func unwindRoute(to destination: UIViewController) -> ([UIViewController], UIViewController?) {
        var chain: [UIViewController] = []
        var c: UIViewController? = destination
        while let x = c { chain.append(x); c = x.parentLink ?? x.presentingViewController }
        var s: UIViewController? = self
        var presenter: UIViewController?
        while let x = s, !chain.contains(where: { $0 === x }) {
            if x.parentLink == nil { presenter = x.presentingViewController }
            s = x.parentLink ?? x.presentingViewController
        }
        guard let common = s, let index = chain.firstIndex(where: { $0 === common }) else { return ([destination], presenter) }
        return (chain[...index].reversed(), presenter)
    }

    /// The default of ``childContaining(_:)``: the child that is, or has among its descendants or presented
    /// controllers, the unwind's source.
    func unwindChildContaining(_ source: UIStoryboardUnwindSegueSource) -> UIViewController? {
        var c: UIViewController? = source.source
        while let x = c {
            if x.parentLink === self { return x }
            c = x.parentLink ?? x.presentingViewController
        }
        return nil
    }
}

extension UIView {
    /// What UIKit does for the segues a storyboard attaches to this view when its control fires or its cell is
    /// selected: asks the scene's controller ``UIViewController/shouldPerformSegue(withIdentifier:sender:)``
    /// (this view as the sender) and performs each segue it allows. Returns how many were performed. A Tactile
    /// addition, to fire them from code (controls fire theirs themselves, and a table fires a cell's selection
    /// segues when the user selects its row).
    @discardableResult
    public func tactileTriggerStoryboardSegues() -> Int {
        guard let trigger = storyboardTrigger, let controller = trigger.controller,
              let link = controller.storyboardLink else { return 0 }
        let segues = link.storyboard.document.segues(from: link.element).filter { $0.trigger == trigger.element }
        return segues.count { controller.trigger($0, sender: self) }
    }
}

/// The storyboard segues a view triggers: its element, and the scene's controller (held weakly).
struct StoryboardTrigger {
    let element: Int32
    weak var controller: UIViewController?
}
