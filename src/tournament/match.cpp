#include "tournament/match.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cassert>
#include <cereal/types/string.hpp>
#include <map>
#include <utility>

#include "games/registry.hpp"
#include "support/binary_archive.hpp"
#include "support/progress.hpp"
#include "support/spread.hpp"
#include "support/worker_threads.hpp"

namespace evalsynth {

std::uint64_t game_seed(std::uint64_t match_seed, const std::string& x_label, const std::string& o_label,
                        std::size_t board_index, int repetition) {
  return mix_seed(
      {match_seed, hash_text(x_label), hash_text(o_label), board_index, static_cast<std::uint64_t>(repetition)});
}

namespace {

// A game's result as the ranks of a cluster send it (support/spread.hpp):
// what playing it found; who played it where is known to every rank.
void encode_results(const std::vector<MatchGame>& games, std::string& bytes) {
  BinaryOutputArchive a(bytes);
  for (const MatchGame& g : games)
    a(static_cast<std::uint8_t>(g.outcome), static_cast<std::int32_t>(g.plies), g.nodes, g.moves);
}
void decode_results(const std::string& bytes, std::vector<MatchGame>& games) {
  BinaryInputArchive a(bytes, 0);
  for (MatchGame& g : games) {
    std::uint8_t outcome = 0;
    std::int32_t plies = 0;
    a(outcome, plies, g.nodes, g.moves);
    g.outcome = static_cast<Outcome>(outcome);
    g.plies = plies;
  }
  assert(a.bytes_left() == 0);
}

// Plays `count` games, game i as `what(i)` says ({x, o, board,
// repetition}): in parallel, and under mpirun in chunks over the ranks;
// each writes only its own slot.
template <Game G, class What>
std::vector<MatchGame> play_games(const G& game, const std::vector<typename G::Position>& boards,
                                  const MatchOptions& options, std::size_t count, bool with_moves, const What& what) {
  std::vector<MatchGame> games(count);
  for (std::size_t i = 0; i < count; ++i) {
    const auto [x, o, board, repetition] = what(i);
    MatchGame& g = games[i];
    g.x = x->label();
    g.o = o->label();
    g.board = board;
    g.repetition = repetition;
    g.seed = game_seed(options.seed, g.x, g.o, board, repetition);
  }
  ProgressLine progress("match", "games", count, options.progress);
  const int threads = worker_threads(options.threads);
  const std::string bytes = spread_items(count, [&](std::size_t begin, std::size_t end) {
    std::vector<MatchGame> part(games.begin() + static_cast<std::ptrdiff_t>(begin),
                                games.begin() + static_cast<std::ptrdiff_t>(end));
    auto play_range = [&](const tbb::blocked_range<std::size_t>& range) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const auto [x, o, board, repetition] = what(begin + i);
        MatchGame& g = part[i];
        Rng rng(g.seed);
        const GameRecord record =
            play_game(game, *x, *o, boards[board], options.settings, rng, with_moves ? &g.moves : nullptr);
        g.outcome = record.outcome;
        g.plies = record.plies;
        g.nodes = record.nodes;
        progress.add();
      }
    };
    tbb::task_arena arena(threads);
    arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, part.size(), 1), play_range); });
    std::string encoded;
    encode_results(part, encoded);
    return encoded;
  });
  decode_results(bytes, games);
  return games;
}

template <Game G>
struct GameSlot {
  const Player<G>* x;
  const Player<G>* o;
  std::size_t board;
  int repetition;
};

}  // namespace

template <Game G>
std::vector<MatchGame> play_match_games(const G& game, const std::vector<Pairing<G>>& pairings,
                                        const std::vector<typename G::Position>& boards, const MatchOptions& options,
                                        bool with_moves) {
  const std::size_t per_board = static_cast<std::size_t>(options.games_per_board);
  const std::size_t per_pairing = boards.size() * per_board;
  return play_games(game, boards, options, pairings.size() * per_pairing, with_moves, [&](std::size_t i) {
    const Pairing<G>& pairing = pairings[i / per_pairing];
    const std::size_t within = i % per_pairing;
    return GameSlot<G>{&pairing.x, &pairing.o, within / per_board, static_cast<int>(within % per_board)};
  });
}

template <Game G>
std::vector<MatchGame> play_game_pairs(const G& game, const Player<G>& a, const Player<G>& b,
                                       const std::vector<typename G::Position>& boards, const MatchOptions& options,
                                       std::size_t first, std::size_t count, bool with_moves) {
  return play_games(game, boards, options, 2 * count, with_moves, [&](std::size_t i) {
    const std::size_t pair = first + i / 2;
    const bool a_first = i % 2 == 0;
    return GameSlot<G>{a_first ? &a : &b, a_first ? &b : &a, pair % boards.size(),
                       static_cast<int>(pair / boards.size())};
  });
}

std::vector<PairingResult> pairing_results(std::vector<MatchGame> games, int games_per_board,
                                           bool independent_repeats) {
  std::vector<PairingResult> results;
  std::map<std::pair<std::string, std::string>, std::size_t> index;
  std::vector<std::vector<const MatchGame*>> of_pairing;
  for (const MatchGame& g : games) {
    const auto [at, added] = index.try_emplace({g.x, g.o}, results.size());
    if (added) {
      PairingResult r;
      r.x_label = g.x;
      r.o_label = g.o;
      r.games_per_board = games_per_board;
      r.independent_repeats = independent_repeats;
      results.push_back(std::move(r));
      of_pairing.emplace_back();
    }
    of_pairing[at->second].push_back(&g);
  }
  for (std::size_t p = 0; p < results.size(); ++p) {
    std::vector<const MatchGame*>& mine = of_pairing[p];
    std::stable_sort(mine.begin(), mine.end(), [](const MatchGame* a, const MatchGame* b) {
      return a->board != b->board ? a->board < b->board : a->repetition < b->repetition;
    });
    PairingResult& r = results[p];
    for (const MatchGame* g : mine) {
      ++r.games;
      r.nodes += g->nodes;
      r.x_wins += g->outcome == Outcome::XWin;
      r.o_wins += g->outcome == Outcome::OWin;
      r.draws += g->outcome == Outcome::Draw;
      r.x_results.push_back(g->outcome == Outcome::XWin ? 1 : g->outcome == Outcome::OWin ? -1 : 0);
      r.x_boards.push_back(static_cast<std::uint32_t>(g->board));
    }
  }
  return results;
}

template <Game G>
std::vector<GameRecord> play_all_games(const G& game, const std::vector<Pairing<G>>& pairings,
                                       const std::vector<typename G::Position>& boards, const MatchOptions& options) {
  std::vector<GameRecord> records;
  for (const MatchGame& g : play_match_games(game, pairings, boards, options, false))
    records.push_back({g.outcome, g.plies, g.nodes});
  return records;
}

template <Game G>
std::vector<PairingResult> run_match(const G& game, const std::vector<Pairing<G>>& pairings,
                                     const std::vector<typename G::Position>& boards, const MatchOptions& options) {
  return pairing_results(play_match_games(game, pairings, boards, options, false), options.games_per_board,
                         options.settings.order == MoveOrder::Random || options.settings.random_move_percent > 0);
}

#define EVALSYNTH_INSTANTIATE(G)                                                                                   \
  template std::vector<PairingResult> run_match<G>(const G&, const std::vector<Pairing<G>>&,                       \
                                                   const std::vector<G::Position>&, const MatchOptions&);          \
  template std::vector<GameRecord> play_all_games<G>(const G&, const std::vector<Pairing<G>>&,                     \
                                                     const std::vector<G::Position>&, const MatchOptions&);        \
  template std::vector<MatchGame> play_match_games<G>(const G&, const std::vector<Pairing<G>>&,                    \
                                                      const std::vector<G::Position>&, const MatchOptions&, bool); \
  template std::vector<MatchGame> play_game_pairs<G>(const G&, const Player<G>&, const Player<G>&,                 \
                                                     const std::vector<G::Position>&, const MatchOptions&,         \
                                                     std::size_t, std::size_t, bool);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
