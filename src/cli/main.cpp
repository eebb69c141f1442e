// hpgraph: run, check and time graph primitives on any graph. Error contract: bad input ends with
// one line "hpgraph: error: ..." on stderr and exit status 2, never a crash.
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "hpgraph/error.hpp"

namespace {

const char* usage =
    "usage: hpgraph COMMAND [options]\n"
    "  bfs      GRAPH --source S [--parents]\n"
    "  sssp     GRAPH --source S\n"
    "  pagerank GRAPH [--damping 0.85 --tol 1e-4 --max-iters 100 --variant lagraph|gap|hpgraph]\n"
    "  tc       GRAPH [--method spmv|lut]\n"
    "  cc       GRAPH                 connected components (FastSV)\n"
    "  lcc      GRAPH                 local clustering coefficients (Graphalytics' LCC)\n"
    "  bc       GRAPH --sources S1,S2,...  betweenness centrality from those sources (batched Brandes)\n"
    "  info     GRAPH                 sizes, degree stats, HYB K and ELL/COO split\n"
    "  convert  IN OUT                any readable format to .mtx or the binary format (.hpgb)\n"
    "  generate rmat|urand|grid ... -o OUT\n"
    "  help [COMMAND]\n"
    "GRAPH is a file (.mtx .txt .tsv .csv .el .wel .gr .hpgb, optionally .gz) or a generator spec:\n"
    "rmat:SCALE[:EF], urand:SCALE[:DEG], grid:ROWSxCOLS. The primitives (and cc, lcc, bc) also take\n"
    "--backend cuda|host, --output FILE, --check (recompute with SuiteSparse:GraphBLAS), --json, --repeat N and --undirected.\n"
    "'hpgraph COMMAND --help' for options.\n";

int error_exit(const std::string& message) {
  std::string line = message;
  for (char& c : line)
    if (c == '\n') c = ' ';
  std::fprintf(stderr, "hpgraph: error: %s\n", line.c_str());
  return 2;
}

using Command = int (*)(int, char**);
Command command(const std::string& name) {
  using namespace hpg::cli;
  if (name == "bfs") return run_bfs;
  if (name == "sssp") return run_sssp;
  if (name == "pagerank") return run_pagerank;
  if (name == "tc") return run_tc;
  if (name == "cc") return run_cc;
  if (name == "lcc") return run_lcc;
  if (name == "bc") return run_bc;
  if (name == "info") return run_info;
  if (name == "convert") return run_convert;
  if (name == "generate") return run_generate;
  return nullptr;
}

int dispatch(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(usage, stderr);
    return 2;
  }
  const std::string cmd = argv[1];
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    if (argc > 2) {
      const std::string sub = argv[2];
      char help[] = "--help";
      char* sub_argv[] = {argv[0], argv[2], help};
      if (auto* run = command(sub)) return run(3, sub_argv);
      throw hpg::cli::CliError("unknown command '" + sub + "'");
    }
    std::fputs(usage, stdout);
    return 0;
  }
  if (auto* run = command(cmd)) return run(argc, argv);
  throw hpg::cli::CliError("unknown command '" + cmd + "' (see: hpgraph help)");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return dispatch(argc, argv);
  } catch (const hpg::cli::CliError& e) {
    return error_exit(e.what());
  } catch (const hpg::Error& e) {
    return error_exit(e.what());
  } catch (const std::bad_alloc&) {
    return error_exit("out of host memory");
  } catch (const std::exception& e) {
    return error_exit(e.what());
  }
}
