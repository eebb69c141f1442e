#include "io/text_parse.hpp"

#include <algorithm>
#include <cctype>

#include "hpgraph/error.hpp"

namespace hpg::io::detail {

void fail(const char* at, std::string what) { throw ParseFailure{at, std::move(what)}; }

// Sixteen bytes at a time: a vector compare gives 0xff where a byte is '\n', subtracted into
// byte lanes that are summed every 255 steps, before any can overflow. GCC's and Clang's vector
// extensions make this SIMD at any optimization level (about 10 GB/s; std::count manages 1-2).
std::size_t count_newlines(const char* p, const char* e) {
  std::size_t total = 0;
#if defined(__GNUC__)
  using Bytes = unsigned char __attribute__((vector_size(16)));
  const Bytes newline = Bytes{} + static_cast<unsigned char>('\n');
  while (e - p >= 16) {
    Bytes lanes = {};
    for (int step = 0; step < 255 && e - p >= 16; ++step, p += 16) {
      Bytes x;
      std::memcpy(&x, p, sizeof x);
      lanes -= reinterpret_cast<Bytes>(x == newline);
    }
    for (int i = 0; i < 16; ++i) total += lanes[i];
  }
#endif
  for (; p < e; ++p) total += *p == '\n';
  return total;
}

std::uint64_t TextFile::line_of(const char* at) const {
  if (!at || at < begin) return 1;
  if (at > end) at = end;
  return 1 + count_newlines(begin, at);
}

void TextFile::raise(const ParseFailure& f) const {
  hpg::detail::throw_error(Info::parse_error, path + ":" + std::to_string(line_of(f.at)) + ": " + f.what);
}

std::string quote_field(const char* p, const char* e) {
  constexpr std::ptrdiff_t longest = 40;
  std::string s = "\"";
  s.append(p, static_cast<std::size_t>(std::min(e - p, longest)));
  if (e - p > longest) s += "...";
  return s + "\"";
}

void fail_integer(const char* p, const char* field_e, const char* what) {
  const std::string field = quote_field(p, field_e);
  std::int64_t v;
  auto [q, ec] = std::from_chars(p, field_e, v);
  if (ec == std::errc() && q == field_e && v < 0) fail(p, std::string(what) + " " + field + " is negative");
  if (ec == std::errc::result_out_of_range && q == field_e) fail(p, std::string(what) + " " + field + " is too large");
  fail(p, std::string(what) + " " + field + " is not an integer");
}

void fail_number(const char* p, const char* field_e, const char* what) {
  const std::string field = quote_field(p, field_e);
  double d;
  auto [q, ec] = std::from_chars(p, field_e, d);
  if (ec == std::errc::result_out_of_range && q == field_e)
    fail(p, std::string(what) + " " + field + " is out of the range of a double");
  fail(p, std::string(what) + " " + field + " is not a number");
}

bool equals_lower(std::string_view text, std::string_view lower_word) {
  return text.size() == lower_word.size() &&
         std::equal(text.begin(), text.end(), lower_word.begin(),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

}  // namespace hpg::io::detail
