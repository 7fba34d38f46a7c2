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

namespace objref {

View::~View() = default;
void View::touchesBegan(const TouchSet &, const Event &) {}
void View::touchesMoved(const TouchSet &, const Event &) {}
void View::touchesEnded(const TouchSet &, const Event &) {}
void View::touchesCancelled(const TouchSet &, const Event &) {}

namespace {

class CountingView final : public View {
public:
    explicit CountingView(DeliveryCount *count) : count_(count) {}
    void touchesBegan(const TouchSet &touches, const Event &) override { note(touches); }
    void touchesMoved(const TouchSet &touches, const Event &) override {
        note(touches);
        count_->moved += touches.size();
    }
    void touchesEnded(const TouchSet &touches, const Event &) override { note(touches); }
    void touchesCancelled(const TouchSet &touches, const Event &) override { note(touches); }

private:
    void note(const TouchSet &touches) {
        count_->deliveries += 1;
        count_->touches += touches.size();
    }
    DeliveryCount *count_;
};

}  // namespace

std::unique_ptr<View> make_counting_view(DeliveryCount *count) { return std::make_unique<CountingView>(count); }

}  // namespace objref

}  // namespace tb
