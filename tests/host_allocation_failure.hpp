// Failure injection for host allocations (tests/host_allocation_failure.cpp replaces the test
// program's operator new): the host allocation `countdown` allocations from now (0: the next one)
// throws std::bad_alloc, once; a negative countdown disarms it.
#pragma once

namespace hpg::test {

/// Arms (countdown >= 0) or disarms (< 0) the failure; returns how many allocations were still to
/// go before it (negative: it had fired, or nothing was armed).
long long inject_host_allocation_failure(long long countdown) noexcept;

}  // namespace hpg::test
