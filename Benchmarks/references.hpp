// Reference implementations that Tactile's figures are measured against, in the same process:
//  - MutexDeque: std::mutex + std::deque<tactile_event> (unbounded), the obvious locked queue. Producers
//    push_back under the lock (one event, or a batch under one lock); the consumer swaps the whole deque
//    out under the lock and processes it outside (a batched drain).
//  - DispatchRef: Tactile's exported reference consumer (tactile_ref_dispatch_*), i.e. Swift's
//    DispatchQueue.async of one closure per event on a serial queue.
//  - ref_empty_call(): an empty C++ function in another translation unit, marked noinline: the cost of a
//    plain call, against which tactile_noop() (a call across the Swift C boundary, through the PLT) is set.
//  - objref::Router: a UIKit-style object touch router, the reference for Tactile's touch routing (route_bench):
//    heap Touch objects found through a std::unordered_map, a std::set<Touch*> of the changed touches built per
//    view and phase for every event, and a virtual touchesMoved(...) (etc.) on a View object.
#pragma once

#include "common.hpp"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

namespace tb {

/// An empty function defined in references.cpp and never inlined.
void ref_empty_call();

/// std::mutex + std::deque<tactile_event>: the locked reference queue (unbounded).
class MutexDeque {
public:
    void push(const tactile_event &event) {
        std::lock_guard<std::mutex> lock(mutex_);
        queue_.push_back(event);
    }

    /// Pushes `count` events under one lock (the reference for tactile_post_batch).
    void push_batch(const tactile_event *events, size_t count) {
        std::lock_guard<std::mutex> lock(mutex_);
        queue_.insert(queue_.end(), events, events + count);
    }

    /// Swaps everything queued into `out` (which must be empty) under the lock. Returns the number taken.
    size_t take_all(std::deque<tactile_event> &out) {
        std::lock_guard<std::mutex> lock(mutex_);
        out.swap(queue_);
        return out.size();
    }

private:
    std::mutex mutex_;
    std::deque<tactile_event> queue_;
};

/// Owns a tactile_ref_dispatch serial queue.
class DispatchRef {
public:
    DispatchRef() : queue_(tactile_ref_dispatch_create()) {
        TREQUIRE(queue_ != nullptr, "tactile_ref_dispatch_create returned NULL");
    }
    ~DispatchRef() { tactile_ref_dispatch_destroy(queue_); }
    DispatchRef(const DispatchRef &) = delete;
    DispatchRef &operator=(const DispatchRef &) = delete;

    void async(tactile_ref_fn fn, void *context) { tactile_ref_dispatch_async(queue_, fn, context); }
    tactile_ref_dispatch *get() const { return queue_; }

private:
    tactile_ref_dispatch *queue_;
};

/// A one-shot completion signal from a consumer thread to a waiting driver (mutex + condition variable).
class Latch {
public:
    void signal();
    void wait();
    void reset();

private:
    std::mutex mutex_;
    std::condition_variable cv_;
    bool done_ = false;
};

// ---- UIKit-style object touch router -------------------------------------------------------------

namespace objref {

class View;

/// UITouch as an object: mutated in place through its phases, bound to one view and window for life.
struct Touch {
    uint32_t touch_id = 0;
    uint32_t phase = TACTILE_PHASE_BEGAN;
    uint32_t tap_count = 1;
    double x = 0, y = 0, previous_x = 0, previous_y = 0;
    uint64_t timestamp_ns = 0;
    View *view = nullptr;
    View *window = nullptr;
    uint64_t frame = 0;  ///< the event that last changed it (a second sample of a finger starts the next event)
};

using TouchSet = std::set<Touch *>;

/// UIEvent: its timestamp and every live touch (allTouches).
struct Event {
    uint64_t timestamp_ns = 0;
    const std::unordered_map<uint32_t, Touch *> *all_touches = nullptr;
};

/// UIResponder/UIView's touch handlers. The base class ignores them (no next responder here).
class View {
public:
    virtual ~View();
    virtual void touchesBegan(const TouchSet &touches, const Event &event);
    virtual void touchesMoved(const TouchSet &touches, const Event &event);
    virtual void touchesEnded(const TouchSet &touches, const Event &event);
    virtual void touchesCancelled(const TouchSet &touches, const Event &event);
};

/// What a counting view's handlers record: the same work the Tactile benchmarks' delivery callbacks do.
struct DeliveryCount {
    uint64_t deliveries = 0;  ///< handler calls
    uint64_t touches = 0;     ///< touches handed to handlers
    uint64_t moved = 0;       ///< touches handed to touchesMoved
};

/// A View subclass (defined in references.cpp, so calls stay virtual) whose handlers count into `count`.
std::unique_ptr<View> make_counting_view(DeliveryCount *count);

/// Routes touch records UIKit's way, with objects: find the Touch in a hash map, update it, collect the changed
/// touches of each (view, phase) of the event in a std::set, call the view's virtual handler with it.
/// Records with one timestamp and distinct fingers form one event, as in Tactile. Fingers are bound with
/// begin() (their hit-test is not what the benchmarks measure); began records are not routed, and ended or
/// cancelled touches are not retired (the benchmarks only move fingers).
class Router {
public:
    /// Binds finger `touch_id` to `view` in `window` at (x, y) and delivers its touchesBegan.
    void begin(uint32_t touch_id, View *view, View *window, double x, double y, uint64_t timestamp_ns) {
        auto touch = std::make_unique<Touch>();
        touch->touch_id = touch_id;
        touch->view = view;
        touch->window = window;
        touch->x = touch->previous_x = x;
        touch->y = touch->previous_y = y;
        touch->timestamp_ns = timestamp_ns;
        touch->frame = ++frame_;
        touches_[touch_id] = touch.get();
        TouchSet began{touch.get()};
        storage_.push_back(std::move(touch));
        view->touchesBegan(began, Event{timestamp_ns, &touches_});
    }

    /// Routes moved / stationary / ended / cancelled records [first, last) (any iterator over tactile_event).
    template <typename It>
    void route(It first, It last) {
        while (first != last) {
            const uint64_t timestamp = first->timestamp_ns;
            ++frame_;
            for (auto &entry : touches_) entry.second->phase = TACTILE_PHASE_STATIONARY;  // unless changed below
            groups_.clear();
            for (; first != last && first->timestamp_ns == timestamp; ++first) {
                auto found = touches_.find(first->touch_id);
                if (found == touches_.end()) {
                    ++unknown_;
                    continue;
                }
                Touch *touch = found->second;
                if (touch->frame == frame_) break;  // a second sample of this finger: the next event
                touch->frame = frame_;
                touch->timestamp_ns = first->timestamp_ns;
                touch->phase = first->code;
                if (touch->phase == TACTILE_PHASE_STATIONARY) continue;
                touch->previous_x = touch->x;
                touch->previous_y = touch->y;
                touch->x = first->x;
                touch->y = first->y;
                group(touch->view, touch->phase).insert(touch);
            }
            const Event event{timestamp, &touches_};
            for (Group &g : groups_) {
                switch (g.phase) {
                case TACTILE_PHASE_MOVED: g.view->touchesMoved(g.touches, event); break;
                case TACTILE_PHASE_ENDED: g.view->touchesEnded(g.touches, event); break;
                case TACTILE_PHASE_CANCELLED: g.view->touchesCancelled(g.touches, event); break;
                default: break;
                }
            }
        }
    }

    uint64_t unknown() const { return unknown_; }
    uint64_t frames() const { return frame_; }

private:
    struct Group {
        View *view;
        uint32_t phase;
        TouchSet touches;
    };

    TouchSet &group(View *view, uint32_t phase) {
        for (Group &g : groups_) {
            if (g.view == view && g.phase == phase) return g.touches;
        }
        groups_.push_back(Group{view, phase, {}});
        return groups_.back().touches;
    }

    std::unordered_map<uint32_t, Touch *> touches_;
    std::vector<std::unique_ptr<Touch>> storage_;
    std::vector<Group> groups_;  // this event's deliveries, in first-touch order
    uint64_t frame_ = 0;
    uint64_t unknown_ = 0;
};

}  // namespace objref

}  // namespace tb
