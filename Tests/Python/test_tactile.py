"""The Python bindings (bindings/python/tactile.py) against libtactile.so: tactile.h as ctypes sees it.

Run: TACTILE_LIBRARY=$PWD/.build/debug/libtactile.so python3 -m pytest -q Tests/Python
Tests are named after the spec rule they check where one applies (as in Tests/CAPITests).
"""
import ctypes
import math
import subprocess
import sys
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(REPO / "bindings" / "python"))

import tactile  # noqa: E402
from tactile import (App, MotionCode, MotionPhase, Phase, SceneKind, Status, SystemCode, TactileError,  # noqa: E402
                     ViewFlag, shake, system, touch)

MS = 1_000_000


class Halves:
    """A 320×480 window split into a left and a right view (as RoutingCAPITests), recording deliveries."""

    def __init__(self, **config):
        self.app = App(**config)
        self.window = self.app.create_view(0, 0, 320, 480)
        self.left = self.app.create_view(0, 0, 160, 480)
        self.right = self.app.create_view(160, 0, 160, 480)
        self.window.add_subview(self.left)
        self.window.add_subview(self.right)
        self.deliveries = []
        self.app.set_delivery_callback(self.deliveries.append)

    def touch(self, finger, phase, x, y, t):
        return touch(finger, phase, self.window, t, x, y)

    def lines(self):
        """(phase, view, [touch ids]) per delivery."""
        return [(d.phase, d.view, [t.touch_id for t in d.touches]) for d in self.deliveries]


@pytest.fixture
def halves():
    h = Halves(queue_capacity=64)
    yield h
    h.app.close(reraise=False)


def test_struct_layouts_and_version_match_the_header():
    assert ctypes.sizeof(tactile.Event) == 48
    assert ctypes.sizeof(tactile._Counters) == 72
    assert ctypes.sizeof(tactile._Delivery) == 48
    assert tactile._Delivery.touches.offset == 24 and tactile._Delivery.user_data.offset == 40
    assert tactile.Event.timestamp_ns.offset == 16 and tactile.Event.radius.offset == 44
    assert tactile.library_version() == tactile.VERSION == 500
    assert ctypes.sizeof(tactile._ScrollEvent) == 80 and tactile._ScrollEvent.timestamp_ns.offset == 64
    assert tactile.lib.tactile_status_name(Status.QUEUE_FULL) == b"TACTILE_ERR_QUEUE_FULL"


def test_M08_K08_a_two_finger_pinch_in_the_phone_scene_reaches_one_multi_touch_view():
    with App() as app:
        window = app.build_scene(SceneKind.PHONE, seed=1)
        view = app.hit_test(window, 100, 200)
        assert view is not None and app.hit_test(window, 220, 200) == view
        view.set_flags(ViewFlag.MULTIPLE_TOUCH)
        view.user_data = 0xBEEF
        deliveries = []
        app.set_delivery_callback(deliveries.append)

        frames = [[touch(1, Phase.BEGAN, window, 1 * MS, 100, 200), touch(2, Phase.BEGAN, window, 1 * MS, 220, 200)]]
        for step in range(1, 5):
            frames.append([touch(1, Phase.MOVED, window, (1 + step) * MS, 100 - 10 * step, 200 - 5 * step),
                           touch(2, Phase.MOVED, window, (1 + step) * MS, 220 + 10 * step, 200 + 5 * step)])
        frames.append([touch(1, Phase.ENDED, window, 6 * MS, 60, 180), touch(2, Phase.ENDED, window, 6 * MS, 260, 220)])
        for frame in frames:
            assert app.post_batch(frame) == 2
        app.run_until_idle()

        assert [d.phase for d in deliveries] == [Phase.BEGAN] + [Phase.MOVED] * 4 + [Phase.ENDED]
        for d, frame in zip(deliveries, frames):
            assert d.view == view and d.window == window and d.user_data == 0xBEEF
            assert d.timestamp_ns == frame[0].timestamp_ns
            assert [t.touch_id for t in d.touches] == [1, 2]
            assert [(t.x, t.y) for t in d.touches] == [(e.x, e.y) for e in frame]
            assert all(t.phase == d.phase and t.tap_count == 1 for t in d.touches)
        moved = deliveries[1].touches
        assert (moved[0].previous_x, moved[0].previous_y) == (100, 200)
        assert (moved[1].previous_x, moved[1].previous_y) == (220, 200)


def test_K08_M08_route_and_the_queue_deliver_began_moved_ended_to_the_bound_view(halves):
    h = halves
    h.app.route([h.touch(1, Phase.BEGAN, 10, 10, 1), h.touch(2, Phase.BEGAN, 200, 10, 1)])
    h.app.post_batch([h.touch(1, Phase.MOVED, 300, 10, 2), h.touch(1, Phase.ENDED, 300, 10, 3),
                      h.touch(2, Phase.ENDED, 200, 10, 3)])
    h.app.run_until_idle()
    # Finger 1 left its view for the right half: it stays bound to the left view (sticky binding).
    assert h.lines() == [(Phase.BEGAN, h.left, [1]), (Phase.BEGAN, h.right, [2]), (Phase.MOVED, h.left, [1]),
                         (Phase.ENDED, h.left, [1]), (Phase.ENDED, h.right, [2])]
    assert (h.deliveries[2].touches[0].x, h.deliveries[2].touches[0].previous_x) == (300, 10)
    assert all(d.user_data is None and d.window == h.window for d in h.deliveries)
    c = h.app.route_counters()
    assert (c.samples, c.frames, c.deliveries, c.began, c.ended, c.errors) == (5, 3, 5, 2, 2, 0)


def test_T06_M09_tap_count_counts_quick_taps_close_together_on_the_same_view(halves):
    h = halves
    counts = []
    h.app.set_delivery_callback(lambda d: counts.append(d.touches[0].tap_count) if d.phase == Phase.BEGAN else None)
    # 3 quick taps count up; after a long pause 1 again; 26 points away 1; on the other view 1.
    for k, (x, t_ms) in enumerate([(10, 0), (12, 100), (14, 200), (14, 800), (40, 900), (200, 1000)]):
        start = t_ms * MS + 1
        h.app.route([h.touch(k + 1, Phase.BEGAN, x, 10, start)])
        h.app.route([h.touch(k + 1, Phase.ENDED, x, 10, start + 10 * MS)])
    assert counts == [1, 2, 3, 1, 1, 1]


def test_K03_a_batch_hit_test_agrees_with_single_hit_tests():
    with App() as app:
        window = app.build_scene(SceneKind.RANDOM, view_count=200, seed=7)
        points = [(x * 13.5, y * 19.25) for x in range(-1, 26) for y in range(-1, 26)]
        batch = app.hit_test_batch(window, points)
        assert batch == [app.hit_test(window, x, y) for x, y in points]
        assert any(v is not None for v in batch) and any(v != window for v in batch if v is not None)
        assert app.hit_test_batch(window, []) == []
        assert app.hit_test(window, math.nan, 5) is None  # NaN point: no view, not an error


def test_H02_H03_H10_views_mirror_the_hierarchy_calls():
    with App() as app:
        root = app.create_view(0, 0, 100, 100)
        a, b, c = (app.create_view(i * 10, 0, 10, 10) for i in range(3))
        root.add_subview(a)
        root.add_subview(b)
        root.insert_subview(c, 0)
        assert root.subviews == [c, a, b] and a.superview == root and root.superview is None
        root.insert_subview(c, 99)  # clamped to the end
        assert root.subviews == [a, b, c]
        root.exchange_subviews(0, 2)
        assert root.subviews == [c, b, a]
        b.tag = 42
        assert root.view_with_tag(42) == b and root.view_with_tag(7) is None
        a.frame = (5, 6, 30, 40)
        assert a.frame == (5, 6, 30, 40) and a.center == (20, 26) and a.bounds == (0, 0, 30, 40)
        a.transform = tactile.Transform(a=2, d=2)
        assert a.transform == (2, 0, 0, 2, 0, 0)
        a.flags = ViewFlag.HIDDEN | ViewFlag.EXCLUSIVE_TOUCH
        a.flags = ViewFlag.EXCLUSIVE_TOUCH
        assert a.flags == ViewFlag.EXCLUSIVE_TOUCH
        assert {a, b, c, tactile.View(app, a.id)} == {a, b, c}
        assert root.window_id == (root.id & 0xFFFFFFFF) + 1 == tactile.window_id(root)
        a.remove_from_superview()
        assert a.superview is None and root.subviews == [c, b]
        assert app.tree_stats().views == 4


def test_bad_handles_after_close_or_destroy_raise_INVALID_HANDLE_with_a_message():
    app = App()
    view = app.create_view(0, 0, 10, 10)
    other = app.create_view(0, 0, 10, 10)
    other.destroy()
    with pytest.raises(TactileError) as stale:
        other.tag = 1
    assert stale.value.status == Status.INVALID_HANDLE
    app.close()
    app.close()  # a second close is a no-op
    for call in (app.step, app.run_until_idle, app.counters, lambda: view.frame,
                 lambda: app.post(touch(1, Phase.BEGAN, 1, 0, 0, 0))):
        with pytest.raises(TactileError) as error:
            call()
        assert error.value.status == Status.INVALID_HANDLE
        assert "handle" in error.value.message and "INVALID_HANDLE" in str(error.value)


def test_nan_and_infinite_coordinates_raise_INVALID_COORDINATE_and_are_counted():
    with App() as app:
        with pytest.raises(TactileError) as error:
            app.post(touch(1, Phase.BEGAN, 1, 0, math.nan, 5))
        assert error.value.status == Status.INVALID_COORDINATE and "NaN" in error.value.message
        with pytest.raises(TactileError) as error:
            app.route([touch(1, Phase.BEGAN, 1, 0, 5, math.inf)])
        assert error.value.status == Status.INVALID_COORDINATE
        with pytest.raises(TactileError) as error:
            app.create_view(0, 0, math.nan, 10)
        assert error.value.status == Status.INVALID_COORDINATE
        c = app.counters()
        assert c.posted == 0 and c.rejected_invalid >= 1 and c.errors == 3


def test_a_full_queue_raises_QUEUE_FULL_and_counts_back_pressure_apart_from_errors():
    with App(queue_capacity=4) as app:
        event = touch(1, Phase.MOVED, 1, 1, 1, 1)
        for _ in range(4):
            app.post(event)
        with pytest.raises(TactileError) as error:
            app.post(event)
        assert error.value.status == Status.QUEUE_FULL and "full" in error.value.message
        with pytest.raises(TactileError) as error:
            app.post_batch([event] * 5)
        assert error.value.status == Status.OUT_OF_RANGE  # a batch larger than the queue can never fit
        c = app.counters()
        # Back-pressure counts in rejected_full only; the oversized batch is misuse as well (one error).
        assert (c.posted, c.rejected_full, c.errors) == (4, 6, 1)


def test_integers_that_C_would_wrap_are_refused_before_the_call():
    with App() as app:
        window = app.create_view(0, 0, 10, 10)
        with pytest.raises(ValueError):
            touch(-1, Phase.BEGAN, window, 0, 0, 0)
        with pytest.raises(ValueError):
            touch(1 << 32, Phase.BEGAN, window, 0, 0, 0)
        with pytest.raises(ValueError):
            app.advance(-1)
        with pytest.raises(ValueError):
            window.exchange_subviews(-1, 0)
        with pytest.raises(TactileError) as error:
            window.exchange_subviews(0, 1)
        assert error.value.status == Status.OUT_OF_RANGE
        with pytest.raises(TactileError) as error:
            window.set_flags(1 << 9)
        assert error.value.status == Status.OUT_OF_RANGE


def test_an_exception_in_a_callback_is_reraised_by_run_until_idle_and_routing_goes_on(halves):
    h = halves
    seen = []

    def fail_on_began(d):
        seen.append(d.phase)
        if d.phase == Phase.BEGAN:
            raise KeyError("boom")

    h.app.set_delivery_callback(fail_on_began)
    h.app.post_batch([h.touch(1, Phase.BEGAN, 10, 10, 1), h.touch(1, Phase.MOVED, 20, 10, 2)])
    with pytest.raises(KeyError, match="boom"):
        h.app.run_until_idle()
    assert seen == [Phase.BEGAN, Phase.MOVED]  # the loop finished its work; only Python saw the error
    h.app.route([h.touch(1, Phase.ENDED, 20, 10, 3)])  # nothing pending any more
    assert seen[-1] == Phase.ENDED
    with pytest.raises(ZeroDivisionError):  # and from route(), too
        h.app.set_delivery_callback(lambda d: 1 / 0)
        h.app.route([h.touch(2, Phase.BEGAN, 10, 10, 4)])


def test_H05_K08_a_view_removed_inside_a_callback_gets_its_touches_cancelled_first(halves):
    h = halves
    h.app.route([h.touch(1, Phase.BEGAN, 10, 10, 1), h.touch(2, Phase.BEGAN, 200, 10, 1)])
    h.deliveries.clear()

    def remove_right_on_move(d):
        h.deliveries.append(d)
        if d.phase == Phase.MOVED:
            h.right.remove_from_superview()

    h.app.set_delivery_callback(remove_right_on_move)
    h.app.route([h.touch(1, Phase.MOVED, 11, 10, 2), h.touch(2, Phase.MOVED, 201, 10, 2)])
    # The right view's pending touchesMoved was overtaken by its cancellation.
    assert h.lines() == [(Phase.MOVED, h.left, [1]), (Phase.CANCELLED, h.right, [2])]
    h.app.set_delivery_callback(h.deliveries.append)
    h.deliveries.clear()
    h.left.destroy()
    assert h.lines() == [(Phase.CANCELLED, h.left, [1])]
    h.app.route([h.touch(1, Phase.ENDED, 11, 10, 3), h.touch(2, Phase.ENDED, 201, 10, 3)])
    assert len(h.deliveries) == 1
    c = h.app.route_counters()
    assert (c.cancelled, c.ended, c.swallowed_samples) == (2, 0, 2)


def test_counters_posted_delivered_and_errors(halves):
    h = halves
    h.app.post_batch([h.touch(1, Phase.BEGAN, 10, 10, 1), h.touch(2, Phase.BEGAN, 200, 10, 1)])
    h.app.post(h.touch(1, Phase.ENDED, 10, 10, 2))
    with pytest.raises(TactileError):
        h.app.post(tactile.Event(kind=77))
    h.app.run_until_idle()
    c = h.app.counters()
    assert (c.posted, c.drained, c.delivered, c.errors, c.rejected_invalid) == (3, 3, 3, 1, 1)
    assert c.delivered == len(h.deliveries) and c.iterations >= 1


def test_L02_ignoring_interaction_nests_and_B04_resign_active_cancels_live_touches(halves):
    h = halves
    with h.app.ignoring_interaction():
        with h.app.ignoring_interaction():
            pass
        h.app.route([h.touch(1, Phase.BEGAN, 10, 10, 1), h.touch(1, Phase.ENDED, 10, 10, 2)])
    h.app.route([h.touch(2, Phase.BEGAN, 10, 10, 3)])
    h.app.route([system(SystemCode.WILL_RESIGN_ACTIVE, 4), h.touch(3, Phase.BEGAN, 10, 10, 5),
                 h.touch(2, Phase.ENDED, 10, 10, 6), h.touch(3, Phase.ENDED, 10, 10, 6),
                 system(SystemCode.DID_BECOME_ACTIVE, 7), h.touch(4, Phase.BEGAN, 200, 10, 8)])
    assert h.lines() == [(Phase.BEGAN, h.left, [2]), (Phase.CANCELLED, h.left, [2]), (Phase.BEGAN, h.right, [4])]
    c = h.app.route_counters()
    assert c.ignored == 2 and c.errors == 0


def test_O05_shakes_reach_the_motion_callback_ended_under_a_second_cancelled_after(halves):
    motions = []
    halves.app.set_motion_callback(lambda phase, t: motions.append((phase, t)))
    s = 1_000_000_000
    halves.app.route([shake(MotionCode.SHAKE_BEGAN, 0), shake(MotionCode.SHAKE_ENDED, s // 2),
                      shake(MotionCode.SHAKE_BEGAN, s), shake(MotionCode.SHAKE_ENDED, 5 * s // 2)])
    assert [p for p, _ in motions] == [MotionPhase.BEGAN, MotionPhase.ENDED, MotionPhase.BEGAN, MotionPhase.CANCELLED]
    assert motions[1][1] == s // 2


def test_K01_screen_touches_land_in_the_front_most_window_and_the_delivery_log_reads_back(halves):
    h = halves
    h.app.delivery_log(True)
    h.app.set_screen([h.window])
    h.app.route([touch(7, Phase.BEGAN, 0, 42, 200, 20)])
    assert h.lines() == [(Phase.BEGAN, h.right, [7])]
    assert h.app.delivery_log_text() == f"42 touchesBegan view={h.right.index} [7@(200,20) tap=1]\n"
    h.app.delivery_log(False)
    assert h.app.delivery_log_text() == ""


def test_F01_raw_input_reaches_the_input_handler_in_FIFO_order_with_every_field_intact():
    with App(raw_input=True) as app:
        batches = []
        app.set_input_handler(batches.append)
        began = touch(7, Phase.BEGAN, 1, 100, 10.5, -3, force=0.25)
        app.post(began)
        app.post_batch(touch(7, Phase.MOVED, 1, 100 + i, i, 2) for i in range(1, 6))
        app.run_until_idle()
        events = [e for batch in batches for e in batch]
        assert [e.timestamp_ns for e in events] == [100, 101, 102, 103, 104, 105]
        assert (events[0].touch_id, events[0].x, events[0].y, events[0].force) == (7, 10.5, -3, 0.25)
        assert app.counters().delivered == 0  # raw input: no routing


def test_F05_a_live_app_receives_posts_from_a_python_thread_and_stops_cleanly():
    with App(queue_capacity=16, live=True) as app:
        window = app.create_view(0, 0, 100, 100)
        deliveries, done = [], threading.Event()

        def on_delivery(d):
            deliveries.append(d)
            if d.phase == Phase.ENDED:
                done.set()

        app.set_delivery_callback(on_delivery)
        app.start_live()
        with pytest.raises(TactileError) as error:
            app.start_live()
        assert error.value.status == Status.INVALID_STATE

        def produce():
            events = ([touch(1, Phase.BEGAN, window, 1, 5, 5)] +
                      [touch(1, Phase.MOVED, window, 1 + i, 5 + i / 100, 5) for i in range(1, 500)] +
                      [touch(1, Phase.ENDED, window, 1000, 10, 5)])
            for event in events:
                while True:
                    try:
                        app.post(event)
                        break
                    except TactileError as e:  # back-pressure: retry (began/ended must not be dropped)
                        if e.status != Status.QUEUE_FULL:
                            raise

        producer = threading.Thread(target=produce)
        producer.start()
        producer.join(timeout=30)
        assert not producer.is_alive()
        assert done.wait(timeout=10), "the live loop delivered no touchesEnded"
        app.stop()
        assert deliveries[0].phase == Phase.BEGAN and deliveries[-1].phase == Phase.ENDED
        assert all(d.view == window and d.touches[0].touch_id == 1 for d in deliveries)
        c = app.counters()
        assert c.posted == 501 and c.drained == 501 and c.errors == 1  # the second start_live


def test_F05_an_exception_in_a_live_callback_is_reraised_by_stop():
    with App(live=True) as app:
        window = app.create_view(0, 0, 100, 100)
        called = threading.Event()

        def fail(_):
            called.set()
            raise RuntimeError("from the loop thread")

        app.set_delivery_callback(fail)
        app.start_live()
        app.post(touch(1, Phase.BEGAN, window, 1, 5, 5))
        assert called.wait(timeout=10)
        with pytest.raises(RuntimeError, match="loop thread"):
            app.stop()


def test_the_python_gesture_example_prints_what_the_c_example_prints():
    """examples/gesture.out is what examples/gesture.c (and gesture.cpp) print; scripts/check-examples checks them."""
    expected = (REPO / "examples" / "gesture.out").read_bytes()
    actual = subprocess.run([sys.executable, str(REPO / "bindings" / "python" / "examples" / "gesture.py")],
                            check=True, capture_output=True).stdout
    assert actual == expected


def test_design_layout_capi_constraints_through_ctypes():
    """DESIGN-LAYOUT-CAPI: constraints from Python lay out the packed tree; hit-testing follows; errors raise."""
    from tactile import Attribute, Relation
    with App() as app:
        window = app.create_view(0, 0, 320, 480)
        button = app.create_view(0, 0, 0, 0)
        window.add_subview(button)
        button.set_translates_frame(False)
        app.add_constraint(button, Attribute.CENTER_X, Relation.EQUAL, window, Attribute.CENTER_X)
        top = app.add_constraint(button, Attribute.TOP, Relation.EQUAL, window, Attribute.TOP, constant=100)
        app.add_constraint(button, Attribute.WIDTH, constant=100)
        app.add_constraint(button, Attribute.HEIGHT, Relation.EQUAL, button, Attribute.WIDTH, multiplier=0.5)
        assert app.solve_layout() == 1
        assert tuple(button.frame) == (110, 100, 100, 50)
        assert app.hit_test(window, 160, 125) == button
        app.set_constraint_constant(top, 300)
        app.solve_layout()
        assert app.hit_test(window, 160, 325) == button
        with pytest.raises(TactileError) as error:
            app.add_constraint(button, Attribute.WIDTH, constant=60)
        assert error.value.status == Status.UNSATISFIABLE
        stranger = app.create_view(0, 0, 1, 1)
        with pytest.raises(TactileError) as error:
            app.add_constraint(button, Attribute.LEFT, Relation.EQUAL, stranger, Attribute.LEFT)
        assert error.value.status == Status.NO_COMMON_ANCESTOR


def test_design_control_capi_a_tapped_control_sends_its_actions_through_ctypes():
    """DESIGN-CONTROL-CAPI: a view marked as a control turns a tap into touch down, touch up inside and the
    primary action (DESIGN-CONTROL-BEGIN, DESIGN-CONTROL-END), each after its delivery; a drag past the 70-point
    slop exits (DESIGN-CONTROL-MOVE); a disabled control is passed over (DESIGN-CONTROL-DISABLED)."""
    from tactile import ControlEvent
    with App() as app:
        window = app.create_view(0, 0, 320, 480)
        button = app.create_view(100, 100, 100, 50)
        window.add_subview(button)
        button.set_control()
        log = []
        app.set_delivery_callback(lambda d: log.append((d.phase, d.view)))
        app.set_action_callback(lambda control, event, t: log.append((event, control, t)))

        app.post_batch([touch(1, Phase.BEGAN, window, 1 * MS, 150, 125), touch(1, Phase.ENDED, window, 2 * MS, 150, 125)])
        app.run_until_idle()
        assert log == [(Phase.BEGAN, button), (ControlEvent.TOUCH_DOWN, button, 1 * MS),
                       (Phase.ENDED, button), (ControlEvent.TOUCH_UP_INSIDE, button, 2 * MS),
                       (ControlEvent.PRIMARY_ACTION_TRIGGERED, button, 2 * MS)]

        log.clear()
        app.route([touch(2, Phase.BEGAN, window, 1000 * MS, 150, 125), touch(2, Phase.MOVED, window, 1001 * MS, 150, 221),
                   touch(2, Phase.ENDED, window, 1002 * MS, 150, 221)])
        assert [entry[0] for entry in log if isinstance(entry[0], ControlEvent)] == [
            ControlEvent.TOUCH_DOWN, ControlEvent.TOUCH_DRAG_EXIT, ControlEvent.TOUCH_DRAG_OUTSIDE,
            ControlEvent.TOUCH_UP_OUTSIDE]

        log.clear()
        button.set_control_enabled(False)
        assert app.hit_test(window, 150, 125) == window and button.flags == ViewFlag(0)
        app.route([touch(3, Phase.BEGAN, window, 2000 * MS, 150, 125), touch(3, Phase.ENDED, window, 2001 * MS, 150, 125)])
        assert log == [(Phase.BEGAN, window), (Phase.ENDED, window)]
        button.set_control_enabled(True)
        assert app.hit_test(window, 150, 125) == button

        with pytest.raises(TactileError) as error:
            window.set_control_enabled(False)
        assert error.value.status == Status.INVALID_STATE
        button.destroy()
        with pytest.raises(TactileError) as error:
            button.set_control()
        assert error.value.status == Status.INVALID_HANDLE


def test_design_gesture_capi_a_tap_is_recognized_and_cancels_the_views_touch_through_ctypes():
    """DESIGN-GESTURE-CAPI: a tap on a view's parent is recognized on the lift (state RECOGNIZED == 3); its touch
    is cancelled in the view it was delivered to first (cancels_touches_in_view), then the callback runs."""
    from tactile import GestureKind, GestureState
    with App() as app:
        window = app.create_view(0, 0, 320, 480)
        child = app.create_view(100, 100, 100, 100)
        window.add_subview(child)
        tap = window.add_gesture(GestureKind.TAP)
        assert tap.view == window and tap.state == GestureState.POSSIBLE
        log = []
        app.set_delivery_callback(lambda d: log.append((d.phase, d.view)))
        app.set_gesture_callback(lambda g, view, state, t: log.append((state, g, view, t, g.location)))
        app.post_batch([touch(1, Phase.BEGAN, window, 1000 * MS, 150, 150), touch(1, Phase.ENDED, window, 1050 * MS, 152, 150)])
        app.run_until_idle()
        assert log == [(Phase.BEGAN, child), (Phase.CANCELLED, child),
                       (GestureState.RECOGNIZED, tap, window, 1050 * MS, (152.0, 150.0))]
        assert GestureState.RECOGNIZED == 3 and tap.state == GestureState.POSSIBLE


def test_design_gesture_capi_a_pan_begins_changes_and_ends_with_its_translation_through_ctypes():
    """DESIGN-GESTURE-CAPI: a pan begins once the finger moved 10 points (translation with the hysteresis taken
    off), changes per move and ends on the lift; a long press begins after 0.5 s on the app's virtual clock."""
    from tactile import GestureKind, GestureState
    with App() as app:
        window = app.create_view(0, 0, 320, 480)
        pan = window.add_gesture(GestureKind.PAN)
        seen = []
        app.set_gesture_callback(lambda g, view, state, t: seen.append((state, tuple(g.translation) if g == pan else None)))
        app.route([touch(1, Phase.BEGAN, window, 1000 * MS, 100, 100)])
        app.route([touch(1, Phase.MOVED, window, 1010 * MS, 120, 100)])
        app.route([touch(1, Phase.MOVED, window, 1020 * MS, 140, 110)])
        assert pan.velocity.x > 0
        app.route([touch(1, Phase.ENDED, window, 1030 * MS, 140, 110)])
        assert seen == [(GestureState.BEGAN, (10.0, 0.0)), (GestureState.CHANGED, (30.0, 10.0)),
                        (GestureState.ENDED, (30.0, 10.0))]

        pan.remove()
        press = window.add_gesture(GestureKind.LONG_PRESS)
        seen.clear()
        app.route([touch(2, Phase.BEGAN, window, 2000 * MS, 100, 100)])
        app.advance(499 * MS)
        assert seen == []
        app.advance(1 * MS)
        assert press.state == GestureState.BEGAN and seen[0][0] == GestureState.BEGAN


def test_design_gesture_capi_misuse_raises_the_documented_statuses_and_counts():
    """DESIGN-GESTURE-CAPI, DESIGN-BAD-INPUT: a removed gesture, a wrong kind, a bad value or a destroyed view
    each raise their status, are counted, and change nothing."""
    from tactile import Gesture, GestureKind
    with App() as app:
        window = app.create_view(0, 0, 320, 480)
        view = app.create_view(0, 0, 10, 10)
        window.add_subview(view)
        tap = window.add_gesture(GestureKind.TAP)
        pan = window.add_gesture(GestureKind.PAN)
        press = view.add_gesture(GestureKind.LONG_PRESS)
        cases = [
            (lambda: tap.set_taps_required(0), Status.OUT_OF_RANGE),
            (lambda: tap.set_touch_range(1, 2), Status.INVALID_STATE),
            (lambda: pan.set_taps_required(2), Status.INVALID_STATE),
            (lambda: pan.set_touch_range(2, 1), Status.OUT_OF_RANGE),
            (lambda: tap.translation, Status.INVALID_STATE),
            (lambda: pan.scale, Status.INVALID_STATE),
            (lambda: press.set_minimum_press_duration(math.nan), Status.OUT_OF_RANGE),
            (lambda: press.set_allowable_movement(-1), Status.OUT_OF_RANGE),
            (lambda: window.add_gesture(6), Status.OUT_OF_RANGE),
            (lambda: Gesture(app, 0).state, Status.INVALID_HANDLE),
            (lambda: Gesture(app, 12345 << 32 | 1).remove(), Status.INVALID_HANDLE),
        ]
        for call, status in cases:
            with pytest.raises(TactileError) as error:
                call()
            assert error.value.status == status and error.value.message
        view.destroy()
        with pytest.raises(TactileError) as error:
            press.state
        assert error.value.status == Status.INVALID_HANDLE and "destroyed" in error.value.message
        tap.remove()
        with pytest.raises(TactileError) as error:
            tap.remove()
        assert error.value.status == Status.INVALID_HANDLE
        assert app.counters().errors == len(cases) + 2
        with pytest.raises(ValueError):
            tap.set_taps_required(-1)


def test_design_capi_scroll_a_flick_scrolls_decelerates_and_reports_uikits_delegate_order_through_ctypes():
    """DESIGN-CAPI-SCROLL-DRAG, DESIGN-CAPI-SCROLL-EVENTS, DESIGN-CAPI-SCROLL-MOTION: a flick on a row inside a
    scroll view cancels the row's touch at 10 points, drags the content one to one from there, and decelerates to
    Apple's projection x0 + v0/1000·r/(1 − r) on the app's run loop (tracking mode meanwhile); the callback may move the target."""
    from tactile import RunLoopMode, ScrollEventKind as K, ScrollOption, ScrollState
    with App() as app:
        window = app.create_view(0, 0, 320, 480)
        scroll = app.create_view(0, 0, 320, 480)
        row = app.create_view(0, 100, 320, 44)
        window.add_subview(scroll)
        scroll.add_subview(row)
        scroll.set_scrollable()
        scroll.content_size = (320, 2000)
        assert scroll.scroll_options == ScrollOption.BOUNCES | ScrollOption.SCROLL_ENABLED | ScrollOption.CANCELS_CONTENT_TOUCHES
        assert scroll.deceleration_rate == tactile.DECELERATION_NORMAL
        log, events = [], []
        app.set_delivery_callback(lambda d: log.append((d.phase, d.view)))

        def on_scroll(e):
            events.append(e)
            log.append((e.kind, e.view))
        app.set_scroll_callback(on_scroll)
        app.route([touch(1, Phase.BEGAN, window, 1000 * MS, 160, 120)])
        for k in range(1, 7):
            app.route([touch(1, Phase.MOVED, window, (1000 + 16 * k) * MS, 160, 120 - 20 * k)])
        assert log[:4] == [(Phase.BEGAN, row), (Phase.CANCELLED, row), (K.WILL_BEGIN_DRAGGING, scroll), (K.DID_SCROLL, scroll)]
        assert scroll.content_offset == (0, 100)  # 120 − 20 − 0 (the drag begins at the first 20 points)
        assert scroll.scroll_state == ScrollState.TRACKING | ScrollState.DRAGGING
        assert app.run_loop_mode == RunLoopMode.TRACKING
        app.route([touch(1, Phase.ENDED, window, 1104 * MS, 160, 0)])
        will_end = next(e for e in events if e.kind == K.WILL_END_DRAGGING)
        p = 0.998 / (1 - 0.998) / 1000  # Apple's projection per point per second: r/(1 − r)/1000
        assert will_end.offset == (0, 100) and abs(will_end.velocity.y - 1.25) < 1e-9
        assert abs(will_end.target.y - (100 + 1250 * p)) < 1e-6
        app.advance(5000 * MS)
        kinds = [e.kind for e in events]
        assert kinds[-1] == K.DID_END_DECELERATING and K.WILL_BEGIN_DECELERATING in kinds
        assert abs(scroll.content_offset.y - will_end.target.y) < 1e-9
        assert scroll.scroll_state == 0 and app.run_loop_mode == RunLoopMode.DEFAULT

        # The callback moves the target of the next flick.
        app.set_scroll_callback(lambda e: (0, 1000) if e.kind == K.WILL_END_DRAGGING else None)
        app.route([touch(2, Phase.BEGAN, window, 9000 * MS, 160, 400)])
        for k in range(1, 7):
            app.route([touch(2, Phase.MOVED, window, (9000 + 16 * k) * MS, 160, 400 - 20 * k)])
        app.route([touch(2, Phase.ENDED, window, 9104 * MS, 160, 280)])
        app.advance(5000 * MS)
        assert scroll.content_offset == (0, 1000)

        # An animated set eases there; unmarked, the getters refuse the view.
        scroll.set_content_offset(0, 0, animated=True)
        assert scroll.scroll_state == ScrollState.ANIMATING
        app.advance(400 * MS)
        assert scroll.content_offset == (0, 0)
        scroll.set_scrollable(False)
        with pytest.raises(TactileError) as error:
            scroll.content_offset
        assert error.value.status == Status.INVALID_STATE


def test_design_capi_scroll_the_table_scene_and_misuse_through_ctypes():
    """DESIGN-CAPI-SCROLL-TRACE, DESIGN-CAPI-SCROLL-MISUSE: the table scene's scroll view scrolls as built; NaN,
    negative sizes, bad rates and option bits, plain views each raise their status and are counted."""
    from tactile import Insets, ScrollOption, Size
    with App() as app:
        window = app.build_scene(SceneKind.TABLE, 306)
        table = window.subviews[1]
        assert table.content_size == Size(320, 100 * 44) and table.frame.height == 416
        app.route([touch(1, Phase.BEGAN, window, 1 * MS, 100, 300)] +
                  [touch(1, Phase.MOVED, window, (1 + 16 * k) * MS, 100, 300 - 30 * k) for k in range(1, 5)])
        assert table.content_offset == (0, 90)  # 120 points moved; the drag begins after the first 30
        plain = window.subviews[0]
        cases = [
            (lambda: setattr(table, "content_size", (math.nan, 1)), Status.INVALID_COORDINATE),
            (lambda: setattr(table, "content_size", (-1, 1)), Status.OUT_OF_RANGE),
            (lambda: setattr(table, "content_inset", (math.inf, 0, 0, 0)), Status.INVALID_COORDINATE),
            (lambda: table.set_content_offset(math.nan, 0), Status.INVALID_COORDINATE),
            (lambda: setattr(table, "deceleration_rate", 1.0), Status.OUT_OF_RANGE),
            (lambda: setattr(table, "deceleration_rate", math.nan), Status.OUT_OF_RANGE),
            (lambda: table.set_scroll_options(1 << 7), Status.OUT_OF_RANGE),
            (lambda: plain.content_offset, Status.INVALID_STATE),
            (lambda: plain.set_scroll_options(ScrollOption.PAGING), Status.INVALID_STATE),
        ]
        for call, status in cases:
            with pytest.raises(TactileError) as error:
                call()
            assert error.value.status == status and error.value.message
        assert app.counters().errors == len(cases)
        table.content_inset = Insets(top=10)
        assert table.content_inset == Insets(10, 0, 0, 0) and table.content_size == Size(320, 4400)
