// The vector a device loop carries (LoopCapture, loop_capture.hpp): the CUDA backend's side of a
// Vector's first touch in a loop's capture (Storage::vec_carry), and what is given back to the
// vector when the capture ends. It reaches the Vector through VectorAccess, a template parameter
// (this file is included before the Vector is defined).
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "hpgraph/cuda/loop_carry.cuh"
#include "hpgraph/detail/loop_capture.hpp"

namespace hpg {
template <class T>
class Vector;
}

namespace hpg::detail::cuda {

/// A vector a device loop's body touched (see LoopCapture): its carried storage, what the body
/// left in it copied back at the end of the body, and the storage given back to it afterwards.
/// One the body overwrites before it reads it (`overwritten`, LoopCapture::overwritten) has no
/// carried storage: the body sees it empty, nothing is copied back, the vector keeps its value
/// aside while the body is captured, and takes the last round's after the graph ran.
template <class T, class Access>
class CarriedVector final : public LoopCarried {
 public:
  CarriedVector(const Vector<T>& v, Index scale, bool count_full, bool jumbled, bool overwritten)
      : v_(&const_cast<Vector<T>&>(v)), overwritten_(overwritten) {
    if (v.backend() != Backend::cuda) throw CaptureUnsupported("a host vector in a device loop's body");
    DeviceVec<T>& d = dev();
    if (overwritten_) {
      if (!Access::pending(v).empty()) throw CaptureUnsupported("a vector with pending writes in a device loop's body");
      kept_ = std::move(d);
      d = DeviceVec<T>{};
      d.size = kept_.size;
      return;
    }
    UncapturedScope now;  // the carried form is made once, before the loop runs
    cuda::carry_form(d, scale, count_full);
    if (jumbled && d.format == Sparsity::sparse) d.jumbled = true;  // a sorted list may be taken as jumbled
    storage_ = cuda::CarriedStorage<T>::of(d);
  }
  const void* object() const noexcept override { return v_; }
  void stage(const std::vector<const void*>& carried) override { cuda::stage_carried(dev(), storage_, carried); }
  void write_back(std::vector<CarryCopy>& copies) override {
    if (overwritten_) {
      // What the last round leaves must outlive the graph where it is: in the arena (the body's
      // own memory, which no write-back overwrites), or nowhere.
      end_ = cuda::CarriedStorage<T>::of(dev());
      LoopCapture* c = loop_capture();
      const auto kept = [&](const void* p) { return !p || (c && c->in_arena(p)); };
      if (!kept(end_.idx) || !kept(end_.val) || !kept(end_.present) || !kept(end_.word)) {
        if (c) c->found = {v_, LoopCapture::carry_live};  // capture again, carried
        throw CaptureUnsupported("an overwritten vector left holding memory from before the loop");
      }
      return;
    }
    if (storage_.known && !(dev().format == Sparsity::bitmap && dev().nvals.is(*storage_.known))) {
      if (LoopCapture* c = loop_capture()) c->found = {v_, LoopCapture::carry_counted};  // capture again, its count on the device
      throw CaptureUnsupported("a full carried vector that loses entries");
    }
    if (storage_.format == Sparsity::sparse && !storage_.jumbled && dev().format == Sparsity::sparse && dev().jumbled) {
      // The body was captured for a sorted list, which the next round would not get.
      if (LoopCapture* c = loop_capture()) c->found = {v_, LoopCapture::carry_jumbled};  // capture again, carried jumbled
      throw CaptureUnsupported("a carried list that a round leaves jumbled");
    }
    cuda::carry_back(dev(), storage_, copies);
    end_ = cuda::CarriedStorage<T>::of(dev());
  }
  void recover() override {
    if (overwritten_ || storage_.format != Sparsity::sparse || end_.idx == storage_.idx) return;  // written in place: cannot outgrow
    const Index m = end_.count_on_host();
    if (m > std::min(storage_.idx_n, storage_.val_n)) dev() = cuda::carried_overflow(end_, m);
  }
  void copy_last_round() override {
    if (overwritten_) last_ = cuda::carried_copy(end_);
  }
  // After the graph ran (a body that left a host vector here was never a graph, so v_ is on the GPU).
  void take_last_round() noexcept override {
    if (DeviceVec<T>* d = Access::raw(*v_).template get_if<Backend::cuda>(); d && overwritten_) *d = std::move(last_);
  }
  bool overwritten() const noexcept override { return overwritten_; }
  // After every capture, a failed one included: the vector gets back its storage from before the
  // loop. When the body moved a host vector into it (the capture then failed), it is a GPU vector
  // again: the loop runs from the host from the vector as it was, and the carried arrays have an
  // owner (the loop's release of what the body freed skips them).
  void restore() noexcept override {
    DeviceVec<T> back = overwritten_ ? std::move(kept_) : storage_.adopt();
    if (DeviceVec<T>* d = Access::raw(*v_).template get_if<Backend::cuda>()) *d = std::move(back);
    else Access::raw(*v_).template replace<Backend::cuda>(std::move(back));
  }
  void storage(std::vector<const void*>& out) const override { storage_.pointers(out); }
  DeviceCount::View count() const noexcept { return storage_.view(); }

 private:
  /// The vector's storage on the GPU. A body that leaves a host vector in it (moved or swapped in)
  /// cannot be a graph: the loop runs from the host.
  DeviceVec<T>& dev() const {
    DeviceVec<T>* d = Access::raw(*v_).template get_if<Backend::cuda>();
    if (!d) throw CaptureUnsupported("a host vector in a device loop's body");
    return *d;
  }

  Vector<T>* v_;
  bool overwritten_ = false;
  DeviceVec<T> kept_;  // an overwritten vector's value from before the capture, back when it ends
  DeviceVec<T> last_;  // its value after the graph, copied from the arena
  cuda::CarriedStorage<T> storage_;
  cuda::CarriedStorage<T> end_;  // what the captured body leaves in the vector (in the loop's arena)
};

/// The first touch of v in a device loop's capture (Vector::touch): carries it, unless the body
/// made it or it is carried already. Access is VectorAccess (a parameter: it is complete only
/// where a Vector's method instantiates this).
template <class Access, class T>
void carry_vector(LoopCapture& c, const Vector<T>& v) {
  if (c.find(&v) || c.is_born(&v)) return;
  if (v.backend() != Backend::cuda) throw CaptureUnsupported("a host vector in a device loop's body");
  const DeviceVec<T>& d = Access::raw(v).template get<Backend::cuda>();
  if (v.size() && c.in_arena_or_carried(d.idx.data(), d.val.data(), d.present.data()))
    throw CaptureUnsupported("a vector holding the body's own storage, touched first after it changed");
  try {
    // The condition's vector is read by its count every round: it is carried counted from the
    // start (one that starts full must lose its entries to end the loop, which a full carried
    // form, its count known, would find only by capturing the body again).
    const unsigned as = c.carry_as(&v) | (&v == c.condition ? unsigned(LoopCapture::carry_counted) : 0u);
    c.carried.reserve(c.carried.size() + 1);  // an overwritten vector's value moves into its CarriedVector: no throw after that
    c.carried.push_back(std::make_unique<CarriedVector<T, Access>>(v, c.capacity_scale, (as & LoopCapture::carry_counted) != 0,
                                                           (as & LoopCapture::carry_jumbled) != 0,
                                                           c.is_overwritten(&v) && !(as & LoopCapture::carry_live)));
  } catch (const Error& e) {  // out of memory for its carried form: the loop runs on the host
    throw CaptureUnsupported(e.what());
  }
}

}  // namespace hpg::detail::cuda
