// hpgraph cc GRAPH: the connected components of the undirected graph underlying GRAPH (FastSV),
// timed, optionally checked.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/primitive_run.hpp"
#include "cli/reference_check.hpp"
#include "hpgraph/algorithms/connected_components.hpp"

namespace hpg::cli {

int run_cc(int argc, char** argv) {
  auto specs = primitive_option_specs();
  Args args("cc", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph cc GRAPH [--output FILE] [--check] [--json] [--repeat N]\n"
                 "                 [--backend cuda|host] [--format F] [--seed N]\n"
                 "  Connected components of the undirected graph underlying GRAPH (pattern symmetrized: the weakly\n"
                 "  connected components of a directed graph), by FastSV. Every vertex is labelled with its\n"
                 "  component's smallest vertex id. --output writes 'vertex<TAB>label' for every vertex.\n"
                 "  --check recomputes with SuiteSparse:GraphBLAS (LAGraph's FastSV5): the labels must be equal.\n";
    return 0;
  }
  PrimitiveRun run("cc", args, ValueUse::pattern);
  const auto& a = std::get<Matrix<bool>>(run.graph().matrix);
  Vector<std::uint64_t> labels;
  Index components = 0;
  run.timed([&] {
    labels = connected_components(a);
    components = component_count(labels);
  });
  const std::vector<std::uint64_t> label = dense(labels, std::uint64_t{0});
  Report& rep = run.report();
  rep.add("components", static_cast<long long>(components));
  if (OutputFile* out = run.output()) out->vertex_lines(label.size(), [&](Index v) { return std::to_string(label[v]); });
#if HPG_CLI_SUITESPARSE
  if (run.checking()) rep.check = check_cc(a, label);
#endif
  return run.finish();
}

}  // namespace hpg::cli
