// hpgraph sssp GRAPH --source S: shortest-path distances from S with the graph's values as
// weights (a pattern graph's edges weigh 1), timed, optionally checked.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/primitive_run.hpp"
#include "cli/reference_check.hpp"
#include "hpgraph/algorithms/sssp.hpp"

namespace hpg::cli {

namespace {

template <class T>
int run_typed(PrimitiveRun& run, const Matrix<T>& a, Index source) {
  const T unreached = sssp_unreached<T>;
  Vector<T> dist(0);
  try {
    run.timed([&] { dist = sssp(a, source); });
  } catch (const Error& e) {
#if HPG_CLI_SUITESPARSE
    // A negative cycle is an error either way; --check still says whether SuiteSparse agrees.
    if (run.checking() && is_negative_cycle(e)) {
      CheckOutcome c = check_negative_cycle(a, source);
      if (c.pass) throw CliError(std::string(e.what()) + " (SuiteSparse agrees)");
      run.report().add("source", static_cast<long long>(source));
      run.report().check = std::move(c);
      return run.finish(/*have_result=*/false);
    }
#endif
    throw;
  }
  std::vector<T> d = dense(dist, unreached);
  Report& rep = run.report();
  rep.add("source", static_cast<long long>(source));
  std::size_t reached = 0;
  for (const T x : d) reached += x != unreached;
  rep.add("reached", static_cast<long long>(reached));
  T far = T(0);
  for (const T x : d)
    if (x != unreached && x > far) far = x;
  if constexpr (std::is_integral_v<T>) rep.add("max_distance", static_cast<long long>(far));
  else rep.add("max_distance", static_cast<double>(far));
  rep.edges = out_edges_of(a, [&](Index v) { return d[v] != unreached; });
  if (OutputFile* out = run.output())
    out->vertex_lines(d.size(), [&](Index v) {
      if (d[v] == unreached) return std::string("inf");
      if constexpr (std::is_integral_v<T>) return format_value(static_cast<long long>(d[v]));
      else return format_value(static_cast<double>(d[v]));
    });
#if HPG_CLI_SUITESPARSE
  if (run.checking()) rep.check = check_sssp(a, source, d);
#endif
  return run.finish();
}

}  // namespace

int run_sssp(int argc, char** argv) {
  auto specs = primitive_option_specs();
  specs.push_back({"--source", true, "-s"});
  Args args("sssp", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph sssp GRAPH --source S [--output FILE] [--check] [--json] [--repeat N]\n"
                 "                 [--backend cuda|host] [--undirected] [--format F] [--dup D] [--seed N] [--weights LO:HI]\n"
                 "  Shortest paths from vertex S (0-based) along out-edges, the graph's values as weights (integer\n"
                 "  or real; a pattern graph's edges weigh 1; negative weights are fine, a negative cycle reachable\n"
                 "  from S is an error). --output writes 'vertex<TAB>distance' for every vertex ('inf' unreached).\n"
                 "  --check recomputes with SuiteSparse:GraphBLAS (exact for integers, 1e-6 relative for reals).\n";
    return 0;
  }
  PrimitiveRun run("sssp", args, ValueUse::weights);
  const Index source = run.source();
  run.preprocess();
  if (auto* a = std::get_if<Matrix<double>>(&run.graph().matrix)) return run_typed(run, *a, source);
  return run_typed(run, std::get<Matrix<std::int64_t>>(run.graph().matrix), source);
}

}  // namespace hpg::cli
