// hpg::Vector<T>: a sparse vector with value semantics. Stored sparse (sorted indices + values)
// or as a bitmap (presence flag + value per entry), switching by density, on its backend's side.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/matrix.hpp"

#if HPG_HAS_CUDA
#include "hpgraph/cuda/loop_carry.cuh"
#endif

namespace hpg {

template <class T>
class Vector;

namespace detail {
struct VectorAccess;
template <class T>
void carry(LoopCapture& c, const Vector<T>& v);
}

template <class T>
class Vector {
  static_assert(is_value_type_v<T>, "hpg::Vector<T>: T must be a trivially copyable value type");

 public:
  using value_type = T;

  explicit Vector(Index size, Backend b = default_backend()) : backend_(b) {
    detail::check_dimension(size, "Vector");
    detail::check_backend_usable(b, "Vector");
    init_empty(size);
    born_in_capture();
  }
  Vector() : Vector(0) {}
  explicit Vector(const Vector& o) : backend_(o.backend_) {
    o.wait();  // also carries o into a device loop being captured
    born_in_capture();
    if (backend_ == Backend::host) {
      host_ = o.host_;
    } else {
      dev_.size = o.dev_.size;
      dev_.nvals = o.dev_.nvals;
      dev_.format = o.dev_.format;
      dev_.idx = o.dev_.idx.clone("vector indices");
      dev_.val = o.dev_.val.clone("vector values");
      dev_.present = o.dev_.present.clone("vector bitmap");
      dev_.jumbled = o.dev_.jumbled;
    }
  }
  Vector& operator=(const Vector&) = delete;
  // A device loop being captured carries every vector its body touches, moves included (a swap
  // of two vectors is a change of both); one that ends inside the body is not carried.
  // A vector moved from is an empty vector of size 0 on its backend, usable again (resize it, or
  // move another vector into it); its storage left with the move, and so did its count.
  Vector(Vector&& o) noexcept : backend_(o.backend_) {
    o.touch_in_move();
    born_in_capture();
    host_ = std::exchange(o.host_, {});
    dev_ = std::exchange(o.dev_, {});
    pending_ = std::exchange(o.pending_, {});
  }
  Vector& operator=(Vector&& o) noexcept {
    touch_in_move();
    o.touch_in_move();
    backend_ = o.backend_;
    host_ = std::exchange(o.host_, {});  // self-move safe: exchange reads o before it empties it
    dev_ = std::exchange(o.dev_, {});
    pending_ = std::exchange(o.pending_, {});
    return *this;
  }
  ~Vector() {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]]
      c->forget(this);
  }
  // (A vector made inside a captured body lives and dies there: it is not carried, its storage is
  // the body's own.)
  Vector dup() const { return Vector(*this); }

  Index size() const noexcept { return backend_ == Backend::host ? host_.size : dev_.size; }
  Index nvals() const {
    wait();
    return backend_ == Backend::host ? host_.nvals : dev_.nvals.get();
  }
  Backend backend() const noexcept { return backend_; }
  /// GxB_SPARSITY_STATUS: the form the vector has now (pending set_element writes applied first).
  Sparsity sparsity() const {
    wait();
    return current_format();
  }
  /// GxB_SPARSITY_CONTROL, applied once: the vector takes form s now (its entries unchanged);
  /// each later operation that writes it picks the form again. In a device loop's body it is,
  /// like set_element, a change the host makes: the loop runs its rounds from the host.
  void set_sparsity(Sparsity s) {
    if (s != Sparsity::sparse && s != Sparsity::bitmap) detail::throw_error(Info::invalid_value, "Vector::set_sparsity: not a Sparsity");
    detail::refuse_in_capture("Vector::set_sparsity");
    wait();
    if (backend_ == Backend::host) {
      detail::host::vec_to_format(host_, s);
      return;
    }
#if HPG_HAS_CUDA
    detail::cuda::vec_to_format(dev_, s);
#endif
  }

  void to_backend(Backend b) {
    detail::check_backend_usable(b, "Vector::to_backend");
    if (b == backend_) return;
    wait();
    if (b == Backend::cuda) {
      detail::DeviceVec<T> d;
      d.size = host_.size;
      d.nvals = host_.nvals;
      d.format = host_.format;
      d.idx.upload(host_.idx, "vector indices");
      d.val.upload(host_.val, "vector values");
      d.present.upload(host_.present, "vector bitmap");
      dev_ = std::move(d);
      host_ = detail::HostVec<T>{};
    } else {
      detail::HostVec<T> h;
      h.size = dev_.size;
      h.nvals = dev_.nvals;
      h.format = dev_.format;
#if HPG_HAS_CUDA
      detail::cuda::unjumble(dev_);  // a host list is sorted
#endif
      // A sparse vector's arrays may hold more than its entries (a result sized before its count
      // was known): only the first nvals move.
      const bool sparse = dev_.format == Sparsity::sparse;
      h.idx = dev_.idx.to_host(sparse ? h.nvals : 0);
      h.val = sparse ? dev_.val.to_host_array(h.nvals) : dev_.val.to_host_array();
      h.present = dev_.present.to_host();
      host_ = std::move(h);
      dev_ = detail::DeviceVec<T>{};
    }
    backend_ = b;
  }

  /// GrB_Vector_build: the vector must be empty; duplicates combined with dup in input order.
  template <class Dup = no_dup_t>
  void build(std::span<const Index> indices, std::span<const T> vals, const Dup& dup = {}) {
    if (indices.size() != vals.size())
      hpg::detail::throw_error(Info::invalid_value, "Vector::build: indices and vals differ in length (" + std::to_string(indices.size()) +
                                           ", " + std::to_string(vals.size()) + ")");
    if (nvals() != 0) hpg::detail::throw_error(Info::output_not_empty, "Vector::build: the vector already holds entries");
    const Index n = size();
    for (std::size_t k = 0; k < indices.size(); ++k)
      if (indices[k] >= n)
        hpg::detail::throw_error(Info::index_out_of_bounds, "Vector::build: tuple " + std::to_string(k) + " has index " +
                                                   std::to_string(indices[k]) + ", outside size " + std::to_string(n));
    if (backend_ == Backend::host) {
      host_ = detail::host::vec_from_tuples(n, indices.data(), vals.data(), indices.size(), dup, "Vector::build");
      return;
    }
#if HPG_HAS_CUDA
    std::vector<std::uint64_t> hk(indices.begin(), indices.end());
    detail::DeviceArray<std::uint64_t> keys;
    keys.upload(hk, "build keys");
    detail::DeviceArray<T> dv;
    dv.upload(vals.data(), vals.size(), "build values");
    detail::cuda::sort_and_combine(keys, dv, dup, "Vector::build");
    auto v = detail::cuda::vec_from_sorted_keys(n, std::move(keys), std::move(dv));
    detail::cuda::vec_to_format(v, detail::host::preferred_format(v.size, v.nvals));
    dev_ = std::move(v);
#endif
  }
  template <class Dup = no_dup_t>
  void build(const std::vector<Index>& indices, const std::vector<T>& vals, const Dup& dup = {}) {
    if constexpr (std::is_same_v<T, bool>) {
      detail::HostArray<bool> v(vals.begin(), vals.end());
      build(std::span<const Index>(indices), std::span<const T>(v.data(), v.size()), dup);
    } else {
      build(std::span<const Index>(indices), std::span<const T>(vals), dup);
    }
  }

  /// GrB_Vector_extractTuples: indices ascending.
  void extract_tuples(std::vector<Index>& indices, std::vector<T>& vals) const {
    wait();
    if (backend_ == Backend::host) {
      indices.clear();
      vals.clear();
      indices.reserve(host_.nvals);
      vals.reserve(host_.nvals);
      if (host_.format == Sparsity::sparse) {
        indices.assign(host_.idx.begin(), host_.idx.end());
        vals.assign(host_.val.begin(), host_.val.end());
      } else {
        for (Index i = 0; i < host_.size; ++i)
          if (host_.present[i]) {
            indices.push_back(i);
            vals.push_back(host_.val[i]);
          }
      }
      return;
    }
#if HPG_HAS_CUDA
    if (dev_.format == Sparsity::sparse) {
      detail::cuda::unjumble(dev_);  // indices ascending
      const Index n = dev_.nvals;  // the arrays may hold more than the entries
      auto idx = dev_.idx.to_host(n);
      indices.assign(idx.begin(), idx.end());
      auto hv = dev_.val.to_host_array(n);
      vals.assign(hv.begin(), hv.end());
    } else {
      Vector tmp(*this);
      detail::cuda::vec_to_format(tmp.dev_, Sparsity::sparse);
      auto idx = tmp.dev_.idx.to_host();
      indices.assign(idx.begin(), idx.end());
      auto hv = tmp.dev_.val.to_host_array();
      vals.assign(hv.begin(), hv.end());
    }
#endif
  }

  /// GrB_Vector_setElement(w, x, i).
  void set_element(const T& x, Index i) {
    check_index(i, "Vector::set_element");
    detail::refuse_in_capture("Vector::set_element");  // a change made or queued by the host: not a graph
    if (current_format() == Sparsity::bitmap) {
      bitmap_write(i, &x);
    } else {
      pending_.push_back({0, static_cast<std::uint32_t>(i), false, x});
    }
  }
  /// GrB_Vector_removeElement(w, i).
  void remove_element(Index i) {
    check_index(i, "Vector::remove_element");
    detail::refuse_in_capture("Vector::remove_element");
    if (current_format() == Sparsity::bitmap) {
      bitmap_write(i, nullptr);
    } else {
      pending_.push_back({0, static_cast<std::uint32_t>(i), true, T{}});
    }
  }
  /// GrB_Vector_extractElement: the value at i, or nullopt (GrB_NO_VALUE).
  std::optional<T> extract_element(Index i) const {
    check_index(i, "Vector::extract_element");
    wait();
    if (backend_ == Backend::host) {
      if (host_.format == Sparsity::bitmap) {
        if (!host_.present[i]) return std::nullopt;
        return host_.val[i];
      }
      auto it = std::lower_bound(host_.idx.begin(), host_.idx.end(), static_cast<std::uint32_t>(i));
      if (it == host_.idx.end() || *it != i) return std::nullopt;
      return host_.val[static_cast<std::size_t>(it - host_.idx.begin())];
    }
#if HPG_HAS_CUDA
    return detail::cuda::find_entry(dev_, i);
#else
    return std::nullopt;
#endif
  }
  bool extract_element(T* x, Index i) const {
    auto v = extract_element(i);
    if (v && x) *x = *v;
    return v.has_value();
  }

  void clear() {
    touch();
    pending_.clear();
    init_empty(size());
  }

  /// GrB_Vector_resize: entries at or past the new size are dropped.
  void resize(Index n) {
    detail::check_dimension(n, "Vector::resize");
    wait();
    if (backend_ == Backend::host) {
      detail::host::vec_resize(host_, n);
      return;
    }
#if HPG_HAS_CUDA
    if (dev_.format == Sparsity::sparse) {
      detail::cuda::unjumble(dev_);  // the keys below are taken as sorted
      auto keys = detail::cuda::vec_to_keys(dev_);
      auto vals = dev_.val.clone("vector values");
      detail::cuda::drop_outside(keys, vals, 1, n);
      dev_ = detail::cuda::vec_from_sorted_keys(n, std::move(keys), std::move(vals));
    } else {
      detail::DeviceVec<T> d;
      d.size = n;
      d.format = Sparsity::bitmap;
      d.val.allocate(n, "vector values");
      d.present.allocate(n, "vector bitmap");
      detail::device_memset(d.present.data(), 0, n);
      detail::device_memset(d.val.data(), 0, n * sizeof(T));
      const Index keep = std::min(n, dev_.size);
      if (keep) {
        detail::copy_device_to_device(d.val.data(), dev_.val.data(), keep * sizeof(T));
        detail::copy_device_to_device(d.present.data(), dev_.present.data(), keep);
      }
      d.nvals = detail::DeviceCount::on_device(detail::cuda::count_set_on_device(d.present.data(), n));
      dev_ = std::move(d);
    }
#endif
  }

  void wait() const {
    touch();
    if (pending_.empty()) return;
    if (backend_ == Backend::host) {
      detail::host::vec_apply_pending(host_, pending_);
      detail::host::vec_to_format(host_, detail::host::preferred_format(host_.size, host_.nvals));
      return;
    }
#if HPG_HAS_CUDA
    // A few writes to a sparse list: one kernel puts them in place (no sort, no host wait).
    if constexpr (sizeof(T) <= 64) {
      if (dev_.format == Sparsity::sparse && pending_.size() <= std::size_t(detail::cuda::sparse_write_batch)) {
        detail::cuda::SparseWrites<T> w;
        for (const auto& p : pending_) {  // the last write of an index wins
          int j = 0;
          while (j < w.count && w.idx[j] != p.col) ++j;
          if (j == w.count) ++w.count;
          w.idx[j] = p.col;
          w.val[j] = p.value;
          w.remove[j] = p.remove;
        }
        for (int a = 1; a < w.count; ++a)  // ascending by index
          for (int b = a; b > 0 && w.idx[b - 1] > w.idx[b]; --b) {
            std::swap(w.idx[b - 1], w.idx[b]);
            std::swap(w.val[b - 1], w.val[b]);
            std::swap(w.remove[b - 1], w.remove[b]);
          }
        detail::cuda::write_sparse_entries(dev_, w);
        pending_.clear();
        return;
      }
    }
    std::vector<std::uint64_t> pk(pending_.size());
    detail::HostArray<T> pv(pending_.size());
    std::vector<std::uint8_t> prm(pending_.size());
    for (std::size_t k = 0; k < pending_.size(); ++k) {
      pk[k] = pending_[k].col;
      pv[k] = pending_[k].value;
      prm[k] = pending_[k].remove;
    }
    auto keys = detail::cuda::vec_to_keys(dev_);
    auto vals = dev_.val.clone("vector values");
    detail::cuda::merge_pending(keys, vals, pk, pv, prm);
    auto v = detail::cuda::vec_from_sorted_keys(dev_.size, std::move(keys), std::move(vals));
    detail::cuda::vec_to_format(v, detail::host::preferred_format(v.size, v.nvals));
    dev_ = std::move(v);
    pending_.clear();
#endif
  }

 private:
  friend struct detail::VectorAccess;

  template <class U>
  friend void detail::carry(detail::LoopCapture&, const Vector<U>&);
  template <class U>
  friend class detail::CarriedVector;

  /// A vector made while a device loop's body is captured is the body's own: never carried.
  void born_in_capture() noexcept {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]]
      c->born(this);
  }
  /// In a device loop's capture, the first touch of a vector carries it (hpgraph/loop.hpp).
  void touch() const {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]]
      detail::carry(*c, *this);
  }

  /// A move cannot throw: a vector it cannot carry spoils the capture instead, and the loop runs
  /// on the host.
  void touch_in_move() const noexcept {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]] {
      try {
        detail::carry(*c, *this);
      } catch (const std::exception& e) {
        c->spoil(e.what());
      }
    }
  }

  Sparsity current_format() const { return backend_ == Backend::host ? host_.format : dev_.format; }

  void init_empty(Index n) {
    if (backend_ == Backend::host) {
      host_ = detail::HostVec<T>{};
      host_.size = n;
    } else {
      dev_ = detail::DeviceVec<T>{};
      dev_.size = n;
    }
  }
  void check_index(Index i, const char* what) const {
    if (i >= size())
      hpg::detail::throw_error(Info::invalid_index, std::string(what) + ": index " + std::to_string(i) + " is outside size " +
                                           std::to_string(size()));
  }
  /// Sets (x != nullptr) or removes entry i of a bitmap vector in place.
  void bitmap_write(Index i, const T* x) {
    const std::uint8_t now = x ? 1 : 0;
    if (backend_ == Backend::host) {
      host_.nvals += Index(now) - Index(host_.present[i]);
      host_.present[i] = now;
      if (x) host_.val[i] = *x;
      return;
    }
#if HPG_HAS_CUDA
    detail::cuda::write_bitmap_entry(dev_, i, x);  // no wait: the count changes on the device
#endif
  }

  Backend backend_ = Backend::host;
  mutable detail::HostVec<T> host_;
  mutable detail::DeviceVec<T> dev_;
  mutable std::vector<detail::PendingOp<T>> pending_;
};

namespace detail {

#if HPG_HAS_CUDA
/// A vector a device loop's body touched (see LoopCapture): its carried storage, what the body
/// left in it copied back at the end of the body, and the storage given back to it afterwards.
/// One the body overwrites before it reads it (`overwritten`, LoopCapture::overwritten) has no
/// carried storage: the body sees it empty, nothing is copied back, the vector keeps its value
/// aside while the body is captured, and takes the last round's after the graph ran.
template <class T>
class CarriedVector final : public LoopCarried {
 public:
  CarriedVector(const Vector<T>& v, Index scale, bool count_full, bool jumbled, bool overwritten)
      : v_(&const_cast<Vector<T>&>(v)), overwritten_(overwritten) {
    if (v.backend_ != Backend::cuda) throw CaptureUnsupported("a host vector in a device loop's body");
    if (overwritten_) {
      if (!v.pending_.empty()) throw CaptureUnsupported("a vector with pending writes in a device loop's body");
      kept_ = std::move(v.dev_);
      v.dev_ = DeviceVec<T>{};
      v.dev_.size = kept_.size;
      return;
    }
    UncapturedScope now;  // the carried form is made once, before the loop runs
    cuda::carry_form(v.dev_, scale, count_full);
    if (jumbled && v.dev_.format == Sparsity::sparse) v.dev_.jumbled = true;  // a sorted list may be taken as jumbled
    storage_ = cuda::CarriedStorage<T>::of(v.dev_);
  }
  const void* object() const noexcept override { return v_; }
  void stage(const std::vector<const void*>& carried) override { cuda::stage_carried(v_->dev_, storage_, carried); }
  void write_back(std::vector<CarryCopy>& copies) override {
    if (overwritten_) {
      // What the last round leaves must outlive the graph where it is: in the arena (the body's
      // own memory, which no write-back overwrites), or nowhere.
      end_ = cuda::CarriedStorage<T>::of(v_->dev_);
      LoopCapture* c = loop_capture();
      const auto kept = [&](const void* p) { return !p || (c && c->in_arena(p)); };
      if (!kept(end_.idx) || !kept(end_.val) || !kept(end_.present) || !kept(end_.word)) {
        if (c) c->found = {v_, LoopCapture::carry_live};  // capture again, carried
        throw CaptureUnsupported("an overwritten vector left holding memory from before the loop");
      }
      return;
    }
    if (storage_.known && !(v_->dev_.format == Sparsity::bitmap && v_->dev_.nvals.is(*storage_.known))) {
      if (LoopCapture* c = loop_capture()) c->found = {v_, LoopCapture::carry_counted};  // capture again, its count on the device
      throw CaptureUnsupported("a full carried vector that loses entries");
    }
    if (storage_.format == Sparsity::sparse && !storage_.jumbled && v_->dev_.format == Sparsity::sparse && v_->dev_.jumbled) {
      // The body was captured for a sorted list, which the next round would not get.
      if (LoopCapture* c = loop_capture()) c->found = {v_, LoopCapture::carry_jumbled};  // capture again, carried jumbled
      throw CaptureUnsupported("a carried list that a round leaves jumbled");
    }
    cuda::carry_back(v_->dev_, storage_, copies);
    end_ = cuda::CarriedStorage<T>::of(v_->dev_);
  }
  void recover() override {
    if (overwritten_ || storage_.format != Sparsity::sparse || end_.idx == storage_.idx) return;  // written in place: cannot outgrow
    const Index m = end_.count_on_host();
    if (m > std::min(storage_.idx_n, storage_.val_n)) v_->dev_ = cuda::carried_overflow(end_, m);
  }
  void copy_last_round() override {
    if (overwritten_) last_ = cuda::carried_copy(end_);
  }
  void take_last_round() noexcept override {
    if (overwritten_) v_->dev_ = std::move(last_);
  }
  bool overwritten() const noexcept override { return overwritten_; }
  void restore() noexcept override {
    if (overwritten_) v_->dev_ = std::move(kept_);
    else v_->dev_ = storage_.adopt();
  }
  void storage(std::vector<const void*>& out) const override { storage_.pointers(out); }
  DeviceCount::View count() const noexcept { return storage_.view(); }

 private:
  Vector<T>* v_;
  bool overwritten_ = false;
  DeviceVec<T> kept_;  // an overwritten vector's value from before the capture, back when it ends
  DeviceVec<T> last_;  // its value after the graph, copied from the arena
  cuda::CarriedStorage<T> storage_;
  cuda::CarriedStorage<T> end_;  // what the captured body leaves in the vector (in the loop's arena)
};

template <class T>
void carry(LoopCapture& c, const Vector<T>& v) {
  if (c.find(&v) || c.is_born(&v)) return;
  if (v.size() && c.in_arena_or_carried(v.dev_.idx.data(), v.dev_.val.data(), v.dev_.present.data()))
    throw CaptureUnsupported("a vector holding the body's own storage, touched first after it changed");
  try {
    const unsigned as = c.carry_as(&v);
    c.carried.reserve(c.carried.size() + 1);  // an overwritten vector's value moves into its CarriedVector: no throw after that
    c.carried.push_back(std::make_unique<CarriedVector<T>>(v, c.capacity_scale, (as & LoopCapture::carry_counted) != 0,
                                                           (as & LoopCapture::carry_jumbled) != 0,
                                                           c.is_overwritten(&v) && !(as & LoopCapture::carry_live)));
  } catch (const Error& e) {  // out of memory for its carried form: the loop runs on the host
    throw CaptureUnsupported(e.what());
  }
}
#else
template <class T>
void carry(LoopCapture&, const Vector<T>&) {}
#endif

struct VectorAccess {
  template <class T>
  static HostVec<T>& host(Vector<T>& v) { v.wait(); return v.host_; }
  template <class T>
  static const HostVec<T>& host(const Vector<T>& v) { v.wait(); return v.host_; }
  template <class T>
  static DeviceVec<T>& device(Vector<T>& v) { v.wait(); return v.dev_; }
  template <class T>
  static const DeviceVec<T>& device(const Vector<T>& v) { v.wait(); return v.dev_; }
};
}  // namespace detail

}  // namespace hpg
