// hpg::Matrix<T>: a sparse matrix with value semantics, stored as CSR on its backend's side.
#pragma once

#include <concepts>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/backend.hpp"
#include "hpgraph/detail/storage.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/host/tuples.hpp"
#include "hpgraph/ops/binary.hpp"
#include "hpgraph/types.hpp"
#if HPG_HAS_CUDA
#include "hpgraph/cuda/tuples.cuh"
#endif

namespace hpg {

namespace detail {
struct MatrixAccess;
inline void check_dimension(Index n, const char* what) {
  if (n > max_dimension)
    hpg::detail::throw_error(Info::invalid_value, std::string(what) + ": dimension " + std::to_string(n) + " exceeds the largest supported (" +
                                         std::to_string(max_dimension) + ")");
}
inline void check_backend_usable(Backend b, const char* what) {
  if (b == Backend::cuda && !cuda_available())
    hpg::detail::throw_error(Info::invalid_value, std::string(what) + ": the cuda backend needs a GPU and a CUDA build");
}
}  // namespace detail

template <class T>
class Matrix {
  static_assert(is_value_type_v<T>, "hpg::Matrix<T>: T must be a trivially copyable value type");

 public:
  using value_type = T;

  /// An empty nrows x ncols matrix on backend b (default: the program's default backend).
  Matrix(Index nrows, Index ncols, Backend b = default_backend()) : backend_(b) {
    detail::check_dimension(nrows, "Matrix");
    detail::check_dimension(ncols, "Matrix");
    detail::check_backend_usable(b, "Matrix");
    init_empty(nrows, ncols);
  }
  Matrix() : Matrix(0, 0) {}
  /// Deep copy (explicit: copies of graphs are expensive and should be visible).
  explicit Matrix(const Matrix& other) : backend_(other.backend_) {
    other.wait();
    nrows_ = other.nrows_;
    ncols_ = other.ncols_;
    if (backend_ == Backend::host) {
      host_ = other.host_;
    } else {
      dev_.nrows = other.dev_.nrows;
      dev_.ncols = other.dev_.ncols;
      dev_.nvals = other.dev_.nvals;
      dev_.ptr32 = other.dev_.ptr32.clone("matrix row offsets");
      dev_.ptr64 = other.dev_.ptr64.clone("matrix row offsets");
      dev_.col = other.dev_.col.clone("matrix column indices");
      dev_.val = other.dev_.val.clone("matrix values");
    }
  }
  Matrix& operator=(const Matrix&) = delete;
  // A matrix moved from is an empty 0 x 0 matrix on its backend, usable again (resize it, or move
  // another matrix into it). A move cannot allocate, so its row offsets (one zero) are made when
  // it is next used: wait() does it, and every method that reads the storage calls wait() first.
  Matrix(Matrix&& o) noexcept
      : backend_(o.backend_),
        nrows_(std::exchange(o.nrows_, 0)),
        ncols_(std::exchange(o.ncols_, 0)),
        host_(std::exchange(o.host_, {})),
        dev_(std::exchange(o.dev_, {})),
        pending_(std::exchange(o.pending_, {})),
        derived_(std::exchange(o.derived_, {})) {}
  Matrix& operator=(Matrix&& o) noexcept {
    backend_ = o.backend_;
    nrows_ = std::exchange(o.nrows_, 0);  // self-move safe: exchange reads o before it empties it
    ncols_ = std::exchange(o.ncols_, 0);
    host_ = std::exchange(o.host_, {});
    dev_ = std::exchange(o.dev_, {});
    pending_ = std::exchange(o.pending_, {});
    derived_ = std::exchange(o.derived_, {});
    return *this;
  }
  Matrix dup() const { return Matrix(*this); }

  Index nrows() const noexcept { return nrows_; }
  Index ncols() const noexcept { return ncols_; }
  Index nvals() const {
    wait();
    return backend_ == Backend::host ? host_.nvals() : dev_.nvals;
  }
  Backend backend() const noexcept { return backend_; }

  /// Moves the data to backend b (a no-op when it is there already).
  void to_backend(Backend b) {
    detail::check_backend_usable(b, "Matrix::to_backend");
    if (b == backend_) return;
    wait();
    derived_.reset();
    if (b == Backend::cuda) {
      detail::DeviceCsr<T> d;
      d.nrows = nrows_;
      d.ncols = ncols_;
      d.nvals = host_.nvals();
      detail::require_device_memory(d.bytes(), "Matrix::to_backend: a " + std::to_string(nrows_) + " x " + std::to_string(ncols_) +
                                                   " matrix with " + std::to_string(d.nvals) + " entries");
      if (d.wide_offsets()) {
        d.ptr64.upload(host_.ptr, "matrix row offsets");
      } else {
        std::vector<std::uint32_t> p32(host_.ptr.begin(), host_.ptr.end());
        d.ptr32.upload(p32, "matrix row offsets");
      }
      d.col.upload(host_.col, "matrix column indices");
      d.val.upload(host_.val, "matrix values");
      dev_ = std::move(d);
      host_ = detail::HostCsr<T>{};
    } else {
      detail::HostCsr<T> h;
      h.nrows = nrows_;
      h.ncols = ncols_;
      if (dev_.wide_offsets()) {
        h.ptr = dev_.ptr64.to_host();
      } else {
        auto p32 = dev_.ptr32.to_host();
        h.ptr.assign(p32.begin(), p32.end());
      }
      h.col = dev_.col.to_host();
      h.val = dev_.val.to_host_array();
      host_ = std::move(h);
      dev_ = detail::DeviceCsr<T>{};
    }
    backend_ = b;
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
    derived_.reset();
    if (backend_ == Backend::host) {
      host_ = detail::host::csr_from_tuples(nrows_, ncols_, rows.data(), cols.data(), vals.data(), rows.size(), dup,
                                            "Matrix::build");
      return;
    }
#if HPG_HAS_CUDA
    // The keys and values, and their sorted copies, are on the device at once.
    detail::require_device_memory(2 * rows.size() * (sizeof(std::uint64_t) + sizeof(T)),
                                  "Matrix::build of " + std::to_string(rows.size()) + " tuples");
    std::vector<std::uint64_t> hk(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) hk[k] = (std::uint64_t(rows[k]) << 32) | cols[k];
    detail::DeviceArray<std::uint64_t> keys;
    keys.upload(hk, "build keys");
    hk = {};
    detail::DeviceArray<T> dv;
    dv.upload(vals.data(), vals.size(), "build values");
    build_from_device_keys(std::move(keys), std::move(dv), dup);
#endif
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
    if (backend_ == Backend::host) {
      rows.resize(host_.nvals());
      cols.resize(host_.nvals());
      detail::host::csr_extract_tuples(host_, rows.data(), cols.data(), static_cast<T*>(nullptr));
      vals.assign(host_.val.begin(), host_.val.end());
      return;
    }
#if HPG_HAS_CUDA
    auto keys = detail::cuda::csr_to_keys(dev_).to_host();
    rows.resize(keys.size());
    cols.resize(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k) {
      rows[k] = keys[k] >> 32;
      cols[k] = keys[k] & 0xffffffffu;
    }
    auto hv = dev_.val.to_host_array();
    vals.assign(hv.begin(), hv.end());
#endif
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
    if (backend_ == Backend::host) return detail::host::csr_find(host_, i, j);
#if HPG_HAS_CUDA
    if (auto k = detail::cuda::csr_position(dev_, i, j)) {
      T x;
      detail::copy_device_to_host(&x, dev_.val.data() + *k, sizeof(T));
      return x;
    }
#endif
    return std::nullopt;
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
    init_empty(nrows_, ncols_);
  }

  /// GrB_Matrix_resize: entries outside the new dimensions are dropped.
  void resize(Index nrows, Index ncols) {
    detail::check_dimension(nrows, "Matrix::resize");
    detail::check_dimension(ncols, "Matrix::resize");
    wait();
    derived_.reset();
    if (backend_ == Backend::host) {
      detail::host::csr_resize(host_, nrows, ncols);
    } else {
#if HPG_HAS_CUDA
      auto keys = detail::cuda::csr_to_keys(dev_);
      auto vals = dev_.val.clone("matrix values");
      detail::cuda::drop_outside(keys, vals, nrows, ncols);
      dev_ = detail::cuda::csr_from_sorted_keys(nrows, ncols, std::move(keys), std::move(vals));
#endif
    }
    nrows_ = nrows;
    ncols_ = ncols;
  }

  /// GrB_Matrix_wait: merges pending element updates. Every operation calls it first.
  void wait() const {
    if (nrows_ == 0 && ncols_ == 0 && !has_row_offsets()) [[unlikely]]
      make_row_offsets();  // moved from: 0 x 0, no entries, nothing pending
    if (pending_.empty()) return;
    derived_.reset();
    if (backend_ == Backend::host) {
      detail::host::csr_apply_pending(host_, pending_);
      return;
    }
#if HPG_HAS_CUDA
    std::vector<std::uint64_t> pk(pending_.size());
    detail::HostArray<T> pv(pending_.size());
    std::vector<std::uint8_t> prm(pending_.size());
    for (std::size_t k = 0; k < pending_.size(); ++k) {
      pk[k] = (std::uint64_t(pending_[k].row) << 32) | pending_[k].col;
      pv[k] = pending_[k].value;
      prm[k] = pending_[k].remove;
    }
    // Work on copies: if anything throws, the matrix keeps its entries and its pending updates.
    auto keys = detail::cuda::csr_to_keys(dev_);
    auto vals = dev_.val.clone("matrix values");
    detail::cuda::merge_pending(keys, vals, pk, pv, prm);
    dev_ = detail::cuda::csr_from_sorted_keys(nrows_, ncols_, std::move(keys), std::move(vals));
    pending_.clear();
#endif
  }

 private:
  friend struct detail::MatrixAccess;

  void init_empty(Index nrows, Index ncols) {
    nrows_ = nrows;
    ncols_ = ncols;
    make_row_offsets();
  }
  /// Empty storage of nrows_ x ncols_: no entries, every row offset zero.
  void make_row_offsets() const {
    derived_.reset();
    if (backend_ == Backend::host) {
      host_ = detail::HostCsr<T>{nrows_, ncols_, std::vector<std::uint64_t>(nrows_ + 1, 0), {}, {}};
    } else {
      detail::DeviceCsr<T> d;
      d.nrows = nrows_;
      d.ncols = ncols_;
      d.ptr32.allocate(nrows_ + 1, "matrix row offsets");
      detail::device_memset(d.ptr32.data(), 0, (nrows_ + 1) * sizeof(std::uint32_t));
      dev_ = std::move(d);
    }
  }
  bool has_row_offsets() const noexcept {
    return backend_ == Backend::host ? !host_.ptr.empty() : !(dev_.ptr32.empty() && dev_.ptr64.empty());
  }
  void check_index(Index i, Index j, const char* what) const {
    if (i >= nrows_ || j >= ncols_)
      hpg::detail::throw_error(Info::invalid_index, std::string(what) + ": (" + std::to_string(i) + ", " + std::to_string(j) +
                                           ") is outside " + std::to_string(nrows_) + " x " + std::to_string(ncols_));
  }
#if HPG_HAS_CUDA
  template <class Dup>
  void build_from_device_keys(detail::DeviceArray<std::uint64_t>&& keys, detail::DeviceArray<T>&& vals, const Dup& dup) {
    detail::cuda::sort_and_combine(keys, vals, dup, "Matrix::build");
    dev_ = detail::cuda::csr_from_sorted_keys(nrows_, ncols_, std::move(keys), std::move(vals));
    derived_.reset();
  }
#endif

  Backend backend_ = Backend::host;
  Index nrows_ = 0, ncols_ = 0;
  mutable detail::HostCsr<T> host_;
  mutable detail::DeviceCsr<T> dev_;
  mutable std::vector<detail::PendingOp<T>> pending_;
  // Device forms derived from dev_ (transpose, HYB); reset whenever the matrix changes.
  mutable std::shared_ptr<detail::DeviceDerived<T>> derived_;
};

namespace detail {
/// Backends, I/O and generators reach the storage through here, not through the public API.
struct MatrixAccess {
  /// Mutable access: the caller changes the matrix, so derived forms are dropped.
  template <class T>
  static HostCsr<T>& host(Matrix<T>& m) { m.wait(); m.derived_.reset(); return m.host_; }
  template <class T>
  static const HostCsr<T>& host(const Matrix<T>& m) { m.wait(); return m.host_; }
  template <class T>
  static DeviceCsr<T>& device(Matrix<T>& m) {
    refuse_in_capture("writing a matrix");  // a device loop carries vectors, not matrices
    m.wait();
    m.derived_.reset();
    return m.dev_;
  }
  /// The cache of derived device forms (created on first use).
  template <class T>
  static DeviceDerived<T>& derived(const Matrix<T>& m) {
    m.wait();
    // Threads reading one matrix at once may all get here first: one creates the cache.
    static std::mutex creating;
    std::lock_guard lock(creating);
    if (!m.derived_) m.derived_ = std::make_shared<DeviceDerived<T>>();
    return *m.derived_;
  }
  template <class T>
  static const DeviceCsr<T>& device(const Matrix<T>& m) { m.wait(); return m.dev_; }
  /// Replaces the contents with an already-built host CSR of the same dimensions.
  template <class T>
  static void adopt(Matrix<T>& m, HostCsr<T>&& csr) {
    m.pending_.clear();
    Backend target = m.backend_;
    m.backend_ = Backend::host;
    m.nrows_ = csr.nrows;
    m.ncols_ = csr.ncols;
    m.host_ = std::move(csr);
    m.dev_ = DeviceCsr<T>{};
    m.derived_.reset();
    m.to_backend(target);
  }
#if HPG_HAS_CUDA
  template <class T, class Dup>
  static void build_from_device_keys(Matrix<T>& m, DeviceArray<std::uint64_t>&& keys, DeviceArray<T>&& vals, const Dup& dup) {
    m.pending_.clear();
    m.build_from_device_keys(std::move(keys), std::move(vals), dup);
  }
#endif
};
}  // namespace detail

}  // namespace hpg
