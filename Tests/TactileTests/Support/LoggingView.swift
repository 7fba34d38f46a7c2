import Foundation
import Tactile

/// A view that records its hierarchy notifications.
@MainActor
final class LoggingView: UIView {
    static var log: [String] = []
    let name: String
    init(_ name: String, frame: CGRect = .zero) {
        self.name = name
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError() }
    override func willMove(toSuperview newSuperview: UIView?) { Self.log.append("\(name).willMoveToSuperview(\(label(newSuperview)))") }
    override func didMoveToSuperview() { Self.log.append("\(name).didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { Self.log.append("\(name).willMoveToWindow(\(newWindow == nil ? "nil" : "w"))") }
    override func didMoveToWindow() { Self.log.append("\(name).didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { Self.log.append("\(name).didAddSubview(\(label(subview)))") }
    override func willRemoveSubview(_ subview: UIView) { Self.log.append("\(name).willRemoveSubview(\(label(subview)))") }
    private func label(_ v: UIView?) -> String { (v as? LoggingView)?.name ?? (v == nil ? "nil" : "view") }
}
