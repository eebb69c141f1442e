// Each call of PageRank's body alone in a device loop: which one declines the capture.
#include <cstdio>
#include <functional>
#include "hpgraph/hpgraph.hpp"
using namespace hpg;
using R = float;
int main() {
  Matrix<float> a = generate<float>(gen::parse_spec("rmat:10"), Backend::cuda);
  const Backend b = Backend::cuda; const Index n = a.nrows();
  Vector<R> rank(n, b), scale(n, b), w(n, b), t(n, b), delta(n, b), unsettled(1, b), share(n, b), sink_rank(n, b), ones(n, b), outdeg(n, b);
  Scalar<R> change(b), sinks(b);
  assign(ones, no_mask, no_accum, R(1), hpg::all);
  mxv(outdeg, no_mask, no_accum, plus_pair<R>, a, ones);
  assign(rank, no_mask, no_accum, R(1) / n, hpg::all);
  assign(scale, no_mask, no_accum, R(0.5), hpg::all);
  assign(share, no_mask, no_accum, R(0.1), hpg::all);
  assign(share, outdeg, no_accum, R(0), hpg::all, desc::structure);
  assign(t, no_mask, no_accum, R(0.1), hpg::all);
  std::vector<std::pair<const char*, std::function<void()>>> ops = {
    {"ewise_mult w", [&] { ewise_mult(w, no_mask, no_accum, times<R>{}, rank, scale); }},
    {"assign t base", [&] { assign(t, no_mask, no_accum, R(0.2), hpg::all); }},
    {"ewise_mult sink_rank", [&] { ewise_mult(sink_rank, no_mask, no_accum, times<R>{}, rank, share); }},
    {"reduce sinks", [&] { reduce(sinks, no_accum, plus_monoid<R>{}, sink_rank); }},
    {"assign t += sinks", [&] { assign(t, no_mask, plus<R>{}, sinks, hpg::all); }},
    {"vxm t += w A", [&] { vxm(t, no_mask, plus<R>{}, plus_first<R>, w, a); }},
    {"ewise_add delta", [&] { ewise_add(delta, no_mask, no_accum, hpg::max<R>{}, t, rank); }},
    {"reduce change", [&] { reduce(change, no_accum, plus_monoid<R>{}, delta); }},
    {"apply rank = t", [&] { apply(rank, no_mask, no_accum, identity<R>{}, t); }},
    {"assign unsettled = change", [&] { assign(unsettled, no_mask, no_accum, change, hpg::all); }},
    {"select unsettled", [&] { select(unsettled, no_mask, no_accum, valuegt<R>{}, unsettled, R(-1)); }},
  };
  detail::tuning().device_loop_after_rounds = 1;
  for (auto& [name, op] : ops) {
    op(); (void)delta.nvals(); (void)sink_rank.nvals(); (void)w.nvals(); (void)t.nvals(); (void)rank.nvals();
    Vector<int> cnt(10, b); cnt.set_element(6, 0);
    const auto before = detail::device_loop_graphs;
    loop_while(nonempty(cnt), [&] { op(); apply(cnt, no_mask, no_accum, bind_second(minus<int>{}, 1), cnt); select(cnt, no_mask, no_accum, valuegt<int>{}, cnt, 0); });
    printf("%-28s graphs %lu declined: %s\n", name, (unsigned long)(detail::device_loop_graphs - before), detail::device_loop_declined.c_str());
    detail::device_loop_declined.clear();
  }
}
