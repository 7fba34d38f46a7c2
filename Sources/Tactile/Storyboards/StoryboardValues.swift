import Foundation

/// Interface Builder's spellings of UIKit values, as storyboard attributes write them.
@MainActor
enum StoryboardValues {
    static func attribute(_ name: String) -> NSLayoutConstraint.Attribute? {
        switch name {
        case "left": .left
        case "right": .right
        case "top": .top
        case "bottom": .bottom
        case "leading": .leading
        case "trailing": .trailing
        case "width": .width
        case "height": .height
        case "centerX": .centerX
        case "centerY": .centerY
        case "baseline", "lastBaseline": .lastBaseline
        case "firstBaseline": .firstBaseline
        case "leftMargin": .leftMargin
        case "rightMargin": .rightMargin
        case "topMargin": .topMargin
        case "bottomMargin": .bottomMargin
        case "leadingMargin": .leadingMargin
        case "trailingMargin": .trailingMargin
        case "centerXWithinMargins": .centerXWithinMargins
        case "centerYWithinMargins": .centerYWithinMargins
        case "": .notAnAttribute
        default: nil
        }
    }

    /// `multiplier="2"` or a ratio, `multiplier="16:9"`.
    static func multiplier(_ text: String?) -> CGFloat {
        guard let text else { return 1 }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return CGFloat(a / b) }
        return CGFloat(Double(text) ?? 1)
    }

    static func autoresizingMask(_ a: [String: String]) -> UIView.AutoresizingMask {
        var mask: UIView.AutoresizingMask = []
        let flags: [(String, UIView.AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        for (key, flag) in flags where a[key] == "YES" { mask.insert(flag) }
        return mask
    }

    static func contentMode(_ name: String) -> UIView.ContentMode? {
        let modes: [String: UIView.ContentMode] = [
            "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill,
            "redraw": .redraw, "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right,
            "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
        ]
        return modes[name]
    }

    static func semanticContentAttribute(_ name: String) -> UISemanticContentAttribute? {
        switch name {
        case "playback": .playback
        case "spatial": .spatial
        case "forceLeftToRight": .forceLeftToRight
        case "forceRightToLeft": .forceRightToLeft
        case "unspecified": .unspecified
        default: nil
        }
    }

    /// A `<color>`: white or RGB components, or a system colour by name (`systemColor="labelColor"`); asset
    /// catalogue colours have no value headless: nil.
    static func color(_ a: [String: String]) -> UIColor? {
        func c(_ key: String) -> CGFloat? { a[key].flatMap { Double($0) }.map { CGFloat($0) } }
        let alpha = c("alpha") ?? 1
        if let white = c("white") { return UIColor(white: white, alpha: alpha) }
        if let r = c("red"), let g = c("green"), let b = c("blue") { return UIColor(red: r, green: g, blue: b, alpha: alpha) }
        if let name = a["systemColor"] ?? a["cocoaTouchSystemColor"] { return UIColor.tactileSystemColor(named: name) }
        return nil
    }

    /// A `<fontDescription>`: a system font (`type="system"`, `"boldSystem"`, `"italicSystem"`, with `weight`), a text
    /// style (`style="UICTFontTextStyleBody"`), or a named font.
    static func font(_ a: [String: String]) -> UIFont {
        let size = a["pointSize"].flatMap { Double($0) }.map { CGFloat($0) } ?? 17
        if let style = a["style"] { return UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: style)) }
        if let name = a["name"], let font = UIFont(name: name, size: size) { return font }
        switch a["type"] {
        case "boldSystem": return .boldSystemFont(ofSize: size)
        case "italicSystem": return .italicSystemFont(ofSize: size)
        default:
            let weights: [String: UIFont.Weight] = ["ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular,
                                                    "medium": .medium, "semibold": .semibold, "bold": .bold, "heavy": .heavy,
                                                    "black": .black]
            return .systemFont(ofSize: size, weight: a["weight"].flatMap { weights[$0] } ?? .regular)
        }
    }

    static func textAlignment(_ name: String) -> NSTextAlignment? {
        ["left": .left, "center": .center, "right": .right, "justified": .justified, "natural": .natural][name]
    }

    static func lineBreakMode(_ name: String) -> NSLineBreakMode? {
        ["wordWrap": .byWordWrapping, "characterWrap": .byCharWrapping, "clip": .byClipping, "headTruncation": .byTruncatingHead,
         "tailTruncation": .byTruncatingTail, "middleTruncation": .byTruncatingMiddle][name]
    }

    static func presentationStyle(_ name: String) -> UIModalPresentationStyle? {
        switch name {
        case "fullScreen": .fullScreen
        case "pageSheet": .pageSheet
        case "formSheet": .formSheet
        case "currentContext": .currentContext
        case "custom": .custom
        case "overFullScreen": .overFullScreen
        case "overCurrentContext": .overCurrentContext
        case "popover": .popover
        case "none": UIModalPresentationStyle.none
        case "automatic": .automatic
        default: nil
        }
    }

    static func transitionStyle(_ name: String) -> UIModalTransitionStyle? {
        switch name {
        case "coverVertical": .coverVertical
        case "flipHorizontal": .flipHorizontal
        case "crossDissolve": .crossDissolve
        case "partialCurl": .partialCurl
        default: nil
        }
    }

    static func stackDistribution(_ name: String) -> UIStackView.Distribution? {
        switch name {
        case "fill": .fill
        case "fillEqually": .fillEqually
        case "fillProportionally": .fillProportionally
        case "equalSpacing": .equalSpacing
        case "equalCentering": .equalCentering
        default: nil
        }
    }

    static func stackAlignment(_ name: String) -> UIStackView.Alignment? {
        switch name {
        case "fill": .fill
        case "top", "leading": .leading
        case "firstBaseline": .firstBaseline
        case "center": .center
        case "bottom", "trailing": .trailing
        case "baseline", "lastBaseline": .lastBaseline
        default: nil
        }
    }

    static func systemItem(_ name: String) -> UIBarButtonItem.SystemItem? {
        let items: [String: UIBarButtonItem.SystemItem] = [
            "done": .done, "cancel": .cancel, "edit": .edit, "save": .save, "add": .add, "flexibleSpace": .flexibleSpace,
            "fixedSpace": .fixedSpace, "compose": .compose, "reply": .reply, "action": .action, "organize": .organize,
            "bookmarks": .bookmarks, "search": .search, "refresh": .refresh, "stop": .stop, "camera": .camera,
            "trash": .trash, "play": .play, "pause": .pause, "rewind": .rewind, "fastForward": .fastForward,
            "undo": .undo, "redo": .redo, "pageCurl": .pageCurl, "close": .close,
        ]
        return items[name]
    }
}

extension StoryboardValues {
    /// A connection's `eventType` (`touchUpInside`, `valueChanged`, …).
    static func controlEvent(_ name: String) -> UIControl.Event? {
        let events: [String: UIControl.Event] = [
            "touchDown": .touchDown, "touchDownRepeat": .touchDownRepeat, "touchDragInside": .touchDragInside,
            "touchDragOutside": .touchDragOutside, "touchDragEnter": .touchDragEnter, "touchDragExit": .touchDragExit,
            "touchUpInside": .touchUpInside, "touchUpOutside": .touchUpOutside, "touchCancel": .touchCancel,
            "valueChanged": .valueChanged, "primaryActionTriggered": .primaryActionTriggered,
            "menuActionTriggered": .menuActionTriggered, "editingDidBegin": .editingDidBegin,
            "editingChanged": .editingChanged, "editingDidEnd": .editingDidEnd, "editingDidEndOnExit": .editingDidEndOnExit,
        ]
        return events[name]
    }

    /// A button's `buttonType`.
    static func buttonType(_ name: String) -> UIButton.ButtonType? {
        let types: [String: UIButton.ButtonType] = [
            "custom": .custom, "system": .system, "roundedRect": .system, "detailDisclosure": .detailDisclosure,
            "infoLight": .infoLight, "infoDark": .infoDark, "contactAdd": .contactAdd, "plain": .plain, "close": .close,
        ]
        return types[name]
    }

    /// A `<state key="…">` of a button.
    static func controlState(_ key: String) -> UIControl.State? {
        let states: [String: UIControl.State] = [
            "normal": .normal, "highlighted": .highlighted, "disabled": .disabled, "selected": .selected,
            "focused": .focused,
        ]
        return states[key]
    }

    static func horizontalAlignment(_ name: String) -> UIControl.ContentHorizontalAlignment? {
        let values: [String: UIControl.ContentHorizontalAlignment] = [
            "center": .center, "left": .left, "right": .right, "fill": .fill, "leading": .leading, "trailing": .trailing,
        ]
        return values[name]
    }

    static func verticalAlignment(_ name: String) -> UIControl.ContentVerticalAlignment? {
        let values: [String: UIControl.ContentVerticalAlignment] = ["center": .center, "top": .top, "bottom": .bottom, "fill": .fill]
        return values[name]
    }
}
