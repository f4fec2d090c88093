#include "tournament/strength.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <cassert>
#include <cctype>
#include <sstream>

#include "games/registry.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"
#include "support/spread.hpp"
#include "support/worker_threads.hpp"

namespace evalsynth {

template <Game G>
std::vector<std::uint8_t> judge_positions(const G& game, const Player<G>& player,
                                          const std::vector<LabelledOf<G>>& positions,
                                          const std::vector<std::size_t>& which, MoveOrder order, std::uint64_t seed,
                                          int threads) {
  std::vector<std::uint8_t> mistaken(which.size(), 0);
  auto judge = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t k = range.begin(); k != range.end(); ++k) {
      const std::size_t i = which[k];
      assert(i < positions.size());
      Rng rng(mix_seed({seed, i, static_cast<std::uint64_t>(player.depth)}));
      SearchCounters counters;
      const typename G::Move move = choose_move(game, player, positions[i].position, order, rng, counters);
      mistaken[k] = is_mistake(positions[i], move) ? 1 : 0;
    }
  };
  tbb::task_arena arena(worker_threads(threads));
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, which.size(), 8), judge); });
  return mistaken;
}

StrengthResult strength_of(std::vector<std::uint8_t> mistaken) {
  StrengthResult r;
  r.positions = static_cast<int>(mistaken.size());
  for (std::uint8_t m : mistaken) r.mistakes += m;
  r.mistaken = std::move(mistaken);
  return r;
}

template <Game G>
StrengthResult measure_strength(const G& game, const Player<G>& player, const std::vector<LabelledOf<G>>& positions,
                                MoveOrder order, std::uint64_t seed, int threads) {
  // A byte per position, 1 for a mistake; under mpirun in chunks over the
  // ranks (support/spread.hpp).
  const std::string judged = spread_items(positions.size(), [&](std::size_t begin, std::size_t end) {
    std::vector<std::size_t> which(end - begin);
    for (std::size_t i = begin; i < end; ++i) which[i - begin] = i;
    const std::vector<std::uint8_t> part = judge_positions(game, player, positions, which, order, seed, threads);
    return std::string(part.begin(), part.end());
  });
  assert(judged.size() == positions.size());
  return strength_of(std::vector<std::uint8_t>(judged.begin(), judged.end()));
}

#define EVALSYNTH_INSTANTIATE(G)                                                                                       \
  template StrengthResult measure_strength<G>(const G&, const Player<G>&, const std::vector<LabelledOf<G>>&,           \
                                              MoveOrder, std::uint64_t, int);                                          \
  template std::vector<std::uint8_t> judge_positions<G>(const G&, const Player<G>&, const std::vector<LabelledOf<G>>&, \
                                                        const std::vector<std::size_t>&, MoveOrder, std::uint64_t,     \
                                                        int);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
