// Storage layouts of Matrix and Vector on each backend. Plain data; the algorithms that maintain
// them are in hpgraph/host (std C++) and hpgraph/cuda (Thrust/CUB, compiled only by nvcc).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/detail/host_array.hpp"
#include "hpgraph/sparsity.hpp"
#include "hpgraph/types.hpp"

namespace hpg::detail {

/// Compressed sparse rows, column indices sorted and unique within each row.
template <class T>
struct HostCsr {
  Index nrows = 0, ncols = 0;
  std::vector<std::uint64_t> ptr;  // nrows + 1 entries
  std::vector<std::uint32_t> col;
  HostArray<T> val;
  Index nvals() const { return col.size(); }
};

/// The same on the GPU. Row offsets are 32-bit while nvals fits in an int32, 64-bit beyond.
template <class T>
struct DeviceCsr {
  Index nrows = 0, ncols = 0, nvals = 0;
  DeviceArray<std::uint32_t> ptr32;
  DeviceArray<std::uint64_t> ptr64;
  DeviceArray<std::uint32_t> col;
  DeviceArray<T> val;
  bool wide_offsets() const { return nvals > max_nvals_32bit_offsets; }
  /// The device memory the arrays take for these sizes (whether or not they are allocated yet).
  std::size_t bytes() const {
    return std::size_t(nrows + 1) * (wide_offsets() ? sizeof(std::uint64_t) : sizeof(std::uint32_t)) +
           std::size_t(nvals) * (sizeof(std::uint32_t) + sizeof(T));
  }
};

/// Where a matrix's structure lies, on the backend that holds it (what hpg::view reads): exactly
/// one of ptr64 and ptr32 is set.
struct CsrStructure {
  const std::uint64_t* ptr64 = nullptr;
  const std::uint32_t* ptr32 = nullptr;
  const std::uint32_t* col = nullptr;
};

/// Where a bitmap vector's values and presence flags lie, on the backend that holds it.
template <class T>
struct BitmapArrays {
  const T* values = nullptr;
  const std::uint8_t* present = nullptr;
};

/// HYB (Bell & Garland): the first K entries of every row in ELL form, column-major
/// (slot k of row i at k * nrows + i, so a warp reading slot k of 32 consecutive rows is
/// coalesced), padding marked by hyb_pad; the entries past K of the longer rows as a COO tail
/// grouped by row (coo_rows[r] has entries coo_ptr[r] .. coo_ptr[r + 1]).
///
/// Two facts found once at build time spare every SpMV work:
/// - iso: every stored value is bitwise the same (a graph's pattern, all ones). The value arrays
///   are then left empty and iso_value stands for them, so a kernel reads 4 bytes per entry.
/// - the tail schedule: tail rows sorted into bins by tail length, each bin worked by groups of
///   hyb_bin_lanes(b) lanes (a warp holds 32 / lanes rows), so short rows do not idle a warp;
///   rows of the last bin are cut into pieces of at most hyb_piece entries, a warp each, so a hub
///   row with 10^5 entries is spread over the GPU instead of holding one warp for milliseconds.
///   Rows cut into several pieces are folded by a second, small pass.
inline constexpr std::uint32_t hyb_pad = 0xffffffffu;
inline constexpr int hyb_bins = 4;
HPG_HOST_DEVICE constexpr unsigned hyb_bin_lanes(int bin) { return 4u << bin; }  // 4, 8, 16, 32
inline constexpr std::uint64_t hyb_piece = 1024;
/// The part of a HYB that depends only on the pattern (columns, COO rows and offsets, tail
/// schedule): built by library code compiled once (hyb_layout.cu), whatever the value type.
struct HybLayout {
  Index nrows = 0, ncols = 0, width = 0;
  DeviceArray<std::uint32_t> ell_col;
  DeviceArray<std::uint32_t> coo_rows;
  DeviceArray<std::uint64_t> coo_ptr;
  DeviceArray<std::uint32_t> coo_col;
  // Tail schedule. Bins 0 .. hyb_bins - 2: tail_item lists tail rows r. The last bin: an item is
  // piece tail_piece[q] of tail row tail_item[q].
  DeviceArray<std::uint32_t> tail_item;
  DeviceArray<std::uint32_t> tail_piece;
  Index bin_start[hyb_bins + 1] = {};
  DeviceArray<std::uint32_t> split_rows;   // tail rows of more than one piece
  DeviceArray<std::uint64_t> split_first;  // their first item, counted from bin_start[hyb_bins - 1]
  // Columns renumbered by descending degree (see build_hyb_layout): ell_col and coo_col then hold
  // the layout's column r, and col_order[r] is the user's column. Empty: the user's numbering.
  DeviceArray<std::uint32_t> col_order;
  // Its inverse: col_rank[c] is the layout's number of the user's column c (where a pull puts a
  // sparse u's entries). Empty with col_order.
  DeviceArray<std::uint32_t> col_rank;
  // Rows with at least one entry: what a pull over a full u with no row skipped yields, so that
  // its result's entry count is known without counting (and without the host waiting).
  Index nonempty_rows = 0;
  bool columns_ordered() const { return col_order.size() != 0; }
  Index coo_row_count() const { return coo_rows.size(); }
  std::uint64_t coo_entries() const { return coo_col.size(); }
  Index long_items() const { return bin_start[hyb_bins] - bin_start[hyb_bins - 1]; }
};

template <class T>
struct DeviceHyb : HybLayout {
  bool iso = false;
  T iso_value{};
  DeviceArray<T> ell_val;  // empty when iso
  DeviceArray<T> coo_val;  // empty when iso
};

/// Forms of a device matrix derived from its CSR, built on first use and dropped when the
/// matrix changes: the transpose (CSC of A as the CSR of A'), HYB of A and of A', and their
/// longest rows. Threads
/// that read one matrix at once may race to build a form: `building` makes one build it while the
/// others wait (recursive: the HYB of A' builds A' first). Threads on streams of their own
/// (hpg::StreamScope) read what another stream built after it: `built` marks the last build, and
/// every reader, or builder, orders its stream after it first.
template <class T>
struct DeviceDerived {
  std::recursive_mutex building;
  StreamMark built;
  bool have_transpose = false;
  DeviceCsr<T> transpose;
  bool have_hyb = false, have_hyb_transpose = false;
  DeviceHyb<T> hyb, hyb_transpose;
  // The most entries in a row of A and of A' (what one u entry can push at most).
  std::optional<Index> longest_row, longest_row_transpose;
};

/// An element update not yet merged: set (remove == false) or remove. Later entries win.
template <class T>
struct PendingOp {
  std::uint32_t row;
  std::uint32_t col;
  bool remove;
  T value;
};

template <class T>
struct HostVec {
  Index size = 0;
  Index nvals = 0;
  Sparsity format = Sparsity::sparse;
  std::vector<std::uint32_t> idx;  // sparse: nvals sorted indices
  HostArray<T> val;                // sparse: nvals values; bitmap: size values
  std::vector<std::uint8_t> present;  // bitmap: size flags
};

/// The entry count of a device vector. Known on the host, or still on the device: a known base
/// plus a word that kernels counted into, read (a host wait, once; the value is kept) only when
/// something asks for the number. An operation that makes a vector therefore need not wait for its
/// count, and one that only uses the count to choose a faster path asks is() / if_known() instead.
/// Converting to Index reads it, so code that needs the number gets the right one either way.
/// Reads from several threads at once are safe (the first read may happen twice; both agree).
class DeviceCount {
 public:
  DeviceCount() = default;
  DeviceCount(Index n) : known_(static_cast<std::int64_t>(n)) {}  // NOLINT: an Index is a known count
  // One load of the other's state: another thread's get() may make it known meanwhile, and a copy
  // that saw "unknown" must then still take the word (get() never frees it).
  DeviceCount(const DeviceCount& o) : known_(o.known_.load(std::memory_order_acquire)), base_(o.base_) {
    if (known_.load(std::memory_order_relaxed) < 0) word_ = o.word_.clone("vector count");
  }
  DeviceCount(DeviceCount&& o) noexcept : known_(o.known_.exchange(0)), base_(o.base_), word_(std::move(o.word_)) {}
  DeviceCount& operator=(const DeviceCount& o) {
    if (this != &o) *this = DeviceCount(o);
    return *this;
  }
  DeviceCount& operator=(DeviceCount&& o) noexcept {
    if (this != &o) {
      known_ = o.known_.exchange(0);  // a moved-from vector is empty: its count is a known 0
      base_ = o.base_;
      word_ = std::move(o.word_);
    }
    return *this;
  }
  /// A count that a kernel has written (or will write, in stream order) to `word`.
  static DeviceCount on_device(DeviceArray<unsigned long long>&& word, Index base = 0) {
    DeviceCount c;
    c.known_ = -1;
    c.base_ = base;
    c.word_ = std::move(word);
    return c;
  }
  /// The count if it is known without waiting.
  std::optional<Index> if_known() const {
    const std::int64_t k = known_.load(std::memory_order_acquire);
    return k >= 0 ? std::optional<Index>(static_cast<Index>(k)) : std::nullopt;
  }
  /// Whether the count is known to be n (an unknown count is not: the caller takes its general path).
  bool is(Index n) const { return if_known() == n; }
  /// The count, read from the device if it is not known yet (a host wait).
  Index get() const {
    if (auto k = if_known()) return *k;
    unsigned long long delta = 0;
    copy_device_to_host(&delta, word_.data(), sizeof(delta));
    const Index n = base_ + delta;  // modulo 2^64: a kernel may count removals as ~0
    known_.store(static_cast<std::int64_t>(n), std::memory_order_release);
    return n;
  }
  operator Index() const { return get(); }  // NOLINT: reading the count is what an Index wants
  /// Where a kernel reads the count without a host wait: base + *word (modulo 2^64), or base alone
  /// when word is null (a known count). hpgraph/cuda/device_counter.cuh's count_of reads it.
  struct View {
    Index base = 0;
    const unsigned long long* word = nullptr;
  };
  View view() const {
    if (auto k = if_known()) return {*k, nullptr};
    return {base_, word_.data()};
  }
  /// A device word that a kernel which changes the vector in place adds to (modulo 2^64, so ~0 is
  /// minus one). A known count becomes the base and the word is zeroed on the stream (a fill, no
  /// copy from the host); the count is unknown afterwards.
  unsigned long long* device_word() {
    if (auto k = if_known()) {
      if (word_.empty()) word_.allocate(1, "vector count");
      device_memset(word_.data(), 0, sizeof(unsigned long long));
      base_ = *k;
      known_.store(-1, std::memory_order_release);
    }
    return word_.data();
  }

 private:
  mutable std::atomic<std::int64_t> known_{0};  // -1: base_ + the word on the device
  Index base_ = 0;
  DeviceArray<unsigned long long> word_;
};

/// Sparse: idx and val hold the nvals entries first, and may hold more (a push result is sized
/// before its count is known, and the count may stay on the device): code reads nvals entries,
/// never the arrays' length. The indices are unique and ascending unless `jumbled` (SuiteSparse's
/// word): then unique in no order, as a push under the any monoid lists them (sorting them would
/// be a pass over the whole index range). Code that needs them in order (a binary search, a
/// merge, a list handed to the user) calls cuda::unjumble first, which sorts them in place (the
/// arrays stay where they are) and clears the flag; code that takes entries one by one (a
/// scatter, an upsert, a push from the list) does not care. Bitmap: val and present hold size
/// entries, and `jumbled` means nothing.
template <class T>
struct DeviceVec {
  Index size = 0;
  DeviceCount nvals = 0;
  Sparsity format = Sparsity::sparse;
  DeviceArray<std::uint32_t> idx;
  DeviceArray<T> val;
  DeviceArray<std::uint8_t> present;
  mutable bool jumbled = false;  // sorting is not a change of the vector: a const reader may do it
};

/// Below this fraction of present entries a vector is kept sparse.
inline constexpr double sparse_vector_density = 1.0 / 16.0;

}  // namespace hpg::detail
