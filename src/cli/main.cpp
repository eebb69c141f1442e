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
    "  info     GRAPH                 sizes, degree stats, HYB K and ELL/COO split\n"
    "  convert  IN OUT                any readable format to .mtx or the binary format (.hpgb)\n"
    "  generate rmat|urand|grid ... -o OUT\n"
    "  help [COMMAND]\n"
    "GRAPH is a file (.mtx .txt .tsv .csv .el .wel .gr .hpgb, optionally .gz) or a generator spec:\n"
    "rmat:SCALE[:EF], urand:SCALE[:DEG], grid:ROWSxCOLS. 'hpgraph COMMAND --help' for options.\n";

int error_exit(const std::string& message) {
  std::string line = message;
  for (char& c : line)
    if (c == '\n') c = ' ';
  std::fprintf(stderr, "hpgraph: error: %s\n", line.c_str());
  return 2;
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
      if (sub == "info") return hpg::cli::run_info(3, sub_argv);
      if (sub == "convert") return hpg::cli::run_convert(3, sub_argv);
      if (sub == "generate") return hpg::cli::run_generate(3, sub_argv);
      throw hpg::cli::CliError("unknown command '" + sub + "'");
    }
    std::fputs(usage, stdout);
    return 0;
  }
  if (cmd == "info") return hpg::cli::run_info(argc, argv);
  if (cmd == "convert") return hpg::cli::run_convert(argc, argv);
  if (cmd == "generate") return hpg::cli::run_generate(argc, argv);
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
