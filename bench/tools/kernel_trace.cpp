// kernel_trace: where a primitive's GPU time goes, kernel by kernel, device loops included.
// Nsight Compute cannot time the kernels of a CUDA graph with conditional WHILE nodes, and the GPU
// machines have no Nsight Systems, so this reads CUPTI's activity records: every kernel, memset
// and memcpy with its start and end on the GPU, graph-launched ones too.
//
//   kernel_trace [--tol T] [--variant V] [--source S] [--timeline] [--untraced] [SPEC] [RUN ...]
//     SPEC  a generator spec (hpgraph generate's: grid:2048x2048, rmat:20, ...), default grid:2048x2048,
//           or a graph file as hpgraph reads it (an edge list such as GAPBS's converter writes:
//           kron-21 with `converter -g21 -e k.el`; its values are SSSP's weights, 1 for a pattern)
//     RUN   bfs | bfs-launches | bfs-host | bfs-host-plain | bfs-auto | bfs-auto-host | sssp | sssp-launches
//           | sssp-rows | sssp-host | pagerank | pagerank-host
//           (default: all but bfs-auto*): BFS pushing every level (bfs-auto: switching direction, as
//           the CLI's bfs does), SSSP with weights 1..255 (a generated graph's), PageRank's variant V
//           (gap, lagraph or hpgraph as the CLI names them; gap by default) at tol T (1e-4); -host
//           runs the same with switches().device_loops off, so its rounds
//           loop from the host; bfs-host-plain also with switches().defer_in_host_rounds off, so
//           each call of a round launches its own kernels;
//           bfs-launches and sssp-launches with switches().loop_rounds_in_one_kernel off, so a
//           device loop whose rounds one cooperative launch may run launches a round's kernels
//           once a round (a WHILE node's iteration each; sssp-launches' kernel counts say SSSP's
//           rounds, which are the same either way);
//           sssp-host loops SSSP's rounds from the host (a profiler such as Nsight Compute
//           sees its kernels, which it cannot inside a WHILE graph);
//           sssp-rows with switches().push_row_slots_that_fit off, so the push takes a thread per
//           row whatever the round's count. (SSSP's rounds are not counted: its per-round figures
//           read 0.)
//
// Each untraced run also says how many loop graphs it launched (loop_while's captured loops) and,
// when a loop ran its rounds from the host, why (device_loop_declined).
// BFS and SSSP start from --source (default 0). --untraced runs each run once, untraced, and
// never loads CUPTI's activity API (for a profiler, which holds CUPTI itself).
//
// Each run goes twice: once untraced (it builds the matrices' derived forms, and says its wall
// time; with --timeline three more untraced runs say theirs), then traced: per kernel name and launch shape, the count, total and mean µs, and µs per
// round; the busy time against the wall time; and the idle time between records (what a graph or
// the host spends between nodes). --timeline also lists every record of a traced run of at most
// 3000 records in order: its start after the first record's, its length and the gap before it
// (where a host round or a capture spends its time). Tracing adds host time to every call, so the traced wall time is
// an upper bound; the untraced one is the run's.
#include <cupti.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/io.hpp"

namespace {

using namespace hpg;

struct Record {
  std::string name;
  unsigned long long start, end;  // ns, GPU clock
};
std::vector<Record> records;
bool timeline = false;
bool untraced_only = false;

void check(CUptiResult r, const char* what) {
  if (r == CUPTI_SUCCESS) return;
  const char* s = "unknown CUPTI error";
  cuptiGetResultString(r, &s);
  std::fprintf(stderr, "kernel_trace: error: %s: %s\n", what, s);
  std::exit(2);
}

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *size = std::size_t(8) << 20;
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, *size));
  *max_records = 0;
  if (!*buffer) {
    std::fprintf(stderr, "kernel_trace: error: out of host memory for CUPTI's records\n");
    std::exit(2);
  }
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  CUpti_Activity* r = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS) {
    if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || r->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      const auto* k = reinterpret_cast<const CUpti_ActivityKernel9*>(r);
      std::string n = k->name;
      if (n.size() > 90) n.resize(90);
      char shape[48];
      std::snprintf(shape, sizeof shape, " <<<%u,%u>>>", k->gridX, k->blockX);
      records.push_back({n + shape, k->start, k->end});
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(r);
      records.push_back({"MEMSET " + std::to_string(m->bytes), m->start, m->end});
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(r);
      records.push_back({"MEMCPY kind" + std::to_string(m->copyKind) + " " + std::to_string(m->bytes), m->start, m->end});
    }
  }
  std::free(buffer);
}

void report(const std::string& what, double wall_ms, long rounds) {
  check(cuptiActivityFlushAll(1), "cuptiActivityFlushAll");
  std::map<std::string, std::pair<long, double>> by_name;  // count, total µs
  double busy_us = 0;
  unsigned long long first = ~0ull, last = 0;
  for (const Record& r : records) {
    const double us = (r.end - r.start) / 1e3;
    auto& e = by_name[r.name];
    ++e.first;
    e.second += us;
    busy_us += us;
    first = std::min(first, r.start);
    last = std::max(last, r.end);
  }
  std::vector<std::pair<double, std::string>> order;
  for (const auto& [name, e] : by_name) order.push_back({e.second, name});
  std::sort(order.rbegin(), order.rend());
  std::printf("== %s: wall %.2f ms, %zu records, busy %.2f ms, first-to-last %.2f ms, rounds %ld\n", what.c_str(), wall_ms,
              records.size(), busy_us / 1e3, records.empty() ? 0.0 : (last - first) / 1e6, rounds);
  for (const auto& [total, name] : order) {
    if (total < busy_us * 0.002) continue;  // the tail of rare, short records
    const long count = by_name[name].first;
    std::printf("  %9.1f us total %8ld x %7.2f us/round %6.2f us each  %s\n", total, count, rounds ? total / rounds : 0.0, total / count,
                name.c_str());
  }
  std::sort(records.begin(), records.end(), [](const Record& a, const Record& b) { return a.start < b.start; });
  double idle_us = 0;
  unsigned long long end = records.empty() ? 0 : records[0].end;
  for (const Record& r : records) {
    if (r.start > end) idle_us += (r.start - end) / 1e3;
    end = std::max(end, r.end);
  }
  std::printf("  idle between records %.2f ms\n", idle_us / 1e3);
  if (timeline && records.size() <= 3000) {
    std::printf("  timeline (us): start, length, gap before, record\n");
    unsigned long long seen_end = records.empty() ? 0 : records[0].start;
    for (const Record& r : records) {
      const double gap = r.start > seen_end ? (r.start - seen_end) / 1e3 : 0.0;
      std::printf("  %10.1f %8.2f %8.1f  %s\n", (r.start - first) / 1e3, (r.end - r.start) / 1e3, gap, r.name.c_str());
      seen_end = std::max(seen_end, r.end);
    }
  }
  records.clear();
}

/// This thread's loop counts (loop_types.hpp) at one moment; since() says what a run added.
struct LoopCounts {
  std::uint64_t graphs = detail::device_loop_graphs, captures = detail::device_loop_captures,
                made = detail::device_loop_instantiations, capture_ns = detail::device_loop_capture_ns;
  /// "N loop graphs (M captures, K instantiated, X ms capturing)" since this snapshot (a graph not
  /// instantiated updated one kept from an earlier loop; the capture's time includes either).
  std::string since() const {
    char out[160];
    std::snprintf(out, sizeof out, "%llu loop graphs (%llu captures, %llu instantiated, %.2f ms capturing)",
                  static_cast<unsigned long long>(detail::device_loop_graphs - graphs),
                  static_cast<unsigned long long>(detail::device_loop_captures - captures),
                  static_cast<unsigned long long>(detail::device_loop_instantiations - made),
                  static_cast<double>(detail::device_loop_capture_ns - capture_ns) / 1e6);
    return out;
  }
};

/// Runs f (which returns its rounds) untraced, then traced, and reports.
template <class F>
void trace(const std::string& what, F&& f) {
  long rounds = 0;
  const auto timed_ms = [&] {  // one run of f to its end on the device, in ms
    const auto start = std::chrono::steady_clock::now();
    rounds = f();
    detail::device_synchronize("kernel_trace");
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  for (int traced = 0; traced < (untraced_only ? 1 : 2); ++traced) {
    if (traced)
      for (auto kind : {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_MEMCPY})
        check(cuptiActivityEnable(kind), "cuptiActivityEnable");
    const LoopCounts before;
    detail::device_loop_declined.clear();
    const double ms = timed_ms();
    if (traced) {
      for (auto kind : {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_MEMCPY})
        check(cuptiActivityDisable(kind), "cuptiActivityDisable");
      report(what, ms, rounds);
    } else {
      std::printf("untraced %s: %.2f ms, %ld rounds, %s%s%s\n", what.c_str(), ms, rounds, before.since().c_str(),
                  detail::device_loop_declined.empty() ? "" : ", from the host: ", detail::device_loop_declined.c_str());
      for (int again = 0; timeline && again < 3; ++again) {
        const LoopCounts again_before;
        const double again_ms = timed_ms();
        std::printf("untraced %s: %.2f ms, %s\n", what.c_str(), again_ms, again_before.since().c_str());
      }
    }
  }
}

/// Runs f with device loops on or off, rounds in one launch or not, and host rounds holding work
/// back or not, restoring the settings.
template <class F>
long with_device_loops(bool on, bool rounds_in_one_kernel, bool defer_in_host_rounds, F&& f) {
  struct Restore {
    detail::Switches saved = detail::switches();
    ~Restore() { detail::switches() = saved; }
  } restore;
  detail::switches().device_loops = on;
  detail::switches().loop_rounds_in_one_kernel = rounds_in_one_kernel;
  detail::switches().defer_in_host_rounds = defer_in_host_rounds;
  return f();
}

}  // namespace

int main(int argc, char** argv) {
  double tol = 1e-4;
  PageRankVariant variant = PageRankVariant::gap;
  Index source = 0;
  std::vector<std::string> args(argv + 1, argv + argc);
  while (!args.empty() && args[0].starts_with("--")) {
    if (args[0] == "--timeline" || args[0] == "--untraced") {
      (args[0] == "--timeline" ? timeline : untraced_only) = true;
      args.erase(args.begin());
      continue;
    }
    if (args[0] == "--variant" && args.size() >= 2) {
      const std::optional<PageRankVariant> named = pagerank_variant_named(args[1]);
      if (!named) {
        std::fprintf(stderr, "kernel_trace: error: --variant must be gap, lagraph or hpgraph, got '%s'\n", args[1].c_str());
        return 2;
      }
      variant = *named;
      args.erase(args.begin(), args.begin() + 2);
      continue;
    }
    if (args.size() < 2 || (args[0] != "--tol" && args[0] != "--source")) {
      std::fprintf(stderr, "kernel_trace: error: unknown option or missing value: '%s'\n", args[0].c_str());
      return 2;
    }
    char* end = nullptr;
    const double v = std::strtod(args[1].c_str(), &end);
    if (end == args[1].c_str() || *end || !(v >= 0) || (args[0] == "--source" && v != std::floor(v))) {
      std::fprintf(stderr, "kernel_trace: error: %s needs a number >= 0%s, got '%s'\n", args[0].c_str(),
                   args[0] == "--source" ? " (a vertex)" : "", args[1].c_str());
      return 2;
    }
    if (args[0] == "--tol") tol = v;
    else source = static_cast<Index>(v);
    args.erase(args.begin(), args.begin() + 2);
  }
  const std::string spec = args.empty() ? "grid:2048x2048" : args[0];
  std::vector<std::string> runs(args.begin() + std::min<std::size_t>(args.size(), 1), args.end());
  const std::vector<std::string> by_default = {"bfs",  "bfs-launches", "bfs-host", "bfs-host-plain", "sssp", "sssp-launches", "sssp-rows",
                                               "pagerank", "pagerank-host"};
  std::vector<std::string> known = by_default;
  known.insert(known.end(), {"bfs-auto", "bfs-auto-host", "sssp-host"});
  if (runs.empty()) runs = by_default;
  for (const std::string& r : runs)
    if (std::find(known.begin(), known.end(), r) == known.end()) {
      std::string all;
      for (const std::string& k : known) all += (all.empty() ? "" : ", ") + k;
      std::fprintf(stderr, "kernel_trace: error: unknown run '%s' (%s)\n", r.c_str(), all.c_str());
      return 2;
    }
  try {
    if (!untraced_only) check(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed), "cuptiActivityRegisterCallbacks");
    std::error_code no_file;
    const bool from_file = std::filesystem::is_regular_file(spec, no_file);
    // A file as hpgraph reads it (its values, or 1 for a pattern, as SSSP's weights); a spec as
    // generated, with weights 1..255 for SSSP.
    const auto graph = [&]<class T>(T, std::int64_t lo, std::int64_t hi) {
      if (from_file) return io::read_matrix<T>(spec, {}, hpg::min<T>{}, nullptr, false, Backend::cuda);
      gen::GraphSpec g = gen::parse_spec(spec);
      g.weighted = lo != hi;
      g.weight_lo = lo;
      g.weight_hi = hi;
      return generate<T>(g, Backend::cuda);
    };
    const Matrix<float> a = graph(0.0f, 1, 1);
    const bool wants_sssp = std::any_of(runs.begin(), runs.end(), [](const std::string& r) { return r.starts_with("sssp"); });
    const Matrix<std::int64_t> w = wants_sssp ? graph(std::int64_t(0), 1, 255) : Matrix<std::int64_t>(0, 0, Backend::cuda);
    for (const std::string& run : runs) {
      const bool plain = run.ends_with("-plain"), host = run.ends_with("-host") || plain, launches = run.ends_with("-launches");
      if (run.starts_with("bfs"))
        trace(run, [&] {
          return with_device_loops(!host, !launches, !plain, [&] {
            BfsOptions o;
            if (!run.starts_with("bfs-auto")) o.method = AxbMethod::push;
            return long(bfs(a, source, o).depth);
          });
        });
      else if (run.starts_with("sssp"))
        trace(run, [&] {
          struct Restore {
            detail::Switches saved = detail::switches();
            ~Restore() { detail::switches() = saved; }
          } restore;
          detail::switches().push_row_slots_that_fit = run != "sssp-rows";
          detail::switches().device_loops = run != "sssp-host";
          detail::switches().loop_rounds_in_one_kernel = run != "sssp-launches";
          (void)sssp(w, source);
          return 0L;  // sssp does not say its rounds
        });
      else
        trace(run, [&] {
          return with_device_loops(!host, true, true, [&] {
            PageRankOptions o;
            o.variant = variant;
            o.tol = tol;
            return long(pagerank(a, o).iterations);
          });
        });
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "kernel_trace: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
