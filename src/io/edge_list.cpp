// Reading edge lists: "src dst [weight]" a line, separated by blanks and/or commas, '#' and '%'
// comment lines, an optional header line, ids used as given (0-based) and n = largest id + 1.
#include <algorithm>
#include <string>
#include <vector>

#include "io/formats.hpp"
#include "io/parallel_parse.hpp"

namespace hpg::io::detail {

namespace {

constexpr Separators seps = Separators::blanks_and_commas;
constexpr std::uint64_t largest_id = max_dimension - 1;

bool is_comment(char c) { return c == '#' || c == '%'; }

bool is_integer_field(const char* p, const char* e) {
  std::int64_t v;
  auto [q, ec] = std::from_chars(p, e, v);
  return ec == std::errc() && (q == e || is_separator<seps>(*q));
}

// A header names the columns ("src,dst,weight", "FromNodeId ToNodeId"): its first two fields are
// not both integers.
bool is_header(const char* s, const char* le) {
  if (!is_integer_field(s, le)) return true;
  const char* q = skip_separators<seps>(field_end<seps>(s, le), le);
  return q == le || !is_integer_field(q, le);
}

struct Layout {
  const char* data = nullptr;  // the first data line
  bool weighted = false;       // decided by the first data line: a third field is the weight
};

Layout find_first_data_line(const TextFile& f) {
  bool first = true;
  for (const char *p = f.begin, *le; p < f.end; p = next_line(le, f.end)) {
    le = line_end(p, f.end);
    const char* s = skip_separators<seps>(p, le);
    if (s == le || is_comment(*s)) continue;
    if (first) {
      first = false;
      if (is_header(s, le)) continue;  // only the first non-comment line may be a header
    }
    return {p, count_fields<seps>(s, le) >= 3};
  }
  return {f.end, false};
}

[[noreturn]] void fail_too_few_fields(const char* line, const char* le, bool weighted) {
  fail(line, std::string("too few fields: expected ") +
                 (weighted ? "3 (source destination weight; the first edge has a weight)" : "2 (source destination)") +
                 ", found " + std::to_string(count_fields<seps>(line, le)));
}

inline const char* scan_id(const char* p, const char* e, std::uint64_t& v, const char* what) {
  const char* q = scan_index<seps>(p, e, v, what);
  if (v > largest_id)
    fail(p, std::string(what) + " " + std::to_string(v) + " exceeds the largest supported (" + std::to_string(largest_id) + ")");
  return q;
}

struct ChunkParser {
  bool weighted;
  Tuples& t;
  std::vector<Chunk>& chunks;
  std::vector<std::uint64_t>& ids;  // per chunk: largest id + 1 (0 when it has no edge)

  void operator()(std::size_t ci) const {
    Chunk& c = chunks[ci];
    std::uint32_t* rows = t.rows.data() + c.out;
    std::uint32_t* cols = t.cols.data() + c.out;
    std::int64_t* iv = weighted ? t.ivals.data() + c.out : nullptr;
    const ValueMode mode = weighted ? ValueMode::integer_or_real : ValueMode::none;
    std::size_t k = 0;
    std::uint64_t top = 0;
    for (const char *p = c.begin, *le; p < c.end; p = next_line(le, c.end)) {
      le = line_end(p, c.end);
      const char* s = skip_separators<seps>(p, le);
      if (s == le || is_comment(*s)) continue;
      std::uint64_t u, v;
      const char* q = scan_id(s, le, u, "source id");
      if ((q = skip_separators<seps>(q, le)) == le) fail_too_few_fields(s, le, weighted);
      q = scan_id(q, le, v, "destination id");
      if (weighted) {
        if ((q = skip_separators<seps>(q, le)) == le) fail_too_few_fields(s, le, weighted);
        scan_value<seps>(mode, q, le, iv, nullptr, k, c.values, "weight");
      }
      rows[k] = static_cast<std::uint32_t>(u);
      cols[k] = static_cast<std::uint32_t>(v);
      top = std::max(top, std::max(u, v) + 1);
      ++k;
    }
    c.count = k;
    ids[ci] = top;
  }
};

Tuples parse(const TextFile& f, const ReadOptions& options) {
  const Layout layout = find_first_data_line(f);
  const ValueMode mode = layout.weighted ? ValueMode::integer_or_real : ValueMode::none;
  Tuples t;
  t.source = f.path;
  t.format = Format::edge_list;
  std::vector<Chunk> chunks = split_lines(layout.data, f.end, options.threads);
  resize_entries(t, mode, assign_slots(chunks));
  std::vector<std::uint64_t> ids(chunks.size(), 0);
  parse_chunks(chunks, ChunkParser{layout.weighted, t, chunks, ids});
  t.lines = compact_entries(t, mode, chunks);
  finish_values(t, mode, chunks);
  const std::uint64_t n = ids.empty() ? 0 : *std::max_element(ids.begin(), ids.end());
  t.nrows = t.ncols = n;
  return t;
}

}  // namespace

Tuples parse_edge_list(const TextFile& file, const ReadOptions& options) {
  try {
    return parse(file, options);
  } catch (const ParseFailure& f) {
    file.raise(f);
  }
}

}  // namespace hpg::io::detail
