// hpg::Matrix<T>: a sparse matrix with value semantics, stored as CSR on its backend's side.
#pragma once

#include <concepts>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/backend.hpp"
#include "hpgraph/detail/cast.hpp"
#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/detail/one_storage.hpp"
#include "hpgraph/detail/storage.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/ops/binary.hpp"
#include "hpgraph/types.hpp"

namespace hpg {

namespace detail {
struct MatrixAccess;
inline void check_dimension(Index n, const char* what) {
  if (n > max_dimension)
    hpg::detail::throw_error(Info::invalid_value, std::string(what) + ": dimension " + std::to_string(n) + " exceeds the largest supported (" +
                                         std::to_string(max_dimension) + ")");
}
inline void check_backend_usable(Backend b, const char* what) {
  if (!backend_usable(b))
    hpg::detail::throw_error(Info::invalid_value, std::string(what) + ": the " + std::string(to_string(b)) + " backend cannot be used here (" +
                                                      backend_unusable_why(b) + ")");
}
}  // namespace detail

template <class T>
class Matrix {
  static_assert(is_value_type_v<T>, "hpg::Matrix<T>: T must be a trivially copyable value type");

 public:
  using value_type = T;

  /// An empty nrows x ncols matrix on backend b (default: the program's default backend).
  Matrix(Index nrows, Index ncols, Backend b = default_backend()) : storage_(empty_storage(b, nrows, ncols)), nrows_(nrows), ncols_(ncols) {}
  Matrix() : Matrix(0, 0) {}
  /// Deep copy (explicit: copies of graphs are expensive and should be visible).
  explicit Matrix(const Matrix& other) : storage_(cloned(other)), nrows_(other.nrows_), ncols_(other.ncols_) {}
  Matrix& operator=(const Matrix&) = delete;
  // A matrix moved from is an empty 0 x 0 matrix on its backend, usable again (resize it, or move
  // another matrix into it). A move cannot allocate, so its row offsets (one zero) are made when
  // it is next used: wait() does it, and every method that reads the storage calls wait() first.
  Matrix(Matrix&& o) noexcept
      : storage_(std::move(o.storage_)),
        nrows_(std::exchange(o.nrows_, 0)),
        ncols_(std::exchange(o.ncols_, 0)),
        pending_(std::exchange(o.pending_, {})) {
    o.empty_after_move();
  }
  Matrix& operator=(Matrix&& o) noexcept {
    if (this != &o) {
      storage_ = std::move(o.storage_);
      nrows_ = std::exchange(o.nrows_, 0);
      ncols_ = std::exchange(o.ncols_, 0);
      pending_ = std::exchange(o.pending_, {});
      o.empty_after_move();
    }
    return *this;
  }
  Matrix dup() const { return Matrix(*this); }

  Index nrows() const noexcept { return nrows_; }
  Index ncols() const noexcept { return ncols_; }
  Index nvals() const {
    wait();
    HPG_DETAIL_ON_STORAGE(storage_, S::csr_nvals(st));
  }
  Backend backend() const noexcept { return storage_.backend(); }

  /// Moves the data to backend b (a no-op when it is there already), through the host's form:
  /// the new storage is made first, so a failure leaves the matrix as it was.
  void to_backend(Backend b) {
    detail::check_backend_usable(b, "Matrix::to_backend");
    if (b == backend()) return;
    wait();
    if (backend() == Backend::host)
      storage_ = from_host(b, storage_.template get<Backend::host>());
    else
      storage_ = from_host(b, to_host());
  }

  /// GrB_Matrix_build: the matrix must be empty; duplicates are combined with dup in input order
  /// (no_dup: a duplicate is Error(invalid_value)).
  template <std::unsigned_integral I = Index, class Dup = no_dup_t>
  void build(std::span<const I> rows, std::span<const I> cols, std::span<const T> vals, const Dup& dup = {}) {
    if (rows.size() != cols.size() || rows.size() != vals.size())
      hpg::detail::throw_error(Info::invalid_value, "Matrix::build: rows, cols and vals differ in length (" + std::to_string(rows.size()) +
                                           ", " + std::to_string(cols.size()) + ", " + std::to_string(vals.size()) + ")");
    if (nvals() != 0) hpg::detail::throw_error(Info::output_not_empty, "Matrix::build: the matrix already holds entries");
    for (std::size_t k = 0; k < rows.size(); ++k) {
      if (rows[k] >= nrows_ || cols[k] >= ncols_)
        hpg::detail::throw_error(Info::index_out_of_bounds, "Matrix::build: tuple " + std::to_string(k) + " (" + std::to_string(rows[k]) +
                                                   ", " + std::to_string(cols[k]) + ") is outside " + std::to_string(nrows_) +
                                                   " x " + std::to_string(ncols_));
    }
    changing();
    HPG_DETAIL_ON_STORAGE(storage_, storage_.template replace<B>(S::csr_build(nrows_, ncols_, rows, cols, vals, dup)));
  }
  template <std::unsigned_integral I = Index, class Dup = no_dup_t>
  void build(const std::vector<I>& rows, const std::vector<I>& cols, const std::vector<T>& vals, const Dup& dup = {}) {
    if constexpr (std::is_same_v<T, bool>) {  // std::vector<bool> has no contiguous bools to view
      detail::HostArray<bool> v(vals.begin(), vals.end());
      build(std::span<const I>(rows), std::span<const I>(cols), std::span<const T>(v.data(), v.size()), dup);
    } else {
      build(std::span<const I>(rows), std::span<const I>(cols), std::span<const T>(vals), dup);
    }
  }

  /// GrB_Matrix_extractTuples: row-major order, columns ascending within a row.
  void extract_tuples(std::vector<Index>& rows, std::vector<Index>& cols, std::vector<T>& vals) const {
    wait();
    HPG_DETAIL_ON_STORAGE(storage_, S::csr_extract_tuples(st, rows, cols, vals));
  }
  /// The same with parts left out (the C API's NULL I, J or X: a null pointer) and the values
  /// cast to the caller's type U as GrB_Matrix_extractTuples_<TYPE> casts them (SuiteSparse's
  /// rules: detail::typecast). A type GraphBLAS cannot cast T to does not compile.
  template <class U>
  void extract_tuples(std::vector<Index>* rows, std::vector<Index>* cols, std::vector<U>* vals) const {
    static_assert(detail::castable_v<U, T>, "Matrix::extract_tuples: the values cannot be cast to this type");
    std::vector<Index> r, c;
    std::vector<T> x;
    extract_tuples(r, c, x);
    if (rows) *rows = std::move(r);
    if (cols) *cols = std::move(c);
    if (vals) detail::cast_values(x, *vals);
  }
  void extract_tuples(std::vector<Index>* rows, std::vector<Index>* cols, std::nullptr_t) const {
    extract_tuples(rows, cols, static_cast<std::vector<T>*>(nullptr));
  }

  /// GrB_Matrix_setElement(C, x, i, j).
  void set_element(const T& x, Index i, Index j) {
    check_index(i, j, "Matrix::set_element");
    detail::refuse_in_capture("Matrix::set_element");  // a change queued on the host: not a graph
    pending_.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), false, x});
  }
  /// GrB_Matrix_removeElement(C, i, j).
  void remove_element(Index i, Index j) {
    check_index(i, j, "Matrix::remove_element");
    detail::refuse_in_capture("Matrix::remove_element");  // a change queued on the host: not a graph
    pending_.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), true, T{}});
  }
  /// GrB_Matrix_extractElement: the value at (i, j), or nullopt (GrB_NO_VALUE).
  std::optional<T> extract_element(Index i, Index j) const {
    check_index(i, j, "Matrix::extract_element");
    wait();
    HPG_DETAIL_ON_STORAGE(storage_, S::csr_find(st, i, j));
  }
  /// The C API's form: false (GrB_NO_VALUE) when (i, j) holds no entry.
  bool extract_element(T* x, Index i, Index j) const {
    auto v = extract_element(i, j);
    if (v && x) *x = *v;
    return v.has_value();
  }

  /// GrB_Matrix_clear: no entries, same dimensions.
  void clear() {
    pending_.clear();
    changing();
    make_row_offsets();
  }

  /// GrB_Matrix_resize: entries outside the new dimensions are dropped.
  void resize(Index nrows, Index ncols) {
    detail::check_dimension(nrows, "Matrix::resize");
    detail::check_dimension(ncols, "Matrix::resize");
    wait();
    resize_storage(nrows, ncols);
    nrows_ = nrows;
    ncols_ = ncols;
  }

  /// GrB_Matrix_wait: merges pending element updates. Every operation calls it first.
  void wait() const {
    if (nrows_ == 0 && ncols_ == 0 && !has_row_offsets()) [[unlikely]]
      make_row_offsets();  // moved from: 0 x 0, no entries, nothing pending
    if (pending_.empty()) return;
    HPG_DETAIL_ON_STORAGE(storage_, S::csr_apply_pending(st, pending_));
  }

 private:
  friend struct detail::MatrixAccess;

  using Storage = detail::CsrStorage<T>;

  static Storage empty_storage(Backend b, Index nrows, Index ncols) {
    detail::check_dimension(nrows, "Matrix");
    detail::check_dimension(ncols, "Matrix");
    detail::check_backend_usable(b, "Matrix");
    HPG_DETAIL_MAKE_STORAGE(b, Storage::template hold<B>(S::template csr_empty<T>(nrows, ncols)))
    detail::unbuilt_backend(b);
  }
  static Storage cloned(const Matrix& o) {
    o.wait();
    HPG_DETAIL_ON_STORAGE(o.storage_, Storage::template hold<B>(S::csr_clone(st)));
  }
  template <class H>
  static Storage from_host(Backend b, H&& h) {
    HPG_DETAIL_MAKE_STORAGE(b, Storage::template hold<B>(S::template csr_from_host<T>(std::forward<H>(h))))
    detail::unbuilt_backend(b);
  }
  detail::HostCsr<T> to_host() const { HPG_DETAIL_ON_STORAGE(storage_, S::csr_to_host(st)); }
  /// What a move leaves: 0 x 0 on the same backend, with no arrays (no allocation).
  void empty_after_move() noexcept {
    HPG_DETAIL_ON_STORAGE(storage_, storage_.template replace<B>(S::template csr_unallocated<T>()));
  }
  /// Empty storage of nrows_ x ncols_: no entries, every row offset zero.
  void make_row_offsets() const {
    HPG_DETAIL_ON_STORAGE(storage_, storage_.template replace<B>(S::template csr_empty<T>(nrows_, ncols_)));
  }
  /// Drops what the backend derived from the storage before the storage is replaced (its memory
  /// is then free for the new one).
  void changing() noexcept { HPG_DETAIL_ON_STORAGE(storage_, S::csr_changed(st)); }
  bool has_row_offsets() const noexcept { HPG_DETAIL_ON_STORAGE(storage_, S::csr_has_row_offsets(st)); }
  void resize_storage(Index nrows, Index ncols) { HPG_DETAIL_ON_STORAGE(storage_, S::csr_resize(st, nrows, ncols)); }
  void check_index(Index i, Index j, const char* what) const {
    if (i >= nrows_ || j >= ncols_)
      hpg::detail::throw_error(Info::invalid_index, std::string(what) + ": (" + std::to_string(i) + ", " + std::to_string(j) +
                                           ") is outside " + std::to_string(nrows_) + " x " + std::to_string(ncols_));
  }

  // The CSR on the matrix's backend (on the GPU with the forms derived from it: cuda::Csr).
  mutable Storage storage_;
  Index nrows_ = 0, ncols_ = 0;
  mutable std::vector<detail::PendingOp<T>> pending_;
};

namespace detail {
/// Backends, I/O and generators reach the storage through here, not through the public API.
/// Asking for the storage of a backend the matrix is not on is Error(invalid_object) (a bug:
/// operations check their operands' backends first).
struct MatrixAccess {
  /// The storage of backend B, the one the matrix is on, its pending updates merged first. Each
  /// backend reads its operands through here (src/<backend>/: csr_of), and keeps what is its own
  /// (the CUDA backend's derived forms) in its own folder.
  template <Backend B, class T>
  static auto& on(Matrix<T>& m) {
    m.wait();
    return m.storage_.template get<B>();
  }
  template <Backend B, class T>
  static const auto& on(const Matrix<T>& m) {
    m.wait();
    return m.storage_.template get<B>();
  }
  /// The storage, whichever backend holds it (for the public helpers that dispatch to the
  /// backend's Storage: view, export_csr).
  template <class T>
  static const CsrStorage<T>& storage(const Matrix<T>& m) {
    m.wait();
    return m.storage_;
  }
  /// Replaces the contents with an already-built host CSR; the matrix stays on its backend (a
  /// failed upload leaves it on the host, holding the CSR).
  template <class T>
  static void adopt(Matrix<T>& m, HostCsr<T>&& csr) {
    const Backend target = m.backend();
    m.pending_.clear();
    m.nrows_ = csr.nrows;
    m.ncols_ = csr.ncols;
    m.storage_ = CsrStorage<T>::template hold<Backend::host>(std::move(csr));
    m.to_backend(target);
  }
  /// Replaces the contents with storage a of the matrix's backend, an nrows x ncols matrix (a
  /// generator's matrix, built where its edges are).
  template <class T>
  static void adopt_storage(Matrix<T>& m, Index nrows, Index ncols, CsrStorage<T>&& a) {
    if (a.backend() != m.backend()) throw_error(Info::invalid_object, "internal: adopt_storage of another backend's storage");
    check_dimension(nrows, "adopt_storage");
    check_dimension(ncols, "adopt_storage");
    m.pending_.clear();
    m.nrows_ = nrows;
    m.ncols_ = ncols;
    m.storage_ = std::move(a);
  }
};
}  // namespace detail

}  // namespace hpg
