// Parsing the data section of a text graph file on several threads. The section is split into
// chunks of whole lines; each chunk gets as many output slots as it has lines (an upper bound on
// its entries: blank and comment lines leave gaps, closed afterwards), so that every thread
// writes straight into the final arrays without locking and entries keep their file order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <optional>
#include <vector>

#include "hpgraph/io_files.hpp"
#include "io/text_parse.hpp"

namespace hpg::io::detail {

/// How a format's value field is read.
enum class ValueMode {
  none,             // pattern: no value field
  integer,          // integers only (Matrix Market "integer"); up to UINT64_MAX
  real,             // reals (Matrix Market "real")
  integer_or_real,  // integers while every value is one, else reals (edge lists, DIMACS)
};

/// What one chunk's values turned out to be.
struct ChunkValues {
  bool real = false;                         // integer_or_real: a non-integer was met, so this chunk's ivals slots hold doubles
  const char* first_negative = nullptr;      // integer: first value below zero
  const char* first_above_int64 = nullptr;   // integer: first value above INT64_MAX
};

/// A run of whole lines of the data section and the output slots it writes.
struct Chunk {
  const char* begin = nullptr;
  const char* end = nullptr;
  std::size_t out = 0;    // first output slot
  std::size_t lines = 0;  // lines in the chunk: the slots it may fill
  std::size_t count = 0;  // entries it wrote
  ChunkValues values;
  std::optional<ParseFailure> failure;
  std::exception_ptr error;
};

/// ReadOptions::threads resolved: 0 means every hardware thread.
unsigned thread_count(unsigned requested);

/// Splits [b, e) at line starts into at most `threads` chunks of about equal size; small
/// sections get fewer chunks, since a thread costs more than it saves below a few hundred KB.
std::vector<Chunk> split_lines(const char* b, const char* e, unsigned threads);

/// Runs fn(i) for every i < n, each on its own thread (i = 0 on the calling one), and waits.
/// fn must not throw.
void run_parallel(std::size_t n, const std::function<void(std::size_t)>& fn);

/// Counts each chunk's lines (in parallel) and gives it slots [out, out + lines). Returns the
/// slots in all.
std::size_t assign_slots(std::vector<Chunk>& chunks);

/// Rethrows the failure of the chunk that comes first in the file, if any chunk failed.
void rethrow_first_failure(std::vector<Chunk>& chunks);

/// Runs parse(i) for every chunk i in parallel; afterwards the earliest failure in file order is
/// rethrown, so that a file with several errors always reports the same one.
template <class Parse>
void parse_chunks(std::vector<Chunk>& chunks, const Parse& parse) {
  run_parallel(chunks.size(), [&](std::size_t i) {
    try {
      parse(i);
    } catch (ParseFailure& f) {
      chunks[i].failure = std::move(f);
    } catch (...) {
      chunks[i].error = std::current_exception();
    }
  });
  rethrow_first_failure(chunks);
}

/// Sizes the tuple arrays (and the value array that `mode` writes) to n slots.
void resize_entries(Tuples& t, ValueMode mode, std::size_t n);

/// Closes the gaps left by lines that held no entry: each chunk's entries move down to follow
/// the previous chunk's. Returns the number of entries and trims the arrays to it.
std::size_t compact_entries(Tuples& t, ValueMode mode, std::vector<Chunk>& chunks);

/// Reads the value field at p into slot k of a chunk whose slots start at iv / rv.
template <Separators S>
inline const char* scan_value(ValueMode mode, const char* p, const char* e, std::int64_t* iv, double* rv, std::size_t k,
                              ChunkValues& cv, const char* what) {
  switch (mode) {
    case ValueMode::none:
      return p;
    case ValueMode::real:
      return scan_real<S>(p, e, rv[k], what);
    case ValueMode::integer: {
      bool above;
      const char* q = scan_integer<S>(p, e, iv[k], above, what);
      if (above) {
        if (!cv.first_above_int64) cv.first_above_int64 = p;
      } else if (iv[k] < 0 && !cv.first_negative) {
        cv.first_negative = p;
      }
      return q;
    }
    case ValueMode::integer_or_real: {
      std::int64_t i;
      double d;
      bool is_real;
      const char* q = scan_integer_or_real<S>(p, e, i, d, is_real, what);
      if (is_real && !cv.real) {
        // The chunk's earlier integers become doubles too, so that its slots hold one kind.
        for (std::size_t j = 0; j < k; ++j) {
          const double x = static_cast<double>(iv[j]);
          std::memcpy(&iv[j], &x, sizeof x);
        }
        cv.real = true;
      }
      if (cv.real) {
        if (!is_real) d = static_cast<double>(i);
        std::memcpy(&iv[k], &d, sizeof d);
      } else {
        iv[k] = i;
      }
      return q;
    }
  }
  return p;
}

/// After parsing and compaction: sets t.kind and makes the values one kind. integer: checks that
/// negative values and values above INT64_MAX do not mix (no 64-bit type holds both) and sets
/// unsigned_values; integer_or_real: moves every value into rvals when any chunk met a real.
void finish_values(Tuples& t, ValueMode mode, const std::vector<Chunk>& chunks);

}  // namespace hpg::io::detail
