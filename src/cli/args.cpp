#include "cli/args.hpp"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace hpg::cli {

Args::Args(const std::string& command, int argc, char** argv, int first, const std::vector<OptionSpec>& options)
    : command_(command) {
  auto find = [&](const std::string& name) -> const OptionSpec* {
    for (const auto& o : options)
      if (o.name == name || (!o.alias.empty() && o.alias == name)) return &o;
    return nullptr;
  };
  for (int k = first; k < argc; ++k) {
    std::string a = argv[k];
    if (a.size() > 1 && a[0] == '-' && !(a.size() > 1 && (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.'))) {
      std::string name = a, inline_value;
      bool has_inline = false;
      if (auto eq = a.find('='); eq != std::string::npos && a.rfind("--", 0) == 0) {
        name = a.substr(0, eq);
        inline_value = a.substr(eq + 1);
        has_inline = true;
      }
      if (name == "--help" || name == "-h") {
        flags_.insert("--help");
        continue;
      }
      const OptionSpec* spec = find(name);
      if (!spec) throw CliError("unknown option '" + name + "' for '" + command_ + "' (see: hpgraph help " + command_ + ")");
      if (spec->takes_value) {
        if (has_inline) {
          values_[spec->name] = inline_value;
        } else {
          if (k + 1 >= argc) throw CliError("option " + spec->name + " needs a value");
          values_[spec->name] = argv[++k];
        }
      } else {
        if (has_inline) throw CliError("option " + spec->name + " takes no value");
        flags_.insert(spec->name);
      }
    } else {
      positional_.push_back(a);
    }
  }
}

std::optional<std::string> Args::value(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Args::value_or(const std::string& name, const std::string& fallback) const {
  auto v = value(name);
  return v ? *v : fallback;
}

long long Args::integer(const std::string& name, long long fallback, long long lo, long long hi) const {
  auto v = value(name);
  if (!v) return fallback;
  long long x = 0;
  auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), x);
  if (ec != std::errc() || p != v->data() + v->size())
    throw CliError("option " + name + " needs an integer, got '" + *v + "'");
  if (x < lo || x > hi)
    throw CliError("option " + name + " must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + *v);
  return x;
}

double Args::real(const std::string& name, double fallback) const {
  auto v = value(name);
  if (!v) return fallback;
  char* end = nullptr;
  double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0') throw CliError("option " + name + " needs a number, got '" + *v + "'");
  return x;
}

const std::string& Args::positional(std::size_t i, const std::string& what) const {
  if (i >= positional_.size()) throw CliError("'" + command_ + "' needs " + what + " (see: hpgraph help " + command_ + ")");
  return positional_[i];
}

void Args::expect_positional(std::size_t n) const {
  if (positional_.size() > n)
    throw CliError("unexpected argument '" + positional_[n] + "' for '" + command_ + "'");
}

}  // namespace hpg::cli
