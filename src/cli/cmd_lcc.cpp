// hpgraph lcc GRAPH: the local clustering coefficient of every vertex (LDBC Graphalytics' LCC),
// timed, optionally checked.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/primitive_run.hpp"
#include "cli/reference_check.hpp"
#include "hpgraph/algorithms/local_clustering_coefficient.hpp"

namespace hpg::cli {

int run_lcc(int argc, char** argv) {
  auto specs = primitive_option_specs();
  Args args("lcc", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph lcc GRAPH [--output FILE] [--check] [--json] [--repeat N]\n"
                 "                  [--backend cuda|host] [--format F] [--seed N] [--undirected]\n"
                 "  Local clustering coefficient of every vertex (LDBC Graphalytics' LCC): the edges among its in- and\n"
                 "  out-neighbours over |N| (|N| - 1); on an undirected graph, its triangles over |N| choose 2. Values\n"
                 "  and self-loops are ignored. --output writes 'vertex<TAB>coefficient' for every vertex.\n"
                 "  --check recomputes with SuiteSparse:GraphBLAS (C<S> = S plus.pair A): every coefficient must\n"
                 "  agree to 1e-12, relative.\n";
    return 0;
  }
  PrimitiveRun run("lcc", args, ValueUse::pattern);
  const auto& a = std::get<Matrix<bool>>(run.graph().matrix);
  Vector<double> lcc;
  run.timed([&] { lcc = local_clustering_coefficient(a); });
  const std::vector<double> coefficient = dense(lcc, 0.0);
  double sum = 0;
  for (double x : coefficient) sum += x;
  Report& rep = run.report();
  rep.add("mean_coefficient", coefficient.empty() ? 0.0 : sum / static_cast<double>(coefficient.size()));
  if (OutputFile* out = run.output()) out->vertex_lines(coefficient.size(), [&](Index v) { return format_value(coefficient[v]); });
#if HPG_CLI_SUITESPARSE
  if (run.checking()) rep.check = check_lcc(a, coefficient);
#endif
  return run.finish();
}

}  // namespace hpg::cli
