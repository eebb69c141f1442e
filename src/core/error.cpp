#include "hpgraph/error.hpp"

#include "hpgraph/types.hpp"

namespace hpg {

std::string_view to_string(Info code) {
  switch (code) {
    case Info::success: return "success";
    case Info::no_value: return "no_value";
    case Info::uninitialized_object: return "uninitialized_object";
    case Info::null_pointer: return "null_pointer";
    case Info::invalid_value: return "invalid_value";
    case Info::invalid_index: return "invalid_index";
    case Info::domain_mismatch: return "domain_mismatch";
    case Info::dimension_mismatch: return "dimension_mismatch";
    case Info::output_not_empty: return "output_not_empty";
    case Info::not_implemented: return "not_implemented";
    case Info::out_of_memory: return "out_of_memory";
    case Info::index_out_of_bounds: return "index_out_of_bounds";
    case Info::invalid_object: return "invalid_object";
    case Info::panic: return "panic";
    case Info::parse_error: return "parse_error";
    case Info::io_error: return "io_error";
    case Info::cuda_error: return "cuda_error";
  }
  return "unknown";
}

std::string_view to_string(TypeCode t) {
  switch (t) {
    case TypeCode::user: return "user";
    case TypeCode::boolean: return "bool";
    case TypeCode::int8: return "int8";
    case TypeCode::int16: return "int16";
    case TypeCode::int32: return "int32";
    case TypeCode::int64: return "int64";
    case TypeCode::uint8: return "uint8";
    case TypeCode::uint16: return "uint16";
    case TypeCode::uint32: return "uint32";
    case TypeCode::uint64: return "uint64";
    case TypeCode::fp32: return "fp32";
    case TypeCode::fp64: return "fp64";
  }
  return "unknown";
}

namespace detail {
void throw_error(Info code, const std::string& message) { throw Error(code, message); }
}  // namespace detail

}  // namespace hpg
