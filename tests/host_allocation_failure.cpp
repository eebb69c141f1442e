// The test program's replacement of the global operator new (see host_allocation_failure.hpp).
// Plain C++, not CUDA: nvcc treats a global operator new in a .cu file as device code too, and
// device code cannot throw.
#include "host_allocation_failure.hpp"

#include <cstdlib>
#include <new>

#include "hpgraph/detail/failure_countdown.hpp"

namespace {
hpg::detail::FailureCountdown allocations_before_failure;
}  // namespace

namespace hpg::test {
long long inject_host_allocation_failure(long long countdown) noexcept { return allocations_before_failure.arm(countdown); }
}  // namespace hpg::test

void* operator new(std::size_t n) {
  if (allocations_before_failure.fires()) throw std::bad_alloc();
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
// The nothrow forms, as the standard library defines them (the plain form, its failure caught):
// replaced too, so that every form the program's code may call pairs with the deletes above (an
// AddressSanitizer build otherwise serves nothrow new itself and reports our delete's free).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return ::operator new(n, std::nothrow); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
