// What bfs, sssp, pagerank and tc share: the options beside GRAPH's (--output, --check, --json,
// --repeat), the timed stages (load; transfer and preprocessing on the GPU; the runs), the output
// file, and the report: a short human summary or one JSON object (docs/design.md, "Command line").
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/graph_source.hpp"
#include "io/output_file.hpp"

namespace hpg::cli {

/// GRAPH's options plus --output/-o, --check, --json and --repeat.
std::vector<OptionSpec> primitive_option_specs();

/// --output FILE: io's safe writer (a temporary beside FILE, renamed over it only once complete,
/// so a failed run leaves no half-written FILE; gzipped when FILE ends in .gz). Opened before the
/// graph is read, so an unwritable path is reported before a long load; FILE may not be the input
/// graph itself.
class OutputFile {
 public:
  OutputFile(const std::string& path, const std::string& graph);
  void line(const std::string& text);
  /// One line "vertex<TAB>value(v)" for every vertex v < n.
  template <class F>
  void vertex_lines(Index n, F&& value) {
    for (Index v = 0; v < n; ++v) line(std::to_string(v) + "\t" + value(v));
  }
  /// Writes what is buffered and renames the file into place.
  void commit();
  const std::string& path() const { return file_.path(); }

 private:
  io::detail::OutputFile file_;
  std::string buffer_;
};

/// One entry of a report's result: its name, its JSON text (a number or a quoted string) and the
/// same for people.
struct ResultField {
  std::string name, json, text;
};

/// --check's verdict: pass, or the first differences found (at most a handful, one line each).
struct CheckOutcome {
  bool pass = true;
  std::string against;  // "SuiteSparse:GraphBLAS 7.4.0 on the CPU"
  std::optional<double> reference_ms;  // SuiteSparse's one run, for a speedup measured in the same process
  std::vector<std::string> differences;
};

struct Report {
  std::string command, graph, description, backend, device;
  Index n = 0, nvals = 0;
  double load_ms = 0, transfer_ms = 0, preprocess_ms = 0;
  std::vector<double> run_ms;         // one per --repeat
  std::optional<double> edges;        // edges traversed by one run (BFS, SSSP): MTEPS
  std::optional<long long> iterations;
  std::vector<ResultField> result;
  std::optional<CheckOutcome> check;
  std::string output;                 // --output's path, or empty

  void add(const std::string& name, long long v);
  void add(const std::string& name, double v);
  void add_text(const std::string& name, const std::string& v);
  /// The median of the runs (what the summary calls "run").
  double run_median() const;
  void print(bool json) const;
};

/// A primitive's command from parsed arguments to exit status. The command supplies what differs
/// (how to run it, what to write, how to check); this sequences the rest.
class PrimitiveRun {
 public:
  /// Parses the common options, opens --output, reads GRAPH (files on the host, then moved to the
  /// backend; generator specs directly there) and makes sure it is square.
  PrimitiveRun(const std::string& command, const Args& args, ValueUse values);

  const Args& args() const { return args_; }
  bool checking() const { return args_.has("--check"); }
  Index n() const { return report_.n; }
  LoadedGraph& graph() { return graph_; }
  Report& report() { return report_; }
  OutputFile* output() { return output_ ? &*output_ : nullptr; }

  /// --source S, required, in [0, n).
  Index source() const;
  /// --sources S1,S2,..., required: one or more vertices in [0, n), comma-separated (a vertex may
  /// be listed more than once).
  std::vector<Index> sources() const;

  /// Builds what the GPU's SpMV reads, timed as preprocessing (nothing on the host backend): the
  /// HYB form of A', which vxm pulls over, and with also_a that of A (mxv's pull, as PageRank's
  /// out-degrees).
  void preprocess(bool also_a = false);

  /// Runs f --repeat times, each timed to completion on the device.
  void timed(const std::function<void()>& f);

  /// Commits the output file (unless there is no result to write), prints the report, and
  /// returns the exit status: 1 when --check found differences, else 0.
  int finish(bool have_result = true);

 private:
  const Args& args_;
  Report report_;
  LoadedGraph graph_;
  Backend backend_ = Backend::host;
  int repeat_ = 1;
  std::optional<OutputFile> output_;
};

/// A value for --output and reports: integers as they are, reals with 17 significant digits
/// (round-trip exact), infinity as "inf".
std::string format_value(double v);
std::string format_value(long long v);

/// The stored entries in the rows of the vertices reached(v): the edges a traversal from a source
/// examines. Read from A's row offsets (copied from the GPU when A is there: no product, no extra
/// form of A in GPU memory).
template <class T, class Reached>
double out_edges_of(const Matrix<T>& a, Reached&& reached) {
  const std::vector<Index> ptr = export_row_offsets(a);
  std::uint64_t e = 0;
  for (Index v = 0; v < a.nrows(); ++v)
    if (reached(v)) e += ptr[v + 1] - ptr[v];
  return static_cast<double>(e);
}

}  // namespace hpg::cli
