// Scalar types, indices and the compile-mode macros shared by every hpgraph header.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#ifndef HPG_HAS_CUDA
#define HPG_HAS_CUDA 0
#endif

#include "hpgraph/detail/backend_names.hpp"  // after HPG_HAS_CUDA: it says which backends are built

// One compile mode per program: in a CUDA build every translation unit that includes hpgraph is
// compiled by nvcc, so that a template (a user's semiring, a dup operator) has one definition that
// both the host and the device paths instantiate. (The library's own non-template sources, such as
// the file parsers, are plain C++ and define HPG_LIBRARY_HOST_SOURCE.)
#if HPG_HAS_CUDA && !defined(__CUDACC__) && !defined(HPG_LIBRARY_HOST_SOURCE)
#error "hpgraph was built with CUDA: compile this file with nvcc (CMake: hpg_sources_language(...) or LANGUAGE CUDA)"
#endif

#if defined(__CUDACC__)
#define HPG_HOST_DEVICE __host__ __device__
#else
#define HPG_HOST_DEVICE
#endif

namespace hpg {

/// Index of a row, column or vector entry: 64-bit in the API, as GrB_Index.
using Index = std::uint64_t;

/// Largest dimension a Matrix or Vector may have. Column indices are stored in 32 bits on both
/// backends (half the bytes of an SpMV's index stream), so a dimension must fit in an int32.
inline constexpr Index max_dimension = static_cast<Index>(std::numeric_limits<std::int32_t>::max());

/// Above this many stored entries a matrix's row offsets are 64-bit on the GPU.
inline constexpr Index max_nvals_32bit_offsets = static_cast<Index>(std::numeric_limits<std::int32_t>::max());

/// Where a container's data lives and which engine runs operations on it: `host` or `cuda`, in
/// that order (enum class Backend { host, cuda }, written over the backend list).
enum class Backend {
#define HPG_DETAIL_ENUMERATOR(name, ...) name,
  HPG_ALL_BACKENDS(HPG_DETAIL_ENUMERATOR)
#undef HPG_DETAIL_ENUMERATOR
};

/// The backend's name, as parse_backend, HPGRAPH_BACKEND and the CLI's --backend take it.
constexpr std::string_view to_string(Backend b) {
#define HPG_DETAIL_NAME_CASE(name, ...) \
  case Backend::name:                   \
    return #name;
  switch (b) { HPG_ALL_BACKENDS(HPG_DETAIL_NAME_CASE) }
#undef HPG_DETAIL_NAME_CASE
  return "unknown";
}

namespace detail {
/// Every Backend value, in order.
inline constexpr Backend listed_backends[] = {
#define HPG_DETAIL_LISTED(name, ...) Backend::name,
    HPG_ALL_BACKENDS(HPG_DETAIL_LISTED)
#undef HPG_DETAIL_LISTED
};
}  // namespace detail

/// Value types a container may hold: the built-in arithmetic types and user structs that are
/// trivially copyable (they are moved between host and device as bytes).
template <class T>
inline constexpr bool is_value_type_v = std::is_trivially_copyable_v<T> && !std::is_pointer_v<T> &&
                                        !std::is_reference_v<T> && !std::is_const_v<T>;

/// Built-in type codes (the binary file format records one).
enum class TypeCode : std::uint32_t {
  user = 0, boolean = 1, int8 = 2, int16 = 3, int32 = 4, int64 = 5,
  uint8 = 6, uint16 = 7, uint32 = 8, uint64 = 9, fp32 = 10, fp64 = 11,
};

template <class T>
constexpr TypeCode type_code() {
  if constexpr (std::is_same_v<T, bool>) return TypeCode::boolean;
  else if constexpr (std::is_same_v<T, std::int8_t>) return TypeCode::int8;
  else if constexpr (std::is_same_v<T, std::int16_t>) return TypeCode::int16;
  else if constexpr (std::is_same_v<T, std::int32_t>) return TypeCode::int32;
  else if constexpr (std::is_same_v<T, std::int64_t>) return TypeCode::int64;
  else if constexpr (std::is_same_v<T, std::uint8_t>) return TypeCode::uint8;
  else if constexpr (std::is_same_v<T, std::uint16_t>) return TypeCode::uint16;
  else if constexpr (std::is_same_v<T, std::uint32_t>) return TypeCode::uint32;
  else if constexpr (std::is_same_v<T, std::uint64_t>) return TypeCode::uint64;
  else if constexpr (std::is_same_v<T, float>) return TypeCode::fp32;
  else if constexpr (std::is_same_v<T, double>) return TypeCode::fp64;
  else return TypeCode::user;
}

std::string_view to_string(TypeCode t);

/// The dup argument of build meaning "no dup operator": a duplicate index is
/// Error(invalid_value), as GrB_Matrix_build with a NULL dup (C API 2.0).
struct no_dup_t {};
inline constexpr no_dup_t no_dup{};

}  // namespace hpg
