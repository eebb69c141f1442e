// Scanning the lines of text graph files: fields, numbers, and reporting where a file is wrong.
// The scanners are inline and check only what they must; the failure paths are out of line, and
// line numbers are counted only when a failure is reported, never on the fast path.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace hpg::io::detail {

/// A malformed spot in a text file: a pointer into the file's bytes and what is wrong there.
/// Thrown by the scanners; a reader turns it into Error(parse_error, "<path>:<line>: <what>").
struct ParseFailure {
  const char* at = nullptr;
  std::string what;
};

[[noreturn]] void fail(const char* at, std::string what);

/// A text file's bytes, for locating failures.
struct TextFile {
  std::string path;
  const char* begin = nullptr;
  const char* end = nullptr;

  /// 1-based line of the byte at `at` (counts the newlines before it).
  std::uint64_t line_of(const char* at) const;
  /// The last byte's position: where "the file ends too early" is reported (its last line).
  const char* last_byte() const { return end > begin ? end - 1 : begin; }
  /// Error(parse_error, "<path>:<line>: <what>").
  [[noreturn]] void raise(const ParseFailure& f) const;
};

/// Field separators: blanks (space, tab, and the CR of CRLF files), plus commas in edge lists.
enum class Separators { blanks, blanks_and_commas };

template <Separators S>
constexpr bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == '\r' || (S == Separators::blanks_and_commas && c == ',');
}

template <Separators S>
inline const char* skip_separators(const char* p, const char* e) {
  while (p < e && is_separator<S>(*p)) ++p;
  return p;
}

template <Separators S>
inline const char* field_end(const char* p, const char* e) {
  while (p < e && !is_separator<S>(*p)) ++p;
  return p;
}

/// The end of the line that starts at p: its '\n', or e.
inline const char* line_end(const char* p, const char* e) {
  const void* q = std::memchr(p, '\n', static_cast<std::size_t>(e - p));
  return q ? static_cast<const char*>(q) : e;
}

/// Where the line after the one ending at le starts (e when le is the end: no pointer past it).
inline const char* next_line(const char* le, const char* e) { return le + (le < e); }

/// Number of '\n' in [p, e), at several GB/s (std::count manages about one).
std::size_t count_newlines(const char* p, const char* e);

/// Number of fields in [p, e).
template <Separators S>
inline int count_fields(const char* p, const char* e) {
  int n = 0;
  for (p = skip_separators<S>(p, e); p < e; p = skip_separators<S>(field_end<S>(p, e), e)) ++n;
  return n;
}

/// The field at p for a message: quoted, at most 40 characters.
std::string quote_field(const char* p, const char* e);

// ---------------------------------------------------------------------------------------------
// Numbers. Each scanner reads the field that starts at p (p < e, not a separator), requires that
// the field ends where the number does ("12abc" is not a number), and returns the field's end.
// `what` names the field in messages: "row index", "weight", ...
// ---------------------------------------------------------------------------------------------

[[noreturn]] void fail_integer(const char* p, const char* field_e, const char* what);
[[noreturn]] void fail_number(const char* p, const char* field_e, const char* what);

/// A non-negative integer (an index or a vertex id).
template <Separators S>
inline const char* scan_index(const char* p, const char* e, std::uint64_t& v, const char* what) {
  auto [q, ec] = std::from_chars(p, e, v);
  if (ec != std::errc() || (q < e && !is_separator<S>(*q))) fail_integer(p, field_end<S>(p, e), what);
  return q;
}

/// A real number. std::from_chars takes no '+', which some writers put before exponents-free
/// positive values; it is accepted here.
template <Separators S>
inline const char* scan_real(const char* p, const char* e, double& v, const char* what) {
  const char* s = (*p == '+' && p + 1 < e && *(p + 1) != '-') ? p + 1 : p;
  auto [q, ec] = std::from_chars(s, e, v);
  if (ec != std::errc() || (q < e && !is_separator<S>(*q))) fail_number(p, field_end<S>(p, e), what);
  return q;
}

/// An integer value, signed or up to UINT64_MAX: `above_int64` says that v holds the bit
/// pattern of a uint64 above INT64_MAX.
template <Separators S>
inline const char* scan_integer(const char* p, const char* e, std::int64_t& v, bool& above_int64, const char* what) {
  const char* s = (*p == '+' && p + 1 < e && *(p + 1) != '-') ? p + 1 : p;
  auto [q, ec] = std::from_chars(s, e, v);
  above_int64 = false;
  if (ec == std::errc::result_out_of_range && *s != '-') {
    std::uint64_t u = 0;
    auto [q2, ec2] = std::from_chars(s, e, u);
    q = q2;
    ec = ec2;
    v = static_cast<std::int64_t>(u);
    above_int64 = true;
  }
  if (ec != std::errc() || (q < e && !is_separator<S>(*q))) fail_integer(p, field_end<S>(p, e), what);
  return q;
}

/// A value that is an integer when written as one and a real otherwise (edge-list and DIMACS
/// weights). Integers beyond int64 are reals. Returns the field's end; `is_real` says which of
/// iv / rv was set.
template <Separators S>
inline const char* scan_integer_or_real(const char* p, const char* e, std::int64_t& iv, double& rv, bool& is_real,
                                        const char* what) {
  const char* s = (*p == '+' && p + 1 < e && *(p + 1) != '-') ? p + 1 : p;
  auto [q, ec] = std::from_chars(s, e, iv);
  if (ec == std::errc() && (q == e || is_separator<S>(*q))) {
    is_real = false;
    return q;
  }
  is_real = true;
  return scan_real<S>(p, e, rv, what);
}

/// Case-insensitive equality with a lower-case word.
bool equals_lower(std::string_view text, std::string_view lower_word);

}  // namespace hpg::io::detail
