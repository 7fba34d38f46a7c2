import Foundation
import Tactile
import Testing

/// A view that answers accessibility questions itself, as custom controls do.
@MainActor
private final class KnobView: UIView {
    var level = 3
    override var isAccessibilityElement: Bool { get { true } set {} }
    override var accessibilityLabel: String? { get { "Volume" } set {} }
    override var accessibilityValue: String? { get { "\(level)" } set {} }
    override var accessibilityTraits: UIAccessibilityTraits { get { .adjustable } set {} }
}

/// The accessibility properties every object carries (UIKit's informal `UIAccessibility` protocol on
/// NSObject; here on responders) and `UIAccessibilityIdentification`. Sources: Apple's documentation of each
/// property's default ("The default value for this property is false unless the receiver is a standard UIKit
/// control"; `accessibilityFrame`: "the default value … is CGRectZero unless the receiver is a UIView object
/// or a subclass of UIView, in which case it is the screen coordinates of the view's frame") and the trait
/// values of UIAccessibilityConstants.h.
@MainActor
@Suite("Accessibility properties")
struct AccessibilityTests {
    @Test("Defaults: not an element, no label, hint, value or traits")
    func defaults() {
        let view = UIView()
        #expect(!view.isAccessibilityElement)
        #expect(view.accessibilityLabel == nil && view.accessibilityHint == nil && view.accessibilityValue == nil)
        #expect(view.accessibilityIdentifier == nil && view.accessibilityLanguage == nil && view.accessibilityElements == nil)
        #expect(view.accessibilityTraits == .none)
        #expect(!view.accessibilityElementsHidden && !view.accessibilityViewIsModal && !view.shouldGroupAccessibilityChildren)
        #expect(UIViewController().accessibilityFrame == .zero)
    }

    @Test("The properties keep what is set")
    func settable() {
        let view = UIView()
        view.isAccessibilityElement = true
        view.accessibilityLabel = "Play"
        view.accessibilityHint = "Plays the song"
        view.accessibilityValue = "0:42"
        view.accessibilityIdentifier = "play-button"
        view.accessibilityTraits = [.button, .selected]
        view.accessibilityElementsHidden = true
        view.accessibilityViewIsModal = true
        #expect(view.isAccessibilityElement && view.accessibilityLabel == "Play" && view.accessibilityHint == "Plays the song")
        #expect(view.accessibilityValue == "0:42" && view.accessibilityIdentifier == "play-button")
        #expect(view.accessibilityTraits.contains(.button) && view.accessibilityTraits.contains(.selected))
        #expect(view.accessibilityElementsHidden && view.accessibilityViewIsModal)
        let item = UIBarButtonItem(title: "Done", style: .plain, target: nil, action: nil)
        item.accessibilityIdentifier = "done"
        item.accessibilityLabel = "Finish"
        #expect(item.accessibilityIdentifier == "done" && item.accessibilityLabel == "Finish")
        let identified: [any UIAccessibilityIdentification] = [view, item]
        #expect(identified.map(\.accessibilityIdentifier) == ["play-button", "done"])
    }

    @Test("A view's accessibilityFrame is its frame on the screen unless set")
    func frameOnScreen() {
        let window = launchWithWindow()
        window.frame = CGRect(x: 0, y: 20, width: 320, height: 460)
        let panel = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
        let view = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 40))
        window.addSubview(panel)
        panel.addSubview(view)
        #expect(view.accessibilityFrame == CGRect(x: 15, y: 35, width: 50, height: 40))
        view.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(view.accessibilityFrame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test("Subclasses override the properties (they are open)")
    func overrides() {
        let knob = KnobView()
        let view: UIView = knob
        #expect(view.isAccessibilityElement && view.accessibilityLabel == "Volume" && view.accessibilityValue == "3")
        #expect(view.accessibilityTraits == .adjustable)
    }

    @Test("UIAccessibilityTraits have UIKit's raw values")
    func traitValues() {
        let expected: [(UIAccessibilityTraits, UInt64)] = [
            (.none, 0), (.button, 1 << 0), (.link, 1 << 1), (.image, 1 << 2), (.selected, 1 << 3), (.playsSound, 1 << 4),
            (.keyboardKey, 1 << 5), (.staticText, 1 << 6), (.summaryElement, 1 << 7), (.notEnabled, 1 << 8),
            (.updatesFrequently, 1 << 9), (.searchField, 1 << 10), (.startsMediaSession, 1 << 11), (.adjustable, 1 << 12),
            (.allowsDirectInteraction, 1 << 13), (.causesPageTurn, 1 << 14), (.tabBar, 1 << 15), (.header, 1 << 16),
        ]
        for (trait, raw) in expected { #expect(trait.rawValue == raw) }
    }
}

/// An adjustable control that implements the accessibility actions.
@MainActor
private final class StarRating: UIView {
    var stars = 3
    override func accessibilityIncrement() { stars = min(5, stars + 1) }
    override func accessibilityDecrement() { stars = max(0, stars - 1) }
    override func accessibilityActivate() -> Bool { stars = 0; return true }
}

@MainActor
@Suite("Accessibility actions")
struct AccessibilityActionTests {
    @Test("accessibilityIncrement/Decrement do nothing and accessibilityActivate says false by default; overrides take them")
    func actions() {
        let plain = UIView()
        plain.accessibilityIncrement()
        plain.accessibilityDecrement()
        #expect(!plain.accessibilityActivate())
        let rating = StarRating()
        let view: UIView = rating
        view.accessibilityIncrement()
        view.accessibilityIncrement()
        view.accessibilityIncrement()
        #expect(rating.stars == 5)
        view.accessibilityDecrement()
        #expect(rating.stars == 4)
        #expect(view.accessibilityActivate() && rating.stars == 0)
    }
}
