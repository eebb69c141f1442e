// The host backend's answers to the library's runtime questions (src/core/backend_runtime.hpp).
#include <algorithm>
#include <string>
#include <thread>

#include "core/backend_runtime.hpp"
#include "hpgraph/detail/backend_list.hpp"

namespace hpg::detail::host {

bool usable() { return true; }
std::string unusable_why() { return {}; }
void synchronize() {}  // each call has finished when it returns
std::string description() { return "host (" + std::to_string(std::max(1u, std::thread::hardware_concurrency())) + " threads)"; }

}  // namespace hpg::detail::host
