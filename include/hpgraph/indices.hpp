// hpg::Indices: the index lists of assign and extract (GrB_Index arrays, or GrB_ALL).
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"

namespace hpg {

/// An index list for assign and extract: hpg::all, a std::vector<Index>, a span, or {i, j, ...}.
class Indices {
 public:
  Indices(all_t) : all_(true) {}
  Indices(const std::vector<Index>& v) : list_(v) {}
  Indices(std::span<const Index> s) : list_(s) {}
  Indices(std::initializer_list<Index> l) : list_(l.begin(), l.size()) {}
  bool is_all() const { return all_; }
  /// How many indices, given the dimension they index (hpg::all: all of it).
  Index count(Index dim) const { return all_ ? dim : list_.size(); }
  Index operator[](std::size_t k) const { return all_ ? k : list_[k]; }
  /// Error(index_out_of_bounds) when an index is not below dim.
  void check(Index dim, const char* what) const {
    if (all_) return;
    for (std::size_t k = 0; k < list_.size(); ++k)
      if (list_[k] >= dim)
        detail::throw_error(Info::index_out_of_bounds, std::string(what) + ": index " + std::to_string(list_[k]) + " (position " +
                                                         std::to_string(k) + ") is not below " + std::to_string(dim));
  }

 private:
  bool all_ = false;
  std::span<const Index> list_;
};

}  // namespace hpg
