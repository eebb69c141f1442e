// GRAPH arguments: a file in any readable format, or a generator spec (rmat:20, urand:18,
// grid:2000x2000), loaded into a matrix whose value type follows what the source holds.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "cli/args.hpp"
#include "hpgraph/hpgraph.hpp"

namespace hpg::cli {

/// Pattern graphs load as bool, integer-weighted as int64, real-weighted as double.
using AnyMatrix = std::variant<Matrix<bool>, Matrix<std::int64_t>, Matrix<double>>;

/// What a command reads of the values: the file's own kind (bool, int64 or double, as above), only
/// the pattern (always bool: a primitive that ignores values keeps no value array), or weights
/// (int64 or double; a pattern graph's edges all weigh 1).
enum class ValueUse { natural, pattern, weights };

struct GraphOptions {
  io::Format format = io::Format::automatic;
  bool undirected = false;
  std::string dup = "min";
  Backend backend = Backend::host;
  std::uint64_t seed = 1;
  bool weighted = false;
  std::int64_t weight_lo = 1, weight_hi = 255;
  bool progress = false;  // show progress on stderr (when it is a terminal)
  ValueUse values = ValueUse::natural;
};

/// The options every command that reads a GRAPH accepts.
std::vector<OptionSpec> graph_option_specs();
GraphOptions graph_options(const Args& args);

struct LoadedGraph {
  std::string name;         // as the user gave it
  std::string description;  // format and kind, or the generator's description
  bool generated = false;
  io::ValueKind kind = io::ValueKind::pattern;
  io::ReadStats stats;
  double load_ms = 0;       // read + parse + build (or generate + build)
  AnyMatrix matrix;
};

LoadedGraph load_graph(const std::string& graph, const GraphOptions& options);

/// Milliseconds since start.
inline double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// A progress callback that draws on stderr when it is a terminal (else nothing).
io::ProgressCallback terminal_progress();

/// Minimal JSON string escaping for names in --json output.
std::string json_string(const std::string& s);

}  // namespace hpg::cli
