// What every operation of the front end checks before it calls a backend, each rule written once:
// the operands share a backend; their dimensions under the descriptor's transposes; the mask's
// dimensions. Backends (detail/backends.hpp) receive checked arguments; what only a backend can
// check (a valued mask's type, an accumulator's domain) it checks itself, after these.
#pragma once

#include <optional>
#include <string>
#include <type_traits>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/matrix.hpp"
#include "hpgraph/ops/semiring.hpp"
#include "hpgraph/scalar.hpp"
#include "hpgraph/vector.hpp"

namespace hpg::detail {

template <class T> struct is_vector : std::false_type {};
template <class T> struct is_vector<Vector<T>> : std::true_type {};
template <class T> struct is_matrix : std::false_type {};
template <class T> struct is_matrix<Matrix<T>> : std::true_type {};
template <class T> struct is_semiring : std::false_type {};
template <class A, class M> struct is_semiring<Semiring<A, M>> : std::true_type {};

/// The operator an element-wise union uses (a semiring's add), and an intersection (its multiply).
template <class Op>
const auto& add_op(const Op& op) {
  if constexpr (is_semiring<Op>::value) return op.add;
  else return op;
}
template <class Op>
const auto& mult_op(const Op& op) {
  if constexpr (is_semiring<Op>::value) return op.mul;
  else return op;
}

[[noreturn]] inline void dimension_error(const char* op, const std::string& what) {
  throw_error(Info::dimension_mismatch, std::string(op) + ": " + what);
}
inline void check_dim(const char* op, const char* what, Index got, Index want) {
  if (got != want)
    dimension_error(op, std::string(what) + " is " + std::to_string(got) + ", expected " + std::to_string(want));
}

template <class T> Backend backend_of(const Vector<T>& v) { return v.backend(); }
template <class T> Backend backend_of(const Matrix<T>& m) { return m.backend(); }
template <class T> Backend backend_of(const Scalar<T>& s) { return s.backend(); }

/// All containers of an operation must live on one backend; that backend runs it.
template <class... C>
Backend common_backend(const char* op, const C&... c) {
  std::optional<Backend> first;
  bool mixed = false;
  auto note = [&](const auto& x) {
    if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, no_mask_t>) {
      const Backend b = backend_of(x);
      if (!first) first = b;
      else mixed = mixed || b != *first;
    }
  };
  (note(c), ...);
  if (mixed)
    throw_error(Info::invalid_object, std::string(op) + ": the operands live on different backends; move them with to_backend()");
  return first.value_or(Backend::host);
}

/// A matrix's rows and columns as an operation reads it: transposed by the descriptor or not.
struct Shape {
  Index rows, cols;
};
template <class T>
Shape shape_of(const Matrix<T>& a, bool transposed) {
  return transposed ? Shape{a.ncols(), a.nrows()} : Shape{a.nrows(), a.ncols()};
}

/// Error(dimension_mismatch) unless `name` (A, B, ...) read as `s` is rows x cols.
inline void check_shape(const char* op, const std::string& name, Shape s, Index rows, Index cols) {
  check_dim(op, (name + " rows").c_str(), s.rows, rows);
  check_dim(op, (name + " columns").c_str(), s.cols, cols);
}

/// A vector operation's mask: hpg::no_mask, or a Vector of the output's size.
template <class Mask>
void check_vector_mask(const char* op, const Mask& mask, Index n) {
  if constexpr (!std::is_same_v<Mask, no_mask_t>) {
    static_assert(is_vector<Mask>::value, "the mask of a vector operation is a Vector or hpg::no_mask");
    check_dim(op, "mask size", mask.size(), n);
  }
}

/// A matrix operation's mask: hpg::no_mask, or a Matrix of the output's shape.
template <class Mask>
void check_matrix_mask(const char* op, const Mask& mask, Index rows, Index cols) {
  if constexpr (!std::is_same_v<Mask, no_mask_t>) {
    static_assert(is_matrix<Mask>::value, "the mask of a matrix operation is a Matrix or hpg::no_mask");
    check_shape(op, "mask", Shape{mask.nrows(), mask.ncols()}, rows, cols);
  }
}

/// In a device loop's capture (hpgraph/loop.hpp): an output that this call replaces whole before
/// anything reads it (no accumulator; no mask and no complement, or replace; not the mask nor one
/// of the inputs) is, when the call is the body's first touch of it, not carried into the rounds
/// (LoopCapture::overwritten). It is touched here, so that it is carried so whatever the backend
/// then does. Nothing outside a capture.
template <class W, class Mask, class Accum, class... In>
void overwrites_output(const Vector<W>& w, const Mask& mask, const Accum&, const Descriptor& d, const In&... in) {
  if (LoopCapture* c = loop_capture()) [[unlikely]] {
    if constexpr (std::is_same_v<Accum, no_accum_t>) {
      const void* const at = &w;
      const bool whole = d.replace || (std::is_same_v<Mask, no_mask_t> && !d.mask_complement);
      const bool read = static_cast<const void*>(&mask) == at || ((static_cast<const void*>(&in) == at) || ...);
      if (whole && !read) c->overwrites(at);
    }
    VectorAccess::apply_pending(w);  // the first touch carries it
  }
}

/// apply and select map one input to an output of its shape: w and u (or C and A, transposed by
/// the descriptor) share a backend and a shape, and the mask fits the output. Returns the backend.
template <class W, class Mask, class U>
Backend check_map(const char* op, const Vector<W>& w, const Mask& mask, const Vector<U>& u, const Descriptor&) {
  const Backend b = common_backend(op, w, mask, u);
  check_dim(op, "u size", u.size(), w.size());
  check_vector_mask(op, mask, w.size());
  return b;
}
template <class C, class Mask, class A>
Backend check_map(const char* op, const Matrix<C>& c, const Mask& mask, const Matrix<A>& a, const Descriptor& d) {
  const Backend b = common_backend(op, c, mask, a);
  check_shape(op, "A", shape_of(a, d.transpose_first), c.nrows(), c.ncols());
  check_matrix_mask(op, mask, c.nrows(), c.ncols());
  return b;
}

}  // namespace hpg::detail
