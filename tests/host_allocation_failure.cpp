// The test program's replacement of the global operator new (see host_allocation_failure.hpp).
// Plain C++, not CUDA: nvcc treats a global operator new in a .cu file as device code too, and
// device code cannot throw.
#include "host_allocation_failure.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<long long> allocations_before_failure{-1};

bool failure_injected() noexcept {
  long long left = allocations_before_failure.load(std::memory_order_relaxed);
  while (left >= 0) {
    if (allocations_before_failure.compare_exchange_weak(left, left - 1, std::memory_order_relaxed)) return left == 0;
  }
  return false;
}

}  // namespace

namespace hpg::test {
long long inject_host_allocation_failure(long long countdown) noexcept {
  return allocations_before_failure.exchange(countdown < 0 ? -1 : countdown);
}
}  // namespace hpg::test

void* operator new(std::size_t n) {
  if (failure_injected()) throw std::bad_alloc();
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
