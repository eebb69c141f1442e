// Parse throughput of the graph file readers, in MB/s of file text, on one thread and on all of
// them: Matrix Market (the format the speed target is for), an edge list, and the binary format
// for comparison. The ~200 MB input files are generated once per run into a temporary directory.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "hpgraph/io_files.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::uint32_t n_vertices = 1u << 22;
// Full-precision random reals make lines of about 36 bytes: 5.5 M entries is ~200 MB of text.
constexpr std::uint64_t n_entries = 5'500'000;

struct BenchFiles {
  fs::path dir;
  std::string mtx, edges, binary;
  BenchFiles() {
    dir = fs::temp_directory_path() / ("hpgraph-bench-io-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
    mtx = (dir / "graph.mtx").string();
    edges = (dir / "graph.el").string();
    binary = (dir / "graph.hpgb").string();
    write_all();
  }
  ~BenchFiles() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }

  // A random CSR: rows of random length, sorted distinct-ish columns, reals in [0, 1).
  void write_all() {
    std::mt19937_64 rng(42);
    std::vector<std::uint64_t> ptr(n_vertices + 1, 0);
    for (std::uint64_t k = 0; k < n_entries; ++k) ++ptr[rng() % n_vertices + 1];
    for (std::uint32_t i = 0; i < n_vertices; ++i) ptr[i + 1] += ptr[i];
    std::vector<std::uint32_t> col(n_entries);
    std::vector<double> val(n_entries);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (std::uint32_t i = 0; i < n_vertices; ++i) {
      // Drawn below n - 1024 so that making them distinct (as a stored matrix's are) stays in range.
      for (auto k = ptr[i]; k < ptr[i + 1]; ++k) col[k] = static_cast<std::uint32_t>(rng() % (n_vertices - 1024));
      std::sort(col.begin() + static_cast<std::ptrdiff_t>(ptr[i]), col.begin() + static_cast<std::ptrdiff_t>(ptr[i + 1]));
      for (auto k = ptr[i] + 1; k < ptr[i + 1]; ++k) col[k] = std::max(col[k], col[k - 1] + 1);
    }
    for (auto& v : val) v = unit(rng);

    hpg::io::MatrixMarketView mm;
    mm.nrows = mm.ncols = n_vertices;
    mm.ptr = ptr;
    mm.col = col;
    mm.kind = hpg::io::ValueKind::real;
    mm.rvals = val;
    hpg::io::write_matrix_market(mtx, mm);

    // The edge list: 0-based "src dst weight" with integer weights.
    std::vector<std::int64_t> weights(n_entries);
    for (auto& w : weights) w = static_cast<std::int64_t>(rng() % 1000000);
    hpg::io::MatrixMarketView el = mm;
    el.kind = hpg::io::ValueKind::integer;
    el.ivals = weights;
    const std::string tmp = (dir / "edges.mtx").string();
    hpg::io::write_matrix_market(tmp, el);
    to_edge_list(tmp, edges);
    fs::remove(tmp);

    hpg::io::BinaryView b;
    b.nrows = b.ncols = n_vertices;
    b.type = hpg::TypeCode::fp64;
    b.value_size = sizeof(double);
    b.ptr = ptr;
    b.col = col;
    b.values = {reinterpret_cast<const unsigned char*>(val.data()), val.size() * sizeof(double)};
    hpg::io::write_binary(binary, b);
  }

  // Matrix Market minus its two header lines, ids made 0-based: an edge list of the same graph.
  static void to_edge_list(const std::string& from, const std::string& to) {
    const hpg::io::Tuples t = hpg::io::read_tuples(from);
    std::FILE* f = std::fopen(to.c_str(), "wb");
    std::string line;
    for (std::size_t k = 0; k < t.rows.size(); ++k) {
      line += std::to_string(t.rows[k]);
      line += ' ';
      line += std::to_string(t.cols[k]);
      line += ' ';
      line += std::to_string(t.ivals[k]);
      line += '\n';
      if (line.size() > (1u << 20)) {
        std::fwrite(line.data(), 1, line.size(), f);
        line.clear();
      }
    }
    std::fwrite(line.data(), 1, line.size(), f);
    std::fclose(f);
  }
};

const BenchFiles& files() {
  static const BenchFiles f;
  return f;
}

unsigned threads_of(const benchmark::State& state) {
  const auto t = static_cast<unsigned>(state.range(0));
  return t ? t : std::max(1u, std::thread::hardware_concurrency());
}

void read_text(benchmark::State& state, const std::string& path) {
  hpg::io::ReadOptions o;
  o.threads = threads_of(state);
  const auto bytes = static_cast<std::int64_t>(fs::file_size(path));
  std::uint64_t entries = 0;
  for (auto _ : state) {
    hpg::io::Tuples t = hpg::io::read_tuples(path, o);
    entries = t.rows.size();
    benchmark::DoNotOptimize(t.rows.data());
  }
  state.SetBytesProcessed(bytes * static_cast<std::int64_t>(state.iterations()));
  state.counters["entries"] = static_cast<double>(entries);
  state.counters["file_MB"] = static_cast<double>(bytes) / 1e6;
  state.SetLabel("threads=" + std::to_string(o.threads));
}

void BM_ReadMatrixMarket(benchmark::State& state) { read_text(state, files().mtx); }
void BM_ReadEdgeList(benchmark::State& state) { read_text(state, files().edges); }

void BM_ReadBinary(benchmark::State& state) {
  const std::string& path = files().binary;
  const auto bytes = static_cast<std::int64_t>(fs::file_size(path));
  for (auto _ : state) {
    hpg::io::BinaryImage img = hpg::io::read_binary(path);
    benchmark::DoNotOptimize(img.col.data());
  }
  state.SetBytesProcessed(bytes * static_cast<std::int64_t>(state.iterations()));
}

// Arg: parser threads; 0 = every hardware thread. Real time: the parse runs on several threads.
BENCHMARK(BM_ReadMatrixMarket)->ArgName("threads")->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadEdgeList)->ArgName("threads")->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadBinary)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
