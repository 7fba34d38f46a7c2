import Foundation

/// What a view sets of its appearance (most views set nothing and have no box).
@MainActor
final class AppearanceBox {
    var tint: UIColor?
    var mode: UIView.TintAdjustmentMode = .automatic
    var styleOverride: UIUserInterfaceStyle = .unspecified
}

extension UIView {
    /// `UIView.TintAdjustmentMode`.
    public enum TintAdjustmentMode: Int, Sendable {
        case automatic = 0, normal, dimmed
    }

    private var appearance: AppearanceBox {
        if let box = appearanceBox { return box }
        let box = AppearanceBox()
        appearanceBox = box
        return box
    }

    // MARK: Tint

    var effectiveTintColor: UIColor {
        var view: UIView? = self
        var tint: UIColor = .systemBlue
        while let v = view {
            if let own = v.appearanceBox?.tint { tint = own; break }
            view = v.superview
        }
        return effectiveTintAdjustmentMode == .dimmed ? Self.dimmed(tint) : tint
    }

    /// A dimmed tint: the colour's luminance as a gray, at its alpha (UIKit desaturates and dims it).
    static func dimmed(_ color: UIColor) -> UIColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        guard color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return color }
        return UIColor(white: 0.299 * r + 0.587 * g + 0.114 * b, alpha: a)
    }

    var effectiveTintAdjustmentMode: TintAdjustmentMode {
        var view: UIView? = self
        while let v = view {
            if let mode = v.appearanceBox?.mode, mode != .automatic { return mode }
            if let c = v.owningController, c.dimsForPresentation { return .dimmed }
            view = v.superview
        }
        return .normal
    }

    func setOwnTint(_ color: UIColor?) {
        guard appearanceBox?.tint != color else { return }
        appearance.tint = color
        tintDidChange(modeChanged: false)
    }

    func setOwnTintAdjustmentMode(_ mode: TintAdjustmentMode) {
        guard (appearanceBox?.mode ?? .automatic) != mode else { return }
        appearance.mode = mode
        tintDidChange(modeChanged: true)
    }

    /// `tintColorDidChange()` to the view and the subviews that inherit the changed tint or mode.
    func tintDidChange(modeChanged: Bool) {
        tintColorDidChange()
        for subview in subviews {
            let box = subview.appearanceBox
            let ownsIt = modeChanged ? (box?.mode ?? .automatic) != .automatic : box?.tint != nil
            if !ownsIt { subview.tintDidChange(modeChanged: modeChanged) }
        }
    }

    // MARK: Traits

    func computeTraitCollection() -> UITraitCollection {
        UIApplication.shared.screenTraits.with(style: styleOverrideInEffect)
    }

    /// The nearest style override up the chain (views and the controllers whose root views they are).
    var styleOverrideInEffect: UIUserInterfaceStyle {
        var view: UIView? = self
        while let v = view {
            if let style = v.appearanceBox?.styleOverride, style != .unspecified { return style }
            if let style = v.owningController?.overrideUserInterfaceStyle, style != .unspecified { return style }
            view = v.superview
        }
        return .unspecified
    }

    func setStyleOverride(_ style: UIUserInterfaceStyle) {
        let old = traitCollection
        appearance.styleOverride = style
        deliverTraits(from: old, to: traitCollection, overridesApplied: true)
    }

    /// The view's traits were its controller's override `style` (the controller's changed).
    func traits(withControllerStyle style: UIUserInterfaceStyle) -> UITraitCollection {
        var effective = appearanceBox?.styleOverride ?? .unspecified
        if effective == .unspecified { effective = style }
        if effective == .unspecified { effective = superview?.styleOverrideInEffect ?? .unspecified }
        return UIApplication.shared.screenTraits.with(style: effective)
    }

    /// Calls `traitCollectionDidChange(_:)` on the view (and its controller) and down the subtree wherever the
    /// traits differ between `old` and `new` (given for what the superview passes down, or — with
    /// `overridesApplied` — for the view itself).
    func deliverTraits(from oldBase: UITraitCollection, to newBase: UITraitCollection, overridesApplied: Bool = false) {
        var old = oldBase, new = newBase
        if !overridesApplied {
            for style in [owningController?.overrideUserInterfaceStyle, appearanceBox?.styleOverride] {
                guard let style, style != .unspecified else { continue }
                old = old.with(style: style)
                new = new.with(style: style)
            }
        }
        guard old != new else { return }
        owningController?.traitCollectionDidChange(old)
        traitCollectionDidChange(old)
        for subview in subviews { subview.deliverTraits(from: old, to: new) }
    }
}

extension UIWindow {
    /// Delivers a change of the screen's traits down the window.
    func deliverScreenTraits(from old: UITraitCollection, to new: UITraitCollection) {
        deliverTraits(from: old, to: new)
    }
}

extension UIApplication {
    /// Runs a change of the screen's environment, then tells every window's views whose traits changed.
    func changingTraits(_ change: () -> Void) {
        let old = screenTraits
        change()
        let new = screenTraits
        guard old != new else { return }
        for window in windows { window.deliverScreenTraits(from: old, to: new) }
    }
}

extension UIViewController {
    /// A controller whose presented controller leaves its view visible (a sheet, an alert) dims its tint.
    var dimsForPresentation: Bool {
        guard let presented = presentedViewController, !presented.isBeingDismissed else { return false }
        return !Self.covers(presented)
    }
}
