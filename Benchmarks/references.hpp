// Reference implementations that Tactile's figures are measured against, in the same process:
//  - MutexDeque: std::mutex + std::deque<tactile_event> (unbounded), the obvious locked queue. Producers
//    push_back under the lock (one event, or a batch under one lock); the consumer swaps the whole deque
//    out under the lock and processes it outside (a batched drain).
//  - DispatchRef: Tactile's exported reference consumer (tactile_ref_dispatch_*), i.e. Swift's
//    DispatchQueue.async of one closure per event on a serial queue.
//  - ref_empty_call(): an empty C++ function in another translation unit, marked noinline: the cost of a
//    plain call, against which tactile_noop() (a call across the Swift C boundary, through the PLT) is set.
#pragma once

#include "common.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>

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

}  // namespace tb
