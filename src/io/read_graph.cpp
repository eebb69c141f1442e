// Which format a graph file is in, and reading any text format into tuples.
#include <algorithm>
#include <cctype>
#include <string>

#include "hpgraph/error.hpp"
#include "hpgraph/io_files.hpp"
#include "io/file_buffer.hpp"
#include "io/formats.hpp"
#include "io/output_file.hpp"

namespace hpg::io {

namespace {

constexpr std::size_t head_bytes = 4096;

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool starts_with_lower(std::string_view text, std::string_view lower_prefix) {
  return text.size() >= lower_prefix.size() && detail::equals_lower(text.substr(0, lower_prefix.size()), lower_prefix);
}

// DIMACS files open with "c" comment lines or the "p" problem line; an edge list's lines start
// with a digit, a comment sign or a header word.
bool looks_like_dimacs(std::string_view head) {
  const char* p = head.data();
  const char* e = p + head.size();
  for (const char* le; p < e; p = detail::next_line(le, e)) {
    le = detail::line_end(p, e);
    const char* s = detail::skip_separators<detail::Separators::blanks>(p, le);
    if (s == le) continue;
    return (*s == 'c' || *s == 'p') && (s + 1 == le || detail::is_separator<detail::Separators::blanks>(s[1]));
  }
  return false;
}

}  // namespace

Format parse_format(std::string_view name) {
  const std::string n = lower(name);
  if (n == "auto" || n == "automatic") return Format::automatic;
  if (n == "mtx" || n == "mm" || n == "matrixmarket") return Format::matrix_market;
  if (n == "edgelist" || n == "el" || n == "edges") return Format::edge_list;
  if (n == "gr" || n == "dimacs") return Format::dimacs;
  if (n == "binary" || n == "hpgb") return Format::binary;
  hpg::detail::throw_error(Info::invalid_value,
                           "unknown graph format \"" + std::string(name) + "\" (expected auto, mtx, edgelist, gr or binary)");
}

std::string_view to_string(Format f) {
  switch (f) {
    case Format::automatic: return "auto";
    case Format::matrix_market: return "mtx";
    case Format::edge_list: return "edgelist";
    case Format::dimacs: return "gr";
    case Format::binary: return "binary";
  }
  return "auto";
}

Format format_from_extension(std::string_view path) {
  std::string p = lower(path);
  if (detail::ends_with_gz(p)) p.resize(p.size() - 3);
  const std::size_t slash = p.find_last_of("/\\");
  const std::size_t dot = p.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return Format::automatic;
  const std::string_view ext = std::string_view(p).substr(dot + 1);
  if (ext == "mtx" || ext == "mm") return Format::matrix_market;
  if (ext == "txt" || ext == "tsv" || ext == "csv" || ext == "el" || ext == "wel" || ext == "edges") return Format::edge_list;
  if (ext == "gr") return Format::dimacs;
  if (ext == "hpgb") return Format::binary;
  return Format::automatic;
}

namespace detail {

Format detect_from_content(std::string_view head, std::string_view path) {
  if (head.size() >= 8 && head.substr(0, 8) == std::string_view("HPGRAPH\0", 8)) return Format::binary;
  if (starts_with_lower(head, "%%matrixmarket")) return Format::matrix_market;
  if (const Format f = format_from_extension(path); f != Format::automatic) return f;
  return looks_like_dimacs(head) ? Format::dimacs : Format::edge_list;
}

}  // namespace detail

Format detect_format(const std::string& path) {
  return detail::detect_from_content(detail::read_file_head(path, head_bytes), path);
}

Tuples read_tuples(const std::string& path, const ReadOptions& options) {
  if (options.format == Format::binary)
    hpg::detail::throw_error(Info::invalid_value, path + ": a binary graph file; read it with read_binary");
  const detail::FileBuffer buf = detail::read_whole_file(path, options.progress);
  Format f = options.format;
  if (f == Format::automatic) f = detail::detect_from_content(buf.view().substr(0, head_bytes), path);
  const detail::TextFile file{path, buf.begin(), buf.end()};
  if (options.progress) options.progress({"parse", 0, buf.size});
  Tuples t;
  switch (f) {
    case Format::matrix_market: t = detail::parse_matrix_market(file, options); break;
    case Format::edge_list: t = detail::parse_edge_list(file, options); break;
    case Format::dimacs: t = detail::parse_dimacs(file, options); break;
    case Format::binary:
      hpg::detail::throw_error(Info::invalid_value, path + ": a binary graph file; read it with read_binary");
    case Format::automatic: break;
  }
  if (options.progress) options.progress({"parse", buf.size, buf.size});
  return t;
}

}  // namespace hpg::io
