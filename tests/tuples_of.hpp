// A container's entries as plain tuples, for tests that compare whole results (== on the struct):
// a matrix's (r, c, x), a vector's (i, 0, x).
#pragma once

#include <string>
#include <vector>

#include "hpgraph/hpgraph.hpp"

namespace hpg::test {

template <class T>
struct Tuples {
  std::vector<Index> r, c;
  std::vector<T> x;
  bool operator==(const Tuples&) const = default;
};
template <class T>
Tuples<T> tuples(const Matrix<T>& a) {
  Tuples<T> t;
  a.extract_tuples(t.r, t.c, t.x);
  return t;
}
template <class T>
Tuples<T> tuples(const Vector<T>& v) {
  Tuples<T> t;
  v.extract_tuples(t.r, t.x);
  t.c.assign(t.r.size(), 0);
  return t;
}
template <class T>
std::string describe(const Tuples<T>& t) {
  return std::to_string(t.r.size()) + " entries";
}

}  // namespace hpg::test
