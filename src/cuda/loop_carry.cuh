// A device loop's carried vectors (hpgraph/loop.hpp): each vector a captured body touches is
// brought once, before the capture, into a form that holds any count (sparse arrays of the
// vector's size, a bitmap, the count as a device word), and at the end of the body what the body
// left is copied back into it, so that every replay of the graph starts where the last one ended.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/tuples.cuh"

namespace hpg::detail::cuda {

/// Copies the first count_of(from) entries of a sparse list into another (a null destination
/// array is not copied: it is the source's own) and writes the count as a whole number into
/// *count (unless null).
template <class T>
__global__ void carry_sparse_kernel(const std::uint32_t* from_idx, const T* from_val, DeviceCount::View from, std::uint32_t* idx, T* val,
                                    unsigned long long* count) {
  const Index m = count_of(from);
  if (count && blockIdx.x == 0 && threadIdx.x == 0) *count = m;
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    if (idx) idx[k] = from_idx[k];
    if (val) val[k] = from_val[k];
  }
}

template <class = void>
__global__ void carry_count_kernel(DeviceCount::View from, unsigned long long* count) {
  *count = count_of(from);
}

/// A carried vector's storage, as raw pointers: the vector owns it, except while a body runs
/// that may have let go of it (LoopCapture::freed keeps it alive).
template <class T>
struct CarriedStorage {
  Index size = 0;
  VectorFormat format = VectorFormat::sparse;
  std::uint32_t* idx = nullptr;
  std::size_t idx_n = 0;
  T* val = nullptr;
  std::size_t val_n = 0;
  std::uint8_t* present = nullptr;
  std::size_t present_n = 0;
  std::optional<Index> known;  // a full bitmap keeps its count known; otherwise *word holds it
  unsigned long long* word = nullptr;

  static CarriedStorage of(const DeviceVec<T>& v) {
    CarriedStorage s;
    s.size = v.size;
    s.format = v.format;
    s.idx = const_cast<std::uint32_t*>(v.idx.data());
    s.idx_n = v.idx.size();
    s.val = const_cast<T*>(v.val.data());
    s.val_n = v.val.size();
    s.present = const_cast<std::uint8_t*>(v.present.data());
    s.present_n = v.present.size();
    s.known = v.nvals.if_known();
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
    v.nvals = known ? DeviceCount(*known) : DeviceCount::on_device(DeviceArray<unsigned long long>::adopt(word, 1));
    return v;
  }
  void pointers(std::vector<const void*>& out) const {
    for (const void* p : {static_cast<const void*>(idx), static_cast<const void*>(val), static_cast<const void*>(present),
                          static_cast<const void*>(word)})
      if (p) out.push_back(p);
  }
};

/// Brings v into its carried form (run outside the capture, before the loop): a sparse v gets
/// arrays of its size and its count as a device word of its own; a bitmap keeps its arrays, and
/// its count is a device word unless v is full.
template <class T>
void carry_form(DeviceVec<T>& v) {
  guarded("loop_while: preparing a carried vector", [&] {
    if (v.format == VectorFormat::bitmap && v.nvals.is(v.size)) return;
    DeviceArray<unsigned long long> word(1, "carried vector count");
    if (v.format == VectorFormat::sparse) {
      DeviceArray<std::uint32_t> idx(v.size, "carried vector indices");
      DeviceArray<T> val(v.size, "carried vector values");
      carry_sparse_kernel<<<sparse_bound(v) ? sparse_grid(v, 256) : 1, 256, 0, stream()>>>(v.idx.data(), v.val.data(), v.nvals.view(),
                                                                                          idx.data(), val.data(), word.data());
      check_launch("carry_sparse_kernel");
      v.idx = std::move(idx);
      v.val = std::move(val);
    } else {
      carry_count_kernel<<<1, 1, 0, stream()>>>(v.nvals.view(), word.data());
      check_launch("carry_count_kernel");
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

/// Captured at the end of a loop body: what the body left in `from` goes into the carried storage.
template <class T>
void carry_back(const DeviceVec<T>& from, const CarriedStorage<T>& to) {
  const DeviceCount::View count = from.nvals.view();
  unsigned long long* word = to.known || (count.word == to.word && count.base == 0) ? nullptr : to.word;
  if (to.known) {
    if (!from.nvals.is(*to.known) || from.format != VectorFormat::bitmap) throw CaptureUnsupported("a full carried vector that loses entries");
  }
  if (to.format == VectorFormat::sparse) {
    if (from.format != VectorFormat::sparse) throw CaptureUnsupported("a carried vector that changes from sparse to bitmap form");
    std::uint32_t* idx = from.idx.data() == to.idx ? nullptr : to.idx;
    T* val = from.val.data() == to.val ? nullptr : to.val;
    if (!idx && !val && !word) return;
    if (sparse_bound(from) > to.idx_n || sparse_bound(from) > to.val_n)
      throw CaptureUnsupported("a carried vector whose entries outgrow its storage");
    carry_sparse_kernel<<<sparse_bound(from) ? sparse_grid(from, 256) : 1, 256, 0, stream()>>>(from.idx.data(), from.val.data(), count, idx,
                                                                                             val, word);
    check_launch("carry_sparse_kernel");
    return;
  }
  if (from.format == VectorFormat::bitmap) {
    if (from.val.data() != to.val) copy_device_to_device(to.val, from.val.data(), to.size * sizeof(T));
    if (to.present_n && from.present.data() != to.present) {
      if (from.present.empty()) device_memset(to.present, 1, to.size);
      else copy_device_to_device(to.present, from.present.data(), to.size);
    }
  } else {
    device_memset(to.present, 0, to.size);
    if (sparse_bound(from)) {
      scatter_entries_kernel<<<sparse_grid(from, 256), 256, 0, stream()>>>(from.idx.data(), from.val.data(), count, to.val, to.present);
      check_launch("scatter_entries_kernel");
    }
  }
  if (word) {
    carry_count_kernel<<<1, 1, 0, stream()>>>(count, word);
    check_launch("carry_count_kernel");
  }
}

}  // namespace hpg::detail::cuda
