import Foundation
import TactileCore

/// Safe area and layout margins (UIKit since iOS 11). The headless screen has no status bar and no rounded
/// corners unless the host says so (``TactileHost/screenSafeAreaInsets``, ``TactileHost/statusBarHeight``), so
/// by default every safe area inset is zero and only view controllers' `additionalSafeAreaInsets` make some.
extension UIView {
    /// What the change callbacks last reported, and the system guides once made.
    struct InsetsState {
        /// The margins the view's code set (nil: the defaults).
        var ownMargins: UIEdgeInsets?
        var reportedSafeArea = UIEdgeInsets.zero
        var reportedMargins: UIEdgeInsets?
        var safeAreaGuide: UILayoutGuide?
        var marginsGuide: UILayoutGuide?
    }

    /// The safe area insets: zero outside a visible window; the window's own for a window; else the parts of
    /// the superview's safe rect the view does not reach, plus its controller's additional insets.
    func computeSafeAreaInsets() -> UIEdgeInsets {
        if UIApplication.shared.screenHasNoInsets, !hasAdditionalInsetsAbove() { return .zero }  // the common case
        guard let window, !window.isHidden else { return .zero }
        var insets: UIEdgeInsets
        if self === window {
            insets = UIApplication.shared.windowSafeAreaInsets(for: window)
        } else if let superview {
            let parent = superview.safeAreaInsets
            // A superview without insets has no unsafe band to cover (the common case: no conversion).
            insets = parent == .zero ? .zero : overlap(with: superview, inner: superview.bounds.inset(by: parent))
        } else {
            insets = .zero
        }
        if let controller = owningController {
            let additional = controller.additionalSafeAreaInsets, bars = controller.containerSafeAreaInsets
            insets.top += additional.top + bars.top
            insets.left += additional.left + bars.left
            insets.bottom += additional.bottom + bars.bottom
            insets.right += additional.right + bars.right
        }
        return insets
    }

    /// Whether a controller of this view or of a view above it adds safe-area insets.
    private func hasAdditionalInsetsAbove() -> Bool {
        var view: UIView? = self
        while let v = view {
            if let controller = v.owningController,
               controller.additionalSafeAreaInsets != .zero || controller.containerSafeAreaInsets != .zero { return true }
            view = v.superview
        }
        return false
    }

    /// How much of each of `superview`'s bands outside `inner` (a rectangle in its coordinates) this view
    /// covers, as insets of the view: only the part of the view inside the superview counts, so a view
    /// reaching past the superview's edge gets the superview's inset there, not more.
    func overlap(with superview: UIView, inner: CGRect) -> UIEdgeInsets {
        let visible = bounds.intersection(superview.convert(superview.bounds, to: self))
        guard !visible.isNull else { return .zero }
        let safe = superview.convert(inner, to: self)
        let h = visible.height, w = visible.width
        return UIEdgeInsets(top: min(h, max(0, safe.minY - visible.minY)), left: min(w, max(0, safe.minX - visible.minX)),
                            bottom: min(h, max(0, visible.maxY - safe.maxY)), right: min(w, max(0, visible.maxX - safe.maxX)))
    }

    /// The margins in effect: the view's own (raised to the controller's system minimum for a root view that
    /// respects it), measured from the safe area when ``insetsLayoutMarginsFromSafeArea``, and at least the
    /// part of the superview's margins the view covers when it preserves them.
    func effectiveLayoutMargins(safeArea: UIEdgeInsets? = nil) -> UIEdgeInsets {
        let controller = owningController
        // A controller's root view: zero at the top and bottom, the system minimum at the sides, unless set.
        var m = insetsState.ownMargins ?? (controller == nil ? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) : .zero)
        if let controller, controller.viewRespectsSystemMinimumLayoutMargins {
            let minimum = controller.systemMinimumLayoutMargins
            m = UIEdgeInsets(top: max(m.top, minimum.top), left: max(m.left, minimum.leading),
                             bottom: max(m.bottom, minimum.bottom), right: max(m.right, minimum.trailing))
        }
        if insetsLayoutMarginsFromSafeArea {
            let safe = safeArea ?? safeAreaInsets
            m = UIEdgeInsets(top: m.top + safe.top, left: m.left + safe.left, bottom: m.bottom + safe.bottom, right: m.right + safe.right)
        }
        if preservesSuperviewLayoutMargins, let superview {
            let inherited = overlap(with: superview, inner: superview.bounds.inset(by: superview.layoutMargins))
            m = UIEdgeInsets(top: max(m.top, inherited.top), left: max(m.left, inherited.left),
                             bottom: max(m.bottom, inherited.bottom), right: max(m.right, inherited.right))
        }
        return m
    }

    func setOwnLayoutMargins(_ margins: UIEdgeInsets) {
        guard margins != insetsState.ownMargins else { return }
        insetsState.ownMargins = margins
        marginsMayHaveChanged()
    }

    /// Reports a change of the effective margins at once (UIKit calls `layoutMarginsDidChange()` when they
    /// are set) and lays the view out again.
    func marginsMayHaveChanged() {
        reportInsetChanges()
        setNeedsLayout()
    }

    /// The layout pass's check before `layoutSubviews()`: tells the view (and its controller) when its safe
    /// area or margins changed since last reported; the subviews' then need a look too.
    func reportInsetChanges() {
        let safe = computeSafeAreaInsets()
        if safe != insetsState.reportedSafeArea {
            insetsState.reportedSafeArea = safe
            AutoLayout.insetsMayHaveChanged = true
            safeAreaInsetsDidChange()
            owningController?.viewSafeAreaInsetsDidChange()
            for subview in subviews { subview.setNeedsLayout() }
        }
        let margins = effectiveLayoutMargins(safeArea: safe)
        if margins != insetsState.reportedMargins {
            AutoLayout.insetsMayHaveChanged = true
            let first = insetsState.reportedMargins == nil
            insetsState.reportedMargins = margins
            if !first {
                layoutMarginsDidChange()
                owningController?.viewLayoutMarginsDidChange()
            }
        }
    }

    /// The system guide of `kind` (`.safeArea` or `.margins`), made on first use.
    func layoutGuide(_ kind: UILayoutGuide.Kind) -> UILayoutGuide {
        let slot: WritableKeyPath<InsetsState, UILayoutGuide?> = kind == .safeArea ? \.safeAreaGuide : \.marginsGuide
        if let guide = insetsState[keyPath: slot] { return guide }
        let guide = UILayoutGuide(kind: kind, owningView: self,
                                  identifier: kind == .safeArea ? "UIViewSafeAreaLayoutGuide" : "UIViewLayoutMarginsGuide")
        insetsState[keyPath: slot] = guide
        return guide
    }

    /// Lays out every view of the subtree again (the screen's insets changed).
    func setNeedsLayoutInSubtree() {
        setNeedsLayout()
        for subview in subviews { subview.setNeedsLayoutInSubtree() }
    }
}
