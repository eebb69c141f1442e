#include "io/parallel_parse.hpp"

#include <algorithm>
#include <thread>

namespace hpg::io::detail {

namespace {
// Below this a chunk is not worth a thread (starting one costs tens of microseconds; parsing
// 256 KB takes a couple of milliseconds).
constexpr std::size_t min_chunk_bytes = std::size_t(256) << 10;
}  // namespace

unsigned thread_count(unsigned requested) {
  if (requested) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<Chunk> split_lines(const char* b, const char* e, unsigned threads) {
  const auto bytes = static_cast<std::size_t>(e - b);
  const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(thread_count(threads), bytes / min_chunk_bytes));
  std::vector<Chunk> chunks;
  const char* start = b;
  for (std::size_t i = 1; i <= parts && start < e; ++i) {
    const char* stop = i == parts ? e : b + bytes / parts * i;
    if (stop < start) stop = start;
    if (stop < e) stop = line_end(stop, e);
    if (stop < e) ++stop;  // past the '\n', so that the next chunk starts a line
    Chunk c;
    c.begin = start;
    c.end = stop;
    chunks.push_back(std::move(c));
    start = stop;
  }
  return chunks;
}

void run_parallel(std::size_t n, const std::function<void(std::size_t)>& fn) {
  std::vector<std::thread> workers;
  workers.reserve(n > 0 ? n - 1 : 0);
  try {
    for (std::size_t i = 1; i < n; ++i) workers.emplace_back(fn, i);
  } catch (...) {
    for (auto& w : workers) w.join();
    throw;
  }
  if (n > 0) fn(0);
  for (auto& w : workers) w.join();
}

std::size_t assign_slots(std::vector<Chunk>& chunks) {
  run_parallel(chunks.size(), [&](std::size_t i) {
    Chunk& c = chunks[i];
    c.lines = count_newlines(c.begin, c.end);
    if (c.end > c.begin && c.end[-1] != '\n') ++c.lines;  // the file's last line has no '\n'
  });
  std::size_t total = 0;
  for (Chunk& c : chunks) {
    c.out = total;
    total += c.lines;
  }
  return total;
}

void rethrow_first_failure(std::vector<Chunk>& chunks) {
  for (Chunk& c : chunks) {
    if (c.failure) throw *c.failure;
    if (c.error) std::rethrow_exception(c.error);
  }
}

void resize_entries(Tuples& t, ValueMode mode, std::size_t n) {
  t.rows.resize(n);
  t.cols.resize(n);
  if (mode == ValueMode::real) t.rvals.resize(n);
  if (mode == ValueMode::integer || mode == ValueMode::integer_or_real) t.ivals.resize(n);
}

namespace {
template <class V>
void move_slots(std::vector<V>& v, std::size_t from, std::size_t to, std::size_t n) {
  if (!v.empty() && n) std::memmove(v.data() + to, v.data() + from, n * sizeof(V));
}
}  // namespace

std::size_t compact_entries(Tuples& t, ValueMode mode, std::vector<Chunk>& chunks) {
  std::size_t next = 0;
  for (Chunk& c : chunks) {
    if (c.out != next) {
      move_slots(t.rows, c.out, next, c.count);
      move_slots(t.cols, c.out, next, c.count);
      move_slots(t.ivals, c.out, next, c.count);
      move_slots(t.rvals, c.out, next, c.count);
      c.out = next;
    }
    next += c.count;
  }
  resize_entries(t, mode, next);
  return next;
}

namespace {

void check_integer_signs(Tuples& t, const std::vector<Chunk>& chunks) {
  const char* negative = nullptr;
  const char* above = nullptr;
  for (const Chunk& c : chunks) {
    if (!negative) negative = c.values.first_negative;
    if (!above) above = c.values.first_above_int64;
  }
  if (negative && above)
    fail(above, "this value is above INT64_MAX while the file also holds negative values; no 64-bit integer type holds both");
  t.unsigned_values = above != nullptr;
}

void integers_to_reals(Tuples& t, const std::vector<Chunk>& chunks) {
  t.rvals.resize(t.ivals.size());
  run_parallel(chunks.size(), [&](std::size_t i) {
    const Chunk& c = chunks[i];
    if (c.values.real) {
      std::memcpy(t.rvals.data() + c.out, t.ivals.data() + c.out, c.count * sizeof(double));
    } else {
      for (std::size_t k = c.out; k < c.out + c.count; ++k) t.rvals[k] = static_cast<double>(t.ivals[k]);
    }
  });
  t.ivals = {};
}

}  // namespace

void finish_values(Tuples& t, ValueMode mode, const std::vector<Chunk>& chunks) {
  switch (mode) {
    case ValueMode::none:
      t.kind = ValueKind::pattern;
      return;
    case ValueMode::real:
      t.kind = ValueKind::real;
      return;
    case ValueMode::integer:
      t.kind = ValueKind::integer;
      check_integer_signs(t, chunks);
      return;
    case ValueMode::integer_or_real: {
      const bool any_real = std::any_of(chunks.begin(), chunks.end(), [](const Chunk& c) { return c.values.real; });
      t.kind = any_real ? ValueKind::real : ValueKind::integer;
      if (any_real) integers_to_reals(t, chunks);
      return;
    }
  }
}

}  // namespace hpg::io::detail
