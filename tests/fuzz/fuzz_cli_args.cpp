// libFuzzer target: the hpgraph program's argument parsing on arbitrary argument vectors. The
// input is split at NUL bytes into arguments; they are parsed for a command taking the kinds of
// option the commands take (flags, options with values, an alias, --name=value), every value
// is read as the commands read it (integer with a range, real, text), and a generator spec among
// the positionals is parsed and validated as graph_source.cpp does. A usage error (CliError) or
// an invalid spec (hpg::Error) is the documented outcome; anything else is a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/generate_edges.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> words{"hpgraph", "bfs"};
  std::string cur;
  for (std::size_t k = 0; k < size; ++k) {
    if (data[k] == 0) {
      words.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(static_cast<char>(data[k]));
    }
  }
  if (!cur.empty()) words.push_back(cur);
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  const std::vector<hpg::cli::OptionSpec> specs{
      {"--source", true, "-s"}, {"--parents", false, ""}, {"--output", true, "-o"}, {"--json", false, ""},
      {"--check", false, ""},   {"--repeat", true, ""},   {"--damping", true, ""},  {"--backend", true, ""},
      {"--format", true, ""},   {"--seed", true, ""},     {"--undirected", false, ""}};
  try {
    hpg::cli::Args args("bfs", static_cast<int>(words.size()), argv.data(), 2, specs);
    (void)args.has("--help");
    (void)args.integer("--source", 0, 0, (1ll << 32) - 1);
    (void)args.integer("--repeat", 1, 1, 1000000);
    (void)args.integer("--seed", 1, 0, (1ll << 62));
    (void)args.real("--damping", 0.85);
    (void)args.value_or("--output", "");
    (void)args.value_or("--backend", "cuda");
    for (const auto& p : args.positional())
      if (hpg::gen::looks_like_spec(p)) hpg::gen::validate(hpg::gen::parse_spec(p));
    (void)args.positional(0, "a GRAPH");
    args.expect_positional(1);
  } catch (const hpg::cli::CliError&) {
  } catch (const hpg::Error&) {
  }
  return 0;
}
