// hpgraph convert IN OUT: any readable format to Matrix Market or the binary format, values kept.
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/graph_source.hpp"

namespace hpg::cli {

namespace {

io::Format output_format(const std::string& out, const Args& args) {
  if (auto to = args.value("--to")) {
    io::Format f = io::parse_format(*to);
    if (f != io::Format::matrix_market && f != io::Format::binary) throw CliError("--to must be mtx or binary");
    return f;
  }
  io::Format f = io::format_from_extension(out);
  if (f != io::Format::matrix_market && f != io::Format::binary)
    throw CliError("cannot tell the output format of '" + out + "': name it .mtx, .mtx.gz, .hpgb or .hpgb.gz (or give --to mtx|binary)");
  return f;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::exists(b, ec) && std::filesystem::equivalent(a, b, ec);
}

}  // namespace

int run_convert(int argc, char** argv) {
  auto specs = graph_option_specs();
  specs.push_back({"--to", true, ""});
  specs.push_back({"--json", false, ""});
  Args args("convert", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph convert IN OUT [--to mtx|binary] [--format F] [--undirected] [--dup D] [--json]\n"
                 "  Reads IN (any readable format or a generator spec) and writes OUT as Matrix Market (.mtx) or\n"
                 "  HPGraph binary (.hpgb); a trailing .gz compresses. Values are kept; pattern stays pattern.\n";
    return 0;
  }
  const std::string& in = args.positional(0, "an input GRAPH");
  const std::string& out = args.positional(1, "an output file");
  args.expect_positional(2);
  const io::Format f = output_format(out, args);
  if (same_file(in, out)) throw CliError("'" + out + "' is the input file; refusing to overwrite it");
  GraphOptions opt = graph_options(args);
  opt.backend = Backend::host;  // conversion is I/O: keep the matrix where the writer reads it
  LoadedGraph g = load_graph(in, opt);
  const auto start = std::chrono::steady_clock::now();
  const bool pattern = g.kind == io::ValueKind::pattern;
  std::visit([&](const auto& m) { io::write_matrix(out, m, f, terminal_progress(), pattern); }, g.matrix);
  const double write_ms = ms_since(start);
  const Index nvals = std::visit([](const auto& m) { return m.nvals(); }, g.matrix);
  const Index n = std::visit([](const auto& m) { return m.nrows(); }, g.matrix);
  if (args.has("--json")) {
    std::cout << "{\"command\":\"convert\",\"graph\":" << json_string(in) << ",\"output\":" << json_string(out)
              << ",\"format\":" << json_string(std::string(io::to_string(f))) << ",\"n\":" << n << ",\"nvals\":" << nvals
              << ",\"duplicates_combined\":" << g.stats.duplicates_combined << ",\"times_ms\":{\"load\":" << g.load_ms
              << ",\"write\":" << write_ms << "}}\n";
  } else {
    std::printf("wrote %s (%s): %llu vertices, %llu entries (%llu duplicates combined); load %.1f ms, write %.1f ms\n", out.c_str(),
                std::string(io::to_string(f)).c_str(), static_cast<unsigned long long>(n), static_cast<unsigned long long>(nvals),
                static_cast<unsigned long long>(g.stats.duplicates_combined), g.load_ms, write_ms);
  }
  return 0;
}

}  // namespace hpg::cli
