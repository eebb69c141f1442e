// Times every kernel, memset and memcpy the GPU runs (inside CUDA graphs too, conditional WHILE
// nodes included) with CUPTI's activity API, since ncu cannot time kernels inside a graph with
// conditional nodes and the machine has no nsys. Runs BFS (push only, with device loops and from
// the host), SSSP and PageRank (gap, tol 1e-4; device loop and host loop) on grid:2048x2048, and prints per kernel name: count, total and mean µs, and the
// busy time against the wall time of the run.
#include <cupti.h>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>
#include <chrono>
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
using namespace hpg;

struct Rec { std::string name; unsigned long long start, end; };
static std::vector<Rec> recs;
static void CUPTIAPI buf_req(uint8_t** buf, size_t* size, size_t* max) {
  *size = 8 << 20; *buf = (uint8_t*)aligned_alloc(8, *size); *max = 0;
}
static void CUPTIAPI buf_done(CUcontext, uint32_t, uint8_t* buf, size_t, size_t valid) {
  CUpti_Activity* r = nullptr;
  while (cuptiActivityGetNextRecord(buf, valid, &r) == CUPTI_SUCCESS) {
    if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || r->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      auto* k = (CUpti_ActivityKernel9*)r;
      std::string n = k->name; if (n.size() > 90) n = n.substr(0, 90);
      char g[48]; snprintf(g, sizeof g, " <<<%u,%u>>>", k->gridX, k->blockX);
      recs.push_back({n + g, k->start, k->end});
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      auto* m = (CUpti_ActivityMemset4*)r;
      recs.push_back({"MEMSET " + std::to_string(m->bytes), m->start, m->end});
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      auto* m = (CUpti_ActivityMemcpy6*)r;
      recs.push_back({"MEMCPY kind" + std::to_string(m->copyKind) + " " + std::to_string(m->bytes), m->start, m->end});
    }
  }
  free(buf);
}
#define CK(x) do { CUptiResult e = (x); if (e != CUPTI_SUCCESS) { const char* s; cuptiGetResultString(e, &s); printf("%s: %s\n", #x, s); exit(1);} } while (0)

static void report(const char* what, double wall_ms, long rounds) {
  cuptiActivityFlushAll(1);
  std::map<std::string, std::pair<long, double>> by;
  double busy = 0; unsigned long long lo = ~0ull, hi = 0;
  for (auto& r : recs) { auto& e = by[r.name]; e.first++; e.second += (r.end - r.start) / 1e3; busy += (r.end - r.start) / 1e3; lo = std::min(lo, r.start); hi = std::max(hi, r.end); }
  std::vector<std::pair<double, std::string>> order;
  for (auto& [n, e] : by) order.push_back({e.second, n});
  std::sort(order.rbegin(), order.rend());
  printf("== %s: wall %.2f ms, %zu records, busy %.2f ms, first-to-last %.2f ms, rounds %ld\n", what, wall_ms, recs.size(), busy / 1e3, (hi - lo) / 1e6, rounds);
  for (auto& [t, n] : order) { auto& e = by[n]; if (t < busy * 0.002) continue;
    printf("  %9.1f us total %8ld x %7.2f us/round %6.2f us each  %s\n", t, e.first, rounds ? t / rounds : 0.0, t / e.first, n.c_str()); }
  // gaps between consecutive records (sorted by start), summed: what the graph spends between nodes
  std::sort(recs.begin(), recs.end(), [](auto& a, auto& b) { return a.start < b.start; });
  double gap = 0; unsigned long long last = recs.empty() ? 0 : recs[0].end;
  for (auto& r : recs) { if (r.start > last) gap += (r.start - last) / 1e3; last = std::max(last, r.end); }
  printf("  idle between records %.2f ms\n", gap / 1e3);
  recs.clear();
}

int main(int argc, char** argv) {
  const char* spec = argc > 1 ? argv[1] : "grid:2048x2048";
  CK(cuptiActivityRegisterCallbacks(buf_req, buf_done));
  gen::GraphSpec ws = gen::parse_spec(spec); ws.weighted = true; ws.weight_lo = 1; ws.weight_hi = 255;  // --weights 1:255
  Matrix<std::int64_t> w = generate<std::int64_t>(ws, Backend::cuda);
  Matrix<float> a = generate<float>(gen::parse_spec(spec), Backend::cuda);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) { CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)); CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET)); CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY)); }
    { BfsOptions o; o.method = AxbMethod::push; auto t0 = std::chrono::steady_clock::now(); BfsResult r = bfs(a, 0, o); cudaDeviceSynchronize();
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (pass) report("bfs push", ms, r.depth); else printf("warm bfs push %.2f ms depth %d\n", ms, r.depth); }
    { detail::tuning().device_loops = false; BfsOptions o; o.method = AxbMethod::push; auto t0 = std::chrono::steady_clock::now(); BfsResult r = bfs(a, 0, o); cudaDeviceSynchronize();
      detail::tuning().device_loops = true;
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (pass) report("bfs push, host loop", ms, r.depth); else printf("warm bfs push host loop %.2f ms\n", ms); }
    { auto t0 = std::chrono::steady_clock::now(); Vector<std::int64_t> d = sssp(w, 0); cudaDeviceSynchronize();
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (pass) report("sssp weights 1:255", ms, 0); else printf("warm sssp %.2f ms\n", ms); }
    for (bool device : {true, false}) {
      detail::tuning().device_loops = device; PageRankOptions o; o.variant = PageRankVariant::gap; o.tol = 1e-4;
      auto t0 = std::chrono::steady_clock::now(); auto r = pagerank(a, o); cudaDeviceSynchronize();
      detail::tuning().device_loops = true;
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      const char* what = device ? "pagerank gap, device loop" : "pagerank gap, host loop";
      if (pass) report(what, ms, r.iterations); else printf("warm %s %.2f ms, %d iterations\n", what, ms, r.iterations); }
  }
}
