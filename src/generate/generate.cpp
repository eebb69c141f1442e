// Generator specs and the host implementation of the edge generators.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <string>
#include <thread>

#include "generate/edge_rng.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/cuda/device_edges.hpp"
#include "hpgraph/generate_edges.hpp"

namespace hpg::gen {

namespace {

[[noreturn]] void bad_spec(std::string_view text, const std::string& why) {
  throw Error(Info::invalid_value, "bad generator spec '" + std::string(text) + "': " + why);
}

std::uint64_t parse_number(std::string_view text, std::string_view field, std::string_view whole) {
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || p != field.data() + field.size() || field.empty())
    bad_spec(whole, "'" + std::string(field) + "' is not a non-negative integer");
  (void)text;
  return v;
}

}  // namespace

bool looks_like_spec(std::string_view text) {
  for (std::string_view fam : {"rmat:", "urand:", "grid:"})
    if (text.substr(0, fam.size()) == fam) return true;
  return false;
}

GraphSpec parse_spec(std::string_view text) {
  GraphSpec s;
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) bad_spec(text, "expected rmat:SCALE[:EF], urand:SCALE[:DEGREE] or grid:ROWSxCOLS");
  const std::string_view fam = text.substr(0, colon), rest = text.substr(colon + 1);
  if (fam == "rmat" || fam == "urand") {
    s.family = fam == "rmat" ? Family::rmat : Family::urand;
    const auto c2 = rest.find(':');
    s.scale = static_cast<int>(std::min<std::uint64_t>(parse_number(text, rest.substr(0, c2), text), 1000));
    if (c2 != std::string_view::npos)
      s.edge_factor = static_cast<int>(std::min<std::uint64_t>(parse_number(text, rest.substr(c2 + 1), text), 1u << 20));
  } else if (fam == "grid") {
    s.family = Family::grid;
    const auto x = rest.find('x');
    if (x == std::string_view::npos) bad_spec(text, "a grid is ROWSxCOLS, e.g. grid:2000x2000");
    s.grid_rows = parse_number(text, rest.substr(0, x), text);
    s.grid_cols = parse_number(text, rest.substr(x + 1), text);
  } else {
    bad_spec(text, "unknown family '" + std::string(fam) + "' (rmat, urand or grid)");
  }
  validate(s);
  return s;
}

void validate(const GraphSpec& s) {
  auto fail = [](const std::string& why) { throw Error(Info::invalid_value, "generator: " + why); };
  if (s.family == Family::grid) {
    if (s.grid_rows < 1 || s.grid_cols < 1) fail("a grid needs at least 1 row and 1 column");
    if (s.grid_rows > max_dimension / s.grid_cols) fail("grid of " + std::to_string(s.grid_rows) + " x " + std::to_string(s.grid_cols) + " vertices exceeds the largest dimension");
  } else {
    if (s.scale < 1 || s.scale > 30) fail("scale must be in 1..30, got " + std::to_string(s.scale));
    if (s.edge_factor < 1) fail("edge factor must be at least 1");
  }
  if (s.family == Family::rmat) {
    if (!(s.a >= 0 && s.b >= 0 && s.c >= 0 && s.a + s.b + s.c <= 1.0 + 1e-12))
      fail("RMAT probabilities must be non-negative with A + B + C <= 1");
  }
  if (s.weighted && s.weight_lo > s.weight_hi) fail("weight range is empty (lo > hi)");
}

Index num_vertices(const GraphSpec& s) {
  return s.family == Family::grid ? s.grid_rows * s.grid_cols : (Index{1} << s.scale);
}

std::uint64_t num_generated_edges(const GraphSpec& s) {
  if (s.family == Family::grid) return 2 * (s.grid_rows * (s.grid_cols - 1) + (s.grid_rows - 1) * s.grid_cols);
  return static_cast<std::uint64_t>(s.edge_factor) << s.scale;
}

std::string describe(const GraphSpec& s) {
  std::ostringstream o;
  if (s.family == Family::grid) {
    o << "grid:" << s.grid_rows << "x" << s.grid_cols;
  } else {
    o << (s.family == Family::rmat ? "rmat:" : "urand:") << s.scale << ":" << s.edge_factor;
  }
  o << " (";
  if (s.family == Family::rmat) o << "A=" << s.a << " B=" << s.b << " C=" << s.c << ", ";
  o << "seed " << s.seed;
  if (s.family == Family::rmat && s.relabel) o << ", relabelled";
  if (s.symmetrize) o << ", symmetrized";
  if (s.remove_self_loops) o << ", no self-loops";
  if (s.weighted) o << ", weights " << s.weight_lo << ".." << s.weight_hi;
  o << ")";
  return o.str();
}

HostEdges generate_edges_host(const GraphSpec& spec, unsigned threads) {
  validate(spec);
  const detail::EdgeRecipe r = detail::make_recipe(spec);
  const std::uint64_t m = num_generated_edges(spec);
  HostEdges out;
  out.n = num_vertices(spec);
  const bool mirror = spec.symmetrize && spec.family != Family::grid;
  out.keys.resize(mirror ? 2 * m : m);
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  auto parallel = [&](std::uint64_t count, auto&& body) {
    const unsigned t = static_cast<unsigned>(std::min<std::uint64_t>(threads, std::max<std::uint64_t>(1, count / 65536)));
    std::vector<std::thread> pool;
    for (unsigned k = 0; k < t; ++k)
      pool.emplace_back([&, k] {
        for (std::uint64_t e = count * k / t; e < count * (k + 1) / t; ++e) body(e);
      });
    for (auto& th : pool) th.join();
  };
  parallel(m, [&](std::uint64_t e) { out.keys[e] = detail::make_edge(r, e); });
  if (mirror)
    parallel(m, [&](std::uint64_t e) {
      const std::uint64_t k = out.keys[e];
      out.keys[m + e] = (k << 32) | (k >> 32);
    });
  if (spec.remove_self_loops)
    out.keys.erase(std::remove_if(out.keys.begin(), out.keys.end(), [](std::uint64_t k) { return (k >> 32) == (k & 0xffffffffull); }),
                   out.keys.end());
  if (spec.weighted) {
    out.weights.resize(out.keys.size());
    parallel(out.keys.size(), [&](std::uint64_t e) { out.weights[e] = detail::edge_weight(r, out.keys[e]); });
  }
  return out;
}

#if !HPG_HAS_CUDA
DeviceEdges generate_edges_device(const GraphSpec&) {
  throw Error(Info::invalid_value, "generate_edges_device: hpgraph was built without CUDA");
}
#endif

}  // namespace hpg::gen
