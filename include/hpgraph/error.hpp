// hpg::Error: the one exception type of the library, with a code that mirrors GrB_Info.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace hpg {

/// Mirrors GrB_Info's error values (GraphBLAS C API 2.0, section 2.6), plus the I/O and device
/// codes a GPU library needs.
enum class Info {
  success = 0,
  no_value,               // GrB_NO_VALUE (not an error; extract_element reports it as std::nullopt)
  uninitialized_object,   // GrB_UNINITIALIZED_OBJECT
  null_pointer,           // GrB_NULL_POINTER
  invalid_value,          // GrB_INVALID_VALUE
  invalid_index,          // GrB_INVALID_INDEX
  domain_mismatch,        // GrB_DOMAIN_MISMATCH
  dimension_mismatch,     // GrB_DIMENSION_MISMATCH
  output_not_empty,       // GrB_OUTPUT_NOT_EMPTY
  not_implemented,        // GrB_NOT_IMPLEMENTED
  out_of_memory,          // GrB_OUT_OF_MEMORY
  index_out_of_bounds,    // GrB_INDEX_OUT_OF_BOUNDS
  invalid_object,         // GrB_INVALID_OBJECT
  panic,                  // GrB_PANIC
  parse_error,            // a graph file is malformed
  io_error,               // a file cannot be opened, read or written
  cuda_error,             // a CUDA runtime call failed
};

std::string_view to_string(Info code);

class Error : public std::runtime_error {
 public:
  Error(Info code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  Info code() const noexcept { return code_; }

 private:
  Info code_;
};

namespace detail {
[[noreturn]] void throw_error(Info code, const std::string& message);
}  // namespace detail

}  // namespace hpg
