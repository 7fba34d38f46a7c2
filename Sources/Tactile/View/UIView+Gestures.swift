import Foundation

/// Attaching gesture recognizers (DESIGN-GESTURE-DELIVERY): a recognizer attached to a view gets the touches
/// hit-tested to that view and its subviews, before they do.
extension UIView {
    /// (`gestureRecognizers`) The recognizers attached to the view, in the order added; nil when there are none. Setting it replaces
    /// them.
    var gestureRecognizersValue: [UIGestureRecognizer]? {
        get { gestureRecognizerList }
        set {
            for r in gestureRecognizerList ?? [] { removeGestureRecognizer(r) }
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }

    /// (`addGestureRecognizer(_:)`) Attaches `gestureRecognizer` (taking it from the view it was attached to); attaching it again changes
    /// nothing.
    func attachGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let owner = gestureRecognizer.attachedView {
            if owner === self { return }
            owner.removeGestureRecognizer(gestureRecognizer)
        }
        var list = gestureRecognizerList ?? []
        list.append(gestureRecognizer)
        gestureRecognizerList = list
        UIApplication.shared.gestures.attach(gestureRecognizer, to: self)
    }

    /// (`removeGestureRecognizer(_:)`) Detaches `gestureRecognizer`: it lets go of its touches and is reset, without an action.
    func detachGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard var list = gestureRecognizerList, let i = list.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        list.remove(at: i)
        gestureRecognizerList = list.isEmpty ? nil : list
        UIApplication.shared.gestures.detach(gestureRecognizer)
    }
}
