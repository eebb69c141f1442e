// The GraphBLAS operations (C API 2.0 semantics), argument order as in the C API: output, mask,
// accumulator, operator, inputs, descriptor. Every operation computes its result T from the
// inputs, then merges it into the output: Z = accum ? accum(W, T) : T, and W<M, replace> = Z (see
// descriptor.hpp). An output may alias an input or the mask: the result is as if the inputs were
// copied first.
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/host/operations.hpp"
#include "hpgraph/detail/tuning.hpp"
#if HPG_HAS_CUDA
#include "hpgraph/cuda/matrix_finish.cuh"
#include "hpgraph/cuda/matrix_ops.cuh"
#include "hpgraph/cuda/spgemm.cuh"
#include "hpgraph/cuda/spmv.cuh"
#include "hpgraph/cuda/vector_ops.cuh"
#include "hpgraph/cuda/vector_upsert.cuh"
#endif
#include "hpgraph/matrix.hpp"
#include "hpgraph/ops/index_unary.hpp"
#include "hpgraph/ops/semiring.hpp"
#include "hpgraph/ops/unary.hpp"
#include "hpgraph/scalar.hpp"
#include "hpgraph/vector.hpp"

namespace hpg {

/// An index list for assign and extract: hpg::all, a std::vector<Index>, a span, or {i, j, ...}.
class Indices {
 public:
  Indices(all_t) : all_(true) {}
  Indices(const std::vector<Index>& v) : list_(v) {}
  Indices(std::span<const Index> s) : list_(s) {}
  Indices(std::initializer_list<Index> l) : list_(l.begin(), l.size()) {}
  bool is_all() const { return all_; }
  /// How many indices, given the dimension they index (hpg::all: all of it).
  Index count(Index dim) const { return all_ ? dim : list_.size(); }
  Index operator[](std::size_t k) const { return all_ ? k : list_[k]; }
  /// Error(index_out_of_bounds) when an index is not below dim.
  void check(Index dim, const char* what) const {
    if (all_) return;
    for (std::size_t k = 0; k < list_.size(); ++k)
      if (list_[k] >= dim)
        detail::throw_error(Info::index_out_of_bounds, std::string(what) + ": index " + std::to_string(list_[k]) + " (position " +
                                                         std::to_string(k) + ") is not below " + std::to_string(dim));
  }

 private:
  bool all_ = false;
  std::span<const Index> list_;
};

namespace detail {

template <class T> struct is_vector : std::false_type {};
template <class T> struct is_vector<Vector<T>> : std::true_type {};
template <class T> struct is_matrix : std::false_type {};
template <class T> struct is_matrix<Matrix<T>> : std::true_type {};
template <class T> struct is_semiring : std::false_type {};
template <class A, class M> struct is_semiring<Semiring<A, M>> : std::true_type {};

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

inline Backend backend_of(const no_mask_t&) { return Backend::host; }
template <class T> Backend backend_of(const Vector<T>& v) { return v.backend(); }
template <class T> Backend backend_of(const Matrix<T>& m) { return m.backend(); }
template <class T> Backend backend_of(const Scalar<T>& s) { return s.backend(); }

/// All containers of an operation must live on one backend; that backend runs it.
template <class... C>
Backend common_backend(const char* op, const C&... c) {
  bool any_cuda = false, any_host = false;
  auto note = [&](const auto& x) {
    if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, no_mask_t>) (backend_of(x) == Backend::cuda ? any_cuda : any_host) = true;
  };
  (note(c), ...);
  if (any_cuda && any_host)
    throw_error(Info::invalid_object, std::string(op) + ": the operands live on different backends; move them with to_backend()");
  return any_cuda ? Backend::cuda : Backend::host;
}

#if HPG_HAS_CUDA
template <class Mask>
const DeviceVec<typename Mask::value_type>* device_vector_mask(const Mask& mask) {
  return &VectorAccess::device(mask);
}
inline const DeviceVec<bool>* device_vector_mask(const no_mask_t&) { return nullptr; }

/// mxv / vxm on the GPU: see hpgraph/cuda/spmv.cuh for the orientation rules.
template <bool UFirst, class W, class Mask, class Accum, class SR, class A, class U>
void cuda_spmv(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Vector<U>& u,
               bool pull_over_transpose, bool entry_out_first, const Descriptor& d) {
  cuda::spmv<UFirst>(VectorAccess::device(w), device_vector_mask(mask), accum, s, MatrixAccess::device(a), MatrixAccess::derived(a),
                     VectorAccess::device(u), pull_over_transpose, entry_out_first, d);
}

/// The mask's device storage (nullptr: no mask), once it is checked to be w's size.
template <class W, class Mask>
auto checked_device_mask(const Vector<W>& w, const Mask& mask) {
  if constexpr (!std::is_same_v<Mask, no_mask_t>) check_dim("operation", "mask size", mask.size(), w.size());
  return device_vector_mask(mask);
}

/// W<M, replace> = accum ? accum(W, T) : T on the GPU, for T in bitmap form.
template <class W, class Mask, class Accum, class Z>
void cuda_finish(Vector<W>& w, const Mask& mask, const Accum& accum, const cuda::DeviceResult<Z>& t, const Descriptor& d,
                 const std::uint8_t* region = nullptr) {
  const cuda::DeviceMask m = cuda::vector_mask(checked_device_mask(w, mask), w.size(), d);
  cuda::finish_vector(VectorAccess::device(w), m, accum, t.val.data(), t.present.data(), d.replace, region, t.known_nvals());
}

/// The same for a T made for this call alone: with no mask and no accumulator, T's arrays become
/// w's (no finish pass, no copy).
template <class W, class Mask, class Accum, class Z>
void cuda_finish(Vector<W>& w, const Mask& mask, const Accum& accum, cuda::DeviceResult<Z>&& t, const Descriptor& d) {
  const cuda::DeviceMask m = cuda::vector_mask(checked_device_mask(w, mask), w.size(), d);
  cuda::finish_vector(VectorAccess::device(w), m, accum, std::move(t.val), std::move(t.present), d.replace, t.known_nvals());
}

/// The same for T in sparse form (hpgraph/cuda/sparse_result.cuh): the output becomes T where the
/// rules allow, with no pass over all of w.
template <class W, class Mask, class Accum, class Z>
void cuda_finish(Vector<W>& w, const Mask& mask, const Accum& accum, cuda::DeviceSparseResult<Z>&& t, const Descriptor& d) {
  cuda::finish_vector_sparse(VectorAccess::device(w), checked_device_mask(w, mask), accum, std::move(t), d);
}

/// apply / select on the GPU: over u's entries when u is sparse, else over its bitmap.
template <class Z, class W, class Mask, class Accum, class F, class U>
void cuda_map(Vector<W>& w, const Mask& mask, const Accum& accum, const F& f, const Vector<U>& u, bool can_drop, const Descriptor& d) {
  const auto& du = VectorAccess::device(u);
  if (du.format == VectorFormat::sparse)
    return cuda::map_sparse_into<Z>(VectorAccess::device(w), checked_device_mask(w, mask), accum, f, du, can_drop, d);
  cuda_finish(w, mask, accum, cuda::map<Z>(f, du, can_drop), d);
}

/// w<struct(M)>(all) = x or u, no accumulator and no replace, sets w at M's entries and nothing
/// else (hpgraph/cuda/vector_upsert.cuh). `u_at_mask`: every entry of M has a value
/// in u (u is M itself, or u is full). Returns false where the general path must run.
template <class W, class Mask, class Accum, class X>
bool cuda_try_upsert(Vector<W>& w, const Mask& mask, const Accum&, const cuda::UpsertSource<X>& src, bool u_at_mask, const Indices& I,
                     const Descriptor& d) {
  if constexpr (std::is_same_v<Mask, no_mask_t> || !std::is_same_v<Accum, no_accum_t> || !castable_v<W, X>) {
    return false;
  } else {
    if (!I.is_all() || !u_at_mask || !d.mask_structure || d.mask_complement || d.replace) return false;
    cuda::upsert(VectorAccess::device(w), *checked_device_mask(w, mask), src);
    return true;
  }
}

inline cuda::DeviceIndices device_indices(const Indices& I, Index dim) {
  cuda::DeviceIndices out;
  out.count = I.count(dim);
  out.all = I.is_all();
  if (!out.all) {
    std::vector<Index> list(out.count);
    for (Index k = 0; k < out.count; ++k) list[k] = I[k];
    out.list.upload(list, "index list");
  }
  return out;
}

/// The mask of a matrix operation on the GPU, checked in the host's order: its dimensions, then
/// (cuda::matrix_mask) the type of a valued mask.
template <class Mask>
cuda::MatrixMask cuda_matrix_mask(const Mask& mask, Index nrows, Index ncols, const Descriptor& d, const char* op) {
  if constexpr (std::is_same_v<Mask, no_mask_t>) {
    return cuda::matrix_mask(static_cast<const DeviceCsr<bool>*>(nullptr), d);
  } else {
    static_assert(is_matrix<Mask>::value, "the mask of a matrix operation is a Matrix or hpg::no_mask");
    check_dim(op, "mask rows", mask.nrows(), nrows);
    check_dim(op, "mask columns", mask.ncols(), ncols);
    return cuda::matrix_mask(&MatrixAccess::device(mask), d);
  }
}

/// C<M, replace> = accum ? accum(C, T) : T on the GPU. T must be complete: C (which may be an
/// input or the mask) is read here and replaced only by the finished result, so its derived forms
/// (and any reference into them) stay valid until then.
template <class W, class Accum, class Z>
void cuda_finish_matrix(Matrix<W>& c, const cuda::MatrixMask& m, const Accum& accum, DeviceCsr<Z>&& t, const Descriptor& d,
                        const cuda::RegionView& region = {}) {
  DeviceCsr<W> out = cuda::merge_matrix(MatrixAccess::device(std::as_const(c)), m, accum, std::move(t), d.replace, region);
  MatrixAccess::device(c) = std::move(out);
}
template <class W, class Mask, class Accum, class Z>
void cuda_finish_matrix(Matrix<W>& c, const Mask& mask, const Accum& accum, DeviceCsr<Z>&& t, const Descriptor& d, const char* op) {
  const cuda::MatrixMask m = cuda_matrix_mask(mask, c.nrows(), c.ncols(), d, op);
  cuda_finish_matrix(c, m, accum, std::move(t), d);
}

/// A matrix operand as the operation reads it: the matrix, or its transpose (cached with it).
template <class T>
const DeviceCsr<T>& cuda_operand(const Matrix<T>& a, bool transpose) {
  const DeviceCsr<T>& da = MatrixAccess::device(a);
  return transpose ? cuda::transpose_of(da, MatrixAccess::derived(a)) : da;
}

/// The region an assign covers, as a bitmap over the output (nullptr: hpg::all covers it all).
inline DeviceArray<std::uint8_t> device_region(const cuda::DeviceIndices& I, Index n) {
  DeviceArray<std::uint8_t> region;
  if (I.all) return region;
  region.allocate(n, "assign region");
  if (n) device_memset(region.data(), 0, n);
  if (I.count) {
    cuda::region_kernel<<<cuda::grid1(I.count), 256, 0, detail::cuda::stream()>>>(I.data(), I.count, region.data());
    cuda::check_launch("region_kernel");
  }
  return region;
}

/// w<mask>(I) = accum(w(I), x) on the GPU, x read from x_at when that is not null (a Scalar's
/// value on the device, read when the kernels run).
template <class W, class Mask, class Accum, class X>
void cuda_assign_scalar(Vector<W>& w, const Mask& mask, const Accum& accum, const X& x, const X* x_at, const Indices& I, const Descriptor& d) {
  cuda::UpsertSource<X> src;
  src.scalar = x;
  src.scalar_at = x_at;
  if (cuda_try_upsert(w, mask, accum, src, true, I, d)) return;
  const auto di = device_indices(I, w.size());
  const auto region = device_region(di, w.size());
  cuda::DeviceResult<X> t(w.size(), di.all);  // x over all of w: T is full
  if (di.count) {
    cuda::assign_scatter_kernel<X><<<cuda::grid1(di.count), 256, 0, cuda::stream()>>>(di.data(), di.count, nullptr, nullptr, x, t.val.data(),
                                                                                      t.present.data(), x_at);
    cuda::check_launch("assign_scatter_kernel");
  }
  // Over all of w, T is handed over: with no mask and no accumulator it becomes w (no finish pass).
  if (di.all) return cuda_finish(w, mask, accum, std::move(t), d);
  cuda_finish(w, mask, accum, t, d, region.data());
}
#endif

template <class T>
HostCsr<T> csr_snapshot(const Matrix<T>& a, bool transpose) {
  const HostCsr<T>& h = MatrixAccess::host(a);
  return transpose ? host::transposed(h) : h;
}

template <class Mask>
host::MaskRows vector_mask(const Mask& mask, Index n, const Descriptor& d, const char* op) {
  if constexpr (std::is_same_v<Mask, no_mask_t>) {
    return host::no_mask_rows(d);
  } else {
    static_assert(is_vector<Mask>::value, "the mask of a vector operation is a Vector or hpg::no_mask");
    check_dim(op, "mask size", mask.size(), n);
    return host::mask_rows(VectorAccess::host(mask), d);
  }
}

template <class Mask>
host::MaskRows matrix_mask(const Mask& mask, Index nrows, Index ncols, const Descriptor& d, const char* op) {
  if constexpr (std::is_same_v<Mask, no_mask_t>) {
    return host::no_mask_rows(d);
  } else {
    static_assert(is_matrix<Mask>::value, "the mask of a matrix operation is a Matrix or hpg::no_mask");
    check_dim(op, "mask rows", mask.nrows(), nrows);
    check_dim(op, "mask columns", mask.ncols(), ncols);
    return host::mask_rows(MatrixAccess::host(mask), d);
  }
}

template <class W, class Mask, class Accum, class T>
void finish(Vector<W>& w, const Mask& mask, const Accum& accum, const host::SparseVec<T>& t, const Descriptor& d,
            const char* op, const host::Region& region = {}) {
  const host::MaskRows m = vector_mask(mask, w.size(), d, op);
  HostVec<W> out = VectorAccess::host(w);  // written to a copy: a throw leaves w unchanged
  host::write_vector(out, m, region, accum, t, d.replace);
  VectorAccess::host(w) = std::move(out);
}

template <class W, class Mask, class Accum, class T>
void finish(Matrix<W>& c, const Mask& mask, const Accum& accum, const HostCsr<T>& t, const Descriptor& d, const char* op,
            const host::Region& region = {}) {
  const host::MaskRows m = matrix_mask(mask, c.nrows(), c.ncols(), d, op);
  HostCsr<W> out = MatrixAccess::host(c);
  host::write_matrix(out, m, region, accum, t, d.replace);
  MatrixAccess::host(c) = std::move(out);
}

}  // namespace detail

/// mxv and vxm on the GPU push (sparse input x matrix) when nvals(u) / size(u) is below
/// `density`, and pull (SpMV over HYB) otherwise. Default 0.05.
inline void set_push_pull_threshold(double density) {
  if (!(density >= 0.0 && density <= 1.0)) detail::throw_error(Info::invalid_value, "set_push_pull_threshold: density must be in [0, 1]");
  detail::tuning().push_pull_density = density;
}

/// How the GPU's HYB numbers its columns; read when a matrix's HYB is built (on its first pull
/// SpMV), so it applies to matrices not yet multiplied.
/// - automatic (default): by descending degree when the matrix has at least 2^20 entries and its
///   busiest column holds at least 16 times the mean: a power-law graph's hubs then share cache
///   lines in the pull's gathers; a grid or a uniform random graph keeps its own order.
/// - user: always the matrix's own order.
/// - by_degree: always by degree (when the matrix has any entry).
/// Results do not depend on it: entries keep their order within a row, positions reach a multiply
/// as the user's indices, and only the speed of the pull changes.
enum class HybColumnOrder { automatic, user, by_degree };
inline void set_hyb_column_order(HybColumnOrder order) {
  auto& t = detail::tuning();
  const detail::Tuning defaults;
  t.degree_order_min_entries = order == HybColumnOrder::automatic ? defaults.degree_order_min_entries
                               : order == HybColumnOrder::user    ? ~std::uint64_t(0)
                                                                  : 0;
  t.degree_order_skew = order == HybColumnOrder::automatic ? defaults.degree_order_skew : 0;
}

// ---- multiplication -----------------------------------------------------------------------------

/// GrB_mxv: w<mask> = accum(w, A (+.x) u). desc::transpose_first uses A'.
template <class W, class Mask, class Accum, class SR, class A, class U>
void mxv(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Vector<U>& u,
         const Descriptor& d = {}) {
  const Backend b = detail::common_backend("mxv", w, mask, a, u);
  const Index rows = d.transpose_first ? a.ncols() : a.nrows(), cols = d.transpose_first ? a.nrows() : a.ncols();
  detail::check_dim("mxv", "w size", w.size(), rows);
  detail::check_dim("mxv", "u size", u.size(), cols);
  if constexpr (!std::is_same_v<Mask, no_mask_t>) detail::check_dim("mxv", "mask size", mask.size(), w.size());
#if HPG_HAS_CUDA
  if (b == Backend::cuda) return detail::cuda_spmv<false>(w, mask, accum, s, a, u, d.transpose_first, !d.transpose_first, d);
#endif
  (void)b;
  const auto t = detail::host::mxv(s, detail::csr_snapshot(a, d.transpose_first), detail::VectorAccess::host(u), d.transpose_first);
  detail::finish(w, mask, accum, t, d, "mxv");
}

/// GrB_vxm: w<mask> = accum(w, u (+.x) A). desc::transpose_second uses A'.
template <class W, class Mask, class Accum, class SR, class U, class A>
void vxm(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Vector<U>& u, const Matrix<A>& a,
         const Descriptor& d = {}) {
  const Backend b = detail::common_backend("vxm", w, mask, a, u);
  const Index rows = d.transpose_second ? a.ncols() : a.nrows(), cols = d.transpose_second ? a.nrows() : a.ncols();
  detail::check_dim("vxm", "u size", u.size(), rows);
  detail::check_dim("vxm", "w size", w.size(), cols);
  if constexpr (!std::is_same_v<Mask, no_mask_t>) detail::check_dim("vxm", "mask size", mask.size(), w.size());
#if HPG_HAS_CUDA
  if (b == Backend::cuda) return detail::cuda_spmv<true>(w, mask, accum, s, a, u, !d.transpose_second, d.transpose_second, d);
#endif
  (void)b;
  const auto t = detail::host::vxm(s, detail::VectorAccess::host(u), detail::csr_snapshot(a, d.transpose_second), d.transpose_second);
  detail::finish(w, mask, accum, t, d, "vxm");
}

/// GrB_mxm: C<M> = accum(C, A (+.x) B), with either input transposed by the descriptor.
template <class C, class Mask, class Accum, class SR, class A, class B>
void mxm(Matrix<C>& c, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Matrix<B>& b,
         const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("mxm", c, mask, a, b);
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    const Index arows = d.transpose_first ? a.ncols() : a.nrows(), acols = d.transpose_first ? a.nrows() : a.ncols();
    const Index brows = d.transpose_second ? b.ncols() : b.nrows(), bcols = d.transpose_second ? b.nrows() : b.ncols();
    detail::check_dim("mxm", "inner dimension of B", brows, acols);
    detail::check_dim("mxm", "C rows", c.nrows(), arows);
    detail::check_dim("mxm", "C columns", c.ncols(), bcols);
    // The mask is needed before T: a mask that is not complemented chooses the entries to compute.
    const auto m = detail::cuda_matrix_mask(mask, c.nrows(), c.ncols(), d, "mxm");
    const auto& da = detail::MatrixAccess::device(a);
    const auto& db = detail::MatrixAccess::device(b);
    auto t = detail::cuda::mxm(s, da, detail::MatrixAccess::derived(a), d.transpose_first, db, detail::MatrixAccess::derived(b),
                               d.transpose_second, m, c.nrows(), c.ncols());
    return detail::cuda_finish_matrix(c, m, accum, std::move(t), d);
  }
#endif
  auto ha = detail::csr_snapshot(a, d.transpose_first);
  auto hb = detail::csr_snapshot(b, d.transpose_second);
  detail::check_dim("mxm", "inner dimension of B", hb.nrows, ha.ncols);
  detail::check_dim("mxm", "C rows", c.nrows(), ha.nrows);
  detail::check_dim("mxm", "C columns", c.ncols(), hb.ncols);
  const auto t = detail::host::mxm(s, ha, hb);
  detail::finish(c, mask, accum, t, d, "mxm");
}

// ---- element-wise -------------------------------------------------------------------------------

/// GrB_eWiseAdd: the union of u and v's patterns; op where both have an entry (a binary operator,
/// a monoid, or a semiring's add).
template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_add(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Vector<V>& v,
               const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("ewise_add", w, mask, u, v);
  detail::check_dim("ewise_add", "u size", u.size(), w.size());
  detail::check_dim("ewise_add", "v size", v.size(), w.size());
#if HPG_HAS_CUDA
  if (b == Backend::cuda) {
    const auto& du = detail::VectorAccess::device(u);
    const auto& dv = detail::VectorAccess::device(v);
    if (du.format == detail::VectorFormat::sparse && dv.format == detail::VectorFormat::sparse)  // over their entries only
      return detail::cuda_finish(w, mask, accum, detail::cuda::ewise_add_sparse(detail::add_op(op), du, dv), d);
    return detail::cuda_finish(w, mask, accum, detail::cuda::ewise<true>(detail::add_op(op), du, dv), d);
  }
#endif
  const auto t = detail::host::ewise<true>(detail::add_op(op), detail::host::sparse_of(detail::VectorAccess::host(u)),
                                           detail::host::sparse_of(detail::VectorAccess::host(v)));
  detail::finish(w, mask, accum, t, d, "ewise_add");
}

/// GrB_eWiseMult: the intersection of u and v's patterns (a binary operator, a monoid, or a
/// semiring's multiply).
template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_mult(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Vector<V>& v,
                const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("ewise_mult", w, mask, u, v);
  detail::check_dim("ewise_mult", "u size", u.size(), w.size());
  detail::check_dim("ewise_mult", "v size", v.size(), w.size());
#if HPG_HAS_CUDA
  if (b == Backend::cuda) {
    const auto& du = detail::VectorAccess::device(u);
    const auto& dv = detail::VectorAccess::device(v);
    if (detail::cuda::sparse_drives(du, dv))  // over the sparse operand's entries only
      return detail::cuda_finish(w, mask, accum, detail::cuda::ewise_mult_sparse(detail::mult_op(op), du, dv), d);
    return detail::cuda_finish(w, mask, accum, detail::cuda::ewise<false>(detail::mult_op(op), du, dv), d);
  }
#endif
  const auto t = detail::host::ewise<false>(detail::mult_op(op), detail::host::sparse_of(detail::VectorAccess::host(u)),
                                            detail::host::sparse_of(detail::VectorAccess::host(v)));
  detail::finish(w, mask, accum, t, d, "ewise_mult");
}

namespace detail {
template <bool Union, class C, class Mask, class Accum, class Op, class A, class B>
void ewise_matrix(const char* name, Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a,
                  const Matrix<B>& b, const Descriptor& d) {
  [[maybe_unused]] const Backend be = common_backend(name, c, mask, a, b);
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    check_dim(name, "A rows", d.transpose_first ? a.ncols() : a.nrows(), c.nrows());
    check_dim(name, "A columns", d.transpose_first ? a.nrows() : a.ncols(), c.ncols());
    check_dim(name, "B rows", d.transpose_second ? b.ncols() : b.nrows(), c.nrows());
    check_dim(name, "B columns", d.transpose_second ? b.nrows() : b.ncols(), c.ncols());
    auto t = cuda::ewise_csr<Union>(op, cuda_operand(a, d.transpose_first), cuda_operand(b, d.transpose_second));
    return cuda_finish_matrix(c, mask, accum, std::move(t), d, name);
  }
#endif
  auto ha = csr_snapshot(a, d.transpose_first);
  auto hb = csr_snapshot(b, d.transpose_second);
  check_dim(name, "A rows", ha.nrows, c.nrows());
  check_dim(name, "A columns", ha.ncols, c.ncols());
  check_dim(name, "B rows", hb.nrows, c.nrows());
  check_dim(name, "B columns", hb.ncols, c.ncols());
  const auto t = host::ewise<Union>(op, ha, hb);
  finish(c, mask, accum, t, d, name);
}
}  // namespace detail

template <class C, class Mask, class Accum, class Op, class A, class B>
void ewise_add(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Matrix<B>& b,
               const Descriptor& d = {}) {
  detail::ewise_matrix<true>("ewise_add", c, mask, accum, detail::add_op(op), a, b, d);
}
template <class C, class Mask, class Accum, class Op, class A, class B>
void ewise_mult(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Matrix<B>& b,
                const Descriptor& d = {}) {
  detail::ewise_matrix<false>("ewise_mult", c, mask, accum, detail::mult_op(op), a, b, d);
}

// ---- apply and select ---------------------------------------------------------------------------

/// GrB_apply with a unary operator (or hpg::bind_first / bind_second of a binary one).
template <class W, class Mask, class Accum, class Op, class U>
  requires std::is_invocable_v<const Op&, const U&>
void apply(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("apply", w, mask, u);
  detail::check_dim("apply", "u size", u.size(), w.size());
  using Z = std::decay_t<std::invoke_result_t<const Op&, const U&>>;
#if HPG_HAS_CUDA
  if (b == Backend::cuda)
    return detail::cuda_map<Z>(w, mask, accum, detail::cuda::apply_unary<Z, Op>{op}, u, false, d);
#endif
  const auto t = detail::host::map_entries<Z>(detail::host::sparse_of(detail::VectorAccess::host(u)),
                                              [&](const U& x, Index, Index) { return std::optional<Z>(op(x)); });
  detail::finish(w, mask, accum, t, d, "apply");
}

template <class C, class Mask, class Accum, class Op, class A>
  requires std::is_invocable_v<const Op&, const A&>
void apply(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("apply", c, mask, a);
  using Z = std::decay_t<std::invoke_result_t<const Op&, const A&>>;
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    detail::check_dim("apply", "A rows", d.transpose_first ? a.ncols() : a.nrows(), c.nrows());
    detail::check_dim("apply", "A columns", d.transpose_first ? a.nrows() : a.ncols(), c.ncols());
    auto t = detail::cuda::map_csr<Z>(detail::cuda::entry_unary<Z, Op>{op}, detail::cuda_operand(a, d.transpose_first));
    return detail::cuda_finish_matrix(c, mask, accum, std::move(t), d, "apply");
  }
#endif
  auto ha = detail::csr_snapshot(a, d.transpose_first);
  detail::check_dim("apply", "A rows", ha.nrows, c.nrows());
  detail::check_dim("apply", "A columns", ha.ncols, c.ncols());
  const auto t = detail::host::map_entries<Z>(ha, [&](const A& x, Index, Index) { return std::optional<Z>(op(x)); });
  detail::finish(c, mask, accum, t, d, "apply");
}

/// GrB_apply with an index-unary operator: w(i) = op(u(i), i, 0, thunk).
template <class W, class Mask, class Accum, class Op, class U, class S>
  requires std::is_invocable_v<const Op&, const U&, Index, Index, const S&>
void apply(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
           const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("apply", w, mask, u);
  detail::check_dim("apply", "u size", u.size(), w.size());
  using Z = std::decay_t<std::invoke_result_t<const Op&, const U&, Index, Index, const S&>>;
#if HPG_HAS_CUDA
  if (b == Backend::cuda)
    return detail::cuda_map<Z>(w, mask, accum, detail::cuda::apply_indexed<Z, Op, S>{op, thunk}, u, false, d);
#endif
  const auto t = detail::host::map_entries<Z>(detail::host::sparse_of(detail::VectorAccess::host(u)),
                                              [&](const U& x, Index i, Index j) { return std::optional<Z>(op(x, i, j, thunk)); });
  detail::finish(w, mask, accum, t, d, "apply");
}

template <class C, class Mask, class Accum, class Op, class A, class S>
  requires std::is_invocable_v<const Op&, const A&, Index, Index, const S&>
void apply(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
           const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("apply", c, mask, a);
  using Z = std::decay_t<std::invoke_result_t<const Op&, const A&, Index, Index, const S&>>;
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    detail::check_dim("apply", "A rows", d.transpose_first ? a.ncols() : a.nrows(), c.nrows());
    detail::check_dim("apply", "A columns", d.transpose_first ? a.nrows() : a.ncols(), c.ncols());
    auto t = detail::cuda::map_csr<Z>(detail::cuda::entry_indexed<Z, Op, S>{op, thunk}, detail::cuda_operand(a, d.transpose_first));
    return detail::cuda_finish_matrix(c, mask, accum, std::move(t), d, "apply");
  }
#endif
  auto ha = detail::csr_snapshot(a, d.transpose_first);
  detail::check_dim("apply", "A rows", ha.nrows, c.nrows());
  detail::check_dim("apply", "A columns", ha.ncols, c.ncols());
  const auto t = detail::host::map_entries<Z>(ha, [&](const A& x, Index i, Index j) { return std::optional<Z>(op(x, i, j, thunk)); });
  detail::finish(c, mask, accum, t, d, "apply");
}

/// GrB_select: keeps the entries where op(x, i, j, thunk) is true (tril, triu, diag, offdiag,
/// valuegt, ... or a user index-unary operator).
template <class W, class Mask, class Accum, class Op, class U, class S>
void select(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
            const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("select", w, mask, u);
  detail::check_dim("select", "u size", u.size(), w.size());
#if HPG_HAS_CUDA
  if (b == Backend::cuda)
    return detail::cuda_map<U>(w, mask, accum, detail::cuda::select_indexed<Op, S>{op, thunk}, u, true, d);
#endif
  const auto t = detail::host::map_entries<U>(detail::host::sparse_of(detail::VectorAccess::host(u)), [&](const U& x, Index i, Index j) {
    return op(x, i, j, thunk) ? std::optional<U>(x) : std::nullopt;
  });
  detail::finish(w, mask, accum, t, d, "select");
}

template <class C, class Mask, class Accum, class Op, class A, class S>
void select(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
            const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("select", c, mask, a);
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    detail::check_dim("select", "A rows", d.transpose_first ? a.ncols() : a.nrows(), c.nrows());
    detail::check_dim("select", "A columns", d.transpose_first ? a.nrows() : a.ncols(), c.ncols());
    auto t = detail::cuda::select_csr(detail::cuda::entry_select<Op, S>{op, thunk}, detail::cuda_operand(a, d.transpose_first));
    return detail::cuda_finish_matrix(c, mask, accum, std::move(t), d, "select");
  }
#endif
  auto ha = detail::csr_snapshot(a, d.transpose_first);
  detail::check_dim("select", "A rows", ha.nrows, c.nrows());
  detail::check_dim("select", "A columns", ha.ncols, c.ncols());
  const auto t = detail::host::map_entries<A>(ha, [&](const A& x, Index i, Index j) {
    return op(x, i, j, thunk) ? std::optional<A>(x) : std::nullopt;
  });
  detail::finish(c, mask, accum, t, d, "select");
}

// ---- reduce -------------------------------------------------------------------------------------

/// GrB_Matrix_reduce to a vector: w(i) = (+)_j A(i, j) over the entries of row i (a monoid or a
/// binary operator); desc::transpose_first reduces columns.
template <class W, class Mask, class Accum, class Op, class A>
void reduce(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("reduce", w, mask, a);
  detail::check_dim("reduce", "w size", w.size(), d.transpose_first ? a.ncols() : a.nrows());
  using Z = std::decay_t<decltype(op(std::declval<A>(), std::declval<A>()))>;
#if HPG_HAS_CUDA
  if (b == Backend::cuda) {
    const auto& da = detail::MatrixAccess::device(a);
    const auto& src = d.transpose_first ? detail::cuda::transpose_of(da, detail::MatrixAccess::derived(a)) : da;
    return detail::cuda_finish(w, mask, accum, detail::cuda::reduce_rows<Z>(op, src), d);
  }
#endif
  auto ha = detail::csr_snapshot(a, d.transpose_first);
  const auto t = detail::host::reduce_rows<Z>(op, ha);
  detail::finish(w, mask, accum, t, d, "reduce");
}

/// GrB_reduce to a scalar with a monoid: the monoid's identity when u has no entries.
template <class Monoid, class U>
auto reduce(const Monoid& m, const Vector<U>& u) {
  [[maybe_unused]] const Backend b = detail::common_backend("reduce", u);
  using Z = std::decay_t<decltype(m.identity())>;
#if HPG_HAS_CUDA
  if (b == Backend::cuda) return static_cast<Z>(detail::cuda::reduce_vector(m, detail::VectorAccess::device(u)));
#endif
  const auto s = detail::host::sparse_of(detail::VectorAccess::host(u));
  return detail::host::reduce_tree<Z>(m, s.val, 0, s.idx.size());
}
template <class Monoid, class A>
auto reduce(const Monoid& m, const Matrix<A>& a) {
  [[maybe_unused]] const Backend b = detail::common_backend("reduce", a);
  using Z = std::decay_t<decltype(m.identity())>;
#if HPG_HAS_CUDA
  if (b == Backend::cuda) return static_cast<Z>(detail::cuda::reduce_matrix(m, detail::MatrixAccess::device(a)));
#endif
  const auto& h = detail::MatrixAccess::host(a);
  return detail::host::reduce_tree<Z>(m, h.val, 0, h.val.size());
}
/// s = accum(s, reduce(m, x)) (accum may be hpg::no_accum).
template <class S, class Accum, class Monoid, class X>
  requires((detail::is_vector<X>::value || detail::is_matrix<X>::value) && !detail::is_scalar<S>::value)
void reduce(S& s, const Accum& accum, const Monoid& m, const X& x) {
  const auto r = reduce(m, x);
  if constexpr (std::is_same_v<Accum, no_accum_t>) s = detail::host::cast<S>(r);
  else s = detail::host::cast<S>(accum(s, detail::host::cast<S>(r)));
}

/// GrB_Vector_reduce_Monoid_Scalar / GrB_Matrix_reduce_Monoid_Scalar: s = accum(s, (+) over the
/// entries of x). With no entries there is nothing to reduce, as in SuiteSparse: without accum s
/// loses its value, with accum s is unchanged; an s without a value takes the result as it is.
/// On the GPU the result goes to the scalar's device word with no host wait, where the next call
/// that reads the scalar (an assign of it) reads it: a device loop's body can reduce into a
/// Scalar. Whether x has entries decides whether s holds a value, so a vector whose count only
/// the device knows is counted first (a wait; in a device loop's body, the loop runs from the host).
template <class S, class Accum, class Monoid, class X>
  requires(detail::is_vector<X>::value || detail::is_matrix<X>::value)
void reduce(Scalar<S>& s, const Accum& accum, const Monoid& m, const X& x, const Descriptor& = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("reduce", s, x);
  constexpr bool accumulates = !std::is_same_v<Accum, no_accum_t>;
  if (x.nvals() == 0) {
    if constexpr (!accumulates) s.clear();
    return;
  }
  const bool fold = accumulates && s.nvals() > 0;
#if HPG_HAS_CUDA
  if (b == Backend::cuda) {
    S* out = detail::ScalarAccess::written_on_device(s);
    if constexpr (detail::is_vector<X>::value) detail::cuda::reduce_vector_into(m, detail::VectorAccess::device(x), accum, fold, out);
    else {
      const auto& da = detail::MatrixAccess::device(x);
      detail::cuda::reduce_entries_into(m, da.val.data(), nullptr, da.nvals, accum, fold, out);
    }
    return;
  }
#endif
  const S r = detail::host::cast<S>(reduce(m, x));
  if constexpr (accumulates) {
    if (fold) return s.set_element(detail::host::cast<S>(accum(*s.extract_element(), r)));
  }
  s.set_element(r);
}

// ---- assign and extract -------------------------------------------------------------------------

/// GrB_Vector_assign: w<mask>(I) = accum(w(I), u); the mask spans all of w.
template <class W, class Mask, class Accum, class U>
void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("assign", w, mask, u);
  I.check(w.size(), "assign");
  detail::check_dim("assign", "u size", u.size(), I.count(w.size()));
#if HPG_HAS_CUDA
  if (b == Backend::cuda) {
    if constexpr (!std::is_same_v<Mask, no_mask_t>) {
      const auto& du = detail::VectorAccess::device(u);
      const bool same = static_cast<const void*>(&u) == static_cast<const void*>(&mask);
      const bool full = du.format == detail::VectorFormat::bitmap && du.nvals.is(du.size);
      detail::cuda::UpsertSource<U> src;
      src.val = du.val.data();
      src.aligned = same;
      if (detail::cuda_try_upsert(w, mask, accum, src, same || full, I, d)) return;
    }
    const auto di = detail::device_indices(I, w.size());
    const auto region = detail::device_region(di, w.size());
    const auto& du = detail::VectorAccess::device(u);
    const auto ub = detail::cuda::as_bitmap(du);
    detail::cuda::DeviceResult<U> t(w.size(), di.all && du.nvals.is(du.size));  // a full u over all of w: T is full
    if (di.count) {
      detail::cuda::assign_scatter_kernel<U><<<detail::cuda::grid1(di.count), 256, 0, detail::cuda::stream()>>>(di.data(), di.count, ub.val, ub.present,
                                                                                    U{}, t.val.data(), t.present.data(), nullptr);
      detail::cuda::check_launch("assign_scatter_kernel");
    }
    if (di.all) return detail::cuda_finish(w, mask, accum, std::move(t), d);  // as for a scalar: T becomes w where it can
    return detail::cuda_finish(w, mask, accum, t, d, region.data());
  }
#endif
  const auto su = detail::host::sparse_of(detail::VectorAccess::host(u));
  detail::host::Region region;
  region.everything = false;
  region.row_in.assign(1, 1);
  region.col_in.assign(w.size(), 0);
  for (Index k = 0; k < I.count(w.size()); ++k) region.col_in[I[k]] = 1;
  // T: u's entries at their positions in w (a later duplicate index wins).
  std::vector<std::pair<Index, std::size_t>> pos;
  for (std::size_t q = 0; q < su.idx.size(); ++q) pos.push_back({I[su.idx[q]], q});
  std::stable_sort(pos.begin(), pos.end(), [](const auto& x, const auto& y) { return std::get<0>(x) < std::get<0>(y); });
  detail::host::SparseVec<U> t;
  t.n = w.size();
  for (std::size_t k = 0; k < pos.size(); ++k) {
    if (k + 1 < pos.size() && pos[k + 1].first == pos[k].first) continue;
    t.idx.push_back(pos[k].first);
    t.val.push_back(su.val[pos[k].second]);
  }
  detail::finish(w, mask, accum, t, d, "assign", region);
}

/// GrB_Vector_assign of a scalar: w<mask>(I) = accum(w(I), x).
template <class W, class Mask, class Accum, class X>
  requires(!detail::is_vector<X>::value && !detail::is_matrix<X>::value && !detail::is_scalar<X>::value)
void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const X& x, const Indices& I, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("assign", w, mask);
  I.check(w.size(), "assign");
#if HPG_HAS_CUDA
  if (b == Backend::cuda) return detail::cuda_assign_scalar(w, mask, accum, x, static_cast<const X*>(nullptr), I, d);
#endif
  detail::host::Region region;
  region.everything = false;
  region.row_in.assign(1, 1);
  region.col_in.assign(w.size(), 0);
  for (Index k = 0; k < I.count(w.size()); ++k) region.col_in[I[k]] = 1;
  detail::host::SparseVec<X> t;
  t.n = w.size();
  for (Index i = 0; i < w.size(); ++i)
    if (region.col_in[i]) {
      t.idx.push_back(i);
      t.val.push_back(x);
    }
  detail::finish(w, mask, accum, t, d, "assign", region);
}

/// GrB_Vector_assign_Scalar: w<mask>(I) = accum(w(I), s), s read where it lives when the call runs
/// (on the GPU, from device memory: a device loop's body sees the value of each round). An empty
/// s assigns an empty vector, as SuiteSparse does: without accum the entries of w(I) under the
/// mask are deleted, with accum w is unchanged.
template <class W, class Mask, class Accum, class X>
void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const Scalar<X>& s, const Indices& I, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("assign", w, mask, s);
  I.check(w.size(), "assign");
  if (s.nvals() == 0) return assign(w, mask, accum, Vector<X>(I.count(w.size()), b), I, d);
  // Where the host knows the value it is passed as a number; a captured loop body reads it on the
  // device, where it may change from round to round.
  const std::optional<X> x = b == Backend::host || !detail::loop_capture() ? detail::ScalarAccess::known(s) : std::nullopt;
#if HPG_HAS_CUDA
  if (!x) return detail::cuda_assign_scalar(w, mask, accum, X{}, detail::ScalarAccess::device(s), I, d);
#endif
  assign(w, mask, accum, *x, I, d);
}

/// GrB_Matrix_assign: C<M>(I, J) = accum(C(I, J), A) (desc::transpose_first assigns A').
template <class C, class Mask, class Accum, class A>
void assign(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
            const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("assign", c, mask, a);
  I.check(c.nrows(), "assign");
  J.check(c.ncols(), "assign");
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    detail::check_dim("assign", "A rows", d.transpose_first ? a.ncols() : a.nrows(), I.count(c.nrows()));
    detail::check_dim("assign", "A columns", d.transpose_first ? a.nrows() : a.ncols(), J.count(c.ncols()));
    const auto di = detail::device_indices(I, c.nrows());
    const auto dj = detail::device_indices(J, c.ncols());
    auto t = detail::cuda::assign_csr(detail::cuda_operand(a, d.transpose_first), di, dj, c.nrows(), c.ncols());
    const auto region = detail::cuda::matrix_region(di, dj, c.nrows(), c.ncols());
    const auto m = detail::cuda_matrix_mask(mask, c.nrows(), c.ncols(), d, "assign");
    return detail::cuda_finish_matrix(c, m, accum, std::move(t), d, region.view());
  }
#endif
  auto ha = detail::csr_snapshot(a, d.transpose_first);
  detail::check_dim("assign", "A rows", ha.nrows, I.count(c.nrows()));
  detail::check_dim("assign", "A columns", ha.ncols, J.count(c.ncols()));
  detail::host::Region region;
  region.everything = false;
  region.row_in.assign(c.nrows(), 0);
  region.col_in.assign(c.ncols(), 0);
  for (Index k = 0; k < I.count(c.nrows()); ++k) region.row_in[I[k]] = 1;
  for (Index k = 0; k < J.count(c.ncols()); ++k) region.col_in[J[k]] = 1;
  std::vector<Index> r, cc;
  detail::HostArray<A> v;
  for (Index i = 0; i < ha.nrows; ++i)
    for (auto p = ha.ptr[i]; p < ha.ptr[i + 1]; ++p) {
      r.push_back(I[i]);
      cc.push_back(J[ha.col[p]]);
      v.push_back(ha.val[p]);
    }
  const auto t = detail::host::csr_from_tuples(c.nrows(), c.ncols(), r.data(), cc.data(), v.data(), r.size(), second<A>{}, "assign");
  detail::finish(c, mask, accum, t, d, "assign", region);
}

/// GrB_Matrix_assign of a scalar: C<M>(I, J) = accum(C(I, J), x).
template <class C, class Mask, class Accum, class X>
  requires(!detail::is_vector<X>::value && !detail::is_matrix<X>::value && !detail::is_scalar<X>::value)
void assign(Matrix<C>& c, const Mask& mask, const Accum& accum, const X& x, const Indices& I, const Indices& J,
            const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("assign", c, mask);
  I.check(c.nrows(), "assign");
  J.check(c.ncols(), "assign");
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    const auto di = detail::device_indices(I, c.nrows());
    const auto dj = detail::device_indices(J, c.ncols());
    const auto dregion = detail::cuda::matrix_region(di, dj, c.nrows(), c.ncols());
    // The mask first: T is built only where a (non-complemented) mask lets it through.
    const auto m = detail::cuda_matrix_mask(mask, c.nrows(), c.ncols(), d, "assign");
    auto t = detail::cuda::assign_scalar_csr(x, dregion, m, c.nrows(), c.ncols());
    return detail::cuda_finish_matrix(c, m, accum, std::move(t), d, dregion.view());
  }
#endif
  detail::host::Region region;
  region.everything = false;
  region.row_in.assign(c.nrows(), 0);
  region.col_in.assign(c.ncols(), 0);
  for (Index k = 0; k < I.count(c.nrows()); ++k) region.row_in[I[k]] = 1;
  for (Index k = 0; k < J.count(c.ncols()); ++k) region.col_in[J[k]] = 1;
  detail::host::CsrBuilder<X> t(c.nrows(), c.ncols());
  for (Index i = 0; i < c.nrows(); ++i) {
    if (region.row_in[i])
      for (Index j = 0; j < c.ncols(); ++j)
        if (region.col_in[j]) t.push(static_cast<std::uint32_t>(j), x);
    t.end_row(i);
  }
  detail::finish(c, mask, accum, t.csr, d, "assign", region);
}

/// GrB_Vector_extract: w<mask> = accum(w, u(I)).
template <class W, class Mask, class Accum, class U>
void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend b = detail::common_backend("extract", w, mask, u);
  I.check(u.size(), "extract");
  detail::check_dim("extract", "w size", w.size(), I.count(u.size()));
#if HPG_HAS_CUDA
  if (b == Backend::cuda) {
    const auto di = detail::device_indices(I, u.size());
    const auto ub = detail::cuda::as_bitmap(detail::VectorAccess::device(u));
    detail::cuda::DeviceResult<U> t(w.size());
    if (di.count) {
      detail::cuda::extract_gather_kernel<U><<<detail::cuda::grid1(di.count), 256, 0, detail::cuda::stream()>>>(di.data(), di.count, ub.val, ub.present,
                                                                                    t.val.data(), t.present.data());
      detail::cuda::check_launch("extract_gather_kernel");
    }
    return detail::cuda_finish(w, mask, accum, t, d);
  }
#endif
  const auto du = detail::host::dense_of(detail::VectorAccess::host(u));
  detail::host::SparseVec<U> t;
  t.n = w.size();
  for (Index k = 0; k < w.size(); ++k)
    if (du.present[I[k]]) {
      t.idx.push_back(k);
      t.val.push_back(du.val[I[k]]);
    }
  detail::finish(w, mask, accum, t, d, "extract");
}

/// GrB_Matrix_extract: C<M> = accum(C, A(I, J)) (desc::transpose_first extracts from A').
template <class C, class Mask, class Accum, class A>
void extract(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
             const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("extract", c, mask, a);
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    const Index rows = d.transpose_first ? a.ncols() : a.nrows(), cols = d.transpose_first ? a.nrows() : a.ncols();
    I.check(rows, "extract");
    J.check(cols, "extract");
    detail::check_dim("extract", "C rows", c.nrows(), I.count(rows));
    detail::check_dim("extract", "C columns", c.ncols(), J.count(cols));
    bool j_sorted = true;
    for (Index k = 1; k < c.ncols() && j_sorted && !J.is_all(); ++k) j_sorted = J[k - 1] <= J[k];
    const auto di = detail::device_indices(I, rows);
    const auto dj = detail::device_indices(J, cols);
    auto t = detail::cuda::extract_csr(detail::cuda_operand(a, d.transpose_first), di, dj, j_sorted, c.nrows(), c.ncols());
    return detail::cuda_finish_matrix(c, mask, accum, std::move(t), d, "extract");
  }
#endif
  auto ha = detail::csr_snapshot(a, d.transpose_first);
  I.check(ha.nrows, "extract");
  J.check(ha.ncols, "extract");
  detail::check_dim("extract", "C rows", c.nrows(), I.count(ha.nrows));
  detail::check_dim("extract", "C columns", c.ncols(), J.count(ha.ncols));
  // Where each column of A lands in C (a column listed twice lands twice).
  std::vector<std::vector<std::uint32_t>> dest(ha.ncols);
  for (Index k = 0; k < c.ncols(); ++k) dest[J[k]].push_back(static_cast<std::uint32_t>(k));
  detail::host::CsrBuilder<A> t(c.nrows(), c.ncols());
  std::vector<std::pair<std::uint32_t, A>> row;
  for (Index i = 0; i < c.nrows(); ++i) {
    row.clear();
    const Index src = I[i];
    for (auto p = ha.ptr[src]; p < ha.ptr[src + 1]; ++p)
      for (auto k : dest[ha.col[p]]) row.push_back({k, ha.val[p]});
    std::sort(row.begin(), row.end(), [](const auto& x, const auto& y) { return std::get<0>(x) < std::get<0>(y); });
    for (auto& [k, x] : row) t.push(k, x);
    t.end_row(i);
  }
  detail::finish(c, mask, accum, t.csr, d, "extract");
}

/// GrB_Col_extract: w<mask> = accum(w, A(I, j)) (desc::transpose_first: a row of A).
template <class W, class Mask, class Accum, class A>
void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, Index j,
             const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("extract", w, mask, a);
  const Index rows = d.transpose_first ? a.ncols() : a.nrows(), cols = d.transpose_first ? a.nrows() : a.ncols();
  if (j >= cols)
    detail::throw_error(Info::invalid_index, "extract: column " + std::to_string(j) + " is not below " + std::to_string(cols));
  I.check(rows, "extract");
  detail::check_dim("extract", "w size", w.size(), I.count(rows));
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    const auto di = detail::device_indices(I, rows);
    const auto t = detail::cuda::extract_column(detail::MatrixAccess::device(a), j, d.transpose_first, di, w.size());
    return detail::cuda_finish(w, mask, accum, t, d);
  }
#endif
  const auto& h = detail::MatrixAccess::host(a);
  // The column (or row) as a dense array over the rows.
  detail::HostArray<A> val(rows);
  std::vector<std::uint8_t> present(rows, 0);
  if (d.transpose_first) {
    for (auto p = h.ptr[j]; p < h.ptr[j + 1]; ++p) {
      val[h.col[p]] = h.val[p];
      present[h.col[p]] = 1;
    }
  } else {
    for (Index i = 0; i < a.nrows(); ++i)
      if (auto x = detail::host::csr_find(h, i, j)) {
        val[i] = *x;
        present[i] = 1;
      }
  }
  detail::host::SparseVec<A> t;
  t.n = w.size();
  for (Index k = 0; k < w.size(); ++k)
    if (present[I[k]]) {
      t.idx.push_back(k);
      t.val.push_back(val[I[k]]);
    }
  detail::finish(w, mask, accum, t, d, "extract");
}

/// GrB_transpose: C<M> = accum(C, A') (desc::transpose_first: C = A).
template <class C, class Mask, class Accum, class A>
void transpose(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Descriptor& d = {}) {
  [[maybe_unused]] const Backend be = detail::common_backend("transpose", c, mask, a);
#if HPG_HAS_CUDA
  if (be == Backend::cuda) {
    detail::check_dim("transpose", "C rows", c.nrows(), d.transpose_first ? a.nrows() : a.ncols());
    detail::check_dim("transpose", "C columns", c.ncols(), d.transpose_first ? a.ncols() : a.nrows());
    auto t = detail::cuda::clone_csr(detail::cuda_operand(a, !d.transpose_first));
    return detail::cuda_finish_matrix(c, mask, accum, std::move(t), d, "transpose");
  }
#endif
  auto t = detail::csr_snapshot(a, !d.transpose_first);
  detail::check_dim("transpose", "C rows", c.nrows(), t.nrows);
  detail::check_dim("transpose", "C columns", c.ncols(), t.ncols);
  detail::finish(c, mask, accum, t, d, "transpose");
}

}  // namespace hpg
