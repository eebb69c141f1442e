// A device loop's carried vectors (hpgraph/loop.hpp): each vector a captured body touches is
// brought once, before the capture, into a form that holds any count (sparse arrays of the
// vector's size, a bitmap, the count as a device word), and at the end of the body what the body
// left is copied back into it, so that every replay of the graph starts where the last one ended.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/device_loop.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/tuples.cuh"

namespace hpg::detail::cuda {

/// A carried vector's storage, as raw pointers: the vector owns it, except while a body runs
/// that may have let go of it (LoopCapture::freed keeps it alive).
template <class T>
struct CarriedStorage {
  Index size = 0;
  Sparsity format = Sparsity::sparse;
  std::uint32_t* idx = nullptr;
  std::size_t idx_n = 0;
  T* val = nullptr;
  std::size_t val_n = 0;
  std::uint8_t* present = nullptr;
  std::size_t present_n = 0;
  bool jumbled = false;
  std::optional<Index> known;  // a full bitmap keeps its count known; otherwise base + *word
  Index base = 0;              // 0 in a carried form
  unsigned long long* word = nullptr;

  static CarriedStorage of(const DeviceVec<T>& v) {
    CarriedStorage s;
    s.size = v.size;
    s.format = v.format;
    v.idx.untag();  // the graph's copies may write these arrays, unseen by the host
    s.idx = const_cast<std::uint32_t*>(v.idx.data());
    s.idx_n = v.idx.size();
    s.val = const_cast<T*>(v.val.data());
    s.val_n = v.val.size();
    s.present = const_cast<std::uint8_t*>(v.present.data());
    s.present_n = v.present.size();
    s.jumbled = v.jumbled;
    s.known = v.nvals.if_known();
    s.base = s.known ? 0 : v.nvals.view().base;
    s.word = const_cast<unsigned long long*>(v.nvals.view().word);
    return s;
  }
  /// The vector that owns this storage again.
  DeviceVec<T> adopt() const {
    DeviceVec<T> v;
    v.size = size;
    v.format = format;
    v.idx = DeviceArray<std::uint32_t>::adopt(idx, idx_n);
    v.val = DeviceArray<T>::adopt(val, val_n);
    v.present = DeviceArray<std::uint8_t>::adopt(present, present_n);
    v.jumbled = jumbled;
    v.nvals = known ? DeviceCount(*known) : DeviceCount::on_device(DeviceArray<unsigned long long>::adopt(word, 1));
    return v;
  }
  /// The count as a kernel reads it.
  DeviceCount::View view() const noexcept { return {known.value_or(base), known ? nullptr : word}; }
  /// The count, read from the device unless known (a host wait).
  Index count_on_host() const {
    if (known) return *known;
    unsigned long long delta = 0;
    copy_device_to_host(&delta, word, sizeof(delta));
    return base + delta;
  }
  void pointers(std::vector<const void*>& out) const {
    for (const void* p : {static_cast<const void*>(idx), static_cast<const void*>(val), static_cast<const void*>(present),
                          static_cast<const void*>(word)})
      if (p) out.push_back(p);
  }
};

/// The entries a carried sparse vector holds: `scale` times what it holds now, at least 1024 x
/// scale, at most its size. A round whose result holds more stops the loop, which is captured
/// again with a larger scale: the rounds' work follows these capacities, not the size.
inline Index carried_capacity(Index size, Index now, Index scale) {
  const Index want = std::max(now, Index(1024)) * scale;
  return std::min(size, want);
}

/// Brings v into its carried form (run outside the capture, before the loop): a sparse v gets
/// arrays of carried_capacity entries and its count as a device word of its own (its count is
/// read: a host wait); a bitmap keeps its arrays, and its count is a device word unless v is full
/// and not `count_full` (a full vector that a round may leave with fewer entries).
template <class T>
void carry_form(DeviceVec<T>& v, Index scale, bool count_full) {
  guarded("loop_while: preparing a carried vector", [&] {
    if (v.format == Sparsity::bitmap && v.nvals.is(v.size) && !count_full) return;
    DeviceArray<unsigned long long> word(1, "carried vector count");
    if (v.format == Sparsity::sparse) {
      const Index capacity = carried_capacity(v.size, v.nvals.get(), scale);
      DeviceArray<std::uint32_t> idx(capacity, "carried vector indices");
      DeviceArray<T> val(capacity, "carried vector values");
      const DeviceCount::View from = v.nvals.view();
      copy_carried(CarryCopy{v.idx.data(), v.val.data(), from.base, from.word, idx.data(), val.data(), sizeof(T), word.data(), capacity,
                             sparse_bound(v) ? sparse_grid(v, LaunchPolicy::map_threads) : 1u});
      v.idx = std::move(idx);
      v.val = std::move(val);
    } else {
      if (v.present.empty()) {  // a full bitmap may have no presence flags: a carried one that can lose entries needs them
        DeviceArray<std::uint8_t> present(v.size, "carried vector bitmap");
        device_memset(present.data(), 1, v.size);
        v.present = std::move(present);
      }
      const DeviceCount::View from = v.nvals.view();
      copy_carried(CarryCopy::count_only(from.base, from.word, word.data()));
    }
    v.nvals = DeviceCount::on_device(std::move(word));
  });
}

/// Arrays of `from` that are another carried vector's storage (the body swapped or moved vectors)
/// are copied aside first, so that no write-back overwrites what another one still has to copy.
template <class T>
void stage_carried(DeviceVec<T>& from, const CarriedStorage<T>& to, const std::vector<const void*>& carried) {
  const auto elsewhere = [&](const void* p, const void* own) {
    return p && p != own && std::find(carried.begin(), carried.end(), p) != carried.end();
  };
  if (elsewhere(from.idx.data(), to.idx)) from.idx = from.idx.clone("staged carried vector");
  if (elsewhere(from.val.data(), to.val)) from.val = from.val.clone("staged carried vector");
  if (elsewhere(from.present.data(), to.present)) from.present = from.present.clone("staged carried vector");
  if (elsewhere(from.nvals.view().word, to.word)) from.nvals = DeviceCount(from.nvals);  // copies the word
}

/// Captured at the end of a loop body: what the body left in `from` goes into the carried storage
/// (a sparse list that outgrew it sets the loop's overflow word instead). A full carried form
/// (`to.known`) takes only a full `from`: CarriedVector::write_back checks that first and captures
/// the body again. A sparse list's copy and a count's write are left to the loop's last kernel
/// (`copies`, see CarryCopy); a bitmap's arrays are copied here.
template <class T>
void carry_back(DeviceVec<T>& from, const CarriedStorage<T>& to, std::vector<CarryCopy>& copies) {
  if (from.size != to.size) throw CaptureUnsupported("a carried vector whose size changes");
  DeviceCount::View count = from.nvals.view();
  unsigned long long* word = to.known || (count.word == to.word && count.base == 0) ? nullptr : to.word;
  if (to.format == Sparsity::sparse) {
    if (from.format != Sparsity::sparse) throw CaptureUnsupported("a carried vector that changes from sparse to bitmap form");
    std::uint32_t* idx = from.idx.data() == to.idx ? nullptr : to.idx;
    T* val = from.val.data() == to.val ? nullptr : to.val;
    if (!idx && !val && !word) return;
    if (word && count.word == to.word && (idx || val)) {
      // The count is the carried word plus a base: the copying threads would read the word while
      // the last kernel writes it. They read a copy of it.
      from.nvals = DeviceCount(from.nvals);
      count = from.nvals.view();
    }
    copies.push_back(CarryCopy{from.idx.data(), from.val.data(), count.base, count.word, idx, val, sizeof(T), word,
                               Index(std::min(to.idx_n, to.val_n)),
                               sparse_bound(from) ? sparse_grid(from, LaunchPolicy::map_threads) : 1u});
    return;
  }
  if (from.format == Sparsity::bitmap) {
    if (from.val.data() != to.val) copy_device_to_device(to.val, from.val.data(), to.size * sizeof(T));
    if (to.present_n && from.present.data() != to.present) {
      if (from.present.empty()) device_memset(to.present, 1, to.size);
      else copy_device_to_device(to.present, from.present.data(), to.size);
    }
  } else {
    device_memset(to.present, 0, to.size);
    if (sparse_bound(from)) {
      scatter_entries_kernel<<<sparse_grid(from, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          from.idx.data(), from.val.data(), count, to.val, to.present);
      check_launch("scatter_entries_kernel");
    }
  }
  if (word) copies.push_back(CarryCopy::count_only(count.base, count.word, word));
}

/// After a loop that stopped because `from` (the list a round left, still in the loop's arena,
/// with m entries) outgrew the carried storage: that list in arrays of its own.
template <class T>
DeviceVec<T> carried_overflow(const CarriedStorage<T>& from, Index m) {
  DeviceVec<T> v;
  v.size = from.size;
  v.format = Sparsity::sparse;
  v.jumbled = from.jumbled;
  v.idx = DeviceArray<std::uint32_t>::copy_of(from.idx, m, "vector indices");
  v.val = DeviceArray<T>::copy_of(from.val, m, "vector values");
  v.nvals = m;
  return v;
}

/// After a loop, an overwritten vector's last value (LoopCapture::overwritten: `from`, where the
/// last round left it, in the loop's arena) in arrays of its own, whole (a sparse list's arrays as
/// long as the round made them): its count stays on the device, and nothing waits.
template <class T>
DeviceVec<T> carried_copy(const CarriedStorage<T>& from) {
  DeviceVec<T> v;
  v.size = from.size;
  v.format = from.format;
  v.jumbled = from.jumbled;
  v.idx = DeviceArray<std::uint32_t>::copy_of(from.idx, from.idx_n, "vector indices");
  v.val = DeviceArray<T>::copy_of(from.val, from.val_n, "vector values");
  v.present = DeviceArray<std::uint8_t>::copy_of(from.present, from.present_n, "vector bitmap");
  if (from.known) v.nvals = *from.known;
  else v.nvals = DeviceCount::on_device(DeviceArray<unsigned long long>::copy_of(from.word, 1, "vector count"), from.base);
  return v;
}

}  // namespace hpg::detail::cuda
