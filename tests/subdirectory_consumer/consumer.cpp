// Includes what a user's program includes (the API and an algorithm); compiled under the
// standard hpgraph carries to it, not one this project sets.
#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/hpgraph.hpp"

int main() {
  hpg::Matrix<bool> a(2, 2, hpg::Backend::host);
  a.set_element(true, 0, 1);
  return hpg::bfs(a, 0).depth == 2 ? 0 : 1;
}
