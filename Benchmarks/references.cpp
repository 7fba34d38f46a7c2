// Out-of-line parts of the reference implementations (see references.hpp).
#include "references.hpp"

namespace tb {

__attribute__((noinline)) void ref_empty_call() {
    // An empty asm statement keeps the call from being proven side-effect free and removed.
    asm volatile("" ::: "memory");
}

void Latch::signal() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    cv_.notify_one();
}

void Latch::wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [this] { return done_; });
}

void Latch::reset() {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = false;
}

}  // namespace tb
