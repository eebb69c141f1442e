// The CUDA backend's operations (cuda::Ops): every API operation over the containers' device
// storage, with the same signatures as every backend's (hpgraph/detail/backends.hpp). Arguments
// arrive checked by the front end (hpgraph/detail/frontend.hpp); what only the device forms can
// decide (push or pull, a sparse or bitmap result, an in-place upsert) is decided here, and the
// work is done by the kernels and primitives of this folder.
#pragma once

#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/cuda/access.hpp"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/matrix_finish.cuh"
#include "hpgraph/cuda/matrix_ops.cuh"
#include "hpgraph/cuda/spgemm.cuh"
#include "hpgraph/cuda/spmv.cuh"
#include "hpgraph/cuda/storage_ops.cuh"
#include "hpgraph/cuda/vector_ops.cuh"
#include "hpgraph/cuda/vector_upsert.cuh"
#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/frontend.hpp"
#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/indices.hpp"
#include "hpgraph/matrix.hpp"
#include "hpgraph/prepare.hpp"
#include "hpgraph/scalar.hpp"
#include "hpgraph/vector.hpp"

namespace hpg::detail::cuda {

/// The mask's device storage (nullptr: no mask).
template <class Mask>
const DeviceVec<typename Mask::value_type>* device_mask_of(const Mask& mask) {
  return &vec_of(mask);
}
inline const DeviceVec<bool>* device_mask_of(const no_mask_t&) { return nullptr; }

/// The output's storage when a T of type Z is handed over to it whole (finish_vector's handover:
/// no mask, no accumulator, the same type): a full T is then written there in place
/// (DeviceResult). Null otherwise.
template <class Z, class W, class Mask, class Accum>
DeviceVec<Z>* output_lending(Vector<W>& w, const Mask&, const Accum&, const Descriptor& d) {
  if constexpr (std::is_same_v<W, Z> && std::is_same_v<Mask, no_mask_t> && std::is_same_v<Accum, no_accum_t>) {
    if (!d.mask_complement) return &vec_of(w);
  }
  return nullptr;
}

/// W<M, replace> = accum ? accum(W, T) : T for T in bitmap form (region: an assign's, or null).
template <class W, class Mask, class Accum, class Z>
void finish_output(Vector<W>& w, const Mask& mask, const Accum& accum, const DeviceResult<Z>& t, const Descriptor& d,
                   const std::uint8_t* region = nullptr) {
  const DeviceMask m = vector_mask(device_mask_of(mask), w.size(), d);
  finish_vector(vec_of(w), m, accum, t.val.data(), t.present.data(), d.replace, region, t.known_nvals());
}
/// The same for a T made for this call alone: with no mask and no accumulator, T's arrays become
/// w's (no finish pass, no copy).
template <class W, class Mask, class Accum, class Z>
void finish_output(Vector<W>& w, const Mask& mask, const Accum& accum, DeviceResult<Z>&& t, const Descriptor& d) {
  const DeviceMask m = vector_mask(device_mask_of(mask), w.size(), d);
  finish_vector(vec_of(w), m, accum, std::move(t.val), std::move(t.present), d.replace, t.known_nvals());
}
/// The same for T in sparse form (sparse_result.cuh): the output becomes T where the rules allow,
/// with no pass over all of w.
template <class W, class Mask, class Accum, class Z>
void finish_output(Vector<W>& w, const Mask& mask, const Accum& accum, DeviceSparseResult<Z>&& t, const Descriptor& d) {
  finish_vector_sparse(vec_of(w), device_mask_of(mask), accum, std::move(t), d);
}

/// The mask of a matrix operation (its type checked by matrix_mask).
template <class Mask>
MatrixMask matrix_mask_of(const Mask& mask, const Descriptor& d) {
  if constexpr (std::is_same_v<Mask, no_mask_t>) return matrix_mask(static_cast<const DeviceCsr<bool>*>(nullptr), d);
  else return matrix_mask(&csr_of(mask), d);
}

/// C<M, replace> = accum ? accum(C, T) : T. T must be complete: C (which may be an input or the
/// mask) is read here and replaced only by the finished result, so its derived forms (and any
/// reference into them) stay valid until then.
template <class W, class Accum, class Z>
void finish_matrix_output(Matrix<W>& c, const MatrixMask& m, const Accum& accum, DeviceCsr<Z>&& t, const Descriptor& d,
                          const RegionView& region = {}) {
  DeviceCsr<W> out = merge_matrix(csr_of(std::as_const(c)), m, accum, std::move(t), d.replace, region);
  csr_of(c) = std::move(out);
}

/// A matrix operand as the operation reads it: the matrix, or its transpose (cached with it).
template <class T>
const DeviceCsr<T>& operand_of(const Matrix<T>& a, bool transpose) {
  const DeviceCsr<T>& da = csr_of(a);
  return transpose ? transpose_of(da, derived_of(a)) : da;
}

inline DeviceIndices indices_on_device(const Indices& I, Index dim) {
  DeviceIndices out;
  out.count = I.count(dim);
  out.all = I.is_all();
  if (!out.all) {
    std::vector<Index> list(out.count);
    for (Index k = 0; k < out.count; ++k) list[k] = I[k];
    out.list.upload(list, "index list");
  }
  return out;
}

/// The region an assign covers, as a bitmap over the output (nullptr: hpg::all covers it all).
inline DeviceArray<std::uint8_t> region_on_device(const DeviceIndices& I, Index n) {
  DeviceArray<std::uint8_t> region;
  if (I.all) return region;
  region.allocate(n, "assign region");
  if (n) device_memset(region.data(), 0, n);
  if (I.count) {
    region_kernel<<<grid_for(I.count, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(I.data(), I.count,
                                                                                                            region.data());
    check_launch("region_kernel");
  }
  return region;
}

/// w<struct(M)>(all) = x or u, no accumulator and no replace, sets w at M's entries and nothing
/// else (vector_upsert.cuh). `u_at_mask`: every entry of M has a value in u (u is M itself, or u
/// is full). Returns false where the general path must run.
template <class W, class Mask, class Accum, class X>
bool try_upsert(Vector<W>& w, const Mask& mask, const Accum&, const UpsertSource<X>& src, bool u_at_mask, const Indices& I,
                const Descriptor& d) {
  if constexpr (std::is_same_v<Mask, no_mask_t> || !std::is_same_v<Accum, no_accum_t> || !castable_v<W, X>) {
    return false;
  } else {
    if (!I.is_all() || !u_at_mask || !d.mask_structure || d.mask_complement || d.replace) return false;
    upsert(vec_of(w), *device_mask_of(mask), src);
    return true;
  }
}

/// w<mask>(I) = accum(w(I), T), T scattered from the source by one kernel: x (or the device word
/// x_at, read when the kernels run), or u's bitmap (u not null).
template <class W, class Mask, class Accum, class X>
void assign_scattered(Vector<W>& w, const Mask& mask, const Accum& accum, const X& x, const X* x_at, const BitmapInput<X>* u, bool u_full,
                      const Indices& I, const Descriptor& d) {
  const DeviceIndices di = indices_on_device(I, w.size());
  const DeviceArray<std::uint8_t> region = region_on_device(di, w.size());
  // x, or a full u, over all of w: T is full (and handed over, so written in place where it may).
  DeviceResult<X> t(w.size(), di.all && (!u || u_full), di.all ? output_lending<X>(w, mask, accum, d) : nullptr);
  if (di.count) {
    assign_scatter_kernel<X><<<grid_for(di.count, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        di.data(), di.count, u ? u->val : nullptr, u ? u->present : nullptr, x, t.val.data(), t.present.data(), x_at);
    check_launch("assign_scatter_kernel");
  }
  // Over all of w, T is handed over: with no mask and no accumulator it becomes w (no finish pass).
  if (di.all) return finish_output(w, mask, accum, std::move(t), d);
  finish_output(w, mask, accum, t, d, region.data());
}

/// apply / select on the GPU: over u's entries when u is sparse, else over its bitmap.
template <class Z, class W, class Mask, class Accum, class F, class U>
void map_output(Vector<W>& w, const Mask& mask, const Accum& accum, const F& f, const Vector<U>& u, bool can_drop, const Descriptor& d) {
  const auto& du = vec_of(u);
  if (du.format == Sparsity::sparse) return map_sparse_into<Z>(vec_of(w), device_mask_of(mask), accum, f, du, can_drop, d);
  finish_output(w, mask, accum, cuda::map<Z>(f, du, can_drop, output_lending<Z>(w, mask, accum, d)), d);
}

struct Ops : Storage {
  static constexpr Backend backend = Backend::cuda;

  // ---- multiplication (spmv.cuh for the orientation rules) ----

  template <class W, class Mask, class Accum, class SR, class A, class U>
  static void mxv(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Vector<U>& u,
                  const Descriptor& d) {
    spmv<false>(vec_of(w), device_mask_of(mask), accum, s, csr_of(a), derived_of(a),
                vec_of(u), d.transpose_first, !d.transpose_first, d);
  }
  template <class W, class Mask, class Accum, class SR, class U, class A>
  static void vxm(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Vector<U>& u, const Matrix<A>& a,
                  const Descriptor& d) {
    spmv<true>(vec_of(w), device_mask_of(mask), accum, s, csr_of(a), derived_of(a),
               vec_of(u), !d.transpose_second, d.transpose_second, d);
  }
  template <class C, class Mask, class Accum, class SR, class A, class B>
  static void mxm(Matrix<C>& c, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Matrix<B>& b,
                  const Descriptor& d) {
    // The mask is needed before T: a mask that is not complemented chooses the entries to compute.
    const MatrixMask m = matrix_mask_of(mask, d);
    auto t = cuda::mxm(s, csr_of(a), derived_of(a), d.transpose_first, csr_of(b),
                       derived_of(b), d.transpose_second, m, c.nrows(), c.ncols());
    finish_matrix_output(c, m, accum, std::move(t), d);
  }

  // ---- element-wise: Union is ewise_add, else ewise_mult; op is the operator itself ----

  template <bool Union, class W, class Mask, class Accum, class Op, class U, class V>
  static void ewise(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Vector<V>& v,
                    const Descriptor& d) {
    const auto& du = vec_of(u);
    const auto& dv = vec_of(v);
    if constexpr (Union) {
      if (du.format == Sparsity::sparse && dv.format == Sparsity::sparse)  // over their entries only
        return finish_output(w, mask, accum, ewise_add_sparse(op, du, dv), d);
    } else {
      if (sparse_drives(du, dv))  // over the sparse operand's entries only
        return finish_output(w, mask, accum, ewise_mult_sparse(op, du, dv), d);
    }
    using Z = std::decay_t<decltype(op(std::declval<U>(), std::declval<V>()))>;
    finish_output(w, mask, accum, cuda::ewise<Union>(op, du, dv, output_lending<Z>(w, mask, accum, d)), d);
  }
  template <bool Union, class C, class Mask, class Accum, class Op, class A, class B>
  static void ewise(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Matrix<B>& b,
                    const Descriptor& d) {
    auto t = ewise_csr<Union>(op, operand_of(a, d.transpose_first), operand_of(b, d.transpose_second));
    finish_matrix_output(c, matrix_mask_of(mask, d), accum, std::move(t), d);
  }

  // ---- apply and select (Z: the operator's result type, as the front end found it) ----

  template <class Z, class W, class Mask, class Accum, class Op, class U>
  static void apply(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Descriptor& d) {
    map_output<Z>(w, mask, accum, apply_unary<Z, Op>{op}, u, false, d);
  }
  template <class Z, class C, class Mask, class Accum, class Op, class A>
  static void apply(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d) {
    auto t = map_csr<Z>(entry_unary<Z, Op>{op}, operand_of(a, d.transpose_first));
    finish_matrix_output(c, matrix_mask_of(mask, d), accum, std::move(t), d);
  }
  template <class Z, class W, class Mask, class Accum, class Op, class U, class S>
  static void apply_indexed(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
                            const Descriptor& d) {
    map_output<Z>(w, mask, accum, cuda::apply_indexed<Z, Op, S>{op, thunk}, u, false, d);
  }
  template <class Z, class C, class Mask, class Accum, class Op, class A, class S>
  static void apply_indexed(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
                            const Descriptor& d) {
    auto t = map_csr<Z>(entry_indexed<Z, Op, S>{op, thunk}, operand_of(a, d.transpose_first));
    finish_matrix_output(c, matrix_mask_of(mask, d), accum, std::move(t), d);
  }
  template <class W, class Mask, class Accum, class Op, class U, class S>
  static void select(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
                     const Descriptor& d) {
    map_output<U>(w, mask, accum, select_indexed<Op, S>{op, thunk}, u, true, d);
  }
  template <class C, class Mask, class Accum, class Op, class A, class S>
  static void select(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
                     const Descriptor& d) {
    auto t = select_csr(entry_select<Op, S>{op, thunk}, operand_of(a, d.transpose_first));
    finish_matrix_output(c, matrix_mask_of(mask, d), accum, std::move(t), d);
  }

  // ---- reduce ----

  template <class Z, class W, class Mask, class Accum, class Op, class A>
  static void reduce_rows(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d) {
    finish_output(w, mask, accum, cuda::reduce_rows<Z>(op, operand_of(a, d.transpose_first)), d);
  }
  template <class Z, class Monoid, class U>
  static Z reduce(const Monoid& m, const Vector<U>& u) {
    return static_cast<Z>(reduce_vector(m, vec_of(u)));
  }
  template <class Z, class Monoid, class A>
  static Z reduce(const Monoid& m, const Matrix<A>& a) {
    return static_cast<Z>(reduce_matrix(m, csr_of(a)));
  }
  /// s = accum(s, reduce(m, x)) into the scalar's device word, no host wait (fold: s holds a value
  /// to accumulate into).
  template <class S, class Accum, class Monoid, class X>
  static void reduce_into(Scalar<S>& s, const Accum& accum, const Monoid& m, const X& x, bool fold) {
    S* out = scalar_written_on_device(ScalarAccess::stored<Backend::cuda>(s));
    ScalarAccess::set_present(s);
    if constexpr (is_vector<X>::value) {
      reduce_vector_into(m, vec_of(x), accum, fold, out);
    } else {
      const auto& da = csr_of(x);
      reduce_entries_into(m, da.val.data(), nullptr, da.nvals, accum, fold, out);
    }
  }

  // ---- assign and extract ----

  /// w<mask>(I) = accum(w(I), u).
  template <class W, class Mask, class Accum, class U>
  static void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d) {
    const auto& du = vec_of(u);
    if constexpr (!std::is_same_v<Mask, no_mask_t>) {
      const bool same = static_cast<const void*>(&u) == static_cast<const void*>(&mask);
      const bool full = du.format == Sparsity::bitmap && du.nvals.is(du.size);
      UpsertSource<U> src;
      src.val = du.val.data();
      src.aligned = same;
      if (try_upsert(w, mask, accum, src, same || full, I, d)) return;
    }
    const BitmapInput<U> ub = as_bitmap(du);
    assign_scattered(w, mask, accum, U{}, static_cast<const U*>(nullptr), &ub, du.nvals.is(du.size), I, d);
  }
  /// w<mask>(I) = accum(w(I), x): x itself, or the value of the Scalar `from` (not null; it holds
  /// one), taken as a number where the host knows it and read on the device otherwise (in a
  /// captured loop body, where it may change from round to round).
  template <class W, class Mask, class Accum, class X>
  static void assign_scalar(Vector<W>& w, const Mask& mask, const Accum& accum, const X& x, const Scalar<X>* from, const Indices& I,
                            const Descriptor& d) {
    UpsertSource<X> src;
    src.scalar = x;
    if (from) {
      const std::optional<X> known = loop_capture() ? std::nullopt : ScalarAccess::known(*from);
      if (known) src.scalar = *known;
      else src.scalar_at = scalar_device(ScalarAccess::stored<Backend::cuda>(*from));
    }
    if (try_upsert(w, mask, accum, src, true, I, d)) return;
    assign_scattered(w, mask, accum, src.scalar, src.scalar_at, static_cast<const BitmapInput<X>*>(nullptr), true, I, d);
  }
  /// C<M>(I, J) = accum(C(I, J), A) (desc::transpose_first: A').
  template <class C, class Mask, class Accum, class A>
  static void assign(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
                     const Descriptor& d) {
    const DeviceIndices di = indices_on_device(I, c.nrows()), dj = indices_on_device(J, c.ncols());
    auto t = assign_csr(operand_of(a, d.transpose_first), di, dj, c.nrows(), c.ncols());
    const auto region = matrix_region(di, dj, c.nrows(), c.ncols());
    finish_matrix_output(c, matrix_mask_of(mask, d), accum, std::move(t), d, region.view());
  }
  /// C<M>(I, J) = accum(C(I, J), x).
  template <class C, class Mask, class Accum, class X>
  static void assign_scalar(Matrix<C>& c, const Mask& mask, const Accum& accum, const X& x, const Indices& I, const Indices& J,
                            const Descriptor& d) {
    const DeviceIndices di = indices_on_device(I, c.nrows()), dj = indices_on_device(J, c.ncols());
    const auto region = matrix_region(di, dj, c.nrows(), c.ncols());
    // The mask first: T is built only where a (non-complemented) mask lets it through.
    const MatrixMask m = matrix_mask_of(mask, d);
    auto t = assign_scalar_csr(x, region, m, c.nrows(), c.ncols());
    finish_matrix_output(c, m, accum, std::move(t), d, region.view());
  }

  /// w<mask> = accum(w, u(I)).
  template <class W, class Mask, class Accum, class U>
  static void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d) {
    gather(w, mask, accum, u, indices_on_device(I, u.size()), d);
  }
  /// w<mask> = accum(w, u(I)), I the values of `indices`.
  template <class W, class Mask, class Accum, class U, class I>
  static void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Vector<I>& indices,
                      const Descriptor& d) {
    DeviceIndices di;
    di.all = false;
    di.list = index_list_of(vec_of(indices), u.size(), "extract");
    di.count = di.list.size();
    gather(w, mask, accum, u, di, d);
  }
  /// w = the tuples (indices' k-th value, values' k-th value), duplicates combined with dup in the
  /// values' own type, then cast to w's.
  template <class W, class I, class X, class Dup>
  static void build(Vector<W>& w, const Vector<I>& indices, const Vector<X>& values, const Dup& dup) {
    if constexpr (!castable_v<W, X>) {
      throw_error(Info::domain_mismatch, "build: the value vector's type cannot be cast to the output's (a user type meets another type)");
    } else {
      DeviceArray<std::uint64_t> keys = index_list_of(vec_of(indices), w.size(), "build");
      DeviceArray<X> xs = entry_values<X>(vec_of(values), cast_to<X>{}, "build values");
      sort_and_combine(keys, xs, dup, "build");  // in the values' own type, as SuiteSparse's build combines them
      DeviceArray<W> vals;
      if constexpr (std::is_same_v<W, X>) {
        vals = std::move(xs);
      } else {
        vals.allocate(xs.size(), "build values");
        if (xs.size())
          guarded("build", [&] { thrust::transform(policy(), xs.data(), xs.data() + xs.size(), vals.data(), typecast_values<W>{}); });
      }
      Vec<W> v = vec_from_sorted_keys(w.size(), std::move(keys), std::move(vals));
      vec_to_format(v, host::preferred_format(v.size, v.nvals));
      VectorAccess::storage(w).template replace<Backend::cuda>(std::move(v));
    }
  }
  /// w<mask> = accum(w, u(list)): the extract of a list on the device.
  template <class W, class Mask, class Accum, class U>
  static void gather(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const DeviceIndices& di, const Descriptor& d) {
    const BitmapInput<U> ub = as_bitmap(vec_of(u));
    DeviceResult<U> t(w.size());
    if (di.count) {
      extract_gather_kernel<U><<<grid_for(di.count, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          di.data(), di.count, ub.val, ub.present, t.val.data(), t.present.data());
      check_launch("extract_gather_kernel");
    }
    finish_output(w, mask, accum, t, d);
  }
  /// C<M> = accum(C, A(I, J)) (desc::transpose_first: A').
  template <class C, class Mask, class Accum, class A>
  static void extract(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
                      const Descriptor& d) {
    const Shape s = shape_of(a, d.transpose_first);
    bool j_sorted = true;
    for (Index k = 1; k < c.ncols() && j_sorted && !J.is_all(); ++k) j_sorted = J[k - 1] <= J[k];
    const DeviceIndices di = indices_on_device(I, s.rows), dj = indices_on_device(J, s.cols);
    auto t = extract_csr(operand_of(a, d.transpose_first), di, dj, j_sorted, c.nrows(), c.ncols());
    finish_matrix_output(c, matrix_mask_of(mask, d), accum, std::move(t), d);
  }
  /// w<mask> = accum(w, A(I, j)) (desc::transpose_first: a row of A).
  template <class W, class Mask, class Accum, class A>
  static void extract_column(Vector<W>& w, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, Index j,
                             const Descriptor& d) {
    const DeviceIndices di = indices_on_device(I, shape_of(a, d.transpose_first).rows);
    const DeviceResult<A> t = cuda::extract_column(csr_of(a), j, d.transpose_first, di, w.size());
    finish_output(w, mask, accum, t, d);
  }

  /// C<M> = accum(C, A') (desc::transpose_first: C = A).
  template <class C, class Mask, class Accum, class A>
  static void transpose(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Descriptor& d) {
    auto t = clone_csr(operand_of(a, !d.transpose_first));
    finish_matrix_output(c, matrix_mask_of(mask, d), accum, std::move(t), d);
  }

  // ---- hints ----

  template <class T>
  static void prepare(const Matrix<T>& a, Prepare what) {
    const DeviceCsr<T>& da = csr_of(a);
    DeviceDerived<T>& derived = derived_of(a);
    if (has(what, Prepare::hyb)) hyb_of(da, derived, false);
    if (has(what, Prepare::transpose)) transpose_of(da, derived);
    if (has(what, Prepare::hyb_of_transpose)) hyb_of(da, derived, true);
  }
};

}  // namespace hpg::detail::cuda
