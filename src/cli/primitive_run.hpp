// What bfs, sssp, pagerank and tc share: the options beside GRAPH's (--output, --check, --json,
// --repeat), the timed stages (load; transfer and preprocessing on the GPU; the runs), the output
// file, and the report: a short human summary or one JSON object (DESIGN.md, "Command line").
#pragma once

#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/graph_source.hpp"

namespace hpg::cli {

/// GRAPH's options plus --output/-o, --check, --json and --repeat.
std::vector<OptionSpec> primitive_option_specs();

/// --output FILE, written beside FILE under a temporary name and renamed over FILE only once it is
/// complete: a failed run leaves no half-written FILE. Opened before the graph is read, so an
/// unwritable path is reported before a long load; FILE may not be the input graph itself.
class OutputFile {
 public:
  OutputFile(const std::string& path, const std::string& graph);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();
  std::FILE* stream() { return f_; }
  /// Flushes, closes and renames the temporary over the path (an error is a CliError).
  void commit();
  const std::string& path() const { return path_; }

 private:
  std::string path_, temp_;
  std::FILE* f_ = nullptr;
};

/// One entry of a report's result: its name, its JSON text (a number or a quoted string) and the
/// same for people.
struct ResultField {
  std::string name, json, text;
};

/// --check's verdict: pass, or the first differences found (at most a handful, one line each).
struct CheckOutcome {
  bool pass = true;
  std::string against;  // "SuiteSparse:GraphBLAS 9.x (16 threads)"
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

  /// Builds what the GPU's SpMV reads (the HYB form of A', which vxm pulls over), timed as
  /// preprocessing; nothing on the host backend.
  void preprocess();

  /// Runs f --repeat times, each timed to completion on the device.
  void timed(const std::function<void()>& f);

  /// Prints the report; the exit status: 1 when --check found differences, else 0. Commits the
  /// output file first.
  int finish();

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

/// The stored entries in the rows of the vertices in `reached` (a vector of A's size): the edges a
/// traversal from a source examines.
template <class T, class R>
double out_edges_of(const Matrix<T>& a, const Vector<R>& reached) {
  Vector<double> deg(a.nrows(), a.backend()), ones(a.ncols(), a.backend());
  assign(ones, no_mask, no_accum, 1.0, all);
  mxv(deg, reached, no_accum, plus_pair<double>, a, ones, desc::structure);
  return reduce(plus_monoid<double>{}, deg);
}

}  // namespace hpg::cli
