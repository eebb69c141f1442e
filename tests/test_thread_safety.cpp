// The thread-safety rule (docs/api.md, "Threads"): different objects may be used from different
// host threads at once, and one object may be read by several threads at once (after wait(), and
// while no thread modifies it). Threads start together at a latch so they overlap; each compares
// its results with ones computed beforehand on one thread. On the GPU the shared graph is fresh,
// so the threads race to build its HYB form on first use.
#include <gtest/gtest.h>

#include <cstdint>
#include <exception>
#include <latch>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "tuples_of.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::Matrix;
using hpg::Vector;

constexpr int threads = 8;
constexpr Index n = 20000;

/// An undirected graph with a few hubs, different for each seed.
Matrix<float> graph(std::uint32_t seed, Backend b) {
  std::mt19937 g(seed);
  std::vector<Index> r, c;
  for (int k = 0; k < 120000; ++k) {
    const Index i = k % 9 == 0 ? g() % 16 : g() % n, j = g() % n;
    if (i == j) continue;
    r.push_back(i);
    c.push_back(j);
    r.push_back(j);
    c.push_back(i);
  }
  Matrix<float> a(n, n, b);
  a.build(r, c, std::vector<float>(r.size(), 1.0f), hpg::first<float>{});
  return a;
}

struct Answers {
  hpg::test::Tuples<std::int32_t> level;
  hpg::test::Tuples<float> y, yt;
  bool operator==(const Answers&) const = default;
};

/// A BFS from `source` and two SpMVs (degrees weighted by a vector that depends on the source),
/// through A and through A' (the transpose every backend keeps, made by whichever thread is first).
Answers compute(const Matrix<float>& a, Index source) {
  Answers out;
  const hpg::BfsResult r = hpg::bfs(a, source);
  out.level = hpg::test::tuples(r.level);
  Vector<float> u(n, a.backend()), y(n, a.backend()), yt(n, a.backend());
  hpg::assign(u, hpg::no_mask, hpg::no_accum, static_cast<float>(source % 7 + 1), hpg::all);
  hpg::mxv(y, hpg::no_mask, hpg::no_accum, hpg::plus_times<float>, a, u);
  hpg::mxv(yt, hpg::no_mask, hpg::no_accum, hpg::plus_times<float>, a, u, hpg::desc::transpose_first);
  out.y = hpg::test::tuples(y);
  out.yt = hpg::test::tuples(yt);
  return out;
}

/// Runs body(t) on `count` threads started together; a thread's exception fails the test.
template <class Body>
void run_together(Body body, int count = threads) {
  std::latch start(count);
  std::vector<std::exception_ptr> errors(count);
  std::vector<std::thread> pool;
  for (int t = 0; t < count; ++t) {
    pool.emplace_back([&, t] {
      start.arrive_and_wait();
      try {
        body(t);
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  }
  for (auto& th : pool) th.join();
  for (int t = 0; t < count; ++t) {
    if (!errors[t]) continue;
    try {
      std::rethrow_exception(errors[t]);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "thread " << t << " threw: " << e.what();
    }
  }
}

class ThreadSafety : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { HPG_SKIP_IF_NO_BACKEND(GetParam()); }
};

TEST_P(ThreadSafety, DifferentObjectsFromDifferentThreads) {
  std::vector<Answers> expected;
  for (int t = 0; t < threads; ++t) expected.push_back(compute(graph(100 + t, GetParam()), static_cast<Index>(t)));
  std::vector<Answers> got(threads);
  run_together([&](int t) {
    // Everything this thread touches is its own: the graph, its HYB, the vectors.
    const Matrix<float> a = graph(100 + t, GetParam());
    got[t] = compute(a, static_cast<Index>(t));
  });
  for (int t = 0; t < threads; ++t) EXPECT_TRUE(got[t] == expected[t]) << "thread " << t;
}

TEST_P(ThreadSafety, OneGraphReadByManyThreadsAtOnce) {
  const Matrix<float> serial = graph(7, GetParam());
  std::vector<Answers> expected;
  for (int t = 0; t < threads; ++t) expected.push_back(compute(serial, static_cast<Index>(t * 997)));
  // A fresh copy: nothing derived from it yet, so the threads' first SpMVs all ask for its HYB.
  const Matrix<float> shared = serial.dup();
  shared.wait();
  std::vector<Answers> got(threads);
  run_together([&](int t) { got[t] = compute(shared, static_cast<Index>(t * 997)); });
  for (int t = 0; t < threads; ++t) EXPECT_TRUE(got[t] == expected[t]) << "thread " << t;
}

TEST_P(ThreadSafety, ReadsBackWhatEachThreadWroteFromMoreThreadsThanStagingSlots) {
  // On the GPU a small copy to the host lands in a page-locked slot of the calling thread's own
  // while the thread lives (256 slots, src/core/device_memory.cpp), and past them in the caller's
  // memory. Two waves of 300 threads: the second takes the slots the first gave back.
  constexpr int many = 300;
  for (int wave = 0; wave < 2; ++wave)
    run_together(
        [&](int t) {
          Vector<std::int64_t> v(64, GetParam());
          for (int k = 0; k < 3; ++k) {
            const std::int64_t x = std::int64_t(t) * 1000 + wave * 10 + k;
            v.set_element(x, static_cast<Index>(t % 64));
            const std::optional<std::int64_t> got = v.extract_element(static_cast<Index>(t % 64));
            if (got != x || v.nvals() != 1)
              throw std::runtime_error("read back " + (got ? std::to_string(*got) : "nothing") + " and " + std::to_string(v.nvals()) +
                                       " entries, not " + std::to_string(x) + " and 1");
          }
        },
        many);
}

TEST_P(ThreadSafety, PageRankOnSharedGraphWithPerThreadOptions) {
  const Matrix<float> serial = graph(11, GetParam());
  std::vector<std::vector<float>> expected(threads);
  auto rank = [](const Matrix<float>& a, int t) {
    hpg::PageRankOptions opt;
    opt.damping = 0.80 + 0.02 * t;
    const auto r = hpg::pagerank(a, opt);
    std::vector<Index> i;
    std::vector<float> x;
    r.rank.extract_tuples(i, x);
    return x;
  };
  for (int t = 0; t < threads; ++t) expected[t] = rank(serial, t);
  const Matrix<float> shared = serial.dup();
  shared.wait();
  std::vector<std::vector<float>> got(threads);
  run_together([&](int t) { got[t] = rank(shared, t); });
  for (int t = 0; t < threads; ++t) EXPECT_EQ(got[t], expected[t]) << "thread " << t;
}

INSTANTIATE_TEST_SUITE_P(All, ThreadSafety, hpg::test::all_backends(), hpg::test::backend_name);

}  // namespace
