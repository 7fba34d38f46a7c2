import Foundation
import Tactile
import Testing

/// Pull to refresh (DESIGN-SCROLL-REFRESH). Apple's `UIRefreshControl` reference: "When the user drags the top
/// of the scrollable content area downward, the scroll view reveals the refresh control, begins animating its
/// progress indicator, and notifies your app … you call endRefreshing() when done"; `beginRefreshing()` "does not
/// cause the valueChanged event to be sent".
@Suite("UIRefreshControl", .serialized)
@MainActor
struct RefreshControlTests {
    @Test("DESIGN-SCROLL-REFRESH a pull past the trigger distance refreshes once; the control stays open until endRefreshing")
    func pullToRefresh() {
        let stage = ScrollStage()
        let control = UIRefreshControl()
        var refreshes = 0
        control.addAction(UIAction { _ in refreshes += 1 }, for: .valueChanged)
        stage.scrollView.refreshControl = control
        #expect(control.superview === stage.scrollView)
        #expect(control.frame.maxY == 0, "above the content")
        // A short pull: nothing.
        let f = stage.finger
        f.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 160), steps: 3)
        stage.settleMotion()
        #expect(refreshes == 0 && !control.isRefreshing)
        #expect(stage.scrollView.contentOffset.y == 0)
        // A long pull: refreshing begins during the drag.
        f.down(at: CGPoint(x: 160, y: 50))
        for y in stride(from: 70, through: 450, by: 20) { f.move(to: CGPoint(x: 160, y: CGFloat(y))) }
        #expect(refreshes == 1 && control.isRefreshing)
        f.wait(0.2)
        f.up()
        stage.settleMotion()
        #expect(refreshes == 1)
        #expect(stage.scrollView.adjustedContentInset.top == UIRefreshControl.tactileHeight)
        #expect(stage.scrollView.contentOffset.y == -UIRefreshControl.tactileHeight, "rests with the control showing")
        control.endRefreshing()
        #expect(!control.isRefreshing)
        #expect(stage.scrollView.adjustedContentInset.top == 0)
        #expect(stage.scrollView.contentOffset.y == 0)
    }

    @Test("DESIGN-SCROLL-REFRESH beginRefreshing from code sends nothing; a disabled control never refreshes")
    func programmatic() {
        let stage = ScrollStage()
        let control = UIRefreshControl()
        var refreshes = 0
        control.addAction(UIAction { _ in refreshes += 1 }, for: .valueChanged)
        stage.scrollView.refreshControl = control
        control.beginRefreshing()
        #expect(control.isRefreshing && refreshes == 0)
        control.endRefreshing()
        control.isEnabled = false
        stage.finger.drag(from: CGPoint(x: 160, y: 50), to: CGPoint(x: 160, y: 450), steps: 20)
        stage.settleMotion()
        #expect(refreshes == 0 && !control.isRefreshing)
        stage.scrollView.refreshControl = nil
        #expect(control.superview == nil)
    }
}
