// Runs the hpgraph program as a user would and captures its exit status, stdout and stderr.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace hpg::test {

struct CliResult {
  int status = -1;
  std::string out, err;
  /// The number after "key": in a JSON line (first match), or -1.
  double json_number(const std::string& key) const {
    std::smatch m;
    std::regex re("\"" + key + "\":(-?[0-9.eE+-]+)");
    if (std::regex_search(out, m, re)) return std::stod(m[1]);
    return -1;
  }
  std::vector<std::string> err_lines() const {
    std::vector<std::string> lines;
    std::istringstream in(err);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
  }
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Runs `hpgraph args...` with stdin closed.
inline CliResult run_cli(const std::vector<std::string>& args) {
  static TempDir dir;
  static int counter = 0;
  const std::string out = dir.file("out" + std::to_string(counter)), err = dir.file("err" + std::to_string(counter));
  ++counter;
  std::string cmd = shell_quote(cli_path());
  for (const auto& a : args) cmd += " " + shell_quote(a);
  cmd += " </dev/null >" + shell_quote(out) + " 2>" + shell_quote(err);
  const int raw = std::system(cmd.c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + (WIFSIGNALED(raw) ? WTERMSIG(raw) : 0);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

/// The error contract: exit 2 and exactly one stderr line "hpgraph: error: ..." containing `what`.
#define HPG_EXPECT_CLI_ERROR(result, what)                                                  \
  do {                                                                                      \
    const auto& r_ = (result);                                                              \
    EXPECT_EQ(r_.status, 2) << r_.err;                                                      \
    auto lines_ = r_.err_lines();                                                           \
    ASSERT_EQ(lines_.size(), 1u) << r_.err;                                                 \
    EXPECT_EQ(lines_[0].rfind("hpgraph: error: ", 0), 0u) << lines_[0];                     \
    EXPECT_NE(lines_[0].find(what), std::string::npos) << lines_[0] << " lacks: " << (what); \
  } while (0)

}  // namespace hpg::test
