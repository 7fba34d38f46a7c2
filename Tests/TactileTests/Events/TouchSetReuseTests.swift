import Foundation
import Testing
import Tactile

/// The delivery path reuses its buffers (DESIGN-ALLOCATION): a handler call's touch set is refilled for the next
/// call only when nothing kept it. A handler that keeps its set must see it unchanged afterwards, and two fingers
/// in two views of two windows still get one call each, window by window.
@MainActor
@Suite("Touch delivery: reused sets")
struct TouchSetReuseTests {
    final class Keeper: UIView {
        var kept: [Set<UITouch>] = []
        var sizes: [Int] = []
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            kept.append(touches)
            sizes.append(touches.count)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { kept.append(touches) }
    }

    /// A freshly launched app's key window, 320×480 (the caller keeps it alive).
    static func launchedWindow() -> UIWindow {
        TactileHost.launch(delegate: nil)
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        w.makeKeyAndVisible()
        return w
    }

    @Test("DESIGN-ALLOCATION: a set a handler kept is never refilled for a later call")
    func keptSetsStayIntact() throws {
        let w = Self.launchedWindow()
        let a = Keeper(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = Keeper(frame: CGRect(x: 150, y: 0, width: 100, height: 100))
        a.isMultipleTouchEnabled = true
        w.addSubview(a)
        w.addSubview(b)
        let driver = TouchDriver(window: w)
        driver.frame([(0, .began, CGPoint(x: 10, y: 10)), (1, .began, CGPoint(x: 20, y: 20)), (2, .began, CGPoint(x: 160, y: 10))])
        for k in 1...5 {
            driver.frame([(0, .moved, CGPoint(x: 10 + k, y: 10)), (1, .moved, CGPoint(x: 20 + k, y: 20)),
                          (2, .moved, CGPoint(x: 160 + k, y: 10))])
        }
        #expect(a.sizes == [2, 2, 2, 2, 2])
        #expect(b.sizes == [1, 1, 1, 1, 1])
        // Every kept set still holds exactly its own view's touches.
        for set in a.kept { #expect(set.count == 2 && set.allSatisfy { $0.view === a }) }
        for set in b.kept { #expect(set.count == 1 && set.allSatisfy { $0.view === b }) }
        TestStoryboard.windows.append(w)
    }

    final class Mortal: UIView {
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { removeFromSuperview() }
    }

    @Test("DESIGN-ALLOCATION: reused storage keeps nothing alive: a view removed by its own touchesEnded is freed with the frame")
    func reuseKeepsNothingAlive() throws {
        let w = Self.launchedWindow()
        weak var gone: Mortal?
        do {
            let v = Mortal(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            w.addSubview(v)
            gone = v
        }
        let driver = TouchDriver(window: w)
        driver.down(at: CGPoint(x: 10, y: 10))
        driver.move(to: CGPoint(x: 12, y: 10))
        driver.up()
        #expect(gone == nil)
        TestStoryboard.windows.append(w)
    }

    final class Mover: UIView {
        var moved = 0
        weak var lastTouch: UITouch?
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            moved += touches.count
            lastTouch = touches.first
        }
    }

    @Test("DESIGN-ALLOCATION: the set kept for the next call lets go of a finished sequence (its touch and view are freed)")
    func keptSetLetsGoWhenTheSequenceEnds() throws {
        let w = Self.launchedWindow()
        weak var goneView: Mover?
        weak var goneTouch: UITouch?
        let driver = TouchDriver(window: w)
        do {
            let v = Mover(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            w.addSubview(v)
            goneView = v
            driver.down(at: CGPoint(x: 10, y: 10))
            for k in 1...3 { driver.move(to: CGPoint(x: 10 + k, y: 10)) }  // the same set, handed over again
            #expect(v.moved == 3)
            goneTouch = v.lastTouch
            #expect(goneTouch != nil)
            driver.up()
            v.removeFromSuperview()
        }
        #expect(goneView == nil)
        #expect(goneTouch == nil)
        TestStoryboard.windows.append(w)
    }

    @Test("DESIGN-DELIVERY-SETS: fingers in two windows: each window's views get their own calls, once per frame")
    func twoWindows() throws {
        TactileHost.launch(delegate: nil)
        let top = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let bottom = UIWindow(frame: CGRect(x: 0, y: 240, width: 320, height: 200))
        top.makeKeyAndVisible()
        bottom.isHidden = false
        let a = Keeper(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = Keeper(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        top.addSubview(a)
        bottom.addSubview(b)
        let driver = TouchDriver()
        driver.frame([(0, .began, CGPoint(x: 10, y: 10)), (1, .began, CGPoint(x: 10, y: 250))])
        driver.frame([(0, .moved, CGPoint(x: 12, y: 10)), (1, .moved, CGPoint(x: 12, y: 250))])
        #expect(a.sizes == [1])
        #expect(b.sizes == [1])
        TestStoryboard.windows += [top, bottom]
    }
}
