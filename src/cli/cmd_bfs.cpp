// hpgraph bfs GRAPH --source S [--parents]: levels (or parents) from S, timed, optionally checked.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/primitive_run.hpp"
#include "cli/reference_check.hpp"
#include "hpgraph/algorithms/bfs.hpp"

namespace hpg::cli {

int run_bfs(int argc, char** argv) {
  auto specs = primitive_option_specs();
  specs.push_back({"--source", true, "-s"});
  specs.push_back({"--parents", false, ""});
  Args args("bfs", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph bfs GRAPH --source S [--parents] [--output FILE] [--check] [--json] [--repeat N]\n"
                 "                 [--backend cuda|host] [--undirected] [--format F] [--dup D] [--seed N]\n"
                 "  Breadth-first search along out-edges from vertex S (0-based). --output writes 'vertex<TAB>level'\n"
                 "  for every vertex (-1 unreached), or the BFS parent with --parents (-1 unreached). --check\n"
                 "  recomputes with SuiteSparse:GraphBLAS: levels must be equal, parents valid.\n";
    return 0;
  }
  PrimitiveRun run("bfs", args, ValueUse::pattern);
  const Index source = run.source();
  const auto& a = std::get<Matrix<bool>>(run.graph().matrix);
  run.preprocess();
  BfsResult r;
  run.timed([&] { r = bfs(a, source); });

  const std::vector<std::int32_t> level32 = dense(r.level, std::int32_t{-1});
  const std::vector<std::int64_t> level(level32.begin(), level32.end());
  const std::vector<std::int64_t> parent = dense(r.parent, std::int64_t{-1});
  Report& rep = run.report();
  rep.add("source", static_cast<long long>(source));
  rep.add("reached", static_cast<long long>(r.level.nvals()));
  rep.add("depth", static_cast<long long>(r.depth));
  rep.iterations = r.depth;
  rep.edges = out_edges_of(a, [&](Index v) { return level[v] >= 0; });
  if (OutputFile* out = run.output()) {
    const auto& values = args.has("--parents") ? parent : level;
    out->vertex_lines(values.size(), [&](Index v) { return std::to_string(values[v]); });
  }
#if HPG_CLI_SUITESPARSE
  if (run.checking()) rep.check = check_bfs(a, source, level, parent);
#endif
  return run.finish();
}

}  // namespace hpg::cli
