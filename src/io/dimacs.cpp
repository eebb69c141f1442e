// Reading DIMACS shortest-path graphs (.gr, 9th DIMACS Implementation Challenge): "c" comment
// lines, one problem line "p sp <nodes> <arcs>", then "a <u> <v> <w>" arcs, 1-based.
#include <string>
#include <vector>

#include "io/formats.hpp"
#include "io/parallel_parse.hpp"

namespace hpg::io::detail {

namespace {

constexpr Separators seps = Separators::blanks;
constexpr const char* problem_form = "\"p sp <nodes> <arcs>\"";

struct Problem {
  Index n = 0;
  std::uint64_t arcs = 0;
  const char* line = nullptr;
  const char* data = nullptr;  // the line after the problem line
};

// The line's type: its first field when that is one letter, else 0.
char line_type(const char* s, const char* le) {
  return (s < le && (s + 1 == le || is_separator<seps>(s[1]))) ? *s : 0;
}

[[noreturn]] void fail_unexpected(const char* s) {
  fail(s, "unexpected line: DIMACS .gr lines start with \"c\" (comment), \"p\" (problem) or \"a\" (arc)");
}

std::uint64_t problem_number(const char*& p, const char* le, const char* line, const char* what) {
  p = skip_separators<seps>(p, le);
  if (p == le) fail(line, std::string("bad problem line: expected ") + problem_form);
  std::uint64_t v;
  p = scan_index<seps>(p, le, v, what);
  return v;
}

void parse_problem_line(const char* s, const char* le, Problem& pr) {
  const char* p = skip_separators<seps>(s + 1, le);
  const char* q = field_end<seps>(p, le);
  if (std::string_view(p, static_cast<std::size_t>(q - p)) != "sp")
    fail(s, std::string("bad problem line: expected ") + problem_form + " (a shortest-path problem)");
  const char* at = skip_separators<seps>(q, le);
  pr.n = problem_number(q, le, s, "number of nodes");
  if (pr.n > max_dimension)
    fail(at, "number of nodes " + std::to_string(pr.n) + " exceeds the largest supported (" + std::to_string(max_dimension) + ")");
  pr.arcs = problem_number(q, le, s, "number of arcs");
  if (skip_separators<seps>(q, le) != le) fail(s, std::string("bad problem line: expected ") + problem_form);
  pr.line = s;
}

// Sequentially up to the first arc: comments and exactly one problem line before it.
Problem find_problem(const TextFile& f) {
  Problem pr;
  for (const char *p = f.begin, *le; p < f.end; p = next_line(le, f.end)) {
    le = line_end(p, f.end);
    const char* s = skip_separators<seps>(p, le);
    switch (line_type(s, le)) {
      case 'c':
        continue;
      case 'p':
        if (pr.line) fail(s, "a second problem line");
        parse_problem_line(s, le, pr);
        continue;
      case 'a':
        if (!pr.line) fail(s, std::string("arc before the problem line ") + problem_form);
        pr.data = p;
        return pr;
      default:
        if (s == le) continue;
        fail_unexpected(s);
    }
  }
  if (!pr.line) fail(f.last_byte(), std::string("missing problem line ") + problem_form);
  pr.data = f.end;
  return pr;
}

[[noreturn]] void fail_too_few_fields(const char* s, const char* le) {
  fail(s, "too few fields: expected \"a <from> <to> <weight>\", found " + std::to_string(count_fields<seps>(s, le)));
}

inline const char* scan_node(const char* p, const char* le, const char* line, std::uint64_t& v, Index n, const char* what) {
  p = skip_separators<seps>(p, le);
  if (p == le) fail_too_few_fields(line, le);
  const char* q = scan_index<seps>(p, le, v, what);
  if (v - 1 >= n) fail(p, std::string(what) + " " + std::to_string(v) + " is outside 1.." + std::to_string(n));
  return q;
}

struct ChunkParser {
  const Problem& pr;
  Tuples& t;
  std::vector<Chunk>& chunks;

  void operator()(std::size_t ci) const {
    Chunk& c = chunks[ci];
    std::uint32_t* rows = t.rows.data() + c.out;
    std::uint32_t* cols = t.cols.data() + c.out;
    std::int64_t* iv = t.ivals.data() + c.out;
    std::size_t k = 0;
    for (const char *p = c.begin, *le; p < c.end; p = next_line(le, c.end)) {
      le = line_end(p, c.end);
      const char* s = skip_separators<seps>(p, le);
      const char type = line_type(s, le);
      if (type == 'c' || s == le) continue;
      if (type == 'p') fail(s, "a second problem line");
      if (type != 'a') fail_unexpected(s);
      std::uint64_t u, v;
      const char* q = scan_node(s + 1, le, s, u, pr.n, "tail node");
      q = scan_node(q, le, s, v, pr.n, "head node");
      if ((q = skip_separators<seps>(q, le)) == le) fail_too_few_fields(s, le);
      scan_value<seps>(ValueMode::integer_or_real, q, le, iv, nullptr, k, c.values, "weight");
      rows[k] = static_cast<std::uint32_t>(u - 1);
      cols[k] = static_cast<std::uint32_t>(v - 1);
      ++k;
    }
    c.count = k;
  }
};

// Only on failure: where the arc after the last declared one is.
const char* locate_arc(const std::vector<Chunk>& chunks, std::size_t index) {
  for (const Chunk& c : chunks) {
    if (index >= c.out + c.count) continue;
    std::size_t k = c.out;
    for (const char *p = c.begin, *le; p < c.end; p = next_line(le, c.end)) {
      le = line_end(p, c.end);
      if (line_type(skip_separators<seps>(p, le), le) == 'a' && k++ == index) return p;
    }
  }
  return nullptr;
}

void check_arc_count(const TextFile& f, const Problem& pr, const std::vector<Chunk>& chunks, std::size_t n) {
  const std::string declared = std::to_string(pr.arcs);
  const std::string line = "line " + std::to_string(f.line_of(pr.line));
  if (n > pr.arcs) fail(locate_arc(chunks, pr.arcs), "more arcs than the " + declared + " declared in the problem line (" + line + ")");
  if (n < pr.arcs)
    fail(f.last_byte(), "the file ends after " + std::to_string(n) + " of the " + declared +
                            " arcs declared in the problem line (" + line + "); is it truncated?");
}

Tuples parse(const TextFile& f, const ReadOptions& options) {
  const Problem pr = find_problem(f);
  constexpr ValueMode mode = ValueMode::integer_or_real;
  Tuples t;
  t.source = f.path;
  t.format = Format::dimacs;
  t.nrows = t.ncols = pr.n;
  std::vector<Chunk> chunks = split_lines(pr.data, f.end, options.threads);
  resize_entries(t, mode, assign_slots(chunks));
  parse_chunks(chunks, ChunkParser{pr, t, chunks});
  t.lines = compact_entries(t, mode, chunks);
  check_arc_count(f, pr, chunks, t.lines);
  finish_values(t, mode, chunks);
  return t;
}

}  // namespace

Tuples parse_dimacs(const TextFile& file, const ReadOptions& options) {
  try {
    return parse(file, options);
  } catch (const ParseFailure& f) {
    file.raise(f);
  }
}

}  // namespace hpg::io::detail
