// hpgraph generate rmat|urand|grid ... -o OUT: a synthetic graph written to a file.
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/graph_source.hpp"

namespace hpg::cli {

int run_generate(int argc, char** argv) {
  std::vector<OptionSpec> specs{{"--scale", true, ""},    {"--edge-factor", true, ""}, {"--rows", true, ""},
                                {"--cols", true, ""},     {"--seed", true, ""},        {"--a", true, ""},
                                {"--b", true, ""},        {"--c", true, ""},           {"--no-relabel", false, ""},
                                {"--undirected", false, ""}, {"--no-self-loops", false, ""}, {"--weights", true, ""},
                                {"--backend", true, ""},  {"--output", true, "-o"},    {"--json", false, ""}};
  Args args("generate", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph generate rmat|urand|grid [options] -o OUT\n"
                 "  rmat   --scale S (16) --edge-factor E (16) --a 0.57 --b 0.19 --c 0.19 [--no-relabel]\n"
                 "  urand  --scale S (16) --edge-factor E (16)         uniform random endpoints (GAP's urand)\n"
                 "  grid   --rows R --cols C                           4-neighbour 2-D grid, both directions\n"
                 "  common --seed N (1) --undirected --no-self-loops --weights LO:HI --backend host|cuda\n"
                 "  The family may also be given as a spec: rmat:20[:16], urand:18, grid:1000x1000.\n"
                 "  OUT is .mtx or .hpgb (optionally .gz). Duplicate edges are combined (min weight).\n";
    return 0;
  }
  const std::string& family = args.positional(0, "a family (rmat, urand or grid)");
  args.expect_positional(1);
  auto out = args.value("--output");
  if (!out) throw CliError("'generate' needs -o OUT");
  gen::GraphSpec spec;
  if (gen::looks_like_spec(family)) {
    spec = gen::parse_spec(family);
  } else if (family == "rmat" || family == "urand") {
    spec.family = family == "rmat" ? gen::Family::rmat : gen::Family::urand;
  } else if (family == "grid") {
    spec.family = gen::Family::grid;
    if (!args.has("--rows") || !args.has("--cols")) throw CliError("grid needs --rows R and --cols C");
  } else {
    throw CliError("unknown family '" + family + "' (rmat, urand or grid)");
  }
  spec.scale = static_cast<int>(args.integer("--scale", spec.scale, 1, 30));
  spec.edge_factor = static_cast<int>(args.integer("--edge-factor", spec.edge_factor, 1, 1 << 20));
  spec.grid_rows = static_cast<Index>(args.integer("--rows", static_cast<long long>(spec.grid_rows), 1, max_dimension));
  spec.grid_cols = static_cast<Index>(args.integer("--cols", static_cast<long long>(spec.grid_cols), 1, max_dimension));
  spec.seed = static_cast<std::uint64_t>(args.integer("--seed", 1, 0, INT64_MAX));
  spec.a = args.real("--a", spec.a);
  spec.b = args.real("--b", spec.b);
  spec.c = args.real("--c", spec.c);
  spec.relabel = !args.has("--no-relabel");
  spec.symmetrize = args.has("--undirected");
  spec.remove_self_loops = args.has("--no-self-loops");
  GraphOptions gopt = graph_options(args);  // --weights, --backend
  spec.weighted = gopt.weighted;
  spec.weight_lo = gopt.weight_lo;
  spec.weight_hi = gopt.weight_hi;
  gen::validate(spec);
  io::Format f = io::format_from_extension(*out);
  if (f != io::Format::matrix_market && f != io::Format::binary)
    throw CliError("cannot tell the output format of '" + *out + "': name it .mtx, .mtx.gz, .hpgb or .hpgb.gz");

  const auto t0 = std::chrono::steady_clock::now();
  AnyMatrix m = spec.weighted ? AnyMatrix(generate<std::int64_t>(spec, gopt.backend)) : AnyMatrix(generate<bool>(spec, gopt.backend));
  const double gen_ms = ms_since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  std::visit([&](const auto& a) { io::write_matrix(*out, a, f, terminal_progress(), !spec.weighted); }, m);
  const double write_ms = ms_since(t1);
  const Index n = gen::num_vertices(spec);
  const Index nvals = std::visit([](const auto& a) { return a.nvals(); }, m);
  const std::uint64_t edges = gen::num_generated_edges(spec) * (spec.symmetrize && spec.family != gen::Family::grid ? 2 : 1);
  if (args.has("--json")) {
    std::cout << "{\"command\":\"generate\",\"graph\":" << json_string(gen::describe(spec)) << ",\"output\":" << json_string(*out)
              << ",\"n\":" << n << ",\"edges_generated\":" << edges << ",\"nvals\":" << nvals << ",\"backend\":"
              << json_string(std::string(to_string(gopt.backend))) << ",\"times_ms\":{\"generate\":" << gen_ms
              << ",\"write\":" << write_ms << "}}\n";
  } else {
    std::printf("generated %s on %s: %llu vertices, %llu edges, %llu stored after combining duplicates\n"
                "wrote %s; generate %.1f ms, write %.1f ms\n",
                gen::describe(spec).c_str(), std::string(to_string(gopt.backend)).c_str(), static_cast<unsigned long long>(n),
                static_cast<unsigned long long>(edges), static_cast<unsigned long long>(nvals), out->c_str(), gen_ms, write_ms);
  }
  return 0;
}

}  // namespace hpg::cli
