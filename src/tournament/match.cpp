#include "tournament/match.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "games/registry.hpp"
#include "support/progress.hpp"

namespace evalsynth {

std::uint64_t game_seed(std::uint64_t match_seed, const std::string& x_label, const std::string& o_label,
                        std::size_t board_index, int repetition) {
  return mix_seed(
      {match_seed, hash_text(x_label), hash_text(o_label), board_index, static_cast<std::uint64_t>(repetition)});
}

template <Game G>
std::vector<GameRecord> play_all_games(const G& game, const std::vector<Pairing<G>>& pairings,
                                       const std::vector<typename G::Position>& boards, const MatchOptions& options) {
  const std::size_t per_pairing = boards.size() * static_cast<std::size_t>(options.games_per_board);
  const std::size_t total = pairings.size() * per_pairing;
  std::vector<GameRecord> records(total);
  ProgressLine progress("match", "games", total, options.progress);

  // The unit of parallel work is one game; each writes only its own slot.
  auto play_range = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      const Pairing<G>& pairing = pairings[i / per_pairing];
      const std::size_t within = i % per_pairing;
      const std::size_t board = within / static_cast<std::size_t>(options.games_per_board);
      const int repetition = static_cast<int>(within % static_cast<std::size_t>(options.games_per_board));
      Rng rng(game_seed(options.seed, pairing.x.label(), pairing.o.label(), board, repetition));
      records[i] = play_game(game, pairing.x, pairing.o, boards[board], options.settings, rng);
      progress.add();
    }
  };
  const int threads = options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads);
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, total, 1), play_range); });
  return records;
}

template <Game G>
std::vector<PairingResult> run_match(const G& game, const std::vector<Pairing<G>>& pairings,
                                     const std::vector<typename G::Position>& boards, const MatchOptions& options) {
  const std::vector<GameRecord> records = play_all_games(game, pairings, boards, options);
  const std::size_t per_pairing = boards.size() * static_cast<std::size_t>(options.games_per_board);
  std::vector<PairingResult> results;
  results.reserve(pairings.size());
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    PairingResult r;
    r.x_label = pairings[p].x.label();
    r.o_label = pairings[p].o.label();
    r.x_results.reserve(per_pairing);
    r.games_per_board = options.games_per_board;
    r.independent_repeats = options.settings.order == MoveOrder::Random;
    for (std::size_t g = p * per_pairing; g < (p + 1) * per_pairing; ++g) {
      const GameRecord& game = records[g];
      ++r.games;
      r.nodes += game.nodes;
      switch (game.outcome) {
        case Outcome::XWin:
          ++r.x_wins;
          r.x_results.push_back(1);
          break;
        case Outcome::OWin:
          ++r.o_wins;
          r.x_results.push_back(-1);
          break;
        case Outcome::Draw:
          ++r.draws;
          r.x_results.push_back(0);
          break;
      }
    }
    results.push_back(std::move(r));
  }
  return results;
}

#define EVALSYNTH_INSTANTIATE(G)                                                                          \
  template std::vector<PairingResult> run_match<G>(const G&, const std::vector<Pairing<G>>&,              \
                                                   const std::vector<G::Position>&, const MatchOptions&); \
  template std::vector<GameRecord> play_all_games<G>(const G&, const std::vector<Pairing<G>>&,            \
                                                     const std::vector<G::Position>&, const MatchOptions&);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
