"""tactile — Python bindings for Tactile's C API (tactile.h), with ctypes only.

Two layers:
  - the C API as declared in Sources/CTactile/include/tactile.h: the structs (Event, Delivery, ...), the enums
    and `lib`, the loaded library with argtypes/restype set for every function;
  - a small Pythonic layer: App, View, the event helpers touch()/shake()/system(), and TactileError.

Rules carried over from the header:
  - Every failing call raises TactileError(.status, .message); the message is the library's thread-local
    tactile_last_error_message(), read right after the failing call.
  - Threading: post(), post_batch(), counters(), start_live() and stop() may run on any thread; everything
    else belongs to the loop thread (the thread stepping a deterministic app, or the live loop's callbacks).
  - Callbacks run on the loop thread. An exception raised by a Python callback never unwinds through C: it
    is stored and re-raised by the App or View call that made the library run the callback (run_until_idle,
    step, advance, route, a view removal, ...; for a live app: stop() or close()).
  - Integers the C types would wrap or truncate silently (a negative size_t, a touch id over 32 bits) are
    refused with ValueError before the call.

Library lookup: $TACTILE_LIBRARY (a path to libtactile.so), then <repo>/.build/release/libtactile.so and
<repo>/.build/debug/libtactile.so (relative to this file), then an installed libtactile.so.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import enum
import math
import os
import threading
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Optional, Sequence, Union

from ctypes import (CFUNCTYPE, POINTER, Structure, c_char_p, c_double, c_float, c_int, c_int32, c_int64, c_size_t,
                    c_uint8, c_uint16, c_uint32, c_uint64, c_void_p)

# ---- Versioning -------------------------------------------------------------------------------------------

VERSION_MAJOR, VERSION_MINOR, VERSION_PATCH = 0, 5, 0
#: The header version these bindings mirror: major * 10000 + minor * 100 + patch.
VERSION = VERSION_MAJOR * 10000 + VERSION_MINOR * 100 + VERSION_PATCH

# ---- Enums ------------------------------------------------------------------------------------------------


class Status(enum.IntEnum):
    """tactile_status; OK is 0."""
    OK = 0
    NULL_ARGUMENT = 1       # a required pointer argument was NULL
    INVALID_HANDLE = 2      # null, destroyed, stale or foreign handle
    QUEUE_FULL = 3          # the event queue had no room; nothing was enqueued
    INVALID_EVENT = 4       # unknown event kind, phase, motion or system code
    INVALID_COORDINATE = 5  # NaN or infinite coordinate, force or radius
    OUT_OF_RANGE = 6        # a numeric argument outside its documented range
    INVALID_STATE = 7       # the call is not allowed in the object's current state
    LIMIT = 8               # a fixed capacity (e.g. number of live apps) is exhausted
    CYCLE = 9               # the operation would make a view its own ancestor
    NOT_A_SUBVIEW = 10      # the sibling named is not a subview of the given parent
    UNSATISFIABLE = 11      # a required constraint conflicts with the others: added, broken
    NO_COMMON_ANCESTOR = 12  # a constraint's views are in different hierarchies; nothing was added


class EventKind(enum.IntEnum):
    TOUCH = 1
    MOTION = 2
    SYSTEM = 3


class Phase(enum.IntEnum):
    """Touch phases, with UIKit's UITouch.Phase raw values."""
    BEGAN = 0
    MOVED = 1
    STATIONARY = 2
    ENDED = 3
    CANCELLED = 4


class TouchType(enum.IntEnum):
    """How a touch was made (Event.flags bits 0-1), with UIKit's UITouch.TouchType raw values."""
    DIRECT = 0
    INDIRECT = 1
    PENCIL = 2
    INDIRECT_POINTER = 3


class MotionCode(enum.IntEnum):
    SHAKE_BEGAN = 0
    SHAKE_ENDED = 1
    SHAKE_CANCELLED = 2


class SystemCode(enum.IntEnum):
    CANCEL_ALL_TOUCHES = 0
    WILL_RESIGN_ACTIVE = 1
    DID_BECOME_ACTIVE = 2
    MEMORY_WARNING = 3
    DEVICE_ORIENTATION = 4  # touch_id holds the UIDeviceOrientation raw value (0...6)


class LoopMode(enum.IntEnum):
    DETERMINISTIC = 0  # virtual clock, stepped by step / run_until_idle / advance
    LIVE = 1           # real clock, a private serial Dispatch queue after start_live


class AppFlag(enum.IntFlag):
    RAW_INPUT = 1 << 0  # input goes to the input handler only: no touch routing


class ViewFlag(enum.IntFlag):
    HIDDEN = 1 << 0
    INTERACTION_DISABLED = 1 << 1
    TRANSPARENT = 1 << 2       # alpha < 0.01
    CLIPS_TO_BOUNDS = 1 << 3   # does not affect hit-testing
    MULTIPLE_TOUCH = 1 << 4
    EXCLUSIVE_TOUCH = 1 << 5


_ALL_VIEW_FLAGS = ViewFlag(0b111111)


class MotionPhase(enum.IntEnum):
    """Shake phases after the timing rule: ended when the shake lasted under a second, else cancelled."""
    BEGAN = 0
    ENDED = 1
    CANCELLED = 2


class ControlEvent(enum.IntFlag):
    """tactile_control_event: UIControl.Event's bits. Each action callback call carries one of them."""
    TOUCH_DOWN = 1 << 0
    TOUCH_DOWN_REPEAT = 1 << 1          # after TOUCH_DOWN, in its own call, for a tap count of 2 or more
    TOUCH_DRAG_INSIDE = 1 << 2
    TOUCH_DRAG_OUTSIDE = 1 << 3
    TOUCH_DRAG_ENTER = 1 << 4           # before its DRAG_INSIDE or UP_INSIDE
    TOUCH_DRAG_EXIT = 1 << 5            # before its DRAG_OUTSIDE or UP_OUTSIDE
    TOUCH_UP_INSIDE = 1 << 6
    TOUCH_UP_OUTSIDE = 1 << 7
    TOUCH_CANCEL = 1 << 8
    VALUE_CHANGED = 1 << 12             # UIKit's value controls; not sent by C API controls
    PRIMARY_ACTION_TRIGGERED = 1 << 13  # after TOUCH_UP_INSIDE, in its own call, as a button


class GestureKind(enum.IntEnum):
    """tactile_gesture_kind: the recognizer classes."""
    TAP = 0         # UITapGestureRecognizer: discrete
    PAN = 1         # UIPanGestureRecognizer: continuous, begins after 10 points
    LONG_PRESS = 2  # UILongPressGestureRecognizer: continuous, begins after 0.5 s held
    PINCH = 3       # UIPinchGestureRecognizer: continuous, two fingers
    ROTATION = 4    # UIRotationGestureRecognizer: continuous, two fingers
    SWIPE = 5       # UISwipeGestureRecognizer: discrete, 50 points within 0.5 s


class GestureState(enum.IntEnum):
    """tactile_gesture_state: UIGestureRecognizer.State's raw values (RECOGNIZED is ENDED)."""
    POSSIBLE = 0
    BEGAN = 1
    CHANGED = 2
    ENDED = 3
    RECOGNIZED = 3
    CANCELLED = 4
    FAILED = 5  # never passed to the callback


class SwipeDirection(enum.IntFlag):
    """tactile_swipe_direction: UISwipeGestureRecognizer.Direction's bits."""
    RIGHT = 1 << 0
    LEFT = 1 << 1
    UP = 1 << 2
    DOWN = 1 << 3


class SceneKind(enum.IntEnum):
    PHONE = 0          # ~300 views: bars, a scrolled table, a hidden overlay
    LIST = 1           # a scrolled list of rows, each with a label and a button
    GRID_OF_GRIDS = 2  # √n containers of √n leaves
    RANDOM = 3         # overlap, hidden/disabled/transparent, transforms, bounds origins
    TABLE = 4          # a header and a scroll view (the window's subview 1, scrollable) of 44-point rows


class ScrollEventKind(enum.IntEnum):
    """tactile_scroll_event_kind: UIScrollViewDelegate's methods."""
    WILL_BEGIN_DRAGGING = 0
    DID_SCROLL = 1
    WILL_END_DRAGGING = 2          # the callback may return a new target (targetContentOffset)
    DID_END_DRAGGING = 3           # ScrollEvent.decelerate: a motion follows
    WILL_BEGIN_DECELERATING = 4
    DID_END_DECELERATING = 5       # at rest, within the scrolling range
    DID_END_SCROLLING_ANIMATION = 6


class ScrollOption(enum.IntFlag):
    """tactile_scroll_option: UIScrollView's switches (BOUNCES, SCROLL_ENABLED, CANCELS_CONTENT_TOUCHES on by default)."""
    PAGING = 1 << 0
    BOUNCES = 1 << 1
    ALWAYS_BOUNCE_HORIZONTAL = 1 << 2
    ALWAYS_BOUNCE_VERTICAL = 1 << 3
    SCROLL_ENABLED = 1 << 4
    DIRECTIONAL_LOCK = 1 << 5
    CANCELS_CONTENT_TOUCHES = 1 << 6


_ALL_SCROLL_OPTIONS = ScrollOption(0x7F)


class ScrollState(enum.IntFlag):
    """tactile_scroll_state: isTracking, isDragging, isDecelerating, an animated set running."""
    TRACKING = 1 << 0
    DRAGGING = 1 << 1
    DECELERATING = 1 << 2
    ANIMATING = 1 << 3


class RunLoopMode(enum.IntEnum):
    """tactile_run_loop_mode."""
    DEFAULT = 0
    TRACKING = 1  # while a scroll view tracks, drags or decelerates


#: UIScrollView.DecelerationRate.normal and .fast (velocity kept per millisecond).
DECELERATION_NORMAL = 0.998
DECELERATION_FAST = 0.99

# ---- Structs (layouts exactly as in tactile.h) ------------------------------------------------------------


class Event(Structure):
    """tactile_event: one input record (48 bytes). `code` is a Phase, MotionCode or SystemCode by `kind`."""
    _fields_ = [("kind", c_uint8), ("code", c_uint8), ("flags", c_uint16), ("touch_id", c_uint32),
                ("window_id", c_uint32), ("altitude", c_uint16), ("azimuth", c_uint16), ("timestamp_ns", c_uint64),
                ("x", c_double), ("y", c_double), ("force", c_float), ("radius", c_float)]

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind}, code={self.code}, touch_id={self.touch_id}, window_id={self.window_id}, "
                f"timestamp_ns={self.timestamp_ns}, x={self.x}, y={self.y})")


class _App(Structure):
    _fields_ = [("id", c_uint64)]


class _AppConfig(Structure):
    _fields_ = [("queue_capacity", c_uint32), ("loop_mode", c_uint32), ("touch_capacity", c_uint32),
                ("flags", c_uint32), ("tap_interval_ns", c_uint64), ("tap_distance", c_double)]


class _Counters(Structure):
    _fields_ = [(name, c_uint64) for name in ("posted", "drained", "rejected_full", "rejected_invalid", "coalesced",
                                              "wake_signals", "iterations", "errors", "delivered")]


class _View(Structure):
    _fields_ = [("id", c_uint64)]


class _Point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


class _Rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class _Transform(Structure):
    _fields_ = [(name, c_double) for name in ("a", "b", "c", "d", "tx", "ty")]


class _Touch(Structure):
    _fields_ = [("touch_id", c_uint32), ("phase", c_uint32), ("tap_count", c_uint32), ("reserved", c_uint32),
                ("x", c_double), ("y", c_double), ("previous_x", c_double), ("previous_y", c_double),
                ("timestamp_ns", c_uint64)]


class _Delivery(Structure):
    _fields_ = [("view", _View), ("window", _View), ("phase", c_uint32), ("count", c_uint32),
                ("touches", POINTER(_Touch)), ("timestamp_ns", c_uint64), ("user_data", c_void_p)]


class _RouteCounters(Structure):
    _fields_ = [(name, c_uint64) for name in ("samples", "frames", "deliveries", "began", "ended", "cancelled",
                                              "withheld", "ignored", "missed", "swallowed_samples",
                                              "cancelled_detached", "motions", "errors")]


class _TreeStats(Structure):
    _fields_ = [("views", c_uint64), ("bytes", c_uint64)]


class Attribute(enum.IntEnum):
    """tactile_layout_attribute (UIKit's NSLayoutAttribute values)."""
    NONE = 0
    LEFT = 1
    RIGHT = 2
    TOP = 3
    BOTTOM = 4
    WIDTH = 7
    HEIGHT = 8
    CENTER_X = 9
    CENTER_Y = 10


class Relation(enum.IntEnum):
    """tactile_layout_relation."""
    LESS_THAN_OR_EQUAL = -1
    EQUAL = 0
    GREATER_THAN_OR_EQUAL = 1


class _Constraint(Structure):
    _fields_ = [("item1", _View), ("attribute1", c_int32), ("relation", c_int32), ("item2", _View),
                ("attribute2", c_int32), ("multiplier", c_double), ("constant", c_double), ("priority", c_float)]


class _ConstraintID(Structure):
    _fields_ = [("id", c_uint64)]


class _Gesture(Structure):
    _fields_ = [("id", c_uint64)]


class _Size(Structure):
    _fields_ = [("width", c_double), ("height", c_double)]


class _Insets(Structure):
    _fields_ = [("top", c_double), ("left", c_double), ("bottom", c_double), ("right", c_double)]


class _ScrollEvent(Structure):
    _fields_ = [("view", _View), ("kind", c_uint32), ("decelerate", c_uint32), ("offset", _Point),
                ("velocity", _Point), ("target", _Point), ("timestamp_ns", c_uint64), ("user_data", c_void_p)]


for _struct, _size in ((Event, 48), (_App, 8), (_AppConfig, 32), (_Counters, 72), (_View, 8), (_Point, 16),
                       (_Rect, 32), (_Transform, 48), (_Touch, 56), (_Delivery, 48), (_RouteCounters, 104),
                       (_TreeStats, 16), (_Constraint, 56), (_ConstraintID, 8), (_Gesture, 8), (_Size, 16),
                       (_Insets, 32), (_ScrollEvent, 80)):
    assert ctypes.sizeof(_struct) == _size, f"{_struct.__name__} is {ctypes.sizeof(_struct)} bytes, not {_size}"

_InputFn = CFUNCTYPE(None, c_void_p, POINTER(Event), c_size_t)
_DeliveryFn = CFUNCTYPE(None, c_void_p, POINTER(_Delivery))
_MotionFn = CFUNCTYPE(None, c_void_p, c_uint32, c_uint64)
_ActionFn = CFUNCTYPE(None, c_void_p, _View, c_uint32, c_uint64)
_GestureFn = CFUNCTYPE(None, c_void_p, _Gesture, _View, c_uint32, c_uint64)
_ScrollFn = CFUNCTYPE(None, c_void_p, POINTER(_ScrollEvent))

# ---- Loading the library ----------------------------------------------------------------------------------


def _find_library() -> str:
    """$TACTILE_LIBRARY, then the repository's release and debug builds, then an installed copy."""
    env = os.environ.get("TACTILE_LIBRARY")
    if env:
        if not os.path.exists(env):
            raise OSError(f"TACTILE_LIBRARY={env}: no such file")
        return env
    repo = Path(__file__).resolve().parent.parent.parent
    for build in ("release", "debug"):
        candidate = repo / ".build" / build / "libtactile.so"
        if candidate.exists():
            return str(candidate)
    return ctypes.util.find_library("tactile") or "libtactile.so"


library_path = _find_library()
lib = ctypes.CDLL(library_path)

_S = c_int  # tactile_status (a C enum)
_P = POINTER
_SIGNATURES = {
    "tactile_version": (c_uint32, []),
    "tactile_last_error_message": (c_char_p, []),
    "tactile_status_name": (c_char_p, [c_int]),
    "tactile_app_create": (_S, [_P(_AppConfig), _P(_App)]),
    "tactile_app_destroy": (_S, [_App]),
    "tactile_app_set_input_handler": (_S, [_App, _InputFn, c_void_p]),
    "tactile_app_step": (_S, [_App]),
    "tactile_app_run_until_idle": (_S, [_App]),
    "tactile_app_advance": (_S, [_App, c_uint64]),
    "tactile_app_start_live": (_S, [_App]),
    "tactile_app_stop": (_S, [_App]),
    "tactile_post": (_S, [_App, _P(Event)]),
    "tactile_post_batch": (_S, [_App, _P(Event), c_size_t, _P(c_size_t)]),
    "tactile_app_counters": (_S, [_App, _P(_Counters)]),
    "tactile_view_create": (_S, [_App, _P(_Rect), _P(_View)]),
    "tactile_view_destroy": (_S, [_App, _View]),
    "tactile_view_add_child": (_S, [_App, _View, _View]),
    "tactile_view_insert_child": (_S, [_App, _View, _View, c_int64]),
    "tactile_view_insert_child_relative": (_S, [_App, _View, _View, _View, c_int]),
    "tactile_view_remove_from_parent": (_S, [_App, _View]),
    "tactile_view_bring_to_front": (_S, [_App, _View, _View]),
    "tactile_view_send_to_back": (_S, [_App, _View, _View]),
    "tactile_view_exchange_children": (_S, [_App, _View, c_size_t, c_size_t]),
    "tactile_view_parent": (_S, [_App, _View, _P(_View)]),
    "tactile_view_child_count": (_S, [_App, _View, _P(c_size_t)]),
    "tactile_view_child_at": (_S, [_App, _View, c_size_t, _P(_View)]),
    "tactile_view_set_frame": (_S, [_App, _View, _P(_Rect)]),
    "tactile_view_get_frame": (_S, [_App, _View, _P(_Rect)]),
    "tactile_view_set_center": (_S, [_App, _View, c_double, c_double]),
    "tactile_view_get_center": (_S, [_App, _View, _P(_Point)]),
    "tactile_view_set_bounds": (_S, [_App, _View, _P(_Rect)]),
    "tactile_view_get_bounds": (_S, [_App, _View, _P(_Rect)]),
    "tactile_view_set_transform": (_S, [_App, _View, _P(_Transform)]),
    "tactile_view_get_transform": (_S, [_App, _View, _P(_Transform)]),
    "tactile_view_set_flags": (_S, [_App, _View, c_uint32, c_int]),
    "tactile_view_get_flags": (_S, [_App, _View, _P(c_uint32)]),
    "tactile_view_set_tag": (_S, [_App, _View, c_int64]),
    "tactile_view_get_tag": (_S, [_App, _View, _P(c_int64)]),
    "tactile_view_set_user_data": (_S, [_App, _View, c_void_p]),
    "tactile_view_get_user_data": (_S, [_App, _View, _P(c_void_p)]),
    "tactile_view_with_tag": (_S, [_App, _View, c_int64, _P(_View)]),
    "tactile_hit_test": (_S, [_App, _View, c_double, c_double, _P(_View)]),
    "tactile_hit_test_batch": (_S, [_App, _View, _P(_Point), c_size_t, _P(_View)]),
    "tactile_app_set_delivery_callback": (_S, [_App, _DeliveryFn, c_void_p]),
    "tactile_app_set_motion_callback": (_S, [_App, _MotionFn, c_void_p]),
    "tactile_app_set_screen": (_S, [_App, _P(_View), c_size_t]),
    "tactile_app_begin_ignoring_interaction": (_S, [_App]),
    "tactile_app_end_ignoring_interaction": (_S, [_App]),
    "tactile_route": (_S, [_App, _P(Event), c_size_t]),
    "tactile_app_route_counters": (_S, [_App, _P(_RouteCounters)]),
    "tactile_app_set_delivery_log": (_S, [_App, c_int]),
    "tactile_app_delivery_log": (_S, [_App, c_char_p, c_size_t, _P(c_size_t)]),
    "tactile_app_set_action_callback": (_S, [_App, _ActionFn, c_void_p]),
    "tactile_view_set_control": (_S, [_App, _View, c_int]),
    "tactile_view_set_control_enabled": (_S, [_App, _View, c_int]),
    "tactile_scene_build": (_S, [_App, c_uint32, c_size_t, c_uint64, _P(_View)]),
    "tactile_tree_stats_get": (_S, [_App, _P(_TreeStats)]),
    "tactile_constraint_add": (_S, [_App, _P(_Constraint), _P(_ConstraintID)]),
    "tactile_constraint_remove": (_S, [_App, _ConstraintID]),
    "tactile_constraint_set_constant": (_S, [_App, _ConstraintID, c_double]),
    "tactile_view_set_translates_frame": (_S, [_App, _View, c_int]),
    "tactile_layout_solve": (_S, [_App, _P(c_size_t)]),
    "tactile_app_set_gesture_callback": (_S, [_App, _GestureFn, c_void_p]),
    "tactile_view_add_gesture": (_S, [_App, _View, c_uint32, _P(_Gesture)]),
    "tactile_gesture_remove": (_S, [_App, _Gesture]),
    "tactile_gesture_set_taps_required": (_S, [_App, _Gesture, c_uint32]),
    "tactile_gesture_set_touches_required": (_S, [_App, _Gesture, c_uint32]),
    "tactile_gesture_set_touch_range": (_S, [_App, _Gesture, c_uint32, c_uint32]),
    "tactile_gesture_set_minimum_press_duration": (_S, [_App, _Gesture, c_double]),
    "tactile_gesture_set_allowable_movement": (_S, [_App, _Gesture, c_double]),
    "tactile_gesture_set_direction": (_S, [_App, _Gesture, c_uint32]),
    "tactile_gesture_set_cancels_touches_in_view": (_S, [_App, _Gesture, c_int]),
    "tactile_gesture_get_state": (_S, [_App, _Gesture, _P(c_uint32)]),
    "tactile_gesture_get_view": (_S, [_App, _Gesture, _P(_View)]),
    "tactile_gesture_get_location": (_S, [_App, _Gesture, _P(_Point)]),
    "tactile_gesture_get_translation": (_S, [_App, _Gesture, _P(_Point)]),
    "tactile_gesture_get_velocity": (_S, [_App, _Gesture, _P(_Point)]),
    "tactile_gesture_get_scale": (_S, [_App, _Gesture, _P(c_double), _P(c_double)]),
    "tactile_gesture_get_rotation": (_S, [_App, _Gesture, _P(c_double), _P(c_double)]),
    "tactile_app_set_scroll_callback": (_S, [_App, _ScrollFn, c_void_p]),
    "tactile_view_set_scrollable": (_S, [_App, _View, c_int]),
    "tactile_scroll_set_content_size": (_S, [_App, _View, c_double, c_double]),
    "tactile_scroll_get_content_size": (_S, [_App, _View, _P(_Size)]),
    "tactile_scroll_set_content_inset": (_S, [_App, _View, _P(_Insets)]),
    "tactile_scroll_get_content_inset": (_S, [_App, _View, _P(_Insets)]),
    "tactile_scroll_set_content_offset": (_S, [_App, _View, c_double, c_double, c_int]),
    "tactile_scroll_get_content_offset": (_S, [_App, _View, _P(_Point)]),
    "tactile_scroll_set_options": (_S, [_App, _View, c_uint32, c_int]),
    "tactile_scroll_get_options": (_S, [_App, _View, _P(c_uint32)]),
    "tactile_scroll_set_deceleration_rate": (_S, [_App, _View, c_double]),
    "tactile_scroll_get_deceleration_rate": (_S, [_App, _View, _P(c_double)]),
    "tactile_scroll_get_state": (_S, [_App, _View, _P(c_uint32)]),
    "tactile_app_get_run_loop_mode": (_S, [_App, _P(c_uint32)]),
}
for _name, (_restype, _argtypes) in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.restype, _fn.argtypes = _restype, _argtypes


def library_version() -> int:
    """The loaded library's version, encoded as VERSION."""
    return lib.tactile_version()


def window_id(window: Union["View", int]) -> int:
    """tactile_window_id: the window_id naming `window` (a root view) in touch records — (uint32_t)id + 1,
    wrapping as in C. A plain int is taken as a window_id already (0: the screen)."""
    if isinstance(window, View):
        return ((window.id & 0xFFFFFFFF) + 1) & 0xFFFFFFFF
    return _uint(window, 32, "window_id")

# ---- Errors -----------------------------------------------------------------------------------------------


class TactileError(Exception):
    """A failed call: `status` (a Status), `message` (the library's), `function` (the C function's name)."""

    def __init__(self, status: Union[Status, int], message: str, function: str = ""):
        self.status, self.message, self.function = status, message, function
        name = lib.tactile_status_name(int(status)).decode()
        super().__init__(f"{function + ': ' if function else ''}{name}: {message}")


def _status(code: int) -> Union[Status, int]:
    try:
        return Status(code)
    except ValueError:
        return code


def _check(name: str, *args) -> None:
    """Calls lib.<name>(*args); raises TactileError (with the thread's last error message) on failure."""
    code = getattr(lib, name)(*args)
    if code != Status.OK:
        raise TactileError(_status(code), (lib.tactile_last_error_message() or b"").decode(errors="replace"), name)


def _uint(value: int, bits: int, what: str) -> int:
    """Refuses what a C unsigned type would wrap or truncate silently."""
    value = int(value)
    if not 0 <= value < (1 << bits):
        raise ValueError(f"{what} must be in 0…2^{bits}-1, got {value}")
    return value


def _int(value: int, bits: int, what: str) -> int:
    value = int(value)
    if not -(1 << (bits - 1)) <= value < (1 << (bits - 1)):
        raise ValueError(f"{what} must fit a signed {bits}-bit integer, got {value}")
    return value

# ---- Event helpers ----------------------------------------------------------------------------------------


def touch(finger: int, phase: Phase, window: Union["View", int], t_ns: int, x: float, y: float,
          force: float = 0.0, radius: float = 0.0, type: TouchType = TouchType.DIRECT,
          altitude: float = math.pi / 2, azimuth: float = 0.0) -> Event:
    """A touch record: `finger` is the producer's touch id; `window` a View (a root) or a window_id (0 = the
    screen, coordinates then in screen space). A PENCIL touch carries its altitude (0 ... pi/2) and azimuth
    (radians, in the window), stored to 1/65535 of their range as tactile.h says."""
    event = Event(kind=EventKind.TOUCH, code=_uint(phase, 8, "phase"), touch_id=_uint(finger, 32, "finger"),
                  window_id=window_id(window), timestamp_ns=_uint(t_ns, 64, "t_ns"), x=x, y=y, force=force,
                  radius=radius, flags=_uint(type, 2, "type"))
    if type == TouchType.PENCIL:
        event.altitude = round(min(max(altitude, 0.0), math.pi / 2) / (math.pi / 2) * 65535)
        event.azimuth = round((azimuth % (2 * math.pi)) / (2 * math.pi) * 65536) % 65536
    return event


def shake(code: MotionCode, t_ns: int) -> Event:
    """A motion record (SHAKE_BEGAN / _ENDED / _CANCELLED); the router applies the one-second rule."""
    return Event(kind=EventKind.MOTION, code=_uint(code, 8, "code"), timestamp_ns=_uint(t_ns, 64, "t_ns"))


def system(code: SystemCode, t_ns: int) -> Event:
    """A system record (cancel all touches, resign/become active, memory warning)."""
    return Event(kind=EventKind.SYSTEM, code=_uint(code, 8, "code"), timestamp_ns=_uint(t_ns, 64, "t_ns"))


def _event_array(events: Iterable[Event]):
    events = list(events)
    return (Event * len(events))(*events), len(events)

# ---- Value types ------------------------------------------------------------------------------------------


class Point(NamedTuple):
    x: float
    y: float


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float


class Size(NamedTuple):
    width: float
    height: float


class Insets(NamedTuple):
    """UIEdgeInsets."""
    top: float = 0.0
    left: float = 0.0
    bottom: float = 0.0
    right: float = 0.0


class Transform(NamedTuple):
    """CGAffineTransform's layout: (x, y) → (a·x + c·y + tx, b·x + d·y + ty), applied about the center."""
    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    tx: float = 0.0
    ty: float = 0.0


@dataclass(frozen=True)
class Touch:
    """One touch of a delivery, in its window's coordinates (a copy of tactile_touch)."""
    touch_id: int
    phase: Phase
    tap_count: int
    x: float
    y: float
    previous_x: float
    previous_y: float
    timestamp_ns: int


@dataclass(frozen=True)
class Delivery:
    """One handler call: `view` gets touchesBegan/Moved/Ended/Cancelled (by `phase`) with `touches`."""
    view: "View"
    window: "View"
    phase: Phase
    timestamp_ns: int
    user_data: Optional[int]
    touches: list


@dataclass(frozen=True)
class ScrollEvent:
    """One scroll-view delegate call (tactile_scroll_event): `offset` is contentOffset now; WILL_END_DRAGGING carries
    the release `velocity` (points per millisecond) and the `target` it will come to rest at; DID_END_DRAGGING
    `decelerate`."""
    kind: ScrollEventKind
    view: "View"
    offset: Point
    velocity: Point
    target: Point
    decelerate: bool
    timestamp_ns: int
    user_data: Optional[int]


@dataclass(frozen=True)
class Counters:
    """tactile_counters: the queue's and the loop's counters (any thread)."""
    posted: int
    drained: int
    rejected_full: int
    rejected_invalid: int
    coalesced: int
    wake_signals: int
    iterations: int
    errors: int      # calls refused for misuse; back-pressure (QUEUE_FULL) counts in rejected_full only
    delivered: int   # handler calls and motion deliveries, updated after each routed batch


@dataclass(frozen=True)
class RouteCounters:
    """tactile_route_counters: the touch router's counters (loop thread)."""
    samples: int
    frames: int
    deliveries: int
    began: int
    ended: int
    cancelled: int
    withheld: int
    ignored: int
    missed: int
    swallowed_samples: int
    cancelled_detached: int
    motions: int
    errors: int


@dataclass(frozen=True)
class TreeStats:
    views: int
    bytes: int


def _copy(cls, struct):
    return cls(**{f.name: getattr(struct, f.name) for f in fields(cls)})

# ---- App --------------------------------------------------------------------------------------------------


class App:
    """An application: one event queue, one run loop, one view tree and touch router.

    A context manager; close() destroys it (stopping a live loop first). After close every call raises
    TactileError(INVALID_HANDLE), as the library reports the stale handle."""

    def __init__(self, queue_capacity: int = 0, live: bool = False, touch_capacity: int = 0,
                 raw_input: bool = False, tap_interval_ns: int = 0, tap_distance: float = 0.0):
        """Zeros are the library's defaults: a 4096-event queue, 20 touches, 350 ms and 10 points for taps."""
        config = _AppConfig(queue_capacity=_uint(queue_capacity, 32, "queue_capacity"),
                            loop_mode=LoopMode.LIVE if live else LoopMode.DETERMINISTIC,
                            touch_capacity=_uint(touch_capacity, 32, "touch_capacity"),
                            flags=AppFlag.RAW_INPUT if raw_input else 0,
                            tap_interval_ns=_uint(tap_interval_ns, 64, "tap_interval_ns"), tap_distance=tap_distance)
        handle = _App()
        _check("tactile_app_create", ctypes.byref(config), ctypes.byref(handle))
        self._handle = handle
        self.live = live
        self._closed = False
        self._error: Optional[BaseException] = None   # first exception raised by a callback, not yet re-raised
        self._local = threading.local()                # .depth: callbacks running on this thread
        self._on_delivery = self._on_motion = self._on_input = self._on_action = self._on_gesture = None
        self._on_scroll = None
        # The C callbacks: kept here for as long as they may be installed.
        self._c_delivery = _DeliveryFn(self._delivery_trampoline)
        self._c_motion = _MotionFn(self._motion_trampoline)
        self._c_input = _InputFn(self._input_trampoline)
        self._c_action = _ActionFn(self._action_trampoline)
        self._c_gesture = _GestureFn(self._gesture_trampoline)
        self._c_scroll = _ScrollFn(self._scroll_trampoline)
        self._finalizer = weakref.finalize(self, lib.tactile_app_destroy, _App(handle.id))

    @property
    def id(self) -> int:
        """The raw tactile_app handle."""
        return self._handle.id

    def __repr__(self) -> str:
        return f"<tactile.App {self.id:#x}{' closed' if self._closed else ''}>"

    def __enter__(self) -> "App":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close(reraise=exc_type is None)

    def close(self, reraise: bool = True) -> None:
        """Destroys the app (stops a live loop first); a second close does nothing. Re-raises an exception a
        callback left pending unless `reraise` is false."""
        if not self._closed:
            self._closed = True
            self._finalizer.detach()
            _check("tactile_app_destroy", self._handle)
        if reraise:
            self._reraise()
        else:
            self._error = None

    # -- calls ---------------------------------------------------------------------------------------------

    def _call(self, name: str, *args) -> None:
        """A loop-thread call, which may run callbacks: re-raises what they raised once back at the top."""
        try:
            _check(name, self._handle, *args)
        finally:
            self._reraise()

    def _reraise(self) -> None:
        if self._error is not None and getattr(self._local, "depth", 0) == 0:
            error, self._error = self._error, None
            raise error

    # -- run loop ------------------------------------------------------------------------------------------

    def step(self) -> None:
        """Deterministic: one run-loop iteration at the current virtual time."""
        self._call("tactile_app_step")

    def run_until_idle(self) -> None:
        """Deterministic: iterations until nothing is due at the current virtual time."""
        self._call("tactile_app_run_until_idle")

    def advance(self, ns: int) -> None:
        """Deterministic: advances the virtual clock by `ns`, firing what falls due in order."""
        self._call("tactile_app_advance", _uint(ns, 64, "ns"))

    def start_live(self) -> None:
        """Live: starts the loop on its own serial Dispatch queue; returns at once. Any thread."""
        _check("tactile_app_start_live", self._handle)

    def stop(self) -> None:
        """Live: stops the loop, waiting for a running iteration; re-raises a callback's exception. Any thread
        but a callback's."""
        self._call("tactile_app_stop")

    # -- input ---------------------------------------------------------------------------------------------

    def post(self, event: Event) -> None:
        """Posts one event. Any thread. QUEUE_FULL: nothing enqueued, retry later (began/ended/cancelled must
        not be dropped)."""
        _check("tactile_post", self._handle, ctypes.byref(event))

    def post_batch(self, events: Iterable[Event]) -> int:
        """Posts events as one ordered batch, all or nothing; returns the number enqueued. Any thread."""
        array, count = _event_array(events)
        posted = c_size_t(0)
        _check("tactile_post_batch", self._handle, array, count, ctypes.byref(posted))
        return posted.value

    def route(self, events: Iterable[Event]) -> None:
        """Routes events now on the calling (loop) thread, bypassing the queue; validated as post_batch."""
        array, count = _event_array(events)
        self._call("tactile_route", array, count)

    def counters(self) -> Counters:
        """The app's counters (a consistent-enough snapshot). Any thread."""
        c = _Counters()
        _check("tactile_app_counters", self._handle, ctypes.byref(c))
        return _copy(Counters, c)

    def route_counters(self) -> RouteCounters:
        c = _RouteCounters()
        self._call("tactile_app_route_counters", ctypes.byref(c))
        return _copy(RouteCounters, c)

    # -- callbacks -----------------------------------------------------------------------------------------

    @contextmanager
    def _in_callback(self):
        self._local.depth = getattr(self._local, "depth", 0) + 1
        try:
            yield
        except BaseException as error:  # never unwind through C: keep the first, re-raise it later
            if self._error is None:
                self._error = error
        finally:
            self._local.depth -= 1

    def _delivery_trampoline(self, _user, pointer) -> None:
        with self._in_callback():
            d = pointer.contents
            touches = [Touch(t.touch_id, Phase(t.phase), t.tap_count, t.x, t.y, t.previous_x, t.previous_y,
                             t.timestamp_ns) for t in d.touches[:d.count]]
            delivery = Delivery(View(self, d.view.id), View(self, d.window.id), Phase(d.phase), d.timestamp_ns,
                                d.user_data, touches)
            if self._on_delivery is not None:
                self._on_delivery(delivery)

    def _motion_trampoline(self, _user, phase, timestamp_ns) -> None:
        with self._in_callback():
            if self._on_motion is not None:
                self._on_motion(MotionPhase(phase), timestamp_ns)

    def _action_trampoline(self, _user, control, event, timestamp_ns) -> None:
        with self._in_callback():
            if self._on_action is not None:
                self._on_action(View(self, control.id), ControlEvent(event), timestamp_ns)

    def _gesture_trampoline(self, _user, gesture, view, state, timestamp_ns) -> None:
        with self._in_callback():
            if self._on_gesture is not None:
                self._on_gesture(Gesture(self, gesture.id), View(self, view.id), GestureState(state), timestamp_ns)

    def _scroll_trampoline(self, _user, pointer) -> None:
        with self._in_callback():
            e = pointer.contents
            event = ScrollEvent(ScrollEventKind(e.kind), View(self, e.view.id), Point(e.offset.x, e.offset.y),
                                Point(e.velocity.x, e.velocity.y), Point(e.target.x, e.target.y), bool(e.decelerate),
                                e.timestamp_ns, e.user_data)
            if self._on_scroll is not None:
                target = self._on_scroll(event)
                if target is not None and e.kind == ScrollEventKind.WILL_END_DRAGGING:
                    e.target.x, e.target.y = float(target[0]), float(target[1])

    def _input_trampoline(self, _user, events, count) -> None:
        with self._in_callback():
            batch = [Event.from_buffer_copy(events[i]) for i in range(count)]
            if self._on_input is not None:
                self._on_input(batch)

    def set_delivery_callback(self, fn: Optional[Callable[[Delivery], None]]) -> None:
        """fn(Delivery) for every handler call, on the loop thread; None clears. It may call loop-thread
        functions; removing or destroying a view from it delivers that view's cancellations at once (nested).
        If fn raises, routing goes on (later calls still reach fn) and the first exception is re-raised by the
        App/View call that ran the routing."""
        self._on_delivery = fn
        self._call("tactile_app_set_delivery_callback", self._c_delivery if fn else _DeliveryFn(), None)

    def set_motion_callback(self, fn: Optional[Callable[[MotionPhase, int], None]]) -> None:
        """fn(phase, timestamp_ns) for every shake phase, on the loop thread; None clears."""
        self._on_motion = fn
        self._call("tactile_app_set_motion_callback", self._c_motion if fn else _MotionFn(), None)

    def set_action_callback(self, fn: Optional[Callable[["View", ControlEvent, int], None]]) -> None:
        """fn(control, event, timestamp_ns) for every control event of a control view (View.set_control), one
        call per event in UIKit's order, after the delivery callback's call for the same touches; None clears.
        Controls track touches with or without it. Exceptions are handled as for set_delivery_callback."""
        self._on_action = fn
        self._call("tactile_app_set_action_callback", self._c_action if fn else _ActionFn(), None)

    def set_gesture_callback(self, fn: Optional[Callable[["Gesture", "View", GestureState, int], None]]) -> None:
        """fn(gesture, view, state, timestamp_ns) for every state change of a gesture (View.add_gesture): BEGAN,
        CHANGED, ENDED (== RECOGNIZED) or CANCELLED, never FAILED; None clears. Gestures recognize with or
        without it. Exceptions are handled as for set_delivery_callback."""
        self._on_gesture = fn
        self._call("tactile_app_set_gesture_callback", self._c_gesture if fn else _GestureFn(), None)

    def set_scroll_callback(self, fn: Optional[Callable[[ScrollEvent], Optional[Sequence[float]]]]) -> None:
        """fn(ScrollEvent) for every delegate event of a scroll view (View.set_scrollable), in UIKit's order: a drag
        is WILL_BEGIN_DRAGGING, DID_SCROLL per move, WILL_END_DRAGGING, DID_END_DRAGGING, then (decelerate)
        WILL_BEGIN_DECELERATING, DID_SCROLL per 1/60 s frame, DID_END_DECELERATING. For WILL_END_DRAGGING fn may
        return a new target (x, y): the content then comes to rest exactly there (UIKit's targetContentOffset).
        None clears. Exceptions are handled as for set_delivery_callback."""
        self._on_scroll = fn
        self._call("tactile_app_set_scroll_callback", self._c_scroll if fn else _ScrollFn(), None)

    @property
    def run_loop_mode(self) -> RunLoopMode:
        """The mode the run loop runs in: TRACKING while a scroll view tracks, drags or decelerates."""
        out = c_uint32(0)
        self._call("tactile_app_get_run_loop_mode", ctypes.byref(out))
        return RunLoopMode(out.value)

    def set_input_handler(self, fn: Optional[Callable[[list], None]]) -> None:
        """fn([Event, ...]) for each drained batch, FIFO per producer, before routing (a tap); None clears."""
        self._on_input = fn
        self._call("tactile_app_set_input_handler", self._c_input if fn else _InputFn(), None)

    # -- routing -------------------------------------------------------------------------------------------

    def set_screen(self, windows: Iterable["View"]) -> None:
        """The windows a touch with window_id 0 may land in, front-most first (copied)."""
        windows = list(windows)
        array = (_View * len(windows))(*(_View(w.id) for w in windows))
        self._call("tactile_app_set_screen", array, len(windows))

    @contextmanager
    def ignoring_interaction(self):
        """begin/endIgnoringInteractionEvents around a block: new touches are not delivered (calls nest)."""
        self._call("tactile_app_begin_ignoring_interaction")
        try:
            yield self
        finally:
            self._call("tactile_app_end_ignoring_interaction")

    def delivery_log(self, enabled: bool) -> None:
        """Turns the delivery log on (a line per routing decision) or off (freeing it)."""
        self._call("tactile_app_set_delivery_log", 1 if enabled else 0)

    def delivery_log_text(self) -> str:
        length = c_size_t(0)
        self._call("tactile_app_delivery_log", None, 0, ctypes.byref(length))
        buffer = ctypes.create_string_buffer(length.value + 1)
        self._call("tactile_app_delivery_log", buffer, len(buffer), None)
        return buffer.raw[:length.value].decode()

    # -- views ---------------------------------------------------------------------------------------------

    def _view(self, raw: _View) -> Optional["View"]:
        return View(self, raw.id) if raw.id else None

    def build_scene(self, kind: SceneKind, view_count: int = 0, seed: int = 1) -> "View":
        """Builds a standard seeded scene of about `view_count` views (0: its default); returns its window."""
        out = _View()
        self._call("tactile_scene_build", _uint(kind, 32, "kind"), _uint(view_count, 64, "view_count"),
                   _uint(seed, 64, "seed"), ctypes.byref(out))
        return View(self, out.id)

    def create_view(self, x: float, y: float, width: float, height: float) -> "View":
        """UIView(frame:): a parentless view (a window while it stays a root)."""
        out = _View()
        self._call("tactile_view_create", ctypes.byref(_Rect(x, y, width, height)), ctypes.byref(out))
        return View(self, out.id)

    def hit_test(self, root: "View", x: float, y: float) -> Optional["View"]:
        """UIKit's hitTest from `root` at (x, y) in its bounds space; None for no view (also NaN/∞ points)."""
        out = _View()
        self._call("tactile_hit_test", _View(root.id), x, y, ctypes.byref(out))
        return self._view(out)

    def hit_test_batch(self, root: "View", points: Iterable[Sequence[float]]) -> list:
        """hit_test for each (x, y); a list of View or None."""
        points = list(points)
        array = (_Point * len(points))(*(_Point(x, y) for x, y in points))
        out = (_View * len(points))()
        self._call("tactile_hit_test_batch", _View(root.id), array, len(points), out)
        return [self._view(v) for v in out]

    def tree_stats(self) -> TreeStats:
        stats = _TreeStats()
        self._call("tactile_tree_stats_get", ctypes.byref(stats))
        return _copy(TreeStats, stats)

    # ---- Auto Layout

    def add_constraint(self, item1: "View", attribute1: Attribute, relation: Relation = Relation.EQUAL,
                       item2: Optional["View"] = None, attribute2: Attribute = Attribute.NONE, multiplier: float = 1.0,
                       constant: float = 0.0, priority: float = 1000.0) -> int:
        """`item1.attribute1 (relation) multiplier * item2.attribute2 + constant` at `priority`; returns its id.
        A conflicting required constraint raises UNSATISFIABLE (it was added, broken)."""
        c = _Constraint(_View(item1.id), int(attribute1), int(relation), _View(item2.id if item2 else 0), int(attribute2),
                        multiplier, constant, priority)
        out = _ConstraintID()
        self._call("tactile_constraint_add", ctypes.byref(c), ctypes.byref(out))
        return out.id

    def remove_constraint(self, constraint: int) -> None:
        self._call("tactile_constraint_remove", _ConstraintID(constraint))

    def set_constraint_constant(self, constraint: int, constant: float) -> None:
        self._call("tactile_constraint_set_constant", _ConstraintID(constraint), constant)

    def solve_layout(self) -> int:
        """Solves and writes the moved views' frames into the tree; returns how many moved."""
        moved = c_size_t(0)
        self._call("tactile_layout_solve", ctypes.byref(moved))
        return moved.value

# ---- View -------------------------------------------------------------------------------------------------


class View:
    """A view handle of one app (generation-checked: a destroyed view's calls raise INVALID_HANDLE)."""

    __slots__ = ("app", "id")

    def __init__(self, app: App, id: int):
        self.app, self.id = app, id

    def __eq__(self, other) -> bool:
        return isinstance(other, View) and other.id == self.id and other.app is self.app

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"<tactile.View {self.index} ({self.id:#x})>"

    @property
    def index(self) -> int:
        """The index part of the handle (the low 32 bits; what the delivery log prints as view=)."""
        return self.id & 0xFFFFFFFF

    @property
    def window_id(self) -> int:
        """tactile_window_id(self): how touch records name this view as their window."""
        return window_id(self)

    def _call(self, name: str, *args) -> None:
        self.app._call(name, _View(self.id), *args)

    def _get(self, name: str, struct):
        out = struct()
        self._call(name, ctypes.byref(out))
        return out

    # -- hierarchy -----------------------------------------------------------------------------------------

    def add_subview(self, child: "View") -> None:
        """addSubview: appends `child` front-most (leaving its old superview first)."""
        self._call("tactile_view_add_child", _View(child.id))

    def insert_subview(self, child: "View", index: int) -> None:
        """insertSubview(_:at:); the index is clamped to 0…count (a negative index is 0, not Python's)."""
        self._call("tactile_view_insert_child", _View(child.id), _int(index, 64, "index"))

    def insert_subview_above(self, child: "View", sibling: "View") -> None:
        self._call("tactile_view_insert_child_relative", _View(child.id), _View(sibling.id), 1)

    def insert_subview_below(self, child: "View", sibling: "View") -> None:
        self._call("tactile_view_insert_child_relative", _View(child.id), _View(sibling.id), 0)

    def remove_from_superview(self) -> None:
        """removeFromSuperview (a no-op for a root); live touches of the subtree are cancelled first."""
        self.app._call("tactile_view_remove_from_parent", _View(self.id))

    def bring_subview_to_front(self, child: "View") -> None:
        self._call("tactile_view_bring_to_front", _View(child.id))

    def send_subview_to_back(self, child: "View") -> None:
        self._call("tactile_view_send_to_back", _View(child.id))

    def exchange_subviews(self, i: int, j: int) -> None:
        """exchangeSubview(at:withSubviewAt:); out-of-range indices raise OUT_OF_RANGE."""
        self._call("tactile_view_exchange_children", _uint(i, 64, "i"), _uint(j, 64, "j"))

    def destroy(self) -> None:
        """Destroys the view: it leaves its superview, its subviews become roots; its touches are cancelled."""
        self.app._call("tactile_view_destroy", _View(self.id))

    @property
    def superview(self) -> Optional["View"]:
        return self.app._view(self._get("tactile_view_parent", _View))

    @property
    def subviews(self) -> list:
        """Back to front."""
        count = self._get("tactile_view_child_count", c_size_t).value
        out = []
        for i in range(count):
            child = _View()
            self._call("tactile_view_child_at", i, ctypes.byref(child))
            out.append(View(self.app, child.id))
        return out

    def view_with_tag(self, tag: int) -> Optional["View"]:
        """viewWithTag: depth-first from this view itself; None when none."""
        out = _View()
        self._call("tactile_view_with_tag", _int(tag, 64, "tag"), ctypes.byref(out))
        return self.app._view(out)

    def hit_test(self, x: float, y: float) -> Optional["View"]:
        """App.hit_test with this view as the root."""
        return self.app.hit_test(self, x, y)

    # -- geometry and properties ---------------------------------------------------------------------------

    @property
    def frame(self) -> Rect:
        r = self._get("tactile_view_get_frame", _Rect)
        return Rect(r.x, r.y, r.width, r.height)

    @frame.setter
    def frame(self, rect: Sequence[float]) -> None:
        self._call("tactile_view_set_frame", ctypes.byref(_Rect(*rect)))

    def set_translates_frame(self, translates: bool) -> None:
        """Whether constraints hold the view at its current frame (1 by default); off for views they place."""
        self._call("tactile_view_set_translates_frame", 1 if translates else 0)

    @property
    def bounds(self) -> Rect:
        r = self._get("tactile_view_get_bounds", _Rect)
        return Rect(r.x, r.y, r.width, r.height)

    @bounds.setter
    def bounds(self, rect: Sequence[float]) -> None:
        self._call("tactile_view_set_bounds", ctypes.byref(_Rect(*rect)))

    @property
    def center(self) -> Point:
        p = self._get("tactile_view_get_center", _Point)
        return Point(p.x, p.y)

    @center.setter
    def center(self, point: Sequence[float]) -> None:
        x, y = point
        self._call("tactile_view_set_center", x, y)

    @property
    def transform(self) -> Transform:
        t = self._get("tactile_view_get_transform", _Transform)
        return Transform(t.a, t.b, t.c, t.d, t.tx, t.ty)

    @transform.setter
    def transform(self, t: Sequence[float]) -> None:
        self._call("tactile_view_set_transform", ctypes.byref(_Transform(*t)))

    @property
    def tag(self) -> int:
        return self._get("tactile_view_get_tag", c_int64).value

    @tag.setter
    def tag(self, tag: int) -> None:
        self._call("tactile_view_set_tag", _int(tag, 64, "tag"))

    @property
    def flags(self) -> ViewFlag:
        return ViewFlag(self._get("tactile_view_get_flags", c_uint32).value)

    @flags.setter
    def flags(self, flags: ViewFlag) -> None:
        """Makes the flags exactly `flags` (unknown bits raise OUT_OF_RANGE before anything changes)."""
        self.set_flags(flags, True)
        self.set_flags(_ALL_VIEW_FLAGS & ~ViewFlag(flags & _ALL_VIEW_FLAGS), False)

    def set_flags(self, flags: ViewFlag, on: bool = True) -> None:
        """Sets (on) or clears the bits in `flags`, leaving the others."""
        self._call("tactile_view_set_flags", _uint(flags, 32, "flags"), 1 if on else 0)

    # -- controls ------------------------------------------------------------------------------------------

    def set_control(self, is_control: bool = True) -> None:
        """Marks (or unmarks) the view as a control (UIControl, a button): it tracks the first touch delivered
        to it and reports its control events to App.set_action_callback. Unmarking forgets its state."""
        self._call("tactile_view_set_control", 1 if is_control else 0)

    def set_control_enabled(self, enabled: bool) -> None:
        """UIControl.isEnabled: a disabled control is passed over by hit-testing; `flags` keeps reporting the
        view's own INTERACTION_DISABLED. Raises INVALID_STATE for a view that is not a control."""
        self._call("tactile_view_set_control_enabled", 1 if enabled else 0)

    # -- gestures ------------------------------------------------------------------------------------------

    def add_gesture(self, kind: GestureKind) -> "Gesture":
        """addGestureRecognizer with a new recognizer of `kind` in its default configuration; it takes part from
        the next touch that begins. Multi-finger gestures need ViewFlag.MULTIPLE_TOUCH on the view."""
        out = _Gesture()
        self._call("tactile_view_add_gesture", _uint(int(kind), 32, "kind"), ctypes.byref(out))
        return Gesture(self.app, out.id)

    # -- scroll views --------------------------------------------------------------------------------------

    def set_scrollable(self, scrollable: bool = True) -> None:
        """Marks (or unmarks) the view as a scroll view (UIScrollView): its bounds origin is its content offset; a
        drag on it or its content scrolls it, decelerates, bounces, pages. Unmarking stops it without events."""
        self._call("tactile_view_set_scrollable", 1 if scrollable else 0)

    @property
    def content_size(self) -> Size:
        s = self._get("tactile_scroll_get_content_size", _Size)
        return Size(s.width, s.height)

    @content_size.setter
    def content_size(self, size: Sequence[float]) -> None:
        width, height = size
        self._call("tactile_scroll_set_content_size", float(width), float(height))

    @property
    def content_inset(self) -> Insets:
        i = self._get("tactile_scroll_get_content_inset", _Insets)
        return Insets(i.top, i.left, i.bottom, i.right)

    @content_inset.setter
    def content_inset(self, inset: Sequence[float]) -> None:
        self._call("tactile_scroll_set_content_inset", ctypes.byref(_Insets(*inset)))

    @property
    def content_offset(self) -> Point:
        p = self._get("tactile_scroll_get_content_offset", _Point)
        return Point(p.x, p.y)

    @content_offset.setter
    def content_offset(self, offset: Sequence[float]) -> None:
        self.set_content_offset(*offset)

    def set_content_offset(self, x: float, y: float, animated: bool = False) -> None:
        """setContentOffset(_:animated:): at once (DID_SCROLL), or eased over 0.3 s on the run loop (DID_SCROLL per
        frame, then DID_END_SCROLLING_ANIMATION). Not limited to the scrolling range."""
        self._call("tactile_scroll_set_content_offset", float(x), float(y), 1 if animated else 0)

    @property
    def scroll_options(self) -> ScrollOption:
        return ScrollOption(self._get("tactile_scroll_get_options", c_uint32).value)

    @scroll_options.setter
    def scroll_options(self, options: ScrollOption) -> None:
        """Makes the options exactly `options` (unknown bits raise OUT_OF_RANGE before anything changes)."""
        self.set_scroll_options(options, True)
        self.set_scroll_options(_ALL_SCROLL_OPTIONS & ~ScrollOption(options & _ALL_SCROLL_OPTIONS), False)

    def set_scroll_options(self, options: ScrollOption, on: bool = True) -> None:
        """Sets (on) or clears the bits in `options`, leaving the others."""
        self._call("tactile_scroll_set_options", _uint(options, 32, "options"), 1 if on else 0)

    @property
    def deceleration_rate(self) -> float:
        return self._get("tactile_scroll_get_deceleration_rate", c_double).value

    @deceleration_rate.setter
    def deceleration_rate(self, rate: float) -> None:
        """The velocity kept per millisecond, 0 < rate < 1 (DECELERATION_NORMAL, DECELERATION_FAST)."""
        self._call("tactile_scroll_set_deceleration_rate", float(rate))

    @property
    def scroll_state(self) -> ScrollState:
        return ScrollState(self._get("tactile_scroll_get_state", c_uint32).value)

    @property
    def user_data(self) -> Optional[int]:
        """The pointer-sized integer handed back in every delivery to this view (None = NULL, the default)."""
        return self._get("tactile_view_get_user_data", c_void_p).value

    @user_data.setter
    def user_data(self, value: Optional[int]) -> None:
        self._call("tactile_view_set_user_data", None if value is None else _uint(value, 64, "user_data") or None)


# ---- Gesture ----------------------------------------------------------------------------------------------


class Gesture:
    """A gesture recognizer handle of one app (generation-checked: a removed gesture's calls, and those of a
    gesture whose view was destroyed, raise INVALID_HANDLE). Setters of another kind's parameters raise
    INVALID_STATE; bad values raise OUT_OF_RANGE."""

    __slots__ = ("app", "id")

    def __init__(self, app: App, id: int):
        self.app, self.id = app, id

    def __eq__(self, other) -> bool:
        return isinstance(other, Gesture) and other.id == self.id and other.app is self.app

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"<tactile.Gesture {self.id:#x}>"

    def _call(self, name: str, *args) -> None:
        self.app._call(name, _Gesture(self.id), *args)

    def remove(self) -> None:
        """removeGestureRecognizer: forgets the gesture at once, without a callback."""
        self._call("tactile_gesture_remove")

    def set_taps_required(self, taps: int) -> None:
        """numberOfTapsRequired: 1 … 64 for a tap; 0 … 64 quick taps before the press for a long press."""
        self._call("tactile_gesture_set_taps_required", _uint(taps, 32, "taps"))

    def set_touches_required(self, touches: int) -> None:
        """numberOfTouchesRequired (1 … 1024) of a tap, long press or swipe."""
        self._call("tactile_gesture_set_touches_required", _uint(touches, 32, "touches"))

    def set_touch_range(self, minimum: int, maximum: Optional[int] = None) -> None:
        """A pan's minimumNumberOfTouches and maximumNumberOfTouches (None: no limit)."""
        self._call("tactile_gesture_set_touch_range", _uint(minimum, 32, "minimum"),
                   0xFFFFFFFF if maximum is None else _uint(maximum, 32, "maximum"))

    def set_minimum_press_duration(self, seconds: float) -> None:
        """A long press's minimumPressDuration in seconds (finite, 0 … 1e6)."""
        self._call("tactile_gesture_set_minimum_press_duration", float(seconds))

    def set_allowable_movement(self, points: float) -> None:
        """A long press's allowableMovement in points (finite, ≥ 0)."""
        self._call("tactile_gesture_set_allowable_movement", float(points))

    def set_direction(self, directions: SwipeDirection) -> None:
        """A swipe's permitted directions (at least one)."""
        self._call("tactile_gesture_set_direction", _uint(int(directions), 32, "directions"))

    def set_cancels_touches_in_view(self, cancels: bool) -> None:
        """cancelsTouchesInView (True by default)."""
        self._call("tactile_gesture_set_cancels_touches_in_view", 1 if cancels else 0)

    @property
    def state(self) -> GestureState:
        out = c_uint32(0)
        self._call("tactile_gesture_get_state", ctypes.byref(out))
        return GestureState(out.value)

    @property
    def view(self) -> View:
        """The view the gesture is attached to."""
        out = _View()
        self._call("tactile_gesture_get_view", ctypes.byref(out))
        return View(self.app, out.id)

    def _point(self, name: str) -> Point:
        out = _Point()
        self._call(name, ctypes.byref(out))
        return Point(out.x, out.y)

    @property
    def location(self) -> Point:
        """location(in: window): the centroid of its touches in window coordinates."""
        return self._point("tactile_gesture_get_location")

    @property
    def translation(self) -> Point:
        """A pan's translation(in: window)."""
        return self._point("tactile_gesture_get_translation")

    @property
    def velocity(self) -> Point:
        """A pan's velocity(in: window), points per second."""
        return self._point("tactile_gesture_get_velocity")

    def _value(self, name: str) -> tuple:
        value, velocity = c_double(0), c_double(0)
        self._call(name, ctypes.byref(value), ctypes.byref(velocity))
        return value.value, velocity.value

    @property
    def scale(self) -> float:
        """A pinch's scale (1 at the start)."""
        return self._value("tactile_gesture_get_scale")[0]

    @property
    def scale_velocity(self) -> float:
        """A pinch's velocity: scale factor per second."""
        return self._value("tactile_gesture_get_scale")[1]

    @property
    def rotation(self) -> float:
        """A rotation's rotation in radians (clockwise positive)."""
        return self._value("tactile_gesture_get_rotation")[0]

    @property
    def rotation_velocity(self) -> float:
        """A rotation's velocity in radians per second."""
        return self._value("tactile_gesture_get_rotation")[1]


__all__ = ["App", "View", "Gesture", "GestureKind", "GestureState", "SwipeDirection", "TactileError", "Event", "Touch", "Delivery", "Counters", "RouteCounters", "TreeStats",
           "Point", "Rect", "Transform", "Status", "EventKind", "Phase", "MotionCode", "SystemCode", "LoopMode",
           "AppFlag", "ViewFlag", "MotionPhase", "SceneKind", "ControlEvent", "touch", "shake", "system", "window_id",
           "library_version", "library_path", "lib", "VERSION", "TouchType", "ScrollEvent", "ScrollEventKind",
           "ScrollOption", "ScrollState", "RunLoopMode", "Size", "Insets", "DECELERATION_NORMAL", "DECELERATION_FAST"]
