// What an SSSP round (frontier Bellman-Ford, as algorithms/sssp.hpp) costs on the 2048 x 2048 grid
// with weights 1..255, in three shapes of launch, before any of them is built into the library
// (issue 23: <= 20 us a round; the library's round is 22.7):
//   two:    the library's shape: a mark kernel (products folded by atomicMin into slots, bits
//           set), then one cooperative list kernel (the set bits listed, a grid barrier, then each
//           listed candidate compared with its distance, kept, written, appended to the
//           frontier), whose last block ends the round; a WHILE graph node's iteration a round;
//   one:    the mark in the same cooperative kernel, before a first barrier: one kernel a round;
//   rounds: every round in one cooperative launch, three grid barriers a round, no graph;
//   append: the same, but the mark appends each candidate it is first to mark (the bit's claim)
//           to the list: no bitmap scan, two grid barriers a round;
//   fused:  one grid barrier a round: the thread that keeps a candidate pushes its row at once,
//           into the other of two sets of slots, bits and lists (round r's candidates are read
//           from set r % 2 while round r + 1's are marked into the other). The same rounds and the
//           same values as the others: the push of round r + 1 only reads what round r kept.
// "+stores": the keep also writes what the library's held list step writes beside that work
// (T's values, the map's list of indices and flags, the kept list beside the frontier).
// Standalone (no hpgraph code): nvcc -O3 -arch=sm_90 -std=c++17 -o probe sssp_round_probe.cu
#include <cooperative_groups.h>
#include <cub/block/block_scan.cuh>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <queue>
#include <vector>

namespace cg = cooperative_groups;

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e_ = (x);                                                            \
    if (e_ != cudaSuccess) {                                                         \
      std::printf("%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

constexpr long long INF = LLONG_MAX;
constexpr unsigned THREADS = 256;

struct Graph {
  const std::uint32_t* ptr;
  const std::uint32_t* col;
  const long long* w;
  std::uint32_t n;
};

struct State {
  long long* dist;
  long long* slots;  // INF where clean
  std::uint32_t* bits;
  std::uint32_t words;
  std::uint32_t* fidx;  // the frontier (carried from round to round)
  long long* fval;
  unsigned long long* fcount;
  std::uint32_t* lidx;           // the listed candidates
  unsigned long long* status;    // [0] listed, [1] kept, [2] blocks done; [3..5] the same, odd rounds
  unsigned long long* rounds;
  unsigned long long max_rounds;
  // What the library's held list step writes beside the minimal work (with_stores): T's values,
  // the map's list (its indices and flags) and the kept list, which it copies into the frontier.
  long long* tval;
  std::uint32_t* midx;
  bool* mval;
  std::uint32_t* kidx;
  long long* kval;
  cudaGraphConditionalHandle handle;
  // append and fused: the second set (fused), and counters that take turns by round (3 each).
  long long* slots2;
  std::uint32_t* bits2;
  std::uint32_t* lidx2;
  unsigned long long* listed;  // [3]
  unsigned long long* kept;    // [3]
};

// Appends v to list, one atomic for the lanes of a warp that append together.
__device__ __forceinline__ void append_to(std::uint32_t* list, unsigned long long* count, std::uint32_t v) {
  cg::coalesced_group g = cg::coalesced_threads();
  unsigned long long first = 0;
  if (g.thread_rank() == 0) first = atomicAdd(count, static_cast<unsigned long long>(g.size()));
  first = g.shfl(first, 0);
  list[first + g.thread_rank()] = v;
}

// Folds row i's products (its distance d) into slots and appends each output whose bit it claims.
__device__ __forceinline__ void push_row(const Graph& g, long long* slots, std::uint32_t* bits, std::uint32_t* list,
                                         unsigned long long* listed, std::uint32_t i, long long d) {
  const std::uint32_t end = g.ptr[i + 1];
  for (std::uint32_t p = g.ptr[i]; p < end; ++p) {
    const std::uint32_t j = g.col[p];
    atomicMin(&slots[j], d + g.w[p]);
    const std::uint32_t bit = 1u << (j % 32);
    if (!(bits[j / 32] & bit) && !(atomicOr(&bits[j / 32], bit) & bit)) append_to(list, listed, j);
  }
}

// Products of the frontier's rows, a thread a row (the library's ByRows).
__device__ __forceinline__ void mark(const Graph& g, const State& s, unsigned long long m) {
  const unsigned long long threads = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long q = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; q < m; q += threads) {
    const std::uint32_t i = s.fidx[q];
    const long long d = s.fval[q];
    const std::uint32_t end = g.ptr[i + 1];
    for (std::uint32_t p = g.ptr[i]; p < end; ++p) {
      const std::uint32_t j = g.col[p];
      atomicMin(&s.slots[j], d + g.w[p]);
      const std::uint32_t bit = 1u << (j % 32);
      if (!(s.bits[j / 32] & bit)) atomicOr(&s.bits[j / 32], bit);
    }
  }
}

// The set bits' indices into lidx, a tile of 256 words a block (bits left clear); count in *listed.
__device__ __forceinline__ void list_bits(const State& s, unsigned long long* listed) {
  using Scan = cub::BlockScan<unsigned, THREADS>;
  __shared__ typename Scan::TempStorage scan;
  __shared__ unsigned long long base;
  const unsigned lane = threadIdx.x % 32;
  for (unsigned long long tile = static_cast<unsigned long long>(blockIdx.x) * THREADS; tile < s.words; tile += static_cast<unsigned long long>(gridDim.x) * THREADS) {
    const unsigned long long w = tile + threadIdx.x;
    const std::uint32_t word = w < s.words ? s.bits[w] : 0u;
    if (word) s.bits[w] = 0;
    __syncthreads();
    unsigned before = 0, total = 0;
    Scan(scan).ExclusiveSum(static_cast<unsigned>(__popc(word)), before, total);
    if (total == 0) continue;
    if (threadIdx.x == 0) base = atomicAdd(listed, static_cast<unsigned long long>(total));
    __syncthreads();
    const unsigned long long at = base + before;
    for (unsigned busy = __ballot_sync(~0u, word != 0); busy; busy &= busy - 1) {
      const unsigned from = static_cast<unsigned>(__ffs(busy) - 1);
      const std::uint32_t b = __shfl_sync(~0u, word, from);
      const unsigned long long at_word = __shfl_sync(~0u, at, from);
      if (b >> lane & 1u) s.lidx[at_word + __popc(b & ((1u << lane) - 1u))] = static_cast<std::uint32_t>(w - lane + from) * 32 + lane;
    }
  }
}

// Each listed candidate: its value from its slot (the slot put back), kept where it improves,
// its distance written, appended to the frontier (one atomic a warp).
template <bool Stores>
__device__ __forceinline__ void keep(const State& s, unsigned long long m, unsigned long long* kept) {
  const unsigned long long threads = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long start = static_cast<unsigned long long>(blockIdx.x) * blockDim.x; start < m; start += threads) {
    const unsigned long long k = start + threadIdx.x;
    bool better = false;
    std::uint32_t j = 0;
    long long x = 0;
    if (k < m) {
      j = __ldcg(s.lidx + k);
      x = s.slots[j];
      const long long d = s.dist[j];
      s.slots[j] = INF;
      better = x < d;
      if (better) s.dist[j] = x;
      if constexpr (Stores) {
        s.tval[k] = x;
        s.midx[k] = j;
        s.mval[k] = better;
      }
    }
    const unsigned mask = __ballot_sync(~0u, better);
    if (mask) {
      unsigned long long first = 0;
      const unsigned lane = threadIdx.x % 32, leader = __ffs(mask) - 1;
      if (lane == leader) first = atomicAdd(kept, static_cast<unsigned long long>(__popc(mask)));
      first = __shfl_sync(~0u, first, leader);
      if (better) {
        const unsigned long long at = first + __popc(mask & ((1u << lane) - 1u));
        s.fidx[at] = j;
        s.fval[at] = x;
        if constexpr (Stores) {
          s.kidx[at] = j;
          s.kval[at] = x;
        }
      }
    }
  }
}

__device__ __forceinline__ bool last_block(unsigned long long* done) {
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    last = atomicAdd(done, 1ull) == gridDim.x - 1;
  }
  __syncthreads();
  if (last) __threadfence();
  return last;
}

// The round's end, by the last block: the frontier's count, the counters zero, the condition.
__device__ __forceinline__ void end_round(const State& s, bool graph) {
  if (threadIdx.x != 0) return;
  volatile unsigned long long* st = s.status;
  const unsigned long long kept = st[1];
  *s.fcount = kept;
  st[0] = 0;
  st[1] = 0;
  st[2] = 0;
  const unsigned long long r = ++*s.rounds;
  if (graph) cudaGraphSetConditional(s.handle, kept > 0 && r < s.max_rounds ? 1u : 0u);
}

__global__ void __launch_bounds__(THREADS) mark_kernel(Graph g, State s) { mark(g, s, *s.fcount); }

template <bool Stores>
__global__ void __launch_bounds__(THREADS, 4) list_kernel(State s) {
  list_bits(s, &s.status[0]);
  cg::this_grid().sync();
  keep<Stores>(s, *reinterpret_cast<volatile unsigned long long*>(&s.status[0]), &s.status[1]);
  if (last_block(&s.status[2])) end_round(s, true);
}

__global__ void __launch_bounds__(THREADS) round_kernel(Graph g, State s) {
  mark(g, s, *s.fcount);
  cg::this_grid().sync();
  list_bits(s, &s.status[0]);
  cg::this_grid().sync();
  keep<false>(s, *reinterpret_cast<volatile unsigned long long*>(&s.status[0]), &s.status[1]);
  if (last_block(&s.status[2])) end_round(s, true);
}

// Every round: counters by round parity; each round's block 0 zeroes the other parity's, which
// every thread read before this round began.
template <bool Stores>
__global__ void __launch_bounds__(THREADS) rounds_kernel(Graph g, State s) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long m = *s.fcount, r = 0;
  while (m > 0 && r < s.max_rounds) {
    unsigned long long* st = s.status + 3 * (r % 2);
    mark(g, s, m);
    grid.sync();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      unsigned long long* other = s.status + 3 * ((r + 1) % 2);
      other[0] = 0;
      other[1] = 0;
    }
    list_bits(s, &st[0]);
    grid.sync();
    keep<Stores>(s, *reinterpret_cast<volatile unsigned long long*>(&st[0]), &st[1]);
    grid.sync();
    m = *reinterpret_cast<volatile unsigned long long*>(&st[1]);
    ++r;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    *s.fcount = m;
    if constexpr (Stores) s.status[2] = m;  // as the library's leader writes the kept count too
    *s.rounds = r;
    for (int k = 0; k < 6; ++k) s.status[k] = 0;
  }
}

// append: the mark lists what it claims; two barriers a round; counters by round modulo 3.
__global__ void __launch_bounds__(THREADS) append_kernel(Graph g, State s) {
  cg::grid_group grid = cg::this_grid();
  const unsigned long long threads = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long rank = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
  unsigned long long m = *s.fcount, r = 0;
  while (m > 0 && r < s.max_rounds) {
    unsigned long long* listed = s.listed + r % 3;
    unsigned long long* kept = s.kept + r % 3;
    for (unsigned long long q = rank; q < m; q += threads) push_row(g, s.slots, s.bits, s.lidx, listed, s.fidx[q], s.fval[q]);
    grid.sync();
    if (rank == 0) {  // read before the round before's last barrier, appended after this round's
      s.listed[(r + 1) % 3] = 0;
      s.kept[(r + 1) % 3] = 0;
    }
    const unsigned long long c = *reinterpret_cast<volatile unsigned long long*>(listed);
    for (unsigned long long start = blockIdx.x * static_cast<unsigned long long>(blockDim.x); start < c; start += threads) {
      const unsigned long long k = start + threadIdx.x;
      if (k >= c) break;
      const std::uint32_t j = __ldcg(s.lidx + k);
      const long long x = s.slots[j];
      s.slots[j] = INF;
      s.bits[j / 32] = 0;
      if (x < s.dist[j]) {
        s.dist[j] = x;
        cg::coalesced_group gk = cg::coalesced_threads();
        unsigned long long first = 0;
        if (gk.thread_rank() == 0) first = atomicAdd(kept, static_cast<unsigned long long>(gk.size()));
        first = gk.shfl(first, 0) + gk.thread_rank();
        s.fidx[first] = j;
        s.fval[first] = x;
      }
    }
    grid.sync();
    m = *reinterpret_cast<volatile unsigned long long*>(kept);
    ++r;
  }
  grid.sync();
  if (rank == 0) {
    *s.fcount = m;
    *s.rounds = r;
    for (int k = 0; k < 3; ++k) s.listed[k] = s.kept[k] = 0;
  }
}

// fused: one barrier a round. Round r keeps the candidates of set r % 2 and pushes each kept row
// into the other set at once; the frontier is written too (as the library's carried input).
__global__ void __launch_bounds__(THREADS) fused_kernel(Graph g, State s) {
  cg::grid_group grid = cg::this_grid();
  const unsigned long long threads = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long rank = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
  long long* slots[2] = {s.slots, s.slots2};
  std::uint32_t* bits[2] = {s.bits, s.bits2};
  std::uint32_t* lidx[2] = {s.lidx, s.lidx2};
  // Round 0's candidates: the first frontier's rows, into set 0.
  const unsigned long long m0 = *s.fcount;
  for (unsigned long long q = rank; q < m0; q += threads) push_row(g, slots[0], bits[0], lidx[0], &s.listed[0], s.fidx[q], s.fval[q]);
  grid.sync();
  unsigned long long r = 0, m = m0;
  while (m > 0 && r < s.max_rounds) {
    const int p = static_cast<int>(r % 2);
    const unsigned long long c = *reinterpret_cast<volatile unsigned long long*>(&s.listed[r % 3]);
    unsigned long long* next = &s.listed[(r + 1) % 3];
    unsigned long long* kept = &s.kept[r % 3];
    if (rank == 0) {  // read before the last barrier; next appended after this round's
      s.listed[(r + 2) % 3] = 0;
      s.kept[(r + 1) % 3] = 0;
    }
    for (unsigned long long start = blockIdx.x * static_cast<unsigned long long>(blockDim.x); start < c; start += threads) {
      const unsigned long long k = start + threadIdx.x;
      if (k >= c) break;
      const std::uint32_t j = __ldcg(lidx[p] + k);
      const long long x = slots[p][j];
      slots[p][j] = INF;
      bits[p][j / 32] = 0;
      if (x < s.dist[j]) {
        s.dist[j] = x;
        {
          cg::coalesced_group gk = cg::coalesced_threads();
          unsigned long long first = 0;
          if (gk.thread_rank() == 0) first = atomicAdd(kept, static_cast<unsigned long long>(gk.size()));
          first = gk.shfl(first, 0) + gk.thread_rank();
          s.fidx[first] = j;
          s.fval[first] = x;
        }
        push_row(g, slots[1 - p], bits[1 - p], lidx[1 - p], next, j, x);
      }
    }
    grid.sync();
    m = *reinterpret_cast<volatile unsigned long long*>(kept);
    ++r;
  }
  grid.sync();
  if (rank == 0) {
    *s.fcount = m;
    *s.rounds = r;
    for (int k = 0; k < 3; ++k) s.listed[k] = s.kept[k] = 0;
  }
}

// fused-bits: two barriers a round. Round r lists set r % 2's bits (bitmap order, as rounds does),
// then keeps each candidate and pushes its row into the other set's slots and bits at once.
__global__ void __launch_bounds__(THREADS) fused_bits_kernel(Graph g, State s) {
  cg::grid_group grid = cg::this_grid();
  const unsigned long long threads = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long rank = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
  long long* slots[2] = {s.slots, s.slots2};
  std::uint32_t* bits[2] = {s.bits, s.bits2};
  const unsigned long long m0 = *s.fcount;
  mark(g, s, m0);  // round 0's candidates into set 0
  grid.sync();
  unsigned long long r = 0, m = m0;
  while (m > 0 && r < s.max_rounds) {
    const int p = static_cast<int>(r % 2);
    unsigned long long* listed = &s.listed[r % 3];
    unsigned long long* kept = &s.kept[r % 3];
    if (rank == 0) {
      s.listed[(r + 1) % 3] = 0;
      s.kept[(r + 1) % 3] = 0;
    }
    State sp = s;
    sp.bits = bits[p];
    list_bits(sp, listed);
    grid.sync();
    const unsigned long long c = *reinterpret_cast<volatile unsigned long long*>(listed);
    for (unsigned long long start = blockIdx.x * static_cast<unsigned long long>(blockDim.x); start < c; start += threads) {
      const unsigned long long k = start + threadIdx.x;
      if (k >= c) break;
      const std::uint32_t j = __ldcg(s.lidx + k);
      const long long x = slots[p][j];
      slots[p][j] = INF;
      if (x < s.dist[j]) {
        s.dist[j] = x;
        {
          cg::coalesced_group gk = cg::coalesced_threads();
          unsigned long long first = 0;
          if (gk.thread_rank() == 0) first = atomicAdd(kept, static_cast<unsigned long long>(gk.size()));
          first = gk.shfl(first, 0) + gk.thread_rank();
          s.fidx[first] = j;
          s.fval[first] = x;
        }
        const std::uint32_t end = g.ptr[j + 1];
        for (std::uint32_t q = g.ptr[j]; q < end; ++q) {
          const std::uint32_t o = g.col[q];
          atomicMin(&slots[1 - p][o], x + g.w[q]);
          const std::uint32_t bit = 1u << (o % 32);
          if (!(bits[1 - p][o / 32] & bit)) atomicOr(&bits[1 - p][o / 32], bit);
        }
      }
    }
    grid.sync();
    m = *reinterpret_cast<volatile unsigned long long*>(kept);
    ++r;
  }
  grid.sync();
  if (rank == 0) {
    *s.fcount = m;
    *s.rounds = r;
    for (int k = 0; k < 3; ++k) s.listed[k] = s.kept[k] = 0;
  }
}

// barriers: 3 grid barriers a round and nothing else, for 4,286 rounds (their cost alone).
__global__ void __launch_bounds__(THREADS) barriers_kernel(Graph, State s) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long r = 0; r < 4286; ++r) {
    grid.sync();
    grid.sync();
    grid.sync();
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) *s.rounds = 4286;
}

// scan: the list step's bitmap scan over a clear bitmap and one barrier, 4,286 times.
__global__ void __launch_bounds__(THREADS) scan_kernel(Graph, State s) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long r = 0; r < 4286; ++r) {
    list_bits(s, &s.listed[0]);
    grid.sync();
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) *s.rounds = 4286;
}

int resident(const void* kernel) {
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, 0));
  return per_sm;
}

int main(int argc, char** argv) {
  const std::uint32_t side = argc > 1 ? std::atoi(argv[1]) : 2048;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::uint32_t n = side * side;
  // The grid: 4-neighbour, both directions, weights 1..255 (an LCG, one weight per stored edge).
  std::vector<std::uint32_t> ptr(n + 1), col;
  std::vector<long long> w;
  col.reserve(4ull * n);
  w.reserve(4ull * n);
  std::uint64_t lcg = 12345;
  auto weight = [&] {
    lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<long long>((lcg >> 33) % 255 + 1);
  };
  for (std::uint32_t v = 0; v < n; ++v) {
    ptr[v] = col.size();
    const std::uint32_t r = v / side, c = v % side;
    if (r > 0) col.push_back(v - side), w.push_back(weight());
    if (c > 0) col.push_back(v - 1), w.push_back(weight());
    if (c + 1 < side) col.push_back(v + 1), w.push_back(weight());
    if (r + 1 < side) col.push_back(v + side), w.push_back(weight());
  }
  ptr[n] = col.size();
  const std::size_t m = col.size();
  // Dijkstra on the host: the answer.
  std::vector<long long> want(n, INF);
  {
    using E = std::pair<long long, std::uint32_t>;
    std::priority_queue<E, std::vector<E>, std::greater<E>> pq;
    want[0] = 0;
    pq.push({0, 0});
    while (!pq.empty()) {
      auto [d, v] = pq.top();
      pq.pop();
      if (d != want[v]) continue;
      for (std::uint32_t p = ptr[v]; p < ptr[v + 1]; ++p)
        if (d + w[p] < want[col[p]]) want[col[p]] = d + w[p], pq.push({d + w[p], col[p]});
    }
  }
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  const int sms = prop.multiProcessorCount;
  std::printf("device %s, %d SMs; grid %ux%u: n %u, m %zu\n", prop.name, sms, side, side, n, m);

  std::uint32_t *d_ptr, *d_col, *bits, *fidx, *lidx;
  long long *d_w, *dist, *slots, *fval;
  unsigned long long *fcount, *status, *rounds;
  const std::uint32_t words = (n + 31) / 32;
  CK(cudaMalloc(&d_ptr, (n + 1) * 4ull));
  CK(cudaMalloc(&d_col, m * 4));
  CK(cudaMalloc(&d_w, m * 8));
  CK(cudaMalloc(&dist, n * 8ull));
  CK(cudaMalloc(&slots, n * 8ull));
  CK(cudaMalloc(&bits, words * 4ull));
  CK(cudaMalloc(&fidx, n * 4ull));
  CK(cudaMalloc(&fval, n * 8ull));
  CK(cudaMalloc(&lidx, n * 4ull));
  CK(cudaMalloc(&fcount, 8));
  CK(cudaMalloc(&status, 6 * 8));
  CK(cudaMalloc(&rounds, 8));
  CK(cudaMemcpy(d_ptr, ptr.data(), (n + 1) * 4ull, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_col, col.data(), m * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_w, w.data(), m * 8, cudaMemcpyHostToDevice));
  std::vector<long long> inf(n, INF);
  Graph g{d_ptr, d_col, d_w, n};
  long long *tval, *kval;
  std::uint32_t *midx, *kidx;
  bool* mval;
  CK(cudaMalloc(&tval, n * 8ull));
  CK(cudaMalloc(&kval, n * 8ull));
  CK(cudaMalloc(&midx, n * 4ull));
  CK(cudaMalloc(&kidx, n * 4ull));
  CK(cudaMalloc(&mval, n));
  long long* slots2;
  std::uint32_t *bits2, *lidx2;
  unsigned long long *listed, *keptc;
  CK(cudaMalloc(&slots2, n * 8ull));
  CK(cudaMalloc(&bits2, words * 4ull));
  CK(cudaMalloc(&lidx2, n * 4ull));
  CK(cudaMalloc(&listed, 3 * 8));
  CK(cudaMalloc(&keptc, 3 * 8));
  State s{dist, slots, bits, words, fidx, fval, fcount, lidx, status, rounds, n, tval, midx, mval, kidx, kval, 0, slots2, bits2, lidx2, listed, keptc};

  cudaStream_t st;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  auto reset = [&] {
    CK(cudaMemcpy(dist, inf.data(), n * 8ull, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(slots, inf.data(), n * 8ull, cudaMemcpyHostToDevice));
    CK(cudaMemset(bits, 0, words * 4ull));
    CK(cudaMemcpy(slots2, inf.data(), n * 8ull, cudaMemcpyHostToDevice));
    CK(cudaMemset(bits2, 0, words * 4ull));
    CK(cudaMemset(listed, 0, 3 * 8));
    CK(cudaMemset(keptc, 0, 3 * 8));
    const long long zero = 0;
    const std::uint32_t src = 0;
    const unsigned long long one = 1;
    CK(cudaMemcpy(dist, &zero, 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(fidx, &src, 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(fval, &zero, 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(fcount, &one, 8, cudaMemcpyHostToDevice));
    CK(cudaMemset(status, 0, 6 * 8));
    CK(cudaMemset(rounds, 0, 8));
    CK(cudaDeviceSynchronize());
  };
  auto check = [&](const char* what, double ms) {
    std::vector<long long> got(n);
    unsigned long long r = 0;
    CK(cudaMemcpy(got.data(), dist, n * 8ull, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&r, rounds, 8, cudaMemcpyDeviceToHost));
    const bool right = got == want;
    std::printf("%-28s %8.2f ms  %5llu rounds  %6.2f us a round  %s\n", what, ms, r, 1000.0 * ms / double(r), right ? "right" : "WRONG");
  };
  auto launch_coop = [&](const void* kernel, unsigned blocks, void** args) {
    CK(cudaLaunchCooperativeKernel(kernel, dim3(blocks), dim3(THREADS), args, 0, st));
  };

  // A WHILE graph whose body is `body` (captured on st).
  auto while_graph = [&](auto body) {
    cudaGraph_t graph;
    CK(cudaGraphCreate(&graph, 0));
    CK(cudaGraphConditionalHandleCreate(&s.handle, graph, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams cp = {};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = s.handle;
    cp.conditional.type = cudaGraphCondTypeWhile;
    cp.conditional.size = 1;
    cudaGraphNode_t node;
    CK(cudaGraphAddNode(&node, graph, nullptr, nullptr, 0, &cp));
    cudaGraph_t inner = cp.conditional.phGraph_out[0];
    CK(cudaStreamBeginCaptureToGraph(st, inner, nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
    body();
    CK(cudaStreamEndCapture(st, &inner));
    cudaGraphExec_t exec;
    CK(cudaGraphInstantiate(&exec, graph, 0));
    CK(cudaGraphDestroy(graph));
    return exec;
  };
  auto timed = [&](auto run) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    CK(cudaEventRecord(a, st));
    run();
    CK(cudaEventRecord(b, st));
    CK(cudaEventSynchronize(b));
    CK(cudaGetLastError());
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    return double(ms);
  };

  const int list_res = resident((const void*)list_kernel<true>), round_res = resident((const void*)round_kernel),
            rounds_res = resident((const void*)rounds_kernel<true>);
  std::printf("resident blocks an SM: list %d, round %d, rounds %d\n", list_res, round_res, rounds_res);
  const int append_res = resident((const void*)append_kernel), fused_res = resident((const void*)fused_kernel);
  std::printf("resident blocks an SM: append %d, fused %d\n", append_res, fused_res);
  auto coop = [&](const char* shape, const void* kernel, int per_sm) {
    const unsigned blocks = per_sm * sms;
    reset();
    char name[64];
    std::snprintf(name, sizeof name, "%s (%u blocks)", shape, blocks);
    check(name, timed([&] {
            void* args[] = {&g, &s};
            launch_coop(kernel, blocks, args);
          }));
  };
  const bool all = argc > 3 && std::strcmp(argv[3], "all") == 0;
  for (int rep = 0; rep < repeats; ++rep) {
    coop("rounds", (const void*)rounds_kernel<false>, 2);
    for (int per_sm : {4, 2, 1}) coop("fused-bits", (const void*)fused_bits_kernel, per_sm);
    for (int per_sm : {4, 2, 1}) coop("barriers x3 (timing only)", (const void*)barriers_kernel, per_sm);
    for (int per_sm : {4, 2, 1}) coop("scan+barrier (timing only)", (const void*)scan_kernel, per_sm);
    if (!all) continue;
    for (int per_sm : {4, 2, 1})
      if (per_sm <= append_res) coop("append", (const void*)append_kernel, per_sm);
    for (int per_sm : {4, 2, 1})
      if (per_sm <= fused_res) coop("fused", (const void*)fused_kernel, per_sm);
  }
  return 0;
}
