import Foundation

/// `UILayoutGuide`: a rectangular area of a view's bounds that layout can refer to, without a view of its own.
/// A view's `safeAreaLayoutGuide` and `layoutMarginsGuide` are guides whose ``layoutFrame`` follows the view's
/// safe area and margins; a guide added by the app gets its frame from Auto Layout (not here yet: `.zero`).
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// What a system guide's frame follows.
    enum Kind { case own, safeArea, margins }

    let kind: Kind
    /// The view the guide belongs to.
    open weak var owningView: UIView?
    /// A name for debugging.
    open var identifier: String = ""

    public override init() {
        kind = .own
        super.init()
    }

    init(kind: Kind, owningView: UIView, identifier: String) {
        self.kind = kind
        self.owningView = owningView
        self.identifier = identifier
        super.init()
    }

    /// The guide's rectangle in its owning view's coordinates.
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        switch kind {
        case .own: return .zero
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .margins: return view.bounds.inset(by: view.layoutMargins)
        }
    }
}
