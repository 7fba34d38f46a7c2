import Foundation

/// Which UIKit generation the object model behaves like, application-wide — the headless counterpart of
/// UIKit's "linked on or after" checks. One setting selects every behaviour that changed between the seed
/// documents' iPhone OS 3 and iOS 6 (and later):
///
/// | behaviour | ``modern`` (default) | ``iPhoneOS3`` |
/// |---|---|---|
/// | memory warning, view not in a window (VCG-B-08, SBT-MEM-01, SBT-MEM-04) | view kept; `viewDidUnload` never called | view released, then `viewWillUnload`/`viewDidUnload`; the next `view` access loads again |
/// | presentation style (SBT-PRS-04) | `modalPresentationStyle` decides (`.automatic` is a sheet: the presenter stays) | always full screen |
/// | `parentViewController` (VCG-Q-02) | the container parent only (iOS 5+) | the container parent, else the presenting controller |
/// | rotation (VCG-F, SBT-ROT) | `shouldAutorotate` + `supportedInterfaceOrientations` ∩ the app's mask; `viewWillTransition(to:with:)` and the one-step callbacks; full-screen presentation re-checks orientation | `shouldAutorotate(to:)` (portrait only by default); one-step, or two-step when a half-step method is overridden |
///
/// Set it through ``TactileHost/behavior``; every launch starts with ``modern``.
public enum TactileBehavior: Sendable, Hashable {
    /// iOS 6 and later: the modern Swift API's behaviour, as on current iOS.
    case modern
    /// iPhone OS 3: the seed guide's behaviour (views unload on memory warnings, modal is always full screen).
    case iPhoneOS3
}

extension TactileHost {
    /// The application-wide behaviour setting (see ``TactileBehavior``). Each ``launch(delegate:options:mainStoryboard:sceneDelegate:driving:touches:deviceOrientation:)``
    /// starts a new app with ``TactileBehavior/modern``.
    public static var behavior: TactileBehavior {
        get { UIApplication.shared.behavior }
        set { UIApplication.shared.behavior = newValue }
    }

    /// How long an animated presentation or dismissal takes on the app's run loop clock, in seconds (0.3 by
    /// default, UIKit's modal transition). The did-callbacks and the completion run when it has elapsed:
    /// step a deterministic app through it with `runLoop.advance(by:)`.
    public static var transitionDuration: TimeInterval {
        get { UIApplication.shared.transitionDuration }
        set { UIApplication.shared.transitionDuration = max(0, newValue.isFinite ? newValue : 0) }
    }
}
