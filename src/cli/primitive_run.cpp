#include "cli/primitive_run.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace hpg::cli {

std::vector<OptionSpec> primitive_option_specs() {
  auto specs = graph_option_specs();
  specs.push_back({"--output", true, "-o"});
  specs.push_back({"--check", false, ""});
  specs.push_back({"--json", false, ""});
  specs.push_back({"--repeat", true, ""});
  return specs;
}

// ---- OutputFile ---------------------------------------------------------------------------------

namespace {
/// The refusals that come before the file is created: the input graph itself, a directory.
const std::string& checked_output_path(const std::string& path, const std::string& graph) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(graph, ec) && fs::equivalent(path, graph, ec))
    throw CliError("--output " + path + " is the input graph; refusing to overwrite it");
  if (fs::is_directory(path, ec)) throw CliError("--output " + path + ": is a directory");
  return path;
}
}  // namespace

OutputFile::OutputFile(const std::string& path, const std::string& graph) : file_(checked_output_path(path, graph)) {}

void OutputFile::line(const std::string& text) {
  buffer_ += text;
  buffer_ += '\n';
  if (buffer_.size() >= (1u << 20)) {
    file_.write(buffer_.data(), buffer_.size());
    buffer_.clear();
  }
}

void OutputFile::commit() {
  file_.write(buffer_.data(), buffer_.size());
  buffer_.clear();
  file_.commit();
}

// ---- values and the report ----------------------------------------------------------------------

std::string format_value(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
std::string format_value(long long v) { return std::to_string(v); }

namespace {

std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";  // JSON has no infinity
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}
std::string ms_text(double ms) {
  char buf[40];
  std::snprintf(buf, sizeof buf, ms < 10 ? "%.3f ms" : "%.1f ms", ms);
  return buf;
}

}  // namespace

void Report::add(const std::string& name, long long v) { result.push_back({name, std::to_string(v), std::to_string(v)}); }
void Report::add(const std::string& name, double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  result.push_back({name, std::isfinite(v) ? std::string(buf) : "null", buf});
}
void Report::add_text(const std::string& name, const std::string& v) { result.push_back({name, json_string(v), v}); }

double Report::run_median() const {
  if (run_ms.empty()) return 0;
  std::vector<double> s = run_ms;
  std::sort(s.begin(), s.end());
  const std::size_t m = s.size() / 2;
  return s.size() % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

void Report::print(bool json) const {
  const double run = run_median();
  const std::optional<double> mteps =
      edges && run > 0 ? std::optional<double>(*edges / (run * 1e-3) / 1e6) : std::nullopt;
  std::ostringstream o;
  if (json) {
    o << "{\"command\":" << json_string(command) << ",\"graph\":" << json_string(graph) << ",\"description\":" << json_string(description)
      << ",\"n\":" << n << ",\"nvals\":" << nvals << ",\"backend\":" << json_string(backend) << ",\"device\":" << json_string(device)
      << ",\"times_ms\":{\"load\":" << json_number(load_ms) << ",\"transfer\":" << json_number(transfer_ms)
      << ",\"preprocess\":" << json_number(preprocess_ms) << ",\"run\":" << json_number(run) << ",\"runs\":[";
    for (std::size_t k = 0; k < run_ms.size(); ++k) o << (k ? "," : "") << json_number(run_ms[k]);
    o << "]}";
    if (iterations) o << ",\"iterations\":" << *iterations;
    if (edges) o << ",\"edges\":" << static_cast<std::uint64_t>(*edges);
    if (mteps) o << ",\"mteps\":" << json_number(*mteps);
    o << ",\"result\":{";
    for (std::size_t k = 0; k < result.size(); ++k) o << (k ? "," : "") << json_string(result[k].name) << ":" << result[k].json;
    o << "}";
    if (check) {
      o << ",\"check\":{\"status\":" << (check->pass ? "\"pass\"" : "\"fail\"") << ",\"against\":" << json_string(check->against);
      if (check->reference_ms) o << ",\"reference_ms\":" << json_number(*check->reference_ms);
      o << ",\"differences\":[";
      for (std::size_t k = 0; k < check->differences.size(); ++k) o << (k ? "," : "") << json_string(check->differences[k]);
      o << "]}";
    }
    if (!output.empty()) o << ",\"output\":" << json_string(output);
    o << "}\n";
  } else {
    o << command << " on " << graph << " (" << description << "): " << n << " vertices, " << nvals << " entries\n"
      << "backend      " << device << "\n"
      << "times        load " << ms_text(load_ms) << ", transfer " << ms_text(transfer_ms) << ", preprocess " << ms_text(preprocess_ms)
      << ", run " << ms_text(run);
    if (run_ms.size() > 1) o << " (median of " << run_ms.size() << ")";
    o << "\n";
    for (const auto& f : result) {
      std::string name = f.name;
      std::replace(name.begin(), name.end(), '_', ' ');
      o << name << std::string(name.size() < 13 ? 13 - name.size() : 1, ' ') << f.text << "\n";
    }
    if (iterations) o << "iterations   " << *iterations << "\n";
    if (mteps) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.1f MTEPS (%.0f edges)", *mteps, *edges);
      o << "rate         " << buf << "\n";
    }
    if (!output.empty()) o << "output       " << output << "\n";
    if (check) {
      const std::string its_run = check->reference_ms ? " (its run " + ms_text(*check->reference_ms) + ")" : "";
      if (check->pass) {
        o << "check        PASS against " << check->against << its_run << "\n";
      } else {
        o << "check        FAIL against " << check->against << its_run << "\n";
        for (const auto& d : check->differences) o << "  " << d << "\n";
      }
    }
  }
  std::cout << o.str() << std::flush;
}

// ---- PrimitiveRun -------------------------------------------------------------------------------

PrimitiveRun::PrimitiveRun(const std::string& command, const Args& args, ValueUse values) : args_(args) {
  const std::string& graph = args.positional(0, "a GRAPH (file or generator spec)");
  args.expect_positional(1);
  GraphOptions opt = graph_options(args);
  opt.values = values;
  backend_ = opt.backend;
  repeat_ = static_cast<int>(args.integer("--repeat", 1, 1, 1000000));
  if (auto out = args.value("--output")) output_.emplace(*out, graph);
#if !HPG_CLI_SUITESPARSE
  if (args.has("--check")) throw CliError("--check: this hpgraph was built without SuiteSparse:GraphBLAS (install libgraphblas-dev and rebuild)");
#endif
  // A file is read into host memory and then moved, so that the move is timed on its own; a
  // generator writes straight into the backend's memory.
  const bool generated = gen::looks_like_spec(graph) && opt.format == io::Format::automatic;
  GraphOptions load = opt;
  if (!generated) load.backend = Backend::host;
  graph_ = load_graph(graph, load);
  std::visit([&](auto& m) {
    report_.n = m.nrows();
    report_.nvals = m.nvals();
    if (m.nrows() != m.ncols())
      throw CliError(graph + ": " + command + " needs a square matrix (a graph), this one is " + std::to_string(m.nrows()) + " x " +
                     std::to_string(m.ncols()));
    if (m.backend() != backend_) {
      const auto start = std::chrono::steady_clock::now();
      m.to_backend(backend_);
      synchronize(backend_);
      report_.transfer_ms = ms_since(start);
    }
  }, graph_.matrix);
  report_.command = command;
  report_.graph = graph;
  report_.description = graph_.description;
  report_.backend = std::string(to_string(backend_));
  report_.device = backend_description(backend_);
  report_.load_ms = graph_.load_ms;
  if (output_) report_.output = output_->path();
}

Index PrimitiveRun::source() const {
  if (!args_.value("--source")) throw CliError(report_.command + " needs --source S (a vertex in [0, " + std::to_string(report_.n) + "))");
  const long long s = args_.integer("--source", 0, 0, INT64_MAX);
  if (static_cast<unsigned long long>(s) >= report_.n)
    throw CliError("--source " + std::to_string(s) + " is outside [0, " + std::to_string(report_.n) + ") of " + report_.graph);
  return static_cast<Index>(s);
}

std::vector<Index> PrimitiveRun::sources() const {
  const std::optional<std::string> list = args_.value("--sources");
  if (!list) throw CliError(report_.command + " needs --sources S1,S2,... (vertices in [0, " + std::to_string(report_.n) + "))");
  std::vector<Index> out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t comma = std::min(list->find(',', at), list->size());
    const std::string item = list->substr(at, comma - at);
    unsigned long long s = 0;
    auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), s);
    if (item.empty() || ec != std::errc() || p != item.data() + item.size())
      throw CliError("--sources needs comma-separated vertex ids, got '" + *list + "'");
    if (s >= report_.n)
      throw CliError("--sources: vertex " + item + " is outside [0, " + std::to_string(report_.n) + ") of " + report_.graph);
    out.push_back(static_cast<Index>(s));
    if (comma == list->size()) break;
    at = comma + 1;
  }
  return out;
}

void PrimitiveRun::preprocess(bool also_a) {
  if (backend_ != Backend::cuda) return;
  const auto start = std::chrono::steady_clock::now();
  std::visit([&](const auto& m) { prepare(m, also_a ? Prepare::hyb_of_transpose | Prepare::hyb : Prepare::hyb_of_transpose); },
             graph_.matrix);
  synchronize(backend_);
  report_.preprocess_ms = ms_since(start);
}

void PrimitiveRun::timed(const std::function<void()>& f) {
  for (int k = 0; k < repeat_; ++k) {
    const auto start = std::chrono::steady_clock::now();
    f();
    synchronize(backend_);
    report_.run_ms.push_back(ms_since(start));
  }
}

int PrimitiveRun::finish(bool have_result) {
  if (output_ && have_result) output_->commit();
  if (!have_result) report_.output.clear();
  report_.print(args_.has("--json"));
  return report_.check && !report_.check->pass ? 1 : 0;
}

}  // namespace hpg::cli
