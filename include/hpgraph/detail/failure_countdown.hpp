// Failure injection's counter, shared by the device allocator's test hook
// (inject_device_allocation_failure) and the tests' host one (tests/host_allocation_failure.cpp).
#pragma once

#include <atomic>

namespace hpg::detail {

/// Armed with k >= 0, the (k+1)-th call of fires() from then returns true, once; thread-safe.
class FailureCountdown {
 public:
  /// Arms (k >= 0) or disarms (k < 0); returns the calls that were still to go before the failure
  /// (negative: it had fired, or nothing was armed).
  long long arm(long long k) noexcept { return left_.exchange(k < 0 ? -1 : k); }
  /// Whether this call is the one to fail.
  bool fires() noexcept {
    long long left = left_.load(std::memory_order_relaxed);
    while (left >= 0) {
      if (left_.compare_exchange_weak(left, left - 1, std::memory_order_relaxed)) return left == 0;
    }
    return false;
  }

 private:
  std::atomic<long long> left_{-1};
};

}  // namespace hpg::detail
