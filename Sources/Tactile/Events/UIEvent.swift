import Foundation

/// `UIEvent`: one snapshot of the touches (or a motion) the app is handling (app guide F-02, N).
@MainActor
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    public enum EventSubtype: Int, Sendable {
        case none = 0
        case motionShake = 1
        case remoteControlPlay = 100, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause,
             remoteControlNextTrack, remoteControlPreviousTrack, remoteControlBeginSeekingBackward,
             remoteControlEndSeekingBackward, remoteControlBeginSeekingForward, remoteControlEndSeekingForward
    }

    public internal(set) var type: EventType
    public internal(set) var subtype: EventSubtype
    /// Seconds (system uptime) of the event.
    public internal(set) var timestamp: TimeInterval
    /// Every live touch of the event (stationary ones included); nil for a motion event.
    var touchSet: Set<UITouch> = []

    init(type: EventType, subtype: EventSubtype = .none, timestamp: TimeInterval = 0) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
        super.init()
    }

    public override convenience init() { self.init(type: .touches) }

    open var allTouches: Set<UITouch>? { type == .touches ? touchSet : nil }

    /// The touches bound to `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        type == .touches ? touchSet.filter { $0.view === view } : nil
    }

    /// The touches bound to `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        type == .touches ? touchSet.filter { $0.window === window } : nil
    }
}
