#pragma once
// Matches: many games for each pairing of an X player and an O player, played
// in parallel with oneTBB. Every game's randomness comes from its own seed,
// derived from (match seed, pairing labels, start board, repetition), so the
// results are the same for any thread count and do not change when other
// pairings are added to the match.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tournament/game.hpp"

namespace evalsynth {

template <Game G>
struct Pairing {
  Player<G> x;
  Player<G> o;
};

struct MatchOptions {
  int games_per_board = 1;
  std::uint64_t seed = 1;
  GameSettings settings;
  int threads = 0;        // 0 = all cores
  bool progress = false;  // live progress line on stderr
};

struct PairingResult {
  std::string x_label;
  std::string o_label;
  int games = 0;
  int x_wins = 0;
  int o_wins = 0;
  int draws = 0;
  std::uint64_t nodes = 0;
  // X's result of each game (+1 won, 0 drawn, -1 lost), by start board and
  // then repetition: the colour-swapped pairing's game k began where this
  // one's did, which pairs them for a paired test.
  std::vector<std::int8_t> x_results;
  // Games per start board, and whether repeated games from one board are
  // independent draws (random root order); with the left-to-right order
  // deterministic players repeat one game, so a board is one observation.
  int games_per_board = 1;
  bool independent_repeats = true;
};

// The seed of one game; exposed so a single game can be replayed.
std::uint64_t game_seed(std::uint64_t match_seed, const std::string& x_label, const std::string& o_label,
                        std::size_t board_index, int repetition);

// Plays games_per_board games from each start board for each pairing.
// Preconditions: boards non-empty, none finished.
template <Game G>
std::vector<PairingResult> run_match(const G& game, const std::vector<Pairing<G>>& pairings,
                                     const std::vector<typename G::Position>& boards, const MatchOptions& options);

// Every game's record in a fixed order (pairing, board, repetition): for tests
// that compare runs game by game.
template <Game G>
std::vector<GameRecord> play_all_games(const G& game, const std::vector<Pairing<G>>& pairings,
                                       const std::vector<typename G::Position>& boards, const MatchOptions& options);

}  // namespace evalsynth
