// hpgraph info GRAPH: sizes, degree statistics, duplicates combined, HYB K and ELL/COO split.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <span>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/graph_source.hpp"

namespace hpg::cli {

namespace {

struct GraphStats {
  Index nrows = 0, ncols = 0, nvals = 0;
  std::uint64_t self_loops = 0, empty_rows = 0, isolated = 0;
  std::uint64_t out_min = 0, out_max = 0, in_min = 0, in_max = 0;
  Index out_max_vertex = 0;  // the first vertex of largest out-degree: a source that reaches something
  double out_mean = 0;
  HybSplit hyb;
};

/// The statistics of an nrows x ncols CSR whose row offsets and column indices are on the host.
template <class Offset, class Column>
GraphStats stats_of_csr(Index nrows, Index ncols, const Offset* ptr, const Column* col) {
  GraphStats s;
  s.nrows = nrows;
  s.ncols = ncols;
  s.nvals = ptr[nrows];
  std::vector<std::uint64_t> in(s.ncols, 0);
  s.out_min = s.nrows ? UINT64_MAX : 0;
  for (Index i = 0; i < s.nrows; ++i) {
    const std::uint64_t d = ptr[i + 1] - ptr[i];
    s.out_min = std::min(s.out_min, d);
    if (d > s.out_max) s.out_max = d, s.out_max_vertex = i;
    if (d == 0) ++s.empty_rows;
    for (auto k = ptr[i]; k < ptr[i + 1]; ++k) {
      ++in[col[k]];
      if (col[k] == i) ++s.self_loops;
    }
  }
  s.out_mean = s.nrows ? static_cast<double>(s.nvals) / static_cast<double>(s.nrows) : 0.0;
  if (!in.empty()) {
    auto [lo, hi] = std::minmax_element(in.begin(), in.end());
    s.in_min = *lo;
    s.in_max = *hi;
  }
  if (s.nrows == s.ncols)
    for (Index i = 0; i < s.nrows; ++i)
      if (ptr[i + 1] == ptr[i] && in[i] == 0) ++s.isolated;
  s.hyb = hyb_split(std::span<const Index>(ptr, nrows + 1));
  return s;
}

/// A host matrix is read where it is (view: no copy); another backend's is exported to the host
/// (no copy of it on its device).
template <class T>
GraphStats stats_of(const Matrix<T>& a) {
  if (a.backend() == Backend::host) {
    const MatrixView v = view(a);  // host memory: a host matrix's row offsets are 64-bit
    return stats_of_csr(a.nrows(), a.ncols(), v.ptr64, v.col);
  }
  const CsrExport<T> csr = export_csr(a);
  return stats_of_csr(a.nrows(), a.ncols(), csr.row_offsets.data(), csr.col_indices.data());
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buf;
}

}  // namespace

int run_info(int argc, char** argv) {
  auto specs = graph_option_specs();
  specs.push_back({"--json", false, ""});
  Args args("info", argc, argv, 2, specs);
  if (args.has("--help")) {
    std::cout << "usage: hpgraph info GRAPH [--format F] [--undirected] [--dup D] [--backend B] [--seed N] [--weights LO:HI] [--json]\n"
                 "  GRAPH is a file (.mtx .txt .tsv .csv .el .wel .gr .hpgb, optionally .gz) or a generator spec\n"
                 "  (rmat:SCALE[:EF], urand:SCALE[:DEG], grid:RxC). Prints sizes, degrees, duplicates combined and\n"
                 "  the HYB split (ELL width K by the one-third rule).\n";
    return 0;
  }
  const std::string& graph = args.positional(0, "a GRAPH (file or generator spec)");
  args.expect_positional(1);
  GraphOptions opt = graph_options(args);
  LoadedGraph g = load_graph(graph, opt);
  const GraphStats s = std::visit([](const auto& m) { return stats_of(m); }, g.matrix);
  const std::string device = backend_description(opt.backend);

  std::ostringstream o;
  if (args.has("--json")) {
    o << "{\"command\":\"info\",\"graph\":" << json_string(g.name) << ",\"description\":" << json_string(g.description)
      << ",\"n\":" << s.nrows << ",\"nrows\":" << s.nrows << ",\"ncols\":" << s.ncols << ",\"nvals\":" << s.nvals
      << ",\"tuples\":" << g.stats.tuples << ",\"duplicates_combined\":" << g.stats.duplicates_combined
      << ",\"self_loops\":" << s.self_loops << ",\"empty_rows\":" << s.empty_rows << ",\"isolated\":" << s.isolated
      << ",\"degree\":{\"out_min\":" << s.out_min << ",\"out_max\":" << s.out_max << ",\"out_max_vertex\":" << s.out_max_vertex << ",\"out_mean\":" << s.out_mean
      << ",\"in_min\":" << s.in_min << ",\"in_max\":" << s.in_max << "}"
      << ",\"hyb\":{\"K\":" << s.hyb.width << ",\"ell_entries\":" << s.hyb.ell_entries << ",\"coo_entries\":" << s.hyb.coo_entries
      << ",\"ell_slots\":" << s.hyb.ell_slots << "}"
      << ",\"backend\":" << json_string(std::string(to_string(opt.backend))) << ",\"device\":" << json_string(device)
      << ",\"times_ms\":{\"load\":" << g.load_ms << "}}\n";
  } else {
    char mean[32];
    std::snprintf(mean, sizeof mean, "%.2f", s.out_mean);
    o << "graph        " << g.name << "\n"
      << "source       " << g.description << "\n"
      << "vertices     " << s.nrows;
    if (s.ncols != s.nrows) o << " rows x " << s.ncols << " columns";
    o << "\n"
      << "entries      " << s.nvals << " stored (" << g.stats.tuples << " read, " << g.stats.duplicates_combined
      << " duplicates combined by " << opt.dup << ")\n"
      << "self-loops   " << s.self_loops << "\n"
      << "out-degree   min " << s.out_min << "  max " << s.out_max << " (vertex " << s.out_max_vertex << ")  mean " << mean << "\n"
      << "in-degree    min " << s.in_min << "  max " << s.in_max << "\n"
      << "empty rows   " << s.empty_rows;
    if (s.nrows == s.ncols) o << "  (isolated vertices " << s.isolated << ")";
    o << "\n"
      << "HYB          K = " << s.hyb.width << ": ELL " << s.hyb.ell_entries << " entries (" << percent(s.hyb.ell_entries, s.nvals)
      << "), COO " << s.hyb.coo_entries << " (" << percent(s.hyb.coo_entries, s.nvals) << "), ELL fill "
      << percent(s.hyb.ell_entries, s.hyb.ell_slots) << "\n"
      << "backend      " << device << "\n";
    char t[32];
    std::snprintf(t, sizeof t, "%.1f ms", g.load_ms);
    o << "load         " << t << "\n";
  }
  std::cout << o.str();
  return 0;
}

}  // namespace hpg::cli
