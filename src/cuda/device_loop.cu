// The CUDA graph behind loop_while: see device_loop.cuh.
#include "hpgraph/cuda/device_loop.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/exec.cuh"

namespace hpg::detail::cuda {

namespace {

__device__ void add_one(void* p, int bytes) {
  switch (bytes) {
    case 1: ++*static_cast<unsigned char*>(p); break;
    case 2: ++*static_cast<unsigned short*>(p); break;
    case 4: ++*static_cast<unsigned*>(p); break;
    case 8: ++*static_cast<unsigned long long*>(p); break;
  }
}

__global__ void add_one_kernel(void* p, int bytes) { add_one(p, bytes); }

/// What the loop's condition reads, in one kernel argument.
struct LoopCondition {
  cudaGraphConditionalHandle handle;
  DeviceCount::View count;
  Index at_least, fewer_than, max_rounds;
  unsigned long long* rounds;
  unsigned* overflow;
  void* counter;  // the user's round counter, or null
  int counter_bytes;
};

/// Sets the WHILE node's condition: another round while fewer than max_rounds have run, the
/// count is in [at_least, fewer_than) and positive, and no carried list outgrew its storage. In
/// the body it first counts the round just run (in the loop's word and the user's counter).
__device__ void set_condition(const LoopCondition& c, bool counts_round) {
  const unsigned long long r = *c.rounds + (counts_round ? 1 : 0);
  if (counts_round) {
    *c.rounds = r;
    if (c.counter) add_one(c.counter, c.counter_bytes);
  }
  const Index k = count_of(c.count);
  cudaGraphSetConditional(c.handle, k > 0 && k >= c.at_least && k < c.fewer_than && r < c.max_rounds && !*c.overflow ? 1u : 0u);
}

/// The condition before the first round.
__global__ void loop_condition_kernel(LoopCondition c) { set_condition(c, false); }

/// The end of a round: the upserts the body deferred (DeferredUpsert, in the launch that sets the
/// condition; DeviceLoop::end gives it only those that nothing else here reads or writes), the
/// carried vectors' copies (at most loop_end_copies in one launch) and, in the last such launch,
/// the condition. Thread 0 of block 0 writes the counts (or the overflow) and then reads them for
/// the condition; every thread copies entries and does upserts. The copies' sources are never
/// another copy's destination (stage_carried saw to that), so their order does not matter.
constexpr int loop_end_copies = 8;
/// Deferred upserts in one kernel argument: the round's last kernel's, or those launched apart.
struct DeferredUpserts {
  int count;
  DeferredUpsert upsert[max_deferred_upserts];
};
struct LoopEnd {
  LoopCondition condition;
  int sets_condition;
  int copies;
  CarryCopy copy[loop_end_copies];
  DeferredUpserts upserts;
};

template <class Word>
__device__ void upsert_words(const DeferredUpsert& u, Index k, std::uint32_t i) {
  const Word* from = u.source == DeferredUpsert::inline_scalar ? reinterpret_cast<const Word*>(u.scalar)
                     : u.source == DeferredUpsert::scalar_at   ? static_cast<const Word*>(u.from)
                     : u.source == DeferredUpsert::aligned     ? static_cast<const Word*>(u.from) + k
                                                               : static_cast<const Word*>(u.from) + i;
  static_cast<Word*>(u.val)[i] = *from;
}

/// One deferred upsert over the grid, as upsert_bitmap_kernel does it (the absent entries counted
/// one atomic a warp).
__device__ void run_upsert(const DeferredUpsert& u) {
  const Index m = count_of(DeviceCount::View{u.base, u.word});
  const unsigned lane = threadIdx.x % 32;
  const Index warp_first = (blockIdx.x * Index(blockDim.x) + threadIdx.x) - lane;
  const Index stride = Index(gridDim.x) * blockDim.x;
  for (Index base = warp_first; base < m; base += stride) {  // uniform across the warp
    const Index k = base + lane;
    bool fresh = false;
    if (k < m) {
      const std::uint32_t i = u.idx[k];
      switch (u.bytes) {
        case 1: upsert_words<std::uint8_t>(u, k, i); break;
        case 2: upsert_words<std::uint16_t>(u, k, i); break;
        case 4: upsert_words<std::uint32_t>(u, k, i); break;
        default: upsert_words<std::uint64_t>(u, k, i); break;
      }
      if (u.added) {
        fresh = u.present[i] == 0;
        u.present[i] = 1;
      }
    }
    if (!u.added) continue;
    const unsigned fresh_lanes = __ballot_sync(0xffffffffu, fresh);
    if (lane == 0 && fresh_lanes) atomicAdd(u.added, static_cast<unsigned long long>(__popc(fresh_lanes)));
  }
}

__device__ void run_upserts(const DeferredUpserts& d) {
#pragma unroll
  for (int j = 0; j < max_deferred_upserts; ++j)  // a fixed bound: the argument is not copied to local memory
    if (j < d.count) run_upsert(d.upsert[j]);
}

__global__ void deferred_upserts_kernel(DeferredUpserts d) { run_upserts(d); }

__device__ Index copy_count(const CarryCopy& c) { return count_of(DeviceCount::View{c.from_base, c.from_word}); }

template <class Word>
__device__ void copy_words(const void* from, void* to, Index k, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) static_cast<Word*>(to)[k * words + w] = static_cast<const Word*>(from)[k * words + w];
}

/// Value k of `bytes` bytes, in the widest words its size is a multiple of (the arrays start on
/// the allocator's 256-byte boundaries).
__device__ void copy_value(const void* from, void* to, Index k, std::size_t bytes) {
  if (bytes % 16 == 0) copy_words<uint4>(from, to, k, bytes / 16);
  else if (bytes % 8 == 0) copy_words<std::uint64_t>(from, to, k, bytes / 8);
  else if (bytes % 4 == 0) copy_words<std::uint32_t>(from, to, k, bytes / 4);
  else if (bytes % 2 == 0) copy_words<std::uint16_t>(from, to, k, bytes / 2);
  else copy_words<std::uint8_t>(from, to, k, bytes);
}

__global__ void loop_end_kernel(LoopEnd e) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
#pragma unroll
    for (int j = 0; j < loop_end_copies; ++j) {
      if (j >= e.copies) break;
      const Index m = copy_count(e.copy[j]);
      if (m > e.copy[j].capacity) {
        if (e.condition.overflow) *e.condition.overflow = 1;
      }
      else if (e.copy[j].count) *e.copy[j].count = m;
    }
    if (e.sets_condition) set_condition(e.condition, true);
  }
  run_upserts(e.upserts);
  const Index first = blockIdx.x * Index(blockDim.x) + threadIdx.x, stride = Index(gridDim.x) * blockDim.x;
#pragma unroll
  for (int j = 0; j < loop_end_copies; ++j) {
    if (j >= e.copies) break;
    const CarryCopy& c = e.copy[j];
    if (!c.idx && !c.val) continue;  // a count alone: thread 0 wrote it (and may have written the word it read)
    const Index m = copy_count(c);
    if (m > c.capacity) continue;
    for (Index k = first; k < m; k += stride) {
      if (c.idx) c.idx[k] = c.from_idx[k];
      if (c.val) copy_value(c.from_val, c.val, k, c.val_bytes);
    }
  }
}

/// Held around every call that makes, instantiates, launches or destroys a loop's graph. With CUDA 13.0
/// (driver 580.159.04) several threads doing so at once deadlock inside libcuda once CUPTI has
/// subscribed in the process (a profiler, or an hpg::DeviceCallCounter even after it ended): one
/// thread in cuGraphInstantiate holds the driver's lock and waits for CUPTI's, another in
/// cuGraphExecDestroy holds CUPTI's and waits for the driver's (stacks in
/// bench/results/loop-pagerank-h200-2026-11-25). These calls happen once per loop (a launch runs
/// all its rounds), so taking them one at a time costs nothing a round pays.
std::mutex& graph_lifecycle() {
  static std::mutex m;
  return m;
}

cudaStream_t as_stream(void* s) { return static_cast<cudaStream_t>(s); }
cudaGraph_t as_graph(void* g) { return static_cast<cudaGraph_t>(g); }

void refuse(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  cudaGetLastError();
  throw CaptureUnsupported(std::string(what) + ": " + cudaGetErrorString(e));
}

}  // namespace

DeviceLoop::DeviceLoop(std::size_t arena_bytes) {
  UncapturedScope now;
  cudaStream_t s = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "loop_while: cudaStreamCreate");
  stream_ = s;
  try {
    capture_.arena = static_cast<char*>(device_allocate(arena_bytes, "device loop arena"));
    capture_.capacity = arena_bytes;
    words_ = static_cast<Words*>(device_allocate(sizeof(Words), "device loop words"));
  } catch (...) {
    device_free(capture_.arena);
    cudaStreamDestroy(s);
    throw;
  }
}

DeviceLoop::~DeviceLoop() {
  if (capturing_) abort();
  {
    std::lock_guard lock(graph_lifecycle());
    if (exec_) cudaGraphExecDestroy(static_cast<cudaGraphExec_t>(exec_));
    if (graph_) cudaGraphDestroy(as_graph(graph_));
  }
  UncapturedScope now;
  device_free(words_);  // after the graph, in the library stream's order
  device_free(capture_.arena);
  cudaStreamDestroy(as_stream(stream_));
}

void DeviceLoop::begin() {
  std::lock_guard lock(graph_lifecycle());
  cudaGraph_t g = nullptr;
  refuse(cudaGraphCreate(&g, 0), "cudaGraphCreate");
  graph_ = g;
  cudaGraphConditionalHandle h;
  refuse(cudaGraphConditionalHandleCreate(&h, g, 0, 0), "cudaGraphConditionalHandleCreate");
  handle_ = h;
  // Relaxed: work this thread puts on the library's own stream meanwhile (a carried vector's
  // form, a matrix's derived forms) runs now; the captured stream itself still refuses waits.
  refuse(cudaStreamBeginCapture(as_stream(stream_), cudaStreamCaptureModeRelaxed), "cudaStreamBeginCapture");
  capturing_ = true;
  capture_.deferred.clear();
  capture_.launch_deferred = &launch_deferred_upserts;
}

int DeviceLoop::end(const std::vector<CarryCopy>& copies, DeviceCount::View count, Index at_least, Index fewer_than, Index max_rounds,
                     void* counter, int counter_bytes) {
  // A deferred upsert whose launch failed (in the write-backs, say) spoiled the capture: its graph
  // would lack the upsert.
  if (!capture_.spoiled.empty()) throw CaptureUnsupported(capture_.spoiled);
  // The last kernel's threads do the upserts beside its counts, condition and copies, so it takes
  // only those that none of these reads or writes: not one that reads the round counter (which it
  // counts) or adds to a count it reads or writes (the condition's, a copy's), nor one that reads
  // or writes a copy's arrays (a list the body moved away after the assign: the copy puts the new
  // one in the arrays the upsert reads); and none when there is more than one launch. The others
  // are launched now, as one kernel (they depend on none of the rest: defer_upsert saw to that).
  std::vector<DeferredUpsert> taken_upserts;
  {
    std::vector<DeferredUpsert> before;
    const bool one_launch = copies.size() <= std::size_t(loop_end_copies);
    for (const DeferredUpsert& u : capture_.deferred) {
      bool apart = !one_launch || (u.source == DeferredUpsert::scalar_at && u.from == counter) || (u.added && u.added == count.word);
      for (const CarryCopy& k : copies) {
        apart = apart || (u.added && (u.added == k.from_word || u.added == k.count));
        for (const void* to : {static_cast<const void*>(k.idx), static_cast<const void*>(k.val), static_cast<const void*>(k.count)})
          apart = apart || (to && (to == u.idx || to == u.from || to == u.word));
      }
      (apart ? before : taken_upserts).push_back(u);
    }
    if (!before.empty()) {
      capture_.deferred = std::move(before);
      launch_deferred_upserts(capture_);
      if (!capture_.spoiled.empty()) throw CaptureUnsupported(capture_.spoiled);
    }
    capture_.deferred.clear();
  }
  const int taken = static_cast<int>(taken_upserts.size());
  std::lock_guard lock(graph_lifecycle());  // held until the captured body is dropped, too
  LoopCondition c{handle_, count, at_least, fewer_than, max_rounds, &words_->rounds, &words_->overflow, counter, counter_bytes};
  std::size_t next = 0;
  do {  // one launch unless more than loop_end_copies vectors are carried as lists
    LoopEnd e{};
    e.condition = c;
    unsigned grid = 1;
    while (next < copies.size() && e.copies < loop_end_copies) {
      grid = std::max(grid, copies[next].grid);
      e.copy[e.copies++] = copies[next++];
    }
    e.sets_condition = next == copies.size();
    if (e.sets_condition)  // the upserts nothing ran after: this launch does them
      for (const DeferredUpsert& u : taken_upserts) {
        grid = std::max(grid, u.grid);
        e.upserts.upsert[e.upserts.count++] = u;
      }
    loop_end_kernel<<<grid, 256, 0, as_stream(stream_)>>>(e);
    refuse(cudaGetLastError(), "the loop's last kernel");
  } while (next < copies.size());
  cudaGraph_t body = nullptr;
  capturing_ = false;
  refuse(cudaStreamEndCapture(as_stream(stream_), &body), "cudaStreamEndCapture");
  struct Drop {
    cudaGraph_t g;
    ~Drop() { cudaGraphDestroy(g); }
  } drop{body};
  // The graph: the condition kernel, then the WHILE node; the body is the captured graph as a child.
  void* args[] = {&c};
  cudaKernelNodeParams kp = {};
  kp.func = reinterpret_cast<void*>(&loop_condition_kernel);
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(1);
  kp.kernelParams = args;
  cudaGraphNode_t set_node, while_node, body_node;
  refuse(cudaGraphAddKernelNode(&set_node, as_graph(graph_), nullptr, 0, &kp), "cudaGraphAddKernelNode");
  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeConditional;
  p.conditional.handle = c.handle;
  p.conditional.type = cudaGraphCondTypeWhile;
  p.conditional.size = 1;
  refuse(cudaGraphAddNode(&while_node, as_graph(graph_), &set_node, nullptr, 1, &p), "cudaGraphAddNode(WHILE)");
  refuse(cudaGraphAddChildGraphNode(&body_node, p.conditional.phGraph_out[0], nullptr, 0, body), "cudaGraphAddChildGraphNode");
  cudaGraphExec_t exec = nullptr;
  refuse(cudaGraphInstantiate(&exec, as_graph(graph_), 0), "cudaGraphInstantiate");
  exec_ = exec;
  // For whoever wants to see what a round costs: the graph, its kernels and their launch shapes.
  if (const char* dot = std::getenv("HPGRAPH_LOOP_GRAPH_DOT"))
    cudaGraphDebugDotPrint(as_graph(graph_), dot, cudaGraphDebugDotFlagsKernelNodeParams | cudaGraphDebugDotFlagsConditionalNodeParams);
  return taken;
}

bool DeviceLoop::abort() noexcept {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  cudaStreamIsCapturing(as_stream(stream_), &status);
  const bool invalidated = status == cudaStreamCaptureStatusInvalidated;
  if (capturing_ || status != cudaStreamCaptureStatusNone) {
    std::lock_guard lock(graph_lifecycle());
    cudaGraph_t g = nullptr;
    cudaStreamEndCapture(as_stream(stream_), &g);
    if (g) cudaGraphDestroy(g);
  }
  capturing_ = false;
  capture_.deferred.clear();
  cudaGetLastError();
  return invalidated;
}

void DeviceLoop::release_freed() noexcept {
  std::vector<const void*> kept;
  for (const auto& c : capture_.carried) c->storage(kept);
  UncapturedScope now;
  for (void* p : capture_.freed)
    if (std::find(kept.begin(), kept.end(), p) == kept.end()) device_free(p);
  capture_.freed.clear();
}

Index DeviceLoop::run(Index done) {
  UncapturedScope now;
  Words w{done, 0};
  copy_host_to_device(words_, &w, sizeof(w));
  {
    std::lock_guard lock(graph_lifecycle());
    check_cuda(cudaGraphLaunch(static_cast<cudaGraphExec_t>(exec_), as_stream(current_stream())), "loop_while: cudaGraphLaunch");
  }
  try {
    copy_device_to_host(&w, words_, sizeof(w));
  } catch (const Error& e) {
    throw Error(Info::cuda_error, std::string("loop_while: the device failed inside the loop: ") + e.what());
  }
  overflowed_ = w.overflow != 0;
  return static_cast<Index>(w.rounds);
}

void launch_deferred_upserts(LoopCapture& c) noexcept {
  DeferredUpserts d{};
  unsigned grid = 1;
  for (const DeferredUpsert& u : c.deferred) {
    grid = std::max(grid, u.grid);
    d.upsert[d.count++] = u;
  }
  c.deferred.clear();  // before the launch, which asks for the stream (and so for this again)
  deferred_upserts_kernel<<<grid, 256, 0, as_stream(current_stream())>>>(d);
  if (cudaGetLastError() != cudaSuccess) c.spoil("CUDA refused the launch of a deferred assign");
}

void add_one_on_device(void* p, int bytes) {
  add_one_kernel<<<1, 1, 0, as_stream(current_stream())>>>(p, bytes);
  check_launch("loop_while: counting a round");
}

void copy_carried(const CarryCopy& c) {
  LoopEnd e{};  // no condition: the overflow word is null, and no list exceeds its capacity here
  e.copies = 1;
  e.copy[0] = c;
  loop_end_kernel<<<c.grid, 256, 0, as_stream(current_stream())>>>(e);
  check_launch("loop_while: preparing a carried vector");
}

}  // namespace hpg::detail::cuda
