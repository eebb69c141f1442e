// hpgraph bc GRAPH --sources S1,S2,...: betweenness centrality from the given sources (batched
// Brandes, as LAGraph's LAGr_Betweenness), timed, optionally checked.
#include <chrono>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/primitive_run.hpp"
#include "cli/reference_check.hpp"
#include "hpgraph/algorithms/betweenness_centrality.hpp"
#include "hpgraph/hints.hpp"

namespace hpg::cli {

int run_bc(int argc, char** argv) {
  auto specs = primitive_option_specs();
  specs.push_back({"--sources", true, ""});
  Args args("bc", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph bc GRAPH --sources S1,S2,... [--output FILE] [--check] [--json] [--repeat N]\n"
                 "                 [--backend cuda|host] [--undirected] [--format F] [--seed N]\n"
                 "  Betweenness centrality of every vertex from the sources (0-based, comma-separated; a vertex listed\n"
                 "  twice counts twice): the sum over the sources s of Brandes's dependency delta_s(v), unnormalized, along\n"
                 "  out-edges of the graph's pattern (values are ignored), as LAGraph's LAGr_Betweenness. GAP's benchmark\n"
                 "  uses 4 sources. --output writes 'vertex<TAB>centrality' (17 digits) for every vertex. --check\n"
                 "  recomputes with SuiteSparse:GraphBLAS (LAGr_Betweenness): within 1e-6 relative (absolute below 1).\n";
    return 0;
  }
  PrimitiveRun run("bc", args, ValueUse::pattern);
  const std::vector<Index> sources = run.sources();
  const auto& a = std::get<Matrix<bool>>(run.graph().matrix);
  Report& rep = run.report();
  if (a.backend() == Backend::host) {  // A', which the backward steps multiply by there (the GPU's masked product reads A itself)
    const auto start = std::chrono::steady_clock::now();
    prepare(a, Prepare::transpose);
    rep.preprocess_ms = ms_since(start);
  }
  Vector<double> bc;
  run.timed([&] { bc = betweenness_centrality(a, sources); });

  const std::vector<double> centrality = dense(bc, 0.0);
  double sum = 0, top = 0;
  Index top_vertex = 0;
  for (Index v = 0; v < centrality.size(); ++v) {
    sum += centrality[v];
    if (centrality[v] > top) top = centrality[v], top_vertex = v;
  }
  rep.add("sources", static_cast<long long>(sources.size()));
  rep.add("centrality_sum", sum);
  rep.add("top_vertex", static_cast<long long>(top_vertex));
  rep.add("top_centrality", top);
  if (OutputFile* out = run.output()) out->vertex_lines(centrality.size(), [&](Index v) { return format_value(centrality[v]); });
#if HPG_CLI_SUITESPARSE
  if (run.checking()) rep.check = check_bc(a, sources, centrality);
#endif
  return run.finish();
}

}  // namespace hpg::cli
