// The CUDA backend's side of loop_while (hpgraph/loop.hpp): the first rounds run from the host as
// written, then the body captured once into a CUDA graph whose WHILE node runs the rest of the
// rounds on the device (Storage::loop_rounds).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <vector>

#include "hpgraph/cuda/carried_vector.cuh"
#include "hpgraph/cuda/device_loop.cuh"
#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/detail/loop_types.hpp"
#include "hpgraph/detail/switches.hpp"
#include "hpgraph/detail/tuning.hpp"

namespace hpg::detail::cuda {

/// The rounds after the first on the device: the rounds run in all, or nullopt when the body
/// cannot be captured (the rounds not run yet then run on the host; every vector is as the last
/// round left it). A round whose sparse result outgrows its carried storage stops the graph; the
/// body is then captured again with more room and the loop goes on.
template <class Access, class T, class Body>
std::optional<Index> device_rounds(const NonEmpty<T>& c, Body& body, Index& done, Index max_rounds, const RoundCounter& counter) {
  // The arena this body's last capture on this thread used (Body is the loop's own lambda), for a
  // condition's vector of the same size: a loop run again on the same graph (PageRank called
  // again) does not find its arena too small once more and capture twice.
  static thread_local struct {
    Index size = 0;
    std::size_t used = 0;
  } last;
  constexpr std::size_t first_arena = std::size_t(64) << 20;
  const std::size_t hint = last.size == c.v.size() ? last.used + last.used / 4 : 0;
  std::size_t arena = std::max(first_arena, hint);
  bool hinted = arena > first_arena;  // a larger arena, from a capture before, that may not fit now
  Index scale = 4;
  std::vector<LoopCapture::CarryAs> recarry;  // vectors a capture found carried wrongly, and how to carry them
  for (int attempt = 0; attempt < 12; ++attempt) {
    ++device_loop_captures;
    const auto capture_start = std::chrono::steady_clock::now();
    const auto capture_took = [&] {
      device_loop_capture_ns += static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - capture_start).count());
    };
    std::optional<DeviceLoop> made;
    try {
      made.emplace(arena);
    } catch (const Error& e) {
      capture_took();
      if (e.code() == Info::out_of_memory && hinted) {  // this round's vectors may be smaller: try the usual size
        hinted = false;
        arena = first_arena;
        continue;
      }
      if (e.code() == Info::out_of_memory) return std::nullopt;  // no room for the arena: loop on the host
      throw;
    }
    DeviceLoop& loop = *made;
    void* counter_word = counter.scalar ? counter.on_device(counter.scalar) : nullptr;  // before the capture: it may copy
    LoopCapture& cap = loop.capture();
    cap.capacity_scale = scale;
    cap.round_counter = counter_word;
    cap.recarry = recarry;
    cap.condition = &c.v;
    bool captured = false, again = false;
    std::exception_ptr failure;  // the body's own error (not a capture refused): reported once the vectors are back
    {
      LoopCaptureScope capturing(&cap);
      StreamSwitch on(loop.stream());
      try {
        loop.begin();
        body();
        Access::apply_pending(c.v);  // the condition's vector is carried too: its count is read from its carried storage
        if (!cap.spoiled.empty()) throw CaptureUnsupported(cap.spoiled);
        std::vector<const void*> storage;
        for (const auto& v : cap.carried) v->storage(storage);
        for (const auto& v : cap.carried) v->stage(storage);
        std::vector<CarryCopy> copies;  // done by the round's last kernel, which also sets the condition
        for (const auto& v : cap.carried) v->write_back(copies);
        const auto* cv = static_cast<const CarriedVector<T, Access>*>(cap.find(&c.v));
        const int ended = loop.end(copies, cv->count(), c.at_least, c.fewer_than, max_rounds, counter_word, counter.bytes);
        device_loop_end_upserts += static_cast<std::uint64_t>(ended);
        device_loop_fused_upserts += static_cast<std::uint64_t>(cap.fused);
        if (loop.ended_by_producer()) ++device_loop_producer_ends;
        if (loop.rounds_in_one_kernel()) ++device_loop_kernel_rounds;
        captured = true;
      } catch (const CaptureUnsupported& e) {
        loop.abort();
        device_loop_declined = e.what();
        if (cap.found_new()) {
          recarry.push_back(cap.found);
          again = true;
        }
      } catch (const Error&) {
        if (!loop.abort()) failure = std::current_exception();  // else CUDA refused a call: loop on the host
        else device_loop_declined = "CUDA refused a call of the capture";
      } catch (...) {
        loop.abort();
        failure = std::current_exception();
      }
      for (const auto& v : cap.carried) v->restore();
    }
    capture_took();
    if (!captured) {
      loop.release_freed();
      if (failure) std::rethrow_exception(failure);
      if (again) continue;
      if (cap.wanted <= arena) return std::nullopt;
      arena = std::max(arena * 4, cap.wanted + cap.wanted / 2);  // the body needs more: capture again
      continue;
    }
    last = {c.v.size(), cap.used};
    done = loop.run(done);
    // The overwritten vectors' last values, from the arena. (An error here leaves them as they were
    // before the graph, and the carried ones as it left them.)
    for (const auto& v : cap.carried) v->copy_last_round();
    device_loop_overwritten = 0;
    for (const auto& v : cap.carried) {
      v->take_last_round();
      device_loop_overwritten += v->overwritten();
    }
    ++device_loop_graphs;
    device_loop_declined.clear();
    loop.release_freed();  // after the graph: it read them
    if (!loop.overflowed()) return done;
    for (const auto& v : cap.carried) v->recover();  // the last round's lists that outgrew their storage
    if (done >= max_rounds || !loop_condition_holds(c)) return done;
    scale *= 8;
    arena = std::max(arena, cap.used * 4);
  }
  return std::nullopt;
}

/// loop_while's rounds on the CUDA backend: true when they all ran here (`rounds` is then the loop's
/// count); false to run the rest from the host from `rounds`. round() runs one round from the host
/// and says whether the next one runs. Access is VectorAccess (complete only where loop_while is
/// instantiated).
template <class Access, class T, class Body, class Round>
bool loop_rounds(const NonEmpty<T>& c, Body& body, const Round& round, Index& rounds, Index max_rounds, const RoundCounter& counter) {
  if (switches().device_loops && !loop_capture()) {
    // The first rounds as written: errors surface here, with their operation's name, the matrices'
    // derived forms get built, and a loop that ends by then pays no capture.
    // A round is timed up to its condition's check, which waits for its count.
    const Index eager = std::max<Index>(1, tuning().device_loop_after_rounds);
    auto fastest = std::chrono::steady_clock::duration::max();
    bool holds = rounds < max_rounds && loop_condition_holds(c);
    while (holds && rounds < eager) {
      const auto start = std::chrono::steady_clock::now();
      holds = round();
      fastest = std::min(fastest, std::chrono::steady_clock::now() - start);
    }
    if (holds && rounds == eager) {
      const std::uint64_t slowest_us = tuning().device_loop_slowest_round_us;
      if (slowest_us == 0 || fastest < std::chrono::microseconds(slowest_us)) {
        if (std::optional<Index> all = device_rounds<Access>(c, body, rounds, max_rounds, counter)) {
          rounds = *all;
          return true;
        }  // else on from `rounds`
      } else {
        device_loop_declined = "its rounds are long enough to run from the host";
      }
    }
  }
  return false;
}

}  // namespace hpg::detail::cuda
