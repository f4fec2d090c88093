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
  int threads = 0;        // 0 = the cores this process may run on
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
  // The start board of each game, beside x_results (a board's games are
  // consecutive): what a board's cluster is. Empty: games_per_board
  // consecutive games a board.
  std::vector<std::uint32_t> x_boards;
};

// One game of a match as a record keeps it (match --record, --replay):
// who played, from which start board (an index into the match's boards)
// and repetition, its seed, result, length, nodes and, when asked for, its
// moves as the game writes a move sequence.
struct MatchGame {
  std::string x, o;
  std::size_t board = 0;
  int repetition = 0;
  std::uint64_t seed = 0;
  Outcome outcome = Outcome::Draw;
  int plies = 0;
  std::uint64_t nodes = 0;
  std::string moves;
};

// The pairings' results from their games, pairings in the order they first
// appear, each pairing's games by start board and then repetition (the
// order run_match plays them in, which pairs a pairing's games with the
// colour-swapped pairing's).
std::vector<PairingResult> pairing_results(std::vector<MatchGame> games, int games_per_board, bool independent_repeats);

// The seed of one game; exposed so a single game can be replayed.
std::uint64_t game_seed(std::uint64_t match_seed, const std::string& x_label, const std::string& o_label,
                        std::size_t board_index, int repetition);

// Plays games_per_board games from each start board for each pairing.
// Preconditions: boards non-empty, none finished.
template <Game G>
std::vector<PairingResult> run_match(const G& game, const std::vector<Pairing<G>>& pairings,
                                     const std::vector<typename G::Position>& boards, const MatchOptions& options);

// Every game of the match, in a fixed order (pairing, board, repetition),
// with its moves if `with_moves`.
template <Game G>
std::vector<MatchGame> play_match_games(const G& game, const std::vector<Pairing<G>>& pairings,
                                        const std::vector<typename G::Position>& boards, const MatchOptions& options,
                                        bool with_moves);

// Pairs `first` .. `first + count - 1` of a sequential match of `a` against
// `b` (match --sprt): pair k is start board k mod boards.size(), repetition
// k / boards.size(), played with `a` as X and then as O; the very games a
// match of both colours plays there. Two games a pair, in that order.
template <Game G>
std::vector<MatchGame> play_game_pairs(const G& game, const Player<G>& a, const Player<G>& b,
                                       const std::vector<typename G::Position>& boards, const MatchOptions& options,
                                       std::size_t first, std::size_t count, bool with_moves);

// Every game's record in a fixed order (pairing, board, repetition): for tests
// that compare runs game by game.
template <Game G>
std::vector<GameRecord> play_all_games(const G& game, const std::vector<Pairing<G>>& pairings,
                                       const std::vector<typename G::Position>& boards, const MatchOptions& options);

}  // namespace evalsynth
