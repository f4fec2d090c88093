#include "cluster/batch_split.hpp"

#include <algorithm>
#include <cassert>

namespace evalsynth::cluster {

BatchSplit::BatchSplit(std::size_t units, std::size_t playing_ranks, bool rank_zero_plays)
    : last_(units),
      playing_ranks_(std::max<std::size_t>(1, playing_ranks)),
      rank_zero_plays_(rank_zero_plays),
      smallest_(std::max<std::size_t>(1, units / (64 * playing_ranks_))),
      slice_(std::max<std::size_t>(1, smallest_ / 4)) {}

std::size_t BatchSplit::guided(std::size_t share, std::size_t floor) const {
  return std::max(floor, (last_ - next_) / (share * kInFlight * playing_ranks_));
}

UnitRange BatchSplit::for_worker(std::size_t backlog, double seconds_per_unit) {
  std::size_t size = std::min(last_ - next_, guided(2, smallest_));
  if (rank_zero_plays_) {
    // The most it can take: (backlog + size) * there <= (left - size) * here.
    const double there = seconds_per_unit > 0 ? seconds_per_unit : 1;
    const double here = units_here_ ? seconds_here_ / static_cast<double>(units_here_) : there;
    const double left = static_cast<double>(last_ - next_);
    const double most = (left * here - static_cast<double>(backlog) * there) / (here + there);
    size = most < static_cast<double>(slice_) ? 0 : std::min(size, static_cast<std::size_t>(most));
  }
  const UnitRange chunk{next_, next_ + size};
  next_ = chunk.end;
  return chunk;
}

UnitRange BatchSplit::for_rank_zero() {
  assert(!done());
  const UnitRange slice{last_ - std::min(last_ - next_, guided(8, slice_)), last_};
  last_ = slice.begin;
  return slice;
}

void BatchSplit::played_here(std::size_t units, double seconds) {
  units_here_ += units;
  seconds_here_ += seconds;
}

}  // namespace evalsynth::cluster
