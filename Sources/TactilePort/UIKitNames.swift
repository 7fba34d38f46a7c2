import Foundation

/// What the port needs to know about UIKit's (and so Tactile's) classes and Apple's modules without linking them.
enum UIKitNames {
    /// UIKit's classes that descend from `UIResponder`: their subclasses list actions and outlets by overriding
    /// `UIResponder`'s `tactileActions` / `tactileOutlets`; other classes get their own (TactileActionTarget).
    /// Checked against Tactile's classes by TactilePortTests.
    static let responders: Set<String> = [
        "UIResponder", "UIApplication", "UIScene", "UIWindowScene", "UIView", "UIWindow", "UIControl", "UIButton",
        "UISlider", "UISwitch", "UIStepper", "UISegmentedControl", "UIPageControl", "UIDatePicker", "UITextField",
        "UIRefreshControl", "UILabel", "UIImageView", "UIScrollView", "UITableView", "UITableViewCell",
        "UITableViewHeaderFooterView", "UICollectionView", "UICollectionViewCell", "UICollectionReusableView",
        "UITextView", "UIStackView", "UINavigationBar", "UITabBar", "UIToolbar", "UISearchBar",
        "UIActivityIndicatorView", "UIProgressView", "UIPickerView", "UIVisualEffectView", "UIAlertController",
        "UIViewController", "UINavigationController", "UITabBarController", "UITableViewController",
        "UICollectionViewController", "UIPageViewController", "UISplitViewController", "UISearchController",
        "UIInputView", "UIInputViewController", "UIImagePickerController", "UIActivityViewController",
        "UIHostingController",
    ]

    /// UIKit-named classes that are not responders (NSObject subclasses) although their names look like views.
    static let nonResponders: Set<String> = [
        "UIPresentationController", "UIPercentDrivenInteractiveTransition", "UIDocumentInteractionController",
        "UIPopoverPresentationController", "UIViewPropertyAnimator", "UIGestureRecognizer", "UIBarButtonItem",
        "UIBarItem", "UITabBarItem", "UINavigationItem", "UIStoryboardSegue", "UICollectionViewLayout",
        "UICollectionViewFlowLayout", "UIDynamicAnimator", "UIDynamicBehavior",
    ]

    /// True for UIKit classes whose instances are responders; a UIKit-looking name Tactile lacks is classified by
    /// its suffix (a `…View`, `…Controller`, `…Control`, `…Cell`, `…Bar` is a responder).
    static func isResponder(_ name: String) -> Bool {
        if responders.contains(name) { return true }
        if nonResponders.contains(name) || !name.hasPrefix("UI") { return false }
        if name.hasSuffix("GestureRecognizer") { return false }
        return ["View", "Controller", "Control", "Cell", "Bar", "Button", "Field", "Label", "Window"].contains { name.hasSuffix($0) }
    }

    /// Modules `import Tactile` stands in for.
    static let replacedModules: Set<String> = ["UIKit", "CoreGraphics", "QuartzCore"]
    /// Modules Linux has as they are.
    static let linuxModules: Set<String> = [
        "Foundation", "Dispatch", "Swift", "Darwin", "Glibc", "Tactile", "TactileCore", "XCTest", "Testing",
        "os", "Combine",
    ]

    /// Objective-C runtime functions and Foundation's Objective-C-only API, with why the port leaves them.
    static let unportableFunctions: [String: String] = [
        "method_exchangeImplementations": "method swizzling needs the Objective-C runtime",
        "class_getInstanceMethod": "method lookup by selector needs the Objective-C runtime",
        "class_getClassMethod": "method lookup by selector needs the Objective-C runtime",
        "class_addMethod": "adding methods at run time needs the Objective-C runtime",
        "class_replaceMethod": "method swizzling needs the Objective-C runtime",
        "method_setImplementation": "method swizzling needs the Objective-C runtime",
        "method_getImplementation": "method swizzling needs the Objective-C runtime",
        "object_setClass": "isa swizzling needs the Objective-C runtime",
        "object_getClass": "the Objective-C runtime's class lookup; use type(of:)",
        "objc_setAssociatedObject": "associated objects need the Objective-C runtime",
        "objc_getAssociatedObject": "associated objects need the Objective-C runtime",
        "objc_getClass": "class lookup by an Objective-C name",
        "NSClassFromString": "Objective-C class names do not resolve on Linux (only \"Module.Class\")",
        "class_copyMethodList": "method lists need the Objective-C runtime",
        "class_copyPropertyList": "property lists need the Objective-C runtime",
    ]

    /// Member calls that are Key-Value Coding or Key-Value Observing by string, with why the port leaves them.
    static let unportableMembers: [String: String] = [
        "addObserver(_:forKeyPath:options:context:)": "Key-Value Observing needs the Objective-C runtime",
        "removeObserver(_:forKeyPath:)": "Key-Value Observing needs the Objective-C runtime",
        "removeObserver(_:forKeyPath:context:)": "Key-Value Observing needs the Objective-C runtime",
        "observeValue(forKeyPath:of:change:context:)": "Key-Value Observing needs the Objective-C runtime",
        "observe(_:options:changeHandler:)": "Key-Value Observing needs the Objective-C runtime",
        "observe(_:changeHandler:)": "Key-Value Observing needs the Objective-C runtime",
        "value(forKey:)": "Key-Value Coding by string: Tactile resolves only a responder's tactileOutlets",
        "value(forKeyPath:)": "Key-Value Coding by string: Tactile resolves only a responder's tactileOutlets",
        "setValue(_:forKey:)": "Key-Value Coding by string: Tactile resolves only a responder's tactileOutlets",
        "setValue(_:forKeyPath:)": "Key-Value Coding by string: Tactile resolves only a responder's tactileOutlets",
        "method(for:)": "an IMP needs the Objective-C runtime",
    ]
}

extension UIKitNames {
    /// Apple frameworks with no Linux counterpart (an import of one is reported).
    static let appleOnlyModules: Set<String> = [
        "SwiftUI", "AVFoundation", "AVKit", "CoreImage", "CoreMotion", "CoreLocation", "MapKit", "Photos", "PhotosUI",
        "WebKit", "SafariServices", "MessageUI", "CoreData", "CoreText", "ImageIO", "AudioToolbox", "StoreKit",
        "GLKit", "SpriteKit", "SceneKit", "ARKit", "Metal", "MetalKit", "UserNotifications", "CoreHaptics", "Accelerate",
        "MobileCoreServices", "UniformTypeIdentifiers", "LocalAuthentication", "Contacts", "ContactsUI", "EventKit",
        "GameplayKit", "CoreML", "Vision", "AssetsLibrary", "CoreAnimation", "AppKit", "Cocoa",
    ]
}

/// Return types whose value a default implementation can make (`TactileOptionalRequirement.unimplemented()`):
/// optionals, Void, numbers, Bool, strings, collections and UIKit's geometry values.
enum PlaceholderTypes {
    static let known: Set<String> = [
        "Void", "()", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "TimeInterval", "String", "CGSize", "CGPoint", "CGRect", "CGVector",
        "UIEdgeInsets", "NSDirectionalEdgeInsets", "CGAffineTransform", "NSRange", "IndexPath",
    ]

    static func canMake(_ type: String) -> Bool {
        let t = type.trimmingCharacters(in: .whitespaces)
        return known.contains(t) || t.hasSuffix("?") || t.hasSuffix("!") || t.hasPrefix("[") || t.hasPrefix("Set<")
            || t.hasPrefix("Optional<") || t.hasPrefix("Array<") || t.hasPrefix("Dictionary<")
    }
}
