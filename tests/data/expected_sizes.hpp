// Sizes of every graph in the shared data set (../shared/data), computed by an independent
// reader. Shared by the library test (test_io_data.cpp) and the program test (test_cli_data.cpp).
#pragma once

#include <cstdint>

#include "hpgraph/types.hpp"

namespace hpg::test {

struct Expected {
  const char* file;  // relative to the data directory
  hpg::Index nrows, ncols;
  std::uint64_t lines;  // data lines (Matrix Market entries, edge-list edges)
  hpg::Index nvals;     // distinct (row, col) pairs; symmetric files count both directions
};

// Produced by `python3 tests/data/expected_sizes.py ../shared/data` (a separate, simple reader
// written in Python; see its docstring for the conventions), pasted unchanged.
inline const Expected expected[] = {
    {"cugraph/ca-HepTh.csv.gz", 68746, 68746, 51971, 51971},
    {"cugraph/dolphins.mtx", 62, 62, 159, 318},
    {"cugraph/netscience.mtx", 1589, 1589, 2742, 5484},
    {"cugraph/polbooks.mtx", 105, 105, 441, 882},
    {"lagraph/A.mtx", 7, 7, 15, 30},
    {"lagraph/LFAT5.mtx", 14, 14, 30, 46},
    {"lagraph/LFAT5_hypersparse.mtx", 2000, 2000, 30, 46},
    {"lagraph/LFAT5_two.mtx", 28, 28, 60, 92},
    {"lagraph/bcsstk13.mtx", 2003, 2003, 42943, 83883},
    {"lagraph/cover.mtx", 7, 7, 12, 12},
    {"lagraph/cryg2500.mtx", 2500, 2500, 12349, 12349},
    {"lagraph/jagmesh7.mtx", 1138, 1138, 4294, 7450},
    {"lagraph/karate.mtx", 34, 34, 78, 156},
    {"lagraph/ldbc-cdlp-directed-example.mtx", 8, 8, 18, 18},
    {"lagraph/ldbc-cdlp-undirected-example.mtx", 8, 8, 12, 24},
    {"lagraph/ldbc-directed-example-bool.mtx", 10, 10, 17, 17},
    {"lagraph/ldbc-directed-example-unweighted.mtx", 10, 10, 17, 17},
    {"lagraph/ldbc-directed-example.mtx", 10, 10, 17, 17},
    {"lagraph/ldbc-undirected-example-bool.mtx", 9, 9, 12, 24},
    {"lagraph/ldbc-undirected-example-unweighted.mtx", 9, 9, 12, 24},
    {"lagraph/ldbc-undirected-example.mtx", 9, 9, 12, 24},
    {"lagraph/ldbc-wcc-example.mtx", 10, 10, 15, 30},
    {"lagraph/lp_afiro.mtx", 27, 51, 102, 102},
    {"lagraph/msf1.mtx", 6, 6, 8, 8},
    {"lagraph/msf2.mtx", 8, 8, 12, 12},
    {"lagraph/msf3.mtx", 5, 5, 7, 7},
    {"lagraph/olm1000.mtx", 1000, 1000, 3996, 3996},
    {"lagraph/pushpull.mtx", 4000, 4000, 99208, 196305},
    {"lagraph/sample.mtx", 8, 8, 12, 12},
    {"lagraph/sample2.mtx", 8, 8, 28, 28},
    {"lagraph/test_BF.mtx", 7, 7, 12, 12},
    {"lagraph/test_FW_1000.mtx", 1000, 1000, 3996, 3996},
    {"lagraph/test_FW_2003.mtx", 2003, 2003, 23973, 23973},
    {"lagraph/test_FW_2500.mtx", 2500, 2500, 7852, 7852},
    {"lagraph/tree-example.mtx", 6, 6, 5, 10},
    {"lagraph/west0067.mtx", 67, 67, 294, 294},
    {"lagraph/zenios.mtx", 2873, 2873, 15032, 27191},
    {"networkit/PGPgiantcompo.mtx", 10680, 10680, 24316, 48632},
    {"networkit/astro-ph.mtx", 16706, 16706, 121251, 242502},
    {"networkit/celegans_metabolic.mtx", 453, 453, 2025, 4050},
    {"networkit/chesapeake.mtx", 39, 39, 170, 340},
    {"networkit/hep-th.mtx", 8361, 8361, 15751, 31502},
    {"networkit/jazz.mtx", 198, 198, 2742, 5484},
    {"networkit/lesmis.mtx", 77, 77, 254, 508},
    {"networkit/p2p-Gnutella05.txt.gz", 8846, 8846, 31839, 31839},
    {"networkit/p2p-Gnutella06.txt.gz", 8717, 8717, 31525, 31525},
    {"networkit/polblogs.mtx", 1490, 1490, 16715, 33430},
    {"networkit/power.mtx", 4941, 4941, 6594, 13188},
    {"snap/ca-GrQc.txt.gz", 26197, 26197, 28980, 28980},
    {"snap/email-Eu-core.txt.gz", 1005, 1005, 25571, 25571},
    {"snap/facebook_combined.txt.gz", 4039, 4039, 88234, 88234},
};

}  // namespace hpg::test
