// Probe: SSSP on a weighted grid with device loops; prints why a capture falls back, counts, time.
// A copy of detail::device_rounds as of cac64dd (later commits changed the carried vectors' interface).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/algorithms/sssp.hpp"
using namespace hpg;
template <class T, class Body>
Index probe_loop(const NonEmpty<T>& c, Body&& body, Index max_rounds) {
  Index rounds = 0;
  if (!detail::loop_condition_holds(c)) return 0;
  body(); ++rounds;
  std::size_t arena = std::size_t(64) << 20;
  for (int attempt = 0; attempt < 6; ++attempt) {
    detail::cuda::DeviceLoop loop(arena);
    detail::LoopCapture& cap = loop.capture();
    bool captured = false;
    std::string why;
    auto t0 = std::chrono::steady_clock::now();
    {
      detail::LoopCaptureScope capturing(&cap);
      detail::StreamScope on(loop.stream());
      try {
        loop.begin(); body(); c.v.wait();
        if (!cap.spoiled.empty()) throw detail::CaptureUnsupported(cap.spoiled);
        std::vector<const void*> storage;
        for (const auto& v : cap.carried) v->storage(storage);
        for (const auto& v : cap.carried) v->stage(storage);
        for (const auto& v : cap.carried) v->write_back();
        const auto* cv = static_cast<const detail::CarriedVector<T>*>(cap.find(&c.v));
        loop.end(cv->count(), c.fewer_than, max_rounds);
        captured = true;
      } catch (const std::exception& e) { why = e.what(); loop.abort(); }
      for (const auto& v : cap.carried) v->restore();
    }
    loop.release_freed();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    printf("attempt %d arena %zu MiB used %zu MiB wanted %zu MiB carried %zu: %s (%.2f ms)\n", attempt, arena >> 20, cap.used >> 20, cap.wanted >> 20, cap.carried.size(), captured ? "captured" : why.c_str(), ms);
    if (captured) { auto t1 = std::chrono::steady_clock::now(); Index r = loop.run(rounds); double rm = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count(); printf("graph ran %llu rounds in %.2f ms: %.2f us a round\n", (unsigned long long)r, rm, 1000 * rm / (r - rounds)); return r; }
    if (cap.wanted <= arena) return 0;
    arena = std::max(arena * 4, cap.wanted + cap.wanted / 2);
  }
  return 0;
}
int main(int argc, char** argv) {
  int side = argc > 1 ? atoi(argv[1]) : 2048;
  auto spec = gen::parse_spec("grid:" + std::to_string(side) + "x" + std::to_string(side));
  spec.weighted = true; spec.weight_lo = 1; spec.weight_hi = 255;
  Matrix<float> a = generate<float>(spec, Backend::cuda);
  const Index n = a.nrows();
  for (int rep = 0; rep < 2; ++rep) {
    Vector<float> dist(n, Backend::cuda), frontier(n, Backend::cuda), t(n, Backend::cuda);
    Vector<bool> better(n, Backend::cuda);
    assign(dist, no_mask, no_accum, sssp_unreached<float>, hpg::all);
    dist.set_element(0.f, 0); frontier.set_element(0.f, 0);
    auto t0 = std::chrono::steady_clock::now();
    Index r = probe_loop(nonempty(frontier), [&] {
      vxm(t, no_mask, no_accum, min_plus<float>, frontier, a);
      ewise_mult(better, no_mask, no_accum, lt<float>{}, t, dist);
      apply(frontier, better, no_accum, identity<float>{}, t, desc::replace);
      assign(dist, frontier, no_accum, frontier, hpg::all, desc::structure);
    }, n);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    printf("rep %d: %llu rounds, %.2f ms in all, frontier now %llu, dist(n-1) %g\n", rep, (unsigned long long)r, ms, (unsigned long long)frontier.nvals(), (double)*dist.extract_element(n - 1));
  }
  auto t0 = std::chrono::steady_clock::now();
  Vector<float> d = sssp(a, 0);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  printf("hpg::sssp: %.2f ms, dist(n-1) %g\n", ms, (double)*d.extract_element(n - 1));
  detail::tuning().device_loops = false;
  t0 = std::chrono::steady_clock::now();
  Vector<float> d2 = sssp(a, 0);
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  printf("hpg::sssp host loop: %.2f ms, dist(n-1) %g\n", ms, (double)*d2.extract_element(n - 1));
}
