// hpgraph tc GRAPH [--method spmv|lut]: triangles of the undirected simple graph underlying GRAPH,
// timed, optionally checked.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/primitive_run.hpp"
#include "cli/reference_check.hpp"
#include "hpgraph/algorithms/triangle_count.hpp"

namespace hpg::cli {

int run_tc(int argc, char** argv) {
  auto specs = primitive_option_specs();
  specs.push_back({"--method", true, ""});
  Args args("tc", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph tc GRAPH [--method spmv|lut] [--output FILE] [--check] [--json] [--repeat N]\n"
                 "                 [--backend cuda|host] [--format F] [--seed N]\n"
                 "  Triangles of the undirected simple graph underlying GRAPH (pattern symmetrized, self-loops\n"
                 "  dropped), each counted once. spmv (default): HPGraph's neighbour-list intersection over the\n"
                 "  degree-oriented DAG; lut: sum((L * U') .* L) after a degree presort (LAGraph's Sandia_LUT).\n"
                 "  --output writes the count.\n"
                 "  --check recomputes with SuiteSparse:GraphBLAS (exactly).\n";
    return 0;
  }
  const std::string method = args.value_or("--method", "spmv");
  if (method != "lut" && method != "spmv") throw CliError("--method must be lut or spmv, got '" + method + "'");
  PrimitiveRun run("tc", args, ValueUse::pattern);
  const auto& a = std::get<Matrix<bool>>(run.graph().matrix);
  std::uint64_t triangles = 0;
  run.timed([&] { triangles = triangle_count(a, method == "lut" ? TcMethod::lut : TcMethod::spmv); });
  Report& rep = run.report();
  rep.add_text("method", method);
  rep.add("triangles", static_cast<long long>(triangles));
  if (OutputFile* out = run.output()) out->line(std::to_string(triangles));
#if HPG_CLI_SUITESPARSE
  if (run.checking()) rep.check = check_tc(a, triangles);
#endif
  return run.finish();
}

}  // namespace hpg::cli
