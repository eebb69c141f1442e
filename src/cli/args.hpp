// Command-line parsing for the hpgraph program: each command declares the options it takes; an
// unknown option or a missing value is a usage error (exit 2), never ignored.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace hpg::cli {

/// A usage or input error: printed as one "hpgraph: error: ..." line, exit status 2.
struct CliError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct OptionSpec {
  std::string name;   // "--source"
  bool takes_value;   // --source S vs --json
  std::string alias;  // "-o" for --output, or empty
};

class Args {
 public:
  /// Parses argv[first..] for command `command` accepting `options` (plus --help).
  Args(const std::string& command, int argc, char** argv, int first, const std::vector<OptionSpec>& options);

  bool has(const std::string& name) const { return flags_.count(name) || values_.count(name); }
  std::optional<std::string> value(const std::string& name) const;
  std::string value_or(const std::string& name, const std::string& fallback) const;
  long long integer(const std::string& name, long long fallback, long long lo, long long hi) const;
  double real(const std::string& name, double fallback) const;
  const std::vector<std::string>& positional() const { return positional_; }
  /// The positional argument at i, or a usage error naming `what`.
  const std::string& positional(std::size_t i, const std::string& what) const;
  void expect_positional(std::size_t n) const;
  const std::string& command() const { return command_; }

 private:
  std::string command_;
  std::set<std::string> flags_;
  std::map<std::string, std::string> values_;
  std::vector<std::string> positional_;
};

}  // namespace hpg::cli
