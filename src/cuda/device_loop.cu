// The CUDA graph behind loop_while: see device_loop.cuh.
#include "hpgraph/cuda/device_loop.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>

#include "hpgraph/cuda/deferred_upsert.cuh"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/loop_end.cuh"
#include "hpgraph/detail/loop_types.hpp"
#include "hpgraph/detail/switches.hpp"

namespace hpg::detail::cuda {

namespace {

__global__ void __launch_bounds__(1) add_one_kernel(void* p, int bytes) { add_one(p, bytes); }

/// The condition before the first round.
__global__ void __launch_bounds__(1) loop_condition_kernel(LoopCondition c) { set_condition(c, false); }

/// The end of a round: the upserts the body deferred (DeferredUpsert, in the launch that sets the
/// condition; DeviceLoop::end gives it only those that nothing else here reads or writes) beside
/// the copies and the condition (RoundEnd; more than loop_end_copies carried lists take more than
/// one launch). Thread 0 of block 0 is the leader; every thread copies entries and does upserts.
struct LoopEnd {
  RoundEnd round;
  DeferredUpserts upserts;
};

__global__ void __launch_bounds__(LaunchPolicy::map_threads) deferred_upserts_kernel(DeferredUpserts d) { run_upserts(d); }

/// The grid-wide round end's leader, one count at a time, as its copies go an entry a thread at a
/// time (end_round_copies<1>): here it is on no one's serial path, and reading every word at once
/// (end_round_counts) costs registers.
__device__ void grid_round_counts(const RoundEnd& e) {
  bool overflowed = false;
  for (int j = 0; j < e.copies; ++j) {
    const Index m = copy_count(e.copy[j]);
    if (m > e.copy[j].capacity) overflowed = true;
    else if (e.copy[j].count) *e.copy[j].count = m;
  }
  if (overflowed && e.condition.overflow) *e.condition.overflow = 1;
  if (e.sets_condition) set_condition(e.condition, true);
}

__global__ void __launch_bounds__(LaunchPolicy::map_threads) loop_end_kernel(LoopEnd e) {
  if (blockIdx.x == 0 && threadIdx.x == 0) grid_round_counts(e.round);
  run_upserts(e.upserts);
  end_round_copies<1>(e.round.copy, e.round.copies, blockIdx.x * Index(blockDim.x) + threadIdx.x, Index(gridDim.x) * blockDim.x);
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

/// Executable loop graphs that no loop is using, the most recently used first. A loop whose graph
/// has the shape of one of them updates it with its own (cudaGraphExecUpdate) instead of
/// instantiating a graph, and a loop's end keeps its executable graph here instead of destroying
/// it: cudaGraphExecDestroy waits for the whole device (CUDA 13.0, driver 580.159.04 on an H200:
/// a stream another thread held shut stopped a loop's end there,
/// bench/results/issue24-noise-h200-2026-12-01/), and an instantiation is work a loop run again
/// need not pay. Only a loop that instantiated, ending while max_idle are kept, destroys one (the
/// least recently used). Guarded by graph_lifecycle(). Never freed: the process's end frees them
/// with its context (a static's destructor could run after CUDA's own teardown); a program that
/// resets the device (cudaDeviceReset) while hpgraph is in use is not supported.
struct IdleExec {
  cudaGraphExec_t exec;
  int device;
  std::size_t captured_nodes;  // a quick test of the shape: an update from a graph of another count fails
};
constexpr std::size_t max_idle = 8;
std::vector<IdleExec>& idle_execs() {
  static auto* idle = [] {
    auto* v = new std::vector<IdleExec>;
    v->reserve(max_idle + 1);  // keep_idle, in a destructor, never allocates
    return v;
  }();
  return *idle;
}
/// Whether CUDA carries a loop graph's condition through an update: false once an updated graph
/// ran no round where one had to run (DeviceLoop::run), and no graph is updated after that.
std::atomic<bool> updates_work{true};

/// An idle executable graph updated to run `graph` (whose captured body has `captured_nodes`
/// nodes), or null when none has its shape. Under graph_lifecycle().
cudaGraphExec_t reuse_idle(cudaGraph_t graph, int device, std::size_t captured_nodes) {
  if (!updates_work.load()) return nullptr;
  auto& idle = idle_execs();
  for (auto it = idle.begin(); it != idle.end(); ++it) {
    if (it->device != device || it->captured_nodes != captured_nodes) continue;
    cudaGraphExecUpdateResultInfo info{};
    if (cudaGraphExecUpdate(it->exec, graph, &info) == cudaSuccess) {
      const cudaGraphExec_t exec = it->exec;
      idle.erase(it);
      return exec;
    }
    cudaGetLastError();  // not this one (an exec is launched only after an update that succeeded)
  }
  return nullptr;
}

/// Keeps an executable graph that no launch is running for the next loop of its shape. Under
/// graph_lifecycle().
void keep_idle(cudaGraphExec_t exec, int device, std::size_t captured_nodes) {
  auto& idle = idle_execs();
  idle.insert(idle.begin(), IdleExec{exec, device, captured_nodes});
  if (idle.size() > max_idle) {  // the least recently used goes
    cudaGraphExecDestroy(idle.back().exec);
    idle.pop_back();
  }
}

/// Instantiates a loop's graph, counted in device_loop_instantiations. Under graph_lifecycle().
cudaError_t instantiate(cudaGraph_t graph, cudaGraphExec_t& exec) {
  const cudaError_t e = cudaGraphInstantiate(&exec, graph, 0);
  if (e == cudaSuccess) ++device_loop_instantiations;
  return e;
}

cudaStream_t as_stream(void* s) { return static_cast<cudaStream_t>(s); }
cudaGraph_t as_graph(void* g) { return static_cast<cudaGraph_t>(g); }

void refuse(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  cudaGetLastError();
  throw CaptureUnsupported(std::string(what) + ": " + cudaGetErrorString(e));
}

/// The nodes captured on the stream so far, or -1 when that is not known: with none, a held-back
/// producer launched now is the whole round; with one, a held list step's is its push's mark and
/// itself (DeviceLoop::end).
long body_nodes(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  cudaGraph_t g = nullptr;
  std::size_t nodes = 0;
  if (cudaStreamGetCaptureInfo(stream, &status, nullptr, &g, nullptr, nullptr, nullptr) != cudaSuccess ||
      status != cudaStreamCaptureStatusActive || !g || cudaGraphGetNodes(g, nullptr, &nodes) != cudaSuccess) {
    cudaGetLastError();
    return -1;  // not known: the rounds run a launch each, as before
  }
  return static_cast<long>(nodes);
}
bool body_is_empty(cudaStream_t stream) { return body_nodes(stream) == 0; }

/// Where a list goes back into a pushed vector's storage: from the list (its arrays and count,
/// from its start) into the input (its arrays and count word, base 0).
struct ListBack {
  const std::uint32_t* from_idx;
  const void* from_val;
  const unsigned long long* from_word;
  int val_bytes;
  const std::uint32_t* idx;
  const void* val;
  const unsigned long long* word;
};

/// Which copy puts the list back into the input, when it is the only copy with arrays (every
/// other is a count alone), the condition is on the input's count, and a fused upsert that reads
/// the user's round counter reads all of it: what a launch that runs every round needs (it reads
/// its input where the round before left it, and every thread decides alike). -1 otherwise.
int only_list_copy(const ListBack& b, const std::vector<CarryCopy>& copies, const LoopCondition& c, const DeferredUpserts& fused,
                   int counter_bytes) {
  if (!b.idx || !b.val || !b.word) return -1;
  int found = -1;
  for (std::size_t j = 0; j < copies.size(); ++j) {
    const CarryCopy& k = copies[j];
    if (!k.idx && !k.val) continue;  // a count alone
    if (found >= 0 || k.from_idx != b.from_idx || k.from_val != b.from_val || k.from_word != b.from_word || k.from_base != 0 || k.idx != b.idx ||
        k.val != b.val || k.count != b.word || static_cast<int>(k.val_bytes) != b.val_bytes)
      return -1;
    found = static_cast<int>(j);
  }
  if (found < 0 || c.count.word != b.word) return -1;
  for (int j = 0; j < fused.count; ++j) {
    const DeferredUpsert& u = fused.upsert[j];
    if (u.source == DeferredUpsert::round_counter && u.bytes != counter_bytes) return -1;
  }
  return found;
}

/// Which copy puts the held producer's list back where it reads its input, when one launch of it
/// may run every round (push_list_rounds_kernel). -1 otherwise.
int input_copy(const DeferredProducer& p, const std::vector<CarryCopy>& copies, const LoopCondition& c, int counter_bytes) {
  if (p.input_base != 0) return -1;
  return only_list_copy({p.idx, p.val, p.word, p.val_bytes, p.input_idx, p.input_val, p.input_word}, copies, c, p.fused, counter_bytes);
}

/// Which copy puts a held list step's kept list back where its push reads its input, when one
/// launch may run every round (push_bit_list_rounds_kernel): the list step has a comparison as its
/// map and a launch for the rounds, its map's keep makes the list, and the push's arrays hold
/// what the input's storage may (its bound on the input is at least that capacity). -1 otherwise.
int list_step_input_copy(const DeferredProducer& p, const std::vector<CarryCopy>& copies, const LoopCondition& c, int counter_bytes) {
  const HeldBitList* l = p.bit_list.get();
  if (!l || l->compare == HeldBitList::Compare::none || !l->rounds.launch || !p.keep || !p.keep->idx || l->rounds.input_base != 0 ||
      p.idx != p.keep->idx || c.count.base != 0)
    return -1;
  const ListStepRounds& in = l->rounds;
  const int found = only_list_copy({p.idx, p.val, p.word, p.val_bytes, in.input_idx, in.input_val, in.input_word}, copies, c, p.fused, counter_bytes);
  if (found < 0 || copies[found].capacity <= 0 || copies[found].capacity > in.input_bound) return -1;
  return found;
}

/// The round's end that a held producer does when its launch ends the round: the condition, and
/// every copy but the one it puts back into its input when its launch runs every round (`input`;
/// -1: none), which goes into `rounds.input`.
RoundEnd producer_round_end(const LoopCondition& c, const std::vector<CarryCopy>& copies, int input) {
  RoundEnd e{};
  e.condition = c;
  e.sets_condition = 1;
  for (std::size_t j = 0; j < copies.size(); ++j) {
    if (static_cast<int>(j) == input) e.rounds.input = copies[j];
    else e.copy[e.copies++] = copies[j];
  }
  return e;
}

/// A held producer's keep writes its entries below carried list k's capacity straight into k's
/// storage.
void keep_into(KeepTarget& keep, const CarryCopy& k) {
  keep.carried_idx = k.idx;
  keep.carried_val = k.val;
  keep.carried_capacity = k.capacity;
}

/// The held producer's launch with the round's end `e`, which it does: the round is that launch.
/// A launch CUDA refused leaves the body to be run from the host.
void launch_ending_round(LoopCapture& capture, const RoundEnd& e) {
  launch_producer(capture, &e);
  if (!capture.spoiled.empty()) throw CaptureUnsupported(capture.spoiled);
}

/// The round's end by the loop's last kernel (more than one launch when more than loop_end_copies
/// lists are carried): what DeviceLoop::end does unless a held-back producer ends the round. A
/// producer still held goes first. Returns the deferred upserts that the last launch took.
int end_with_last_kernel(LoopCapture& capture, cudaStream_t stream, const std::vector<CarryCopy>& copies, const LoopCondition& c,
                         DeviceCount::View count) {
  // A held-back producer goes first (while one is held no upsert waits apart from it).
  if (capture.producer) launch_producer(capture, nullptr);
  if (!capture.spoiled.empty()) throw CaptureUnsupported(capture.spoiled);
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
    for (const DeferredUpsert& u : capture.deferred) {
      bool apart = !one_launch || u.source == DeferredUpsert::round_counter || (u.added && u.added == count.word);
      for (const CarryCopy& k : copies) {
        apart = apart || (u.added && (u.added == k.from_word || u.added == k.count));
        for (const void* to : {static_cast<const void*>(k.idx), static_cast<const void*>(k.val), static_cast<const void*>(k.count)})
          apart = apart || (to && (to == u.idx || to == u.from || to == u.word));
      }
      (apart ? before : taken_upserts).push_back(u);
    }
    if (!before.empty()) {
      capture.deferred = std::move(before);
      launch_deferred_upserts(capture);
      if (!capture.spoiled.empty()) throw CaptureUnsupported(capture.spoiled);
    }
    capture.deferred.clear();
  }
  const int taken = static_cast<int>(taken_upserts.size());
  std::size_t next = 0;
  do {  // one launch unless more than loop_end_copies vectors are carried as lists
    LoopEnd e{};
    e.round.condition = c;
    unsigned grid = 1;
    while (next < copies.size() && e.round.copies < loop_end_copies) {
      grid = std::max(grid, copies[next].grid);
      e.round.copy[e.round.copies++] = copies[next++];
    }
    e.round.sets_condition = next == copies.size();
    if (e.round.sets_condition)  // the upserts nothing ran after: this launch does them
      for (const DeferredUpsert& u : taken_upserts) {
        grid = std::max(grid, u.grid);
        e.upserts.upsert[e.upserts.count++] = u;
      }
    loop_end_kernel<<<grid, LaunchPolicy::map_threads, 0, stream>>>(e);
    refuse(cudaGetLastError(), "the loop's last kernel");
  } while (next < copies.size());
  return taken;
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
    if (exec_ && exec_idle_) keep_idle(static_cast<cudaGraphExec_t>(exec_), device_, captured_nodes_);
    else if (exec_) cudaGraphExecDestroy(static_cast<cudaGraphExec_t>(exec_));  // a launch that failed may still run it
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
  capture_.producer.reset();
  capture_.fused = 0;
  capture_.launch_deferred = &launch_deferred_upserts;
}

int DeviceLoop::end(const std::vector<CarryCopy>& copies, DeviceCount::View count, Index at_least, Index fewer_than, Index max_rounds,
                     void* counter, int counter_bytes) {
  // A deferred launch that failed (in the write-backs, say) spoiled the capture: its graph would
  // lack it.
  if (!capture_.spoiled.empty()) throw CaptureUnsupported(capture_.spoiled);
  LoopCondition c{handle_, count, at_least, fewer_than, max_rounds, &words_->rounds, &words_->overflow, counter, counter_bytes};
  // A held-back producer whose last block can end the round does, and the round is that one kernel:
  // when its list is the only one copied back (a road network's BFS frontier) and short enough
  // for one block (DeferredProducer::ends_round_up_to), and no upsert waits apart (none does
  // while a producer is held).
  // A producer that runs every round in one launch (push_list_rounds_kernel) copies its list back
  // on the whole grid, so the one block's bound does not apply to it.
  ended_by_producer_ = rounds_in_one_kernel_ = false;
  if (const DeferredProducer* p = capture_.producer ? &*capture_.producer : nullptr;
      p && (p->ends_round_up_to > 0 || p->all_rounds_grid > 0) && capture_.deferred.empty() && copies.size() <= std::size_t(loop_end_copies)) {
    bool own = true;
    for (const CarryCopy& k : copies) own = own && ((!k.idx && !k.val) || (k.from_idx == p->idx && k.from_word == p->word && k.from_base == 0));
    const int input = own ? input_copy(*p, copies, c, counter_bytes) : -1;
    const bool all_rounds = input >= 0 && switches().loop_rounds_in_one_kernel && p->all_rounds_grid > 0 &&
                            body_is_empty(as_stream(stream_)) && cooperative_launches();
    if (own && (all_rounds || p->ends_round_up_to > 0)) {
      RoundEnd e = producer_round_end(c, copies, all_rounds ? input : -1);
      if (all_rounds) {  // the second list, of the list's length, in the arena: it lives as long as the graph
        const std::size_t entries = static_cast<std::size_t>(p->capacity), val_bytes = static_cast<std::size_t>(p->val_bytes);
        const std::size_t idx_bytes = (entries * sizeof(std::uint32_t) + 255) / 256 * 256;
        char* const second = static_cast<char*>(device_allocate(idx_bytes + entries * val_bytes, "push rounds' second list"));
        e.rounds.idx2 = reinterpret_cast<std::uint32_t*>(second);
        e.rounds.val2 = second + idx_bytes;
      }
      rounds_in_one_kernel_ = all_rounds;
      launch_ending_round(capture_, e);
      ended_by_producer_ = true;
    }
  }
  // A held list step whose map keeps the list that goes back into its push's input (SSSP's
  // frontier), in a round that is the push's mark and that step alone, runs every round in one
  // cooperative launch (push_bit_list_rounds_kernel): the mark stays the graph's node before it
  // (the first round's), and the kernel marks the rounds after.
  if (const DeferredProducer* p = capture_.producer ? &*capture_.producer : nullptr;
      !ended_by_producer_ && p && capture_.deferred.empty() && copies.size() <= std::size_t(loop_end_copies) &&
      switches().loop_rounds_in_one_kernel && cooperative_launches()) {
    const int input = list_step_input_copy(*p, copies, c, counter_bytes);
    if (input >= 0 && body_nodes(as_stream(stream_)) == 1) {
      keep_into(*p->keep, copies[input]);
      p->keep->carried_only = true;
      rounds_in_one_kernel_ = true;
      launch_ending_round(capture_, producer_round_end(c, copies, input));
      ended_by_producer_ = true;
    }
  }
  // A held map that keeps a list (held_map.cuh, SSSP's frontier) ends the round when that list is
  // the only one copied back: its appends write the carried storage as well, and its last block
  // writes the counts (or the overflow) and the condition. The loop's last kernel, which copied
  // the list (3.3 us of SSSP's round on the 2048 x 2048 grid, H200), is not launched. Not when
  // that storage is what the map reads (its driver: a body that keeps the carried list's own
  // entries, frontier<frontier < dist> = frontier): a block's appends, at slots in the order the
  // blocks arrive, would overwrite entries another block has yet to read. (The held push copies
  // its list back from its last block, after every block has read its input.)
  if (DeferredProducer* p = capture_.producer ? &*capture_.producer : nullptr;
      !ended_by_producer_ && p && p->keep && p->keep->idx && capture_.deferred.empty() && copies.size() <= std::size_t(loop_end_copies)) {
    int mine = -1;
    bool own = true;
    for (std::size_t j = 0; j < copies.size(); ++j) {
      const CarryCopy& k = copies[j];
      if (!k.idx && !k.val) continue;  // a count alone
      if (mine < 0 && k.idx && k.val && k.from_idx == p->idx && k.from_val == p->val && k.from_word == p->word && k.from_base == 0 &&
          static_cast<int>(k.val_bytes) == p->val_bytes && !p->reads_array(k.idx) && !p->reads_array(k.val))
        mine = static_cast<int>(j);
      else
        own = false;
    }
    if (own && mine >= 0) {
      RoundEnd e = producer_round_end(c, copies, -1);
      const CarryCopy& k = copies[mine];
      e.copy[mine] = CarryCopy::count_only(0, p->word, k.count);  // the entries are the appends'
      e.copy[mine].capacity = k.capacity;
      keep_into(*p->keep, k);
      launch_ending_round(capture_, e);
      ended_by_producer_ = true;
    }
  }
  const int taken = ended_by_producer_ ? 0 : end_with_last_kernel(capture_, as_stream(stream_), copies, c, count);
  std::lock_guard lock(graph_lifecycle());  // held until the captured body is dropped, too
  cudaGraph_t body = nullptr;
  capturing_ = false;
  refuse(cudaStreamEndCapture(as_stream(stream_), &body), "cudaStreamEndCapture");
  struct Drop {
    cudaGraph_t g;
    ~Drop() { cudaGraphDestroy(g); }
  } drop{body};
  refuse(cudaGraphGetNodes(body, nullptr, &captured_nodes_), "cudaGraphGetNodes");
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
  refuse(cudaGetDevice(&device_), "cudaGetDevice");
  exec_ = reuse_idle(as_graph(graph_), device_, captured_nodes_);
  updated_ = exec_ != nullptr;
  if (!exec_) {
    cudaGraphExec_t exec = nullptr;
    refuse(instantiate(as_graph(graph_), exec), "cudaGraphInstantiate");
    exec_ = exec;
  }
  exec_idle_ = true;
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
  capture_.producer.reset();
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
  for (;;) {
    Words w{done, 0};
    copy_host_to_device(words_, &w, sizeof(w));
    {
      std::lock_guard lock(graph_lifecycle());
      exec_idle_ = false;  // until the wait below sees it end
      check_cuda(cudaGraphLaunch(static_cast<cudaGraphExec_t>(exec_), as_stream(current_stream())), "loop_while: cudaGraphLaunch");
    }
    try {
      copy_device_to_host(&w, words_, sizeof(w));  // waits for the stream, so for the graph
    } catch (const Error& e) {
      throw Error(Info::cuda_error, std::string("loop_while: the device failed inside the loop: ") + e.what());
    }
    exec_idle_ = true;
    // run() is called only while the loop's condition holds, so a graph runs at least one round. An
    // updated one that ran none did not take the new graph's condition (CUDA documents no pairing of
    // the conditional handles of the graph and of the update, though its update of their defaults
    // implies one): it is dropped, updates stop for the process, and the loop runs again, once, from
    // a graph of its own.
    if (!(updated_ && w.rounds == done && !w.overflow)) {
      overflowed_ = w.overflow != 0;
      return static_cast<Index>(w.rounds);
    }
    updates_work.store(false);
    std::lock_guard lock(graph_lifecycle());
    cudaGraphExecDestroy(static_cast<cudaGraphExec_t>(exec_));
    exec_ = nullptr;
    updated_ = false;
    cudaGraphExec_t exec = nullptr;
    check_cuda(instantiate(as_graph(graph_), exec), "loop_while: cudaGraphInstantiate");
    exec_ = exec;
  }
}

void launch_producer(DeferredWork& c, const RoundEnd* end) noexcept {
  // Taken out before the launch, which asks for the stream (and so for launch_deferred again).
  // Upserts waiting apart (none should: holding the producer launched them) go after it.
  const DeferredProducer p = std::move(*c.producer);
  c.producer.reset();
  std::vector<DeferredUpsert> after = std::move(c.deferred);
  c.deferred.clear();
  bool launched = false;
  try {
    launched = p.launch(p.fused, end);
  } catch (...) {
  }
  if (!launched) c.spoil("CUDA refused the launch of a kernel held back for the assigns after it");
  c.deferred = std::move(after);
}

void launch_deferred_upserts(DeferredWork& c) noexcept {
  if (c.producer) launch_producer(c, nullptr);
  if (c.deferred.empty()) return;
  DeferredUpserts d{};
  unsigned grid = 1;
  for (const DeferredUpsert& u : c.deferred) {
    grid = std::max(grid, u.grid);
    d.upsert[d.count++] = u;
  }
  c.deferred.clear();  // before the launch, which asks for the stream (and so for this again)
  deferred_upserts_kernel<<<grid, LaunchPolicy::map_threads, 0, as_stream(current_stream())>>>(d);
  if (cudaGetLastError() != cudaSuccess) c.spoil("CUDA refused the launch of a deferred assign");
}

bool launch_deferred_reporting_count(DeferredWork& w, unsigned long long* host) noexcept {
  if (w.producer) {
    RoundEnd e{};
    e.copies = 1;
    e.copy[0] = CarryCopy::count_only(0, w.producer->word, host);
    launch_producer(w, &e);
  }
  launch_deferred_upserts(w);
  return w.spoiled.empty();
}

void add_one_on_device(void* p, int bytes) {
  add_one_kernel<<<1, 1, 0, as_stream(current_stream())>>>(p, bytes);
  check_launch("loop_while: counting a round");
}

void copy_carried(const CarryCopy& c) {
  LoopEnd e{};  // no condition: the overflow word is null, and no list exceeds its capacity here
  e.round.copies = 1;
  e.round.copy[0] = c;
  loop_end_kernel<<<c.grid, LaunchPolicy::map_threads, 0, as_stream(current_stream())>>>(e);
  check_launch("loop_while: preparing a carried vector");
}

}  // namespace hpg::detail::cuda
