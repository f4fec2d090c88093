#pragma once
// Fitness of candidate evaluators: games from a set of start boards against
// fixed opponents, in each configured colour and depth, scored as in the
// thesis (games won; among equals, fewer moves needed to win) or by points
// (win 1, draw 1/2). The unit of parallel work is one game; each game's
// randomness is seeded from (seed, program hash, board, configuration), so a
// program's fitness does not depend on thread count, scheduling, or which
// other programs are evaluated with it — which is what makes caching sound.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tournament/game.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

enum class Scoring : std::uint8_t { Thesis, Points };

struct Opponent {
  Player player;  // its depth is the configuration's opponent depth
};

struct FitnessConfig {
  Side candidate_side;
  int candidate_depth;
  int opponent;  // index into the opponents
  int opponent_depth;
};

struct FitnessTask {
  std::vector<Position> boards;
  std::vector<Opponent> opponents;
  std::vector<FitnessConfig> configs;
  GameSettings game;
  Scoring scoring = Scoring::Thesis;
  std::uint64_t seed = 1;

  std::size_t games_per_candidate() const { return boards.size() * configs.size(); }
};

struct Fitness {
  int games = 0;
  int wins = 0;
  int draws = 0;
  std::int64_t moves_to_win = 0;  // plies of the won games, summed
  std::uint64_t nodes = 0;        // search nodes of both players, for benchmarks

  double score(Scoring s) const { return s == Scoring::Thesis ? wins : wins + 0.5 * draws; }
  // Better: higher score; among equal scores, fewer moves to win.
  bool better_than(const Fitness& other, Scoring s) const {
    if (score(s) != other.score(s)) return score(s) > other.score(s);
    return moves_to_win < other.moves_to_win;
  }
  bool same_as(const Fitness& other, Scoring s) const {
    return score(s) == other.score(s) && moves_to_win == other.moves_to_win;
  }
};

struct Candidate {
  AnyEvaluator evaluator;
  std::uint64_t hash;  // identifies the program for seeding its games
};

// Plays every candidate's games (one parallel task per game) and returns
// their fitness, in order. `on_game` is called after each game (any thread).
std::vector<Fitness> evaluate_fitness(const std::vector<Candidate>& candidates, const FitnessTask& task, int threads,
                                      const std::function<void()>& on_game = {});

}  // namespace evalsynth
