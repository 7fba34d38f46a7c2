#!/usr/bin/env python3
"""gesture.py — examples/gesture.c in Python: builds the standard phone scene, hit-tests a batch of points,
routes a two-finger pinch through the touch router and prints every delivery, the counters and the router's
own delivery log. It prints the same text as the C program, byte for byte (Tests/Python checks it).

    TACTILE_LIBRARY=.build/debug/libtactile.so python3 bindings/python/examples/gesture.py
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bindings/python

from tactile import App, Phase, SceneKind, ViewFlag, touch  # noqa: E402


def main() -> None:
    with App() as app:
        window = app.build_scene(SceneKind.PHONE, 0, seed=1)

        # Hit-test where the fingers will land; give each view hit user data: its first point's number (1, 2, ...).
        points = [(100, 200), (220, 200), (160, 20), (160, 470)]
        hits = app.hit_test_batch(window, points)
        for i, ((x, y), hit) in enumerate(zip(points, hits)):
            print("hit (%.0f,%.0f) -> view %u" % (x, y, hit.index if hit else 0))
            if hit is not None and hit.user_data is None:
                hit.user_data = i + 1
        # Both fingers land in one view: let it take more than one touch (isMultipleTouchEnabled).
        hits[0].set_flags(ViewFlag.MULTIPLE_TOUCH)

        app.delivery_log(True)

        # One line per handler call: view (index part of the handle), its tag and user data, then each touch.
        def on_delivery(d):
            line = "t=%d %s view=%u tag=%d user=%d" % (d.timestamp_ns, d.phase.name.lower(), d.view.index,
                                                       d.view.tag, d.user_data or 0)
            for t in d.touches:
                line += " [%u %s (%.2f,%.2f) from (%.2f,%.2f) taps=%u]" % (
                    t.touch_id, t.phase.name.lower(), t.x, t.y, t.previous_x, t.previous_y, t.tap_count)
            print(line)

        app.set_delivery_callback(on_delivery)

        # A pinch: two fingers down in one frame, four frames spreading them apart, both up. 1 ms apart.
        ms = 1_000_000
        app.post_batch([touch(1, Phase.BEGAN, window, 1 * ms, 100, 200),
                        touch(2, Phase.BEGAN, window, 1 * ms, 220, 200)])
        for step in range(1, 5):
            app.post_batch([touch(1, Phase.MOVED, window, (1 + step) * ms, 100 - 10 * step, 200 - 5 * step),
                            touch(2, Phase.MOVED, window, (1 + step) * ms, 220 + 10 * step, 200 + 5 * step)])
        app.post_batch([touch(1, Phase.ENDED, window, 6 * ms, 60, 180),
                        touch(2, Phase.ENDED, window, 6 * ms, 260, 220)])
        app.run_until_idle()

        c = app.counters()
        print("counters posted=%d delivered=%d errors=%d" % (c.posted, c.delivered, c.errors))
        sys.stdout.write("log:\n" + app.delivery_log_text())


if __name__ == "__main__":
    main()
