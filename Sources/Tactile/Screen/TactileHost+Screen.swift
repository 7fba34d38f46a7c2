import Foundation

/// The headless device's screen and appearance.
struct ScreenSettings {
    var size = CGSize(width: 390, height: 844)
    var scale: CGFloat = 3
    var style: UIUserInterfaceStyle = .light
    var contentSizeCategory: UIContentSizeCategory = .large
}

extension TactileHost {
    /// The screen's size in points, portrait (390 × 844, an iPhone 12–15, by default). `UIScreen.main.bounds`
    /// is this turned with the interface; new windows take it.
    public static var screenSize: CGSize {
        get { UIApplication.shared.screen.size }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, newValue.width > 0, newValue.height > 0 else {
                return TactileDiagnostics.report("TactileHost.screenSize", "a screen needs a finite positive size: \(newValue)")
            }
            UIApplication.shared.changingTraits { UIApplication.shared.screen.size = newValue }
        }
    }

    /// Pixels per point (3 by default): `UIScreen.main.scale`, the traits' `displayScale`.
    public static var screenScale: CGFloat {
        get { UIApplication.shared.screen.scale }
        set {
            guard newValue.isFinite, newValue > 0 else {
                return TactileDiagnostics.report("TactileHost.screenScale", "a screen scale must be positive: \(newValue)")
            }
            UIApplication.shared.changingTraits { UIApplication.shared.screen.scale = newValue }
            TactileGraphicsHooks.mainScreenScale = newValue
        }
    }

    /// The system appearance (light by default). Changing it resolves dynamic colours anew and calls
    /// `traitCollectionDidChange(_:)` down every window, as switching to dark mode does.
    public static var userInterfaceStyle: UIUserInterfaceStyle {
        get { UIApplication.shared.screen.style }
        set {
            UIApplication.shared.changingTraits { UIApplication.shared.screen.style = newValue == .unspecified ? .light : newValue }
        }
    }

    /// The user's preferred text size (large by default).
    public static var preferredContentSizeCategory: UIContentSizeCategory {
        get { UIApplication.shared.screen.contentSizeCategory }
        set {
            UIApplication.shared.changingTraits { UIApplication.shared.screen.contentSizeCategory = newValue }
        }
    }
}

extension UIApplication {
    /// The screen's traits now: an iPhone is compact wide in portrait and compact both ways in landscape (a
    /// Plus/Max-sized phone, 414 points wide or more, is regular wide in landscape); an iPad regular both ways.
    var screenTraits: UITraitCollection {
        let s = screen, idiom = self.idiom
        let landscape = currentInterfaceOrientation.isLandscape
        let horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass
        if idiom == .pad {
            (horizontal, vertical) = (.regular, .regular)
        } else if landscape {
            (horizontal, vertical) = (min(s.size.width, s.size.height) >= 414 ? .regular : .compact, .compact)
        } else {
            (horizontal, vertical) = (.compact, .regular)
        }
        return UITraitCollection(horizontal: horizontal, vertical: vertical, idiom: idiom, scale: s.scale, style: s.style,
                                 direction: userInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
                                 category: s.contentSizeCategory, contrast: .normal, level: .base)
    }

}
