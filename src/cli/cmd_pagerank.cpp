// hpgraph pagerank GRAPH [--damping D --tol T --max-iters N --variant lagraph|gap|hpgraph]: the
// ranks (in double precision), timed, optionally checked.
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/primitive_run.hpp"
#include "cli/reference_check.hpp"
#include "hpgraph/algorithms/pagerank.hpp"

namespace hpg::cli {

namespace {

PageRankVariant parse_variant(const std::string& v) {
  if (const std::optional<PageRankVariant> named = pagerank_variant_named(v)) return *named;
  throw CliError("--variant must be lagraph, gap or hpgraph, got '" + v + "'");
}

}  // namespace

int run_pagerank(int argc, char** argv) {
  auto specs = primitive_option_specs();
  for (const char* o : {"--damping", "--tol", "--max-iters", "--variant"}) specs.push_back({o, true, ""});
  Args args("pagerank", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph pagerank GRAPH [--damping 0.85] [--tol 1e-4] [--max-iters 100] [--variant lagraph|gap|hpgraph]\n"
                 "                 [--output FILE] [--check] [--json] [--repeat N] [--backend cuda|host] [--undirected] ...\n"
                 "  PageRank of the graph's pattern (values are ignored). lagraph (default) is LAGr_PageRank: stops when\n"
                 "  the 1-norm of the change is at most tol, and says so when max-iters came first; gap drops the sinks'\n"
                 "  mass; hpgraph is the paper's form (ranks sum to n). --output writes 'vertex<TAB>rank' (17 digits).\n"
                 "  --check recomputes with SuiteSparse:GraphBLAS (max abs difference 1e-4).\n";
    return 0;
  }
  PageRankOptions o;
  o.damping = args.real("--damping", o.damping);
  o.tol = args.real("--tol", o.tol);
  o.max_iters = static_cast<int>(args.integer("--max-iters", o.max_iters, 0, 1000000000));
  o.variant = parse_variant(args.value_or("--variant", "lagraph"));
  if (!(o.damping >= 0 && o.damping <= 1)) throw CliError("--damping must be in [0, 1], got " + *args.value("--damping"));
  if (!(o.tol >= 0)) throw CliError("--tol must be >= 0, got " + *args.value("--tol"));

  PrimitiveRun run("pagerank", args, ValueUse::pattern);
  const auto& a = std::get<Matrix<bool>>(run.graph().matrix);
  run.preprocess(/*also_a=*/true);  // the out-degrees are an mxv over A
  PageRankResult<double> r{Vector<double>(0)};
  run.timed([&] { r = pagerank<double>(a, o); });

  const std::vector<double> rank = dense(r.rank, 0.0);
  Report& rep = run.report();
  rep.add_text("variant", args.value_or("--variant", "lagraph"));
  rep.add_text("converged", r.converged ? "yes" : "no");
  rep.add("last_change", r.last_change);
  double sum = 0, top = 0;
  Index top_vertex = 0;
  for (Index v = 0; v < rank.size(); ++v) {
    sum += rank[v];
    if (rank[v] > top) top = rank[v], top_vertex = v;
  }
  rep.add("rank_sum", sum);
  rep.add("top_vertex", static_cast<long long>(top_vertex));
  rep.add("top_rank", top);
  rep.iterations = r.iterations;
  if (!r.converged && o.variant == PageRankVariant::lagraph)
    std::fprintf(stderr, "hpgraph: warning: pagerank did not converge in %d iterations (last change %.3g > tol %.3g)\n", r.iterations,
                 r.last_change, o.tol);
  if (OutputFile* out = run.output()) out->vertex_lines(rank.size(), [&](Index v) { return format_value(rank[v]); });
#if HPG_CLI_SUITESPARSE
  if (run.checking()) rep.check = check_pagerank(a, o, rank, r.iterations, r.converged);
#endif
  return run.finish();
}

}  // namespace hpg::cli
