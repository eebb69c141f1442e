// The hpgraph program's commands. Each returns the exit status; errors are thrown (CliError or
// hpg::Error) and reported by main as one "hpgraph: error: ..." line with status 2.
#pragma once

namespace hpg::cli {

int run_info(int argc, char** argv);
int run_convert(int argc, char** argv);
int run_generate(int argc, char** argv);
int run_bfs(int argc, char** argv);
int run_sssp(int argc, char** argv);
int run_pagerank(int argc, char** argv);
int run_tc(int argc, char** argv);
int run_cc(int argc, char** argv);
int run_lcc(int argc, char** argv);
int run_bc(int argc, char** argv);

}  // namespace hpg::cli
