import Foundation
import TactileCore

/// An explicit animation attached to a layer, timed on the run loop clock.
final class LayerAnimationEntry: @unchecked Sendable {
    let key: String
    let animation: CAAnimation
    /// When it begins, in run loop nanoseconds.
    let begin: UInt64
    var timers: [RunLoopTimerID] = []
    var ended = false
    /// The run loop whose clock times it.
    var loop: MainRunLoop?
    /// The transactions waiting for it.
    var transactions: [TransactionGroup] = []

    init(key: String, animation: CAAnimation, begin: UInt64) {
        self.key = key
        self.animation = animation
        self.begin = begin
    }
}

extension CALayer {
    func attach(_ anim: CAAnimation, forKey key: String?) {
        guard MainQueueProbe.isOnMainQueue else {
            return TactileDiagnostics.logFromAnyThread("CALayer.add(_:forKey:)", "layer animations run on the main run loop; add them on the main thread")
        }
        let key = key ?? "tactile.animation.\(ObjectIdentifier(anim).hashValue)"
        detach(forKey: key, finished: false)
        let box = Unchecked((self, anim))
        let entry = MainActor.assumeIsolated { () -> LayerAnimationEntry in
            let anim = box.value.1
            let loop = UIApplication.shared.mainLoop
            let now = loop.now
            let delay = anim.beginTime > 0 ? max(0, anim.beginTime - Double(now) / 1e9) : 0
            let entry = LayerAnimationEntry(key: key, animation: anim, begin: now &+ ViewAnimator.nanoseconds(delay))
            entry.loop = loop
            entry.transactions = Transactions.enlist()
            let e = entry
            entry.timers.append(loop.perform(after: ViewAnimator.nanoseconds(delay), mode: .common) {
                if !e.ended { e.animation.delegate?.animationDidStart(e.animation) }
            })
            if let active = anim.activeDuration {
                entry.timers.append(loop.perform(after: ViewAnimator.nanoseconds(delay + active), mode: .common) {
                    box.value.0.finish(e)
                })
            }
            return entry
        }
        attachedAnimations.append(entry)
    }

    private func finish(_ entry: LayerAnimationEntry) {
        guard !entry.ended else { return }
        entry.ended = true
        if entry.animation.isRemovedOnCompletion { attachedAnimations.removeAll { $0 === entry } }
        entry.animation.delegate?.animationDidStop(entry.animation, finished: true)
        let groups = entry.transactions
        entry.transactions = []
        MainActor.assumeIsolated { for group in groups { group.animationEnded() } }
    }

    func detach(forKey key: String, finished: Bool) {
        guard let i = attachedAnimations.firstIndex(where: { $0.key == key }) else { return }
        let entry = attachedAnimations.remove(at: i)
        guard !entry.ended else { return }
        entry.ended = true
        guard let loop = entry.loop else { return }
        MainActor.assumeIsolated {
            for timer in entry.timers { loop.cancel(timer) }
            let e = entry
            loop.perform(mode: .common) {
                e.animation.delegate?.animationDidStop(e.animation, finished: false)
                let groups = e.transactions
                e.transactions = []
                MainActor.assumeIsolated { for group in groups { group.animationEnded() } }
            }
        }
    }

    /// The layer's model values with every running animation applied at the run loop's current time.
    func makePresentation() -> CALayer {
        let copy = CALayer.sameKind(as: self)
        copy.copyModel(from: self)
        if let view {
            let box = Unchecked(copy)
            MainActor.assumeIsolated { ViewAnimator.applyPresentation(of: view, to: box.value) }
        }
        guard !attachedAnimations.isEmpty, MainQueueProbe.isOnMainQueue else { return copy }
        for entry in attachedAnimations {
            guard let now = entry.loop?.now, now >= entry.begin else { continue }
            let elapsed = Double(now - entry.begin) / 1e9
            if entry.ended, entry.animation.fillMode != .forwards, entry.animation.fillMode != .both { continue }
            LayerKeyPath.apply(entry.animation, elapsed: elapsed, model: self, to: copy)
        }
        return copy
    }

    /// A new layer of the receiver's Core Animation class (a custom subclass gets its nearest one).
    static func sameKind(as layer: CALayer) -> CALayer {
        switch layer {
        case is CAShapeLayer: CAShapeLayer()
        case is CAGradientLayer: CAGradientLayer()
        case is CATextLayer: CATextLayer()
        case is CAReplicatorLayer: CAReplicatorLayer()
        case is CATransformLayer: CATransformLayer()
        default: CALayer()
        }
    }
}

/// Reading and writing the animatable key paths of a layer as number vectors, for interpolation.
enum LayerKeyPath {
    static func vector(_ value: Any?) -> [Double]? {
        switch value {
        case let n as NSNumber: return [n.doubleValue]
        case let d as Double: return [d]
        case let f as Float: return [Double(f)]
        case let c as CGFloat: return [Double(c)]
        case let i as Int: return [Double(i)]
        case let p as CGPoint: return [p.x, p.y].map(Double.init)
        case let s as CGSize: return [s.width, s.height].map(Double.init)
        case let r as CGRect: return [r.minX, r.minY, r.width, r.height].map(Double.init)
        case let t as CATransform3D: return t.rows.flatMap { $0 }.map(Double.init)
        case let c as CGColor:
            guard let comps = c.components else { return nil }
            return (comps.count == 2 ? [comps[0], comps[0], comps[0], comps[1]] : Array(comps.prefix(4))).map(Double.init)
        default: return nil
        }
    }

    static func get(_ path: String, of layer: CALayer) -> [Double]? {
        switch path {
        case "opacity": return [Double(layer.opacity)]
        case "position": return vector(layer.position)
        case "position.x": return [Double(layer.position.x)]
        case "position.y": return [Double(layer.position.y)]
        case "bounds": return vector(layer.bounds)
        case "bounds.size": return vector(layer.bounds.size)
        case "bounds.size.width": return [Double(layer.bounds.width)]
        case "bounds.size.height": return [Double(layer.bounds.height)]
        case "transform": return vector(layer.transform)
        case "transform.scale", "transform.scale.x": return [Double(layer.transform.m11)]
        case "transform.scale.y": return [Double(layer.transform.m22)]
        case "transform.rotation", "transform.rotation.z": return [Double(atan2(layer.transform.m12, layer.transform.m11))]
        case "transform.translation.x": return [Double(layer.transform.m41)]
        case "transform.translation.y": return [Double(layer.transform.m42)]
        case "cornerRadius": return [Double(layer.cornerRadius)]
        case "borderWidth": return [Double(layer.borderWidth)]
        case "shadowOpacity": return [Double(layer.shadowOpacity)]
        case "shadowRadius": return [Double(layer.shadowRadius)]
        case "zPosition": return [Double(layer.zPosition)]
        case "backgroundColor": return vector(layer.backgroundColor) ?? [0, 0, 0, 0]
        case "borderColor": return vector(layer.borderColor) ?? [0, 0, 0, 0]
        case "strokeEnd": return (layer as? CAShapeLayer).map { [Double($0.strokeEnd)] }
        case "strokeStart": return (layer as? CAShapeLayer).map { [Double($0.strokeStart)] }
        case "lineWidth": return (layer as? CAShapeLayer).map { [Double($0.lineWidth)] }
        default: return nil
        }
    }

    static func set(_ path: String, _ v: [Double], on layer: CALayer) {
        func cg(_ i: Int) -> CGFloat { CGFloat(v[i]) }
        switch (path, v.count) {
        case ("opacity", 1...): layer.opacity = Float(v[0])
        case ("position", 2...): layer.position = CGPoint(x: cg(0), y: cg(1))
        case ("position.x", 1...): layer.position.x = cg(0)
        case ("position.y", 1...): layer.position.y = cg(0)
        case ("bounds", 4...): layer.bounds = CGRect(x: cg(0), y: cg(1), width: cg(2), height: cg(3))
        case ("bounds.size", 2...): layer.bounds.size = CGSize(width: cg(0), height: cg(1))
        case ("bounds.size.width", 1...): layer.bounds.size.width = cg(0)
        case ("bounds.size.height", 1...): layer.bounds.size.height = cg(0)
        case ("transform", 16...): layer.transform = CATransform3D(rows: (0..<4).map { r in (0..<4).map { cg(r * 4 + $0) } })
        case ("transform.scale", 1...): layer.transform = CATransform3DMakeScale(cg(0), cg(0), 1)
        case ("transform.scale.x", 1...): layer.transform = CATransform3DMakeScale(cg(0), 1, 1)
        case ("transform.scale.y", 1...): layer.transform = CATransform3DMakeScale(1, cg(0), 1)
        case ("transform.rotation", 1...), ("transform.rotation.z", 1...): layer.transform = CATransform3DMakeRotation(cg(0), 0, 0, 1)
        case ("transform.translation.x", 1...): layer.transform = CATransform3DMakeTranslation(cg(0), 0, 0)
        case ("transform.translation.y", 1...): layer.transform = CATransform3DMakeTranslation(0, cg(0), 0)
        case ("cornerRadius", 1...): layer.cornerRadius = cg(0)
        case ("borderWidth", 1...): layer.borderWidth = cg(0)
        case ("shadowOpacity", 1...): layer.shadowOpacity = Float(v[0])
        case ("shadowRadius", 1...): layer.shadowRadius = cg(0)
        case ("zPosition", 1...): layer.zPosition = cg(0)
        case ("backgroundColor", 4...): layer.backgroundColor = CGColor(red: cg(0), green: cg(1), blue: cg(2), alpha: cg(3))
        case ("borderColor", 4...): layer.borderColor = CGColor(red: cg(0), green: cg(1), blue: cg(2), alpha: cg(3))
        case ("strokeEnd", 1...): (layer as? CAShapeLayer)?.strokeEnd = cg(0)
        case ("strokeStart", 1...): (layer as? CAShapeLayer)?.strokeStart = cg(0)
        case ("lineWidth", 1...): (layer as? CAShapeLayer)?.lineWidth = cg(0)
        default: break
        }
    }

    /// Applies `animation` at `elapsed` seconds to the presentation `copy` of `model`.
    static func apply(_ animation: CAAnimation, elapsed: Double, model: CALayer, to copy: CALayer) {
        if let group = animation as? CAAnimationGroup {
            for child in group.animations ?? [] { apply(child, elapsed: elapsed - child.beginTime, model: model, to: copy) }
            return
        }
        guard let property = animation as? CAPropertyAnimation, let path = property.keyPath,
              let modelValue = get(path, of: model) else { return }
        let f = animation.fraction(elapsed: elapsed)
        var value: [Double]?
        if let basic = animation as? CABasicAnimation {
            let from = vector(basic.fromValue), to = vector(basic.toValue), by = vector(basic.byValue)
            let start = from ?? (to != nil && by != nil ? zip(to!, by!).map { $0 - $1 } : modelValue)
            let end = to ?? (by.map { b in zip(start, b).map { $0 + $1 } } ?? modelValue)
            guard start.count == end.count else { return }
            value = zip(start, end).map { $0 + ($1 - $0) * f }
        } else if let keyframes = animation as? CAKeyframeAnimation {
            let values = (keyframes.values ?? []).compactMap(vector)
            guard values.count >= 2 else { return }
            let times = keyframes.keyTimes?.map(\.doubleValue) ?? values.indices.map { Double($0) / Double(values.count - 1) }
            var i = 0
            while i < times.count - 2, f > times[i + 1] { i += 1 }
            let span = max(times[min(i + 1, times.count - 1)] - times[i], 1e-12)
            let local = keyframes.calculationMode == .discrete ? 0 : min(1, max(0, (f - times[i]) / span))
            let a = values[i], b = values[min(i + 1, values.count - 1)]
            guard a.count == b.count else { return }
            value = zip(a, b).map { $0 + ($1 - $0) * local }
        }
        guard var result = value else { return }
        if property.isAdditive, result.count == modelValue.count { result = zip(result, modelValue).map(+) }
        set(path, result, on: copy)
    }
}
