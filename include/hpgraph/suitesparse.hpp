// SuiteSparse:GraphBLAS interop (header-only; link the CMake target hpgraph::suitesparse):
// copy an hpg::Matrix / hpg::Vector into a GrB_Matrix / GrB_Vector and back.
//
//   GrB_Matrix g = hpg::to_grb(a);                       // a: hpg::Matrix<T> on any backend
//   ... LAGraph / SuiteSparse calls on g ...
//   auto b = hpg::from_grb<T>(g);                        // hpg::Matrix<T> on the default backend
//   GrB_Matrix_free(&g);
//
// The data moves through extract_tuples / GrB_*_build (GrB_*_build_UDT for user types), so a
// container on the cuda backend works too. Every GrB call is checked: a failing GrB_Info becomes
// hpg::Error with the mirrored code (info_from_grb). GraphBLAS is started (GrB_init, non-blocking)
// on first use unless the program already did it. The caller owns (and frees) returned handles;
// grb_matrix_ptr / grb_vector_ptr hold one with GrB_*_free as the deleter.
//
// Types: grb_type<T>() is GrB_BOOL ... GrB_FP64 for the 11 built-in types and, for a user struct T,
// a GrB_Type made once per T with GrB_Type_new(sizeof(T)) (never freed: it lives as long as the
// program). from_grb<T> of a built-in T typecasts from any built-in GraphBLAS type (as
// GrB_*_extractTuples does); a user T needs the object's type to be grb_type<T>()
// (Error(domain_mismatch) otherwise).
#pragma once

extern "C" {
#include <GraphBLAS.h>
}

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "hpgraph/backend.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/matrix.hpp"
#include "hpgraph/types.hpp"
#include "hpgraph/vector.hpp"

namespace hpg {

static_assert(std::is_same_v<GrB_Index, Index>, "GrB_Index and hpg::Index must be the same 64-bit type");

/// The hpg::Info that mirrors a GrB_Info. GrB_INSUFFICIENT_SPACE (an output array too small) has
/// no mirror and maps to invalid_value; GrB_EMPTY_OBJECT (a GrB_Scalar with no value) and
/// GxB_EXHAUSTED (an iterator at its end) map to no_value; a code this version does not know maps
/// to panic.
inline Info info_from_grb(GrB_Info info) {
  switch (info) {
    case GrB_SUCCESS: return Info::success;
    case GrB_NO_VALUE: return Info::no_value;
    case GxB_EXHAUSTED: return Info::no_value;
    case GrB_UNINITIALIZED_OBJECT: return Info::uninitialized_object;
    case GrB_NULL_POINTER: return Info::null_pointer;
    case GrB_INVALID_VALUE: return Info::invalid_value;
    case GrB_INVALID_INDEX: return Info::invalid_index;
    case GrB_DOMAIN_MISMATCH: return Info::domain_mismatch;
    case GrB_DIMENSION_MISMATCH: return Info::dimension_mismatch;
    case GrB_OUTPUT_NOT_EMPTY: return Info::output_not_empty;
    case GrB_NOT_IMPLEMENTED: return Info::not_implemented;
    case GrB_PANIC: return Info::panic;
    case GrB_OUT_OF_MEMORY: return Info::out_of_memory;
    case GrB_INSUFFICIENT_SPACE: return Info::invalid_value;
    case GrB_INVALID_OBJECT: return Info::invalid_object;
    case GrB_INDEX_OUT_OF_BOUNDS: return Info::index_out_of_bounds;
    case GrB_EMPTY_OBJECT: return Info::no_value;
  }
  return Info::panic;
}

/// The GrB_Info's name ("GrB_DIMENSION_MISMATCH"), for messages.
inline const char* grb_info_name(GrB_Info info) {
  switch (info) {
    case GrB_SUCCESS: return "GrB_SUCCESS";
    case GrB_NO_VALUE: return "GrB_NO_VALUE";
    case GxB_EXHAUSTED: return "GxB_EXHAUSTED";
    case GrB_UNINITIALIZED_OBJECT: return "GrB_UNINITIALIZED_OBJECT";
    case GrB_NULL_POINTER: return "GrB_NULL_POINTER";
    case GrB_INVALID_VALUE: return "GrB_INVALID_VALUE";
    case GrB_INVALID_INDEX: return "GrB_INVALID_INDEX";
    case GrB_DOMAIN_MISMATCH: return "GrB_DOMAIN_MISMATCH";
    case GrB_DIMENSION_MISMATCH: return "GrB_DIMENSION_MISMATCH";
    case GrB_OUTPUT_NOT_EMPTY: return "GrB_OUTPUT_NOT_EMPTY";
    case GrB_NOT_IMPLEMENTED: return "GrB_NOT_IMPLEMENTED";
    case GrB_PANIC: return "GrB_PANIC";
    case GrB_OUT_OF_MEMORY: return "GrB_OUT_OF_MEMORY";
    case GrB_INSUFFICIENT_SPACE: return "GrB_INSUFFICIENT_SPACE";
    case GrB_INVALID_OBJECT: return "GrB_INVALID_OBJECT";
    case GrB_INDEX_OUT_OF_BOUNDS: return "GrB_INDEX_OUT_OF_BOUNDS";
    case GrB_EMPTY_OBJECT: return "GrB_EMPTY_OBJECT";
  }
  return "unknown GrB_Info";
}

/// Throws hpg::Error(info_from_grb(info)) naming the call when info is an error. GrB_NO_VALUE is
/// not an error and passes.
inline void grb_check(GrB_Info info, const char* what) {
  if (info == GrB_SUCCESS || info == GrB_NO_VALUE) return;
  detail::throw_error(info_from_grb(info), std::string(what) + ": " + grb_info_name(info));
}
/// The same, adding GraphBLAS's own message about the object that failed.
inline void grb_check(GrB_Info info, const char* what, GrB_Matrix a) {
  if (info == GrB_SUCCESS || info == GrB_NO_VALUE) return;
  const char* msg = nullptr;
  std::string extra;
  if (a != nullptr && GrB_Matrix_error(&msg, a) == GrB_SUCCESS && msg != nullptr && *msg) extra = std::string(" (") + msg + ")";
  detail::throw_error(info_from_grb(info), std::string(what) + ": " + grb_info_name(info) + extra);
}
inline void grb_check(GrB_Info info, const char* what, GrB_Vector v) {
  if (info == GrB_SUCCESS || info == GrB_NO_VALUE) return;
  const char* msg = nullptr;
  std::string extra;
  if (v != nullptr && GrB_Vector_error(&msg, v) == GrB_SUCCESS && msg != nullptr && *msg) extra = std::string(" (") + msg + ")";
  detail::throw_error(info_from_grb(info), std::string(what) + ": " + grb_info_name(info) + extra);
}

/// Starts GraphBLAS (GrB_init, non-blocking) once per program; a program that already called
/// GrB_init / GxB_init itself is left as it is.
inline void grb_init() {
  static std::once_flag once;
  std::call_once(once, [] {
    const GrB_Info info = GrB_init(GrB_NONBLOCKING);
    if (info != GrB_SUCCESS && info != GrB_INVALID_VALUE)  // GrB_INVALID_VALUE: already started
      grb_check(info, "GrB_init");
  });
}

/// Owning handles: std::unique_ptr with GrB_*_free as the deleter.
struct GrbMatrixFree {
  void operator()(GrB_Matrix a) const noexcept { GrB_Matrix_free(&a); }
};
struct GrbVectorFree {
  void operator()(GrB_Vector v) const noexcept { GrB_Vector_free(&v); }
};
using grb_matrix_ptr = std::unique_ptr<std::remove_pointer_t<GrB_Matrix>, GrbMatrixFree>;
using grb_vector_ptr = std::unique_ptr<std::remove_pointer_t<GrB_Vector>, GrbVectorFree>;

namespace detail {

/// The typed GrB entry points of one value type.
template <class T>
struct GrbTyped;

#define HPG_GRB_TYPED(CTYPE, SUFFIX)                                                                                \
  template <>                                                                                                      \
  struct GrbTyped<CTYPE> {                                                                                         \
    static GrB_Type type() { return GrB_##SUFFIX; }                                                                \
    static GrB_Info matrix_build(GrB_Matrix a, const GrB_Index* i, const GrB_Index* j, const CTYPE* x, GrB_Index n) { \
      return GrB_Matrix_build_##SUFFIX(a, i, j, x, n, nullptr);                                                    \
    }                                                                                                              \
    static GrB_Info matrix_extract(GrB_Index* i, GrB_Index* j, CTYPE* x, GrB_Index* n, GrB_Matrix a) {             \
      return GrB_Matrix_extractTuples_##SUFFIX(i, j, x, n, a);                                                     \
    }                                                                                                              \
    static GrB_Info vector_build(GrB_Vector v, const GrB_Index* i, const CTYPE* x, GrB_Index n) {                  \
      return GrB_Vector_build_##SUFFIX(v, i, x, n, nullptr);                                                       \
    }                                                                                                              \
    static GrB_Info vector_extract(GrB_Index* i, CTYPE* x, GrB_Index* n, GrB_Vector v) {                           \
      return GrB_Vector_extractTuples_##SUFFIX(i, x, n, v);                                                        \
    }                                                                                                              \
  };
HPG_GRB_TYPED(bool, BOOL)
HPG_GRB_TYPED(std::int8_t, INT8)
HPG_GRB_TYPED(std::int16_t, INT16)
HPG_GRB_TYPED(std::int32_t, INT32)
HPG_GRB_TYPED(std::int64_t, INT64)
HPG_GRB_TYPED(std::uint8_t, UINT8)
HPG_GRB_TYPED(std::uint16_t, UINT16)
HPG_GRB_TYPED(std::uint32_t, UINT32)
HPG_GRB_TYPED(std::uint64_t, UINT64)
HPG_GRB_TYPED(float, FP32)
HPG_GRB_TYPED(double, FP64)
#undef HPG_GRB_TYPED

template <class T>
inline constexpr bool is_grb_builtin_v = type_code<T>() != TypeCode::user;

/// A user type's entry points: the _UDT functions on raw bytes.
template <class T>
struct GrbUser {
  static GrB_Info matrix_build(GrB_Matrix a, const GrB_Index* i, const GrB_Index* j, const T* x, GrB_Index n) {
    return GrB_Matrix_build_UDT(a, i, j, static_cast<const void*>(x), n, nullptr);
  }
  static GrB_Info matrix_extract(GrB_Index* i, GrB_Index* j, T* x, GrB_Index* n, GrB_Matrix a) {
    return GrB_Matrix_extractTuples_UDT(i, j, static_cast<void*>(x), n, a);
  }
  static GrB_Info vector_build(GrB_Vector v, const GrB_Index* i, const T* x, GrB_Index n) {
    return GrB_Vector_build_UDT(v, i, static_cast<const void*>(x), n, nullptr);
  }
  static GrB_Info vector_extract(GrB_Index* i, T* x, GrB_Index* n, GrB_Vector v) {
    return GrB_Vector_extractTuples_UDT(i, static_cast<void*>(x), n, v);
  }
};

template <class T>
using GrbCalls = std::conditional_t<is_grb_builtin_v<T>, GrbTyped<T>, GrbUser<T>>;

/// Values in a plain array (std::vector<bool> has no bool* to hand to GraphBLAS).
template <class T>
struct ValueBuffer {
  explicit ValueBuffer(std::size_t n) : p(new T[n > 0 ? n : 1]) {}
  std::unique_ptr<T[]> p;
  T* data() { return p.get(); }
};

}  // namespace detail

/// The GrB_Type of T: a built-in type, or (a user struct) one GrB_Type per T made on first use.
template <class T>
GrB_Type grb_type() {
  static_assert(is_value_type_v<T>, "grb_type<T>: T must be a trivially copyable value type");
  if constexpr (detail::is_grb_builtin_v<T>) {
    return detail::GrbTyped<T>::type();
  } else {
    static const GrB_Type type = [] {
      grb_init();
      GrB_Type t = nullptr;
      grb_check(GrB_Type_new(&t, sizeof(T)), "GrB_Type_new");
      return t;
    }();
    return type;
  }
}

namespace detail {
/// A user type T may only be read from an object of type grb_type<T>() (the _UDT calls copy bytes).
template <class T>
void require_grb_type(GrB_Type actual, const char* what) {
  if constexpr (!is_grb_builtin_v<T>) {
    if (actual != grb_type<T>())
      throw_error(Info::domain_mismatch, std::string(what) + ": the GraphBLAS object's type is not grb_type<" + typeid(T).name() +
                                             ">() (a user type is read only from its own GrB_Type)");
  } else {
    (void)actual;
    (void)what;
  }
}
}  // namespace detail

/// A new GrB_Matrix with a's dimensions, type grb_type<T>() and entries (the caller frees it).
template <class T>
GrB_Matrix to_grb(const Matrix<T>& a) {
  grb_init();
  std::vector<Index> rows, cols;
  std::vector<T> vals;
  a.extract_tuples(rows, cols, vals);
  detail::ValueBuffer<T> x(vals.size());
  for (std::size_t k = 0; k < vals.size(); ++k) x.data()[k] = vals[k];
  GrB_Matrix g = nullptr;
  grb_check(GrB_Matrix_new(&g, grb_type<T>(), a.nrows(), a.ncols()), "to_grb: GrB_Matrix_new");
  grb_matrix_ptr owner(g);
  if (!rows.empty())  // (GraphBLAS rejects the NULL arrays of an empty std::vector)
    grb_check(detail::GrbCalls<T>::matrix_build(g, rows.data(), cols.data(), x.data(), rows.size()), "to_grb: GrB_Matrix_build", g);
  grb_check(GrB_Matrix_wait(g, GrB_MATERIALIZE), "to_grb: GrB_Matrix_wait", g);
  return owner.release();
}

/// A new GrB_Vector with v's size, type grb_type<T>() and entries (the caller frees it).
template <class T>
GrB_Vector to_grb(const Vector<T>& v) {
  grb_init();
  std::vector<Index> idx;
  std::vector<T> vals;
  v.extract_tuples(idx, vals);
  detail::ValueBuffer<T> x(vals.size());
  for (std::size_t k = 0; k < vals.size(); ++k) x.data()[k] = vals[k];
  GrB_Vector g = nullptr;
  grb_check(GrB_Vector_new(&g, grb_type<T>(), v.size()), "to_grb: GrB_Vector_new");
  grb_vector_ptr owner(g);
  if (!idx.empty())
    grb_check(detail::GrbCalls<T>::vector_build(g, idx.data(), x.data(), idx.size()), "to_grb: GrB_Vector_build", g);
  grb_check(GrB_Vector_wait(g, GrB_MATERIALIZE), "to_grb: GrB_Vector_wait", g);
  return owner.release();
}

/// An hpg::Matrix<T> on backend b holding a copy of g's entries (g is not changed).
template <class T>
Matrix<T> from_grb(GrB_Matrix g, Backend b = default_backend()) {
  if (g == nullptr) detail::throw_error(Info::null_pointer, "from_grb: the GrB_Matrix is NULL");
  grb_init();
  GrB_Index nrows = 0, ncols = 0, nvals = 0;
  grb_check(GrB_Matrix_nrows(&nrows, g), "from_grb: GrB_Matrix_nrows", g);
  grb_check(GrB_Matrix_ncols(&ncols, g), "from_grb: GrB_Matrix_ncols", g);
  grb_check(GrB_Matrix_nvals(&nvals, g), "from_grb: GrB_Matrix_nvals", g);
  if constexpr (!detail::is_grb_builtin_v<T>) {
    GrB_Type type = nullptr;
    grb_check(GxB_Matrix_type(&type, g), "from_grb: GxB_Matrix_type", g);
    detail::require_grb_type<T>(type, "from_grb");
  }
  std::vector<Index> rows(nvals), cols(nvals);
  detail::ValueBuffer<T> x(nvals);
  GrB_Index n = nvals;
  if (nvals > 0)
    grb_check(detail::GrbCalls<T>::matrix_extract(rows.data(), cols.data(), x.data(), &n, g), "from_grb: GrB_Matrix_extractTuples", g);
  Matrix<T> a(nrows, ncols, b);
  a.build(std::span<const Index>(rows.data(), n), std::span<const Index>(cols.data(), n), std::span<const T>(x.data(), n));
  return a;
}

/// An hpg::Vector<T> on backend b holding a copy of g's entries (g is not changed).
template <class T>
Vector<T> from_grb(GrB_Vector g, Backend b = default_backend()) {
  if (g == nullptr) detail::throw_error(Info::null_pointer, "from_grb: the GrB_Vector is NULL");
  grb_init();
  GrB_Index size = 0, nvals = 0;
  grb_check(GrB_Vector_size(&size, g), "from_grb: GrB_Vector_size", g);
  grb_check(GrB_Vector_nvals(&nvals, g), "from_grb: GrB_Vector_nvals", g);
  if constexpr (!detail::is_grb_builtin_v<T>) {
    GrB_Type type = nullptr;
    grb_check(GxB_Vector_type(&type, g), "from_grb: GxB_Vector_type", g);
    detail::require_grb_type<T>(type, "from_grb");
  }
  std::vector<Index> idx(nvals);
  detail::ValueBuffer<T> x(nvals);
  GrB_Index n = nvals;
  if (nvals > 0) grb_check(detail::GrbCalls<T>::vector_extract(idx.data(), x.data(), &n, g), "from_grb: GrB_Vector_extractTuples", g);
  Vector<T> v(size, b);
  v.build(std::span<const Index>(idx.data(), n), std::span<const T>(x.data(), n));
  return v;
}
/// The same as from_grb<T>(GrB_Vector, b), by a name that says what it returns.
template <class T>
Vector<T> from_grb_vector(GrB_Vector g, Backend b = default_backend()) {
  return from_grb<T>(g, b);
}

}  // namespace hpg
