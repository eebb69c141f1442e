#include "cli/graph_source.hpp"

#include <unistd.h>

#include <cstdio>

namespace hpg::cli {

std::vector<OptionSpec> graph_option_specs() {
  return {{"--format", true, ""}, {"--undirected", false, ""}, {"--dup", true, ""}, {"--backend", true, ""},
          {"--seed", true, ""},   {"--weights", true, ""}};
}

GraphOptions graph_options(const Args& args) {
  GraphOptions o;
  if (auto f = args.value("--format")) o.format = io::parse_format(*f);
  o.undirected = args.has("--undirected");
  o.dup = args.value_or("--dup", "min");
  if (o.dup != "min" && o.dup != "max" && o.dup != "plus" && o.dup != "first" && o.dup != "last" && o.dup != "error")
    throw CliError("--dup must be min, max, plus, first, last or error, got '" + o.dup + "'");
  o.backend = args.value("--backend") ? parse_backend(*args.value("--backend")) : default_backend();
  if (!backend_usable(o.backend))
    throw CliError("--backend " + std::string(to_string(o.backend)) + ": " + backend_unusable_why(o.backend) + " (use --backend host)");
  o.seed = static_cast<std::uint64_t>(args.integer("--seed", 1, 0, INT64_MAX));
  if (auto w = args.value("--weights")) {
    auto colon = w->find(':');
    try {
      if (colon == std::string::npos) throw std::invalid_argument("no colon");
      std::size_t p1 = 0, p2 = 0;
      o.weight_lo = std::stoll(w->substr(0, colon), &p1);
      o.weight_hi = std::stoll(w->substr(colon + 1), &p2);
      if (p1 != colon || p2 != w->size() - colon - 1) throw std::invalid_argument("trailing text");
    } catch (const std::exception&) {
      throw CliError("--weights needs LO:HI (integers), got '" + *w + "'");
    }
    o.weighted = true;
  }
  o.progress = true;
  return o;
}

io::ProgressCallback terminal_progress() {
  if (!isatty(STDERR_FILENO)) return {};
  return [](const io::Progress& p) {
    if (p.total)
      std::fprintf(stderr, "\r%-10.*s %5.1f%%  ", static_cast<int>(p.stage.size()), p.stage.data(),
                   100.0 * static_cast<double>(p.done) / static_cast<double>(p.total));
    else
      std::fprintf(stderr, "\r%-10.*s %llu MB  ", static_cast<int>(p.stage.size()), p.stage.data(),
                   static_cast<unsigned long long>(p.done >> 20));
    if (p.total && p.done >= p.total) std::fprintf(stderr, "\r%30s\r", "");
    std::fflush(stderr);
  };
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

namespace {

template <class T, class F>
auto with_dup(const std::string& name, F&& f) {
  if (name == "min") return f(hpg::min<T>{});
  if (name == "max") return f(hpg::max<T>{});
  if (name == "plus") return f(hpg::plus<T>{});
  if (name == "first") return f(hpg::first<T>{});
  if (name == "last") return f(hpg::second<T>{});
  return f(no_dup);
}

std::string_view format_name(io::Format f) {
  switch (f) {
    case io::Format::matrix_market: return "Matrix Market";
    case io::Format::edge_list: return "edge list";
    case io::Format::dimacs: return "DIMACS .gr";
    case io::Format::binary: return "HPGraph binary";
    case io::Format::automatic: break;
  }
  return "?";
}

std::string_view kind_name(io::ValueKind k) {
  switch (k) {
    case io::ValueKind::pattern: return "pattern";
    case io::ValueKind::integer: return "integer";
    case io::ValueKind::real: return "real";
  }
  return "?";
}

template <class T>
AnyMatrix tuples_to_matrix(io::Tuples&& t, const GraphOptions& o, io::ReadStats& stats, const io::ProgressCallback& progress) {
  return with_dup<T>(o.dup, [&](const auto& dup) {
    return AnyMatrix(io::to_matrix<T>(std::move(t), dup, o.undirected, o.backend, &stats, progress));
  });
}

}  // namespace

LoadedGraph load_graph(const std::string& graph, const GraphOptions& o) {
  LoadedGraph g;
  g.name = graph;
  const auto start = std::chrono::steady_clock::now();
  if (gen::looks_like_spec(graph) && o.format == io::Format::automatic) {
    gen::GraphSpec spec = gen::parse_spec(graph);
    spec.seed = o.seed;
    spec.symmetrize = o.undirected;
    spec.weighted = o.weighted;
    spec.weight_lo = o.weight_lo;
    spec.weight_hi = o.weight_hi;
    gen::validate(spec);
    g.generated = true;
    g.description = "generated " + gen::describe(spec);
    g.kind = spec.weighted ? io::ValueKind::integer : io::ValueKind::pattern;
    g.stats.tuples = gen::num_generated_edges(spec) * (spec.symmetrize && spec.family != gen::Family::grid ? 2 : 1);
    if (o.values == ValueUse::pattern || (!spec.weighted && o.values == ValueUse::natural)) g.matrix = generate<bool>(spec, o.backend);
    else g.matrix = generate<std::int64_t>(spec, o.backend);
    const Index nvals = std::visit([](const auto& m) { return m.nvals(); }, g.matrix);
    g.stats.duplicates_combined = g.stats.tuples - nvals;
    g.stats.kind = g.kind;
    g.load_ms = ms_since(start);
    return g;
  }
  if (o.weighted) throw CliError("--weights applies to generator specs (rmat:, urand:, grid:), not to the file " + graph);
  io::ReadOptions ro;
  ro.format = o.format;
  if (o.progress) ro.progress = terminal_progress();
  const io::Format f = o.format == io::Format::automatic ? io::detect_format(graph) : o.format;
  if (f == io::Format::binary) {
    io::BinaryImage img = io::read_binary(graph, ro);
    const TypeCode t = img.type;
    const bool pattern = img.value_size == 0;
    g.description = "HPGraph binary, " + (pattern ? std::string("pattern") : std::string(to_string(t)) + " values");
    if (t == TypeCode::user && !pattern)
      throw Error(Info::domain_mismatch, graph + ": holds a user-defined value type; hpgraph reads numeric graphs");
    auto convert = [&](auto tag) {
      using T = decltype(tag);
      return with_dup<T>(o.dup, [&](const auto& dup) {
        return AnyMatrix(io::from_image<T>(std::move(img), dup, o.undirected, o.backend, &g.stats));
      });
    };
    if (o.values == ValueUse::pattern || ((pattern || t == TypeCode::boolean) && o.values == ValueUse::natural)) g.matrix = convert(bool{});
    else if (!pattern && (t == TypeCode::fp32 || t == TypeCode::fp64)) g.matrix = convert(double{});
    else g.matrix = convert(std::int64_t{});
    g.kind = g.stats.kind;
  } else {
    io::Tuples t = io::read_tuples(graph, ro);
    g.kind = t.kind;
    g.description = std::string(format_name(t.format)) + ", " + std::string(kind_name(t.kind));
    if (o.values == ValueUse::pattern) {
      g.matrix = tuples_to_matrix<bool>(std::move(t), o, g.stats, ro.progress);
    } else {
      switch (t.kind) {
        case io::ValueKind::pattern:
          if (o.values == ValueUse::weights) g.matrix = tuples_to_matrix<std::int64_t>(std::move(t), o, g.stats, ro.progress);
          else g.matrix = tuples_to_matrix<bool>(std::move(t), o, g.stats, ro.progress);
          break;
        case io::ValueKind::integer: g.matrix = tuples_to_matrix<std::int64_t>(std::move(t), o, g.stats, ro.progress); break;
        case io::ValueKind::real: g.matrix = tuples_to_matrix<double>(std::move(t), o, g.stats, ro.progress); break;
      }
    }
  }
  if (o.undirected) g.description += ", made undirected";
  g.load_ms = ms_since(start);
  return g;
}

}  // namespace hpg::cli
