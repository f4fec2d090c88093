#pragma once
// Timing helpers shared by the parts of `evalsynth bench`.

#include <algorithm>
#include <chrono>
#include <vector>

namespace evalsynth {

// The median over rounds of one pass over the positions: a round disturbed by
// another process on a shared machine does not move it.
template <class E, class P>
double nanoseconds_per_evaluation(const E& evaluator, const std::vector<P>& positions, int rounds) {
  long long sink = 0;
  std::vector<double> round_seconds;
  for (int r = 0; r < rounds; ++r) {
    const auto start = std::chrono::steady_clock::now();
    for (const P& p : positions) sink += evaluator(p);
    round_seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  static volatile long long keep = 0;
  keep = keep + sink;
  std::nth_element(round_seconds.begin(), round_seconds.begin() + rounds / 2, round_seconds.end());
  return round_seconds[static_cast<std::size_t>(rounds / 2)] * 1e9 / static_cast<double>(positions.size());
}

}  // namespace evalsynth
