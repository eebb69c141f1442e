// The lanes of a warp that run a statement together (__activemask()), with what a group of
// appenders needs: each lane's rank among them, their leader, a broadcast from it, a count of a
// predicate. What cooperative_groups::coalesced_group gives, without its ballot, which packs the
// bits in the group's order by a loop over the 32 lanes that the compiler unrolls (~200
// instructions a ballot), nor its search for a rank's lane. A held push's fused upserts made two
// such ballots: 400 of the ~700 instructions a warp of a host-loop BFS level's push executed
// (Nsight Compute, grid 2048 x 2048, H200).
#pragma once

namespace hpg::detail::cuda {

struct WarpLanes {
  unsigned mask;  // the lanes, by lane number

  /// The lanes converged where it is called; each of them must then make the same calls.
  __device__ static WarpLanes here() { return WarpLanes{__activemask()}; }

  __device__ static unsigned lane() {
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
  }
  __device__ unsigned size() const { return __popc(mask); }
  /// This lane's rank among them, by lane number.
  __device__ unsigned rank() const {
    unsigned below;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(below));
    return __popc(mask & below);
  }
  __device__ bool leads() const { return lane() == unsigned(__ffs(mask) - 1); }
  /// The leader's v, in every lane.
  template <class T>
  __device__ T from_leader(T v) const { return __shfl_sync(mask, v, __ffs(mask) - 1); }
  /// How many of them hold p.
  __device__ unsigned count(bool p) const { return __popc(__ballot_sync(mask, p)); }
};

}  // namespace hpg::detail::cuda
