#pragma once
// Fitness of candidate evaluators: games from a set of start boards against
// fixed opponents, in each configured colour and depth, scored as in the
// thesis (games won; among equals, fewer moves needed to win) or by points
// (win 1, draw 1/2); optionally minus a cost for every mistake the candidate
// makes on positions labelled by perfect play (searching each at the
// configured depths: the move it chooses is a mistake when another move has a
// better value sign, as in `strength`). The units of parallel work are one
// game and one chunk of positions; the randomness of each is seeded from
// (seed, program hash, board or position, configuration), so a program's
// fitness does not depend on thread count, scheduling, or which other
// programs are evaluated with it — which is what makes caching sound.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tournament/game.hpp"
#include "tournament/labelled.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

enum class GameScoring : std::uint8_t { Thesis, Points };

// How a fitness becomes one score: game score minus `mistake_cost` per
// mistake on the labelled positions (a weighted sum: a mistake costs that
// many won games; 0 ignores the positions, a large cost ranks by mistakes
// first and by games among equals).
struct Scoring {
  GameScoring games = GameScoring::Thesis;
  double mistake_cost = 0;
  friend bool operator==(const Scoring&, const Scoring&) = default;
};

template <Game G>
struct Opponent {
  Player<G> player;  // its depth is the configuration's opponent depth
  // Its own start boards (a perfect player from mid-game boards while the
  // others play the openings); empty: the task's boards.
  std::vector<typename G::Position> boards = {};
};

struct FitnessConfig {
  Side candidate_side;
  int candidate_depth;
  int opponent;  // index into the opponents
  int opponent_depth;
};

template <Game G>
struct FitnessTask {
  G game;
  std::vector<typename G::Position> boards;
  std::vector<Opponent<G>> opponents;
  std::vector<FitnessConfig> configs;
  std::vector<LabelledOf<G>> positions;  // judged at each of position_depths
  std::vector<int> position_depths;
  GameSettings settings;
  Scoring scoring;
  std::uint64_t seed = 1;

  const std::vector<typename G::Position>& boards_of(const FitnessConfig& c) const {
    const Opponent<G>& o = opponents[static_cast<std::size_t>(c.opponent)];
    return o.boards.empty() ? boards : o.boards;
  }
  std::size_t games_per_candidate() const {
    std::size_t games = 0;
    for (const FitnessConfig& c : configs) games += boards_of(c).size();
    return games;
  }
  std::size_t judgements_per_candidate() const { return positions.size() * position_depths.size(); }
};

struct Fitness {
  int games = 0;
  int wins = 0;
  int draws = 0;
  std::int64_t moves_to_win = 0;  // plies of the won games, summed
  std::uint64_t nodes = 0;        // search nodes of both players, for benchmarks
  int judgements = 0;             // labelled positions searched (a position once per depth)
  int mistakes = 0;               // of those, the moves worse than the best value
  // Racing (tournament/racing.hpp) stops hopeless candidates early: then
  // only part of the planned games and searches were played, and the score
  // is extrapolated from them. 0: as many as played (a full evaluation).
  int planned_games = 0;
  int planned_judgements = 0;

  bool raced_out() const { return planned_games > games || planned_judgements > judgements; }
  double game_score(GameScoring g) const {
    const double played = g == GameScoring::Thesis ? wins : wins + 0.5 * draws;
    return planned_games > games && games > 0 ? played * planned_games / games : played;
  }
  double mistake_count() const {
    return planned_judgements > judgements && judgements > 0
               ? static_cast<double>(mistakes) * planned_judgements / judgements
               : mistakes;
  }
  double score(const Scoring& s) const { return game_score(s.games) - s.mistake_cost * mistake_count(); }
  double mistake_rate() const { return judgements ? static_cast<double>(mistakes) / judgements : 0.0; }
  // Better: higher score; among equal scores, fewer moves to win.
  bool better_than(const Fitness& other, const Scoring& s) const {
    if (score(s) != other.score(s)) return score(s) > other.score(s);
    return moves_to_win < other.moves_to_win;
  }
  bool same_as(const Fitness& other, const Scoring& s) const {
    return score(s) == other.score(s) && moves_to_win == other.moves_to_win;
  }
};

template <Game G>
struct Candidate {
  EvaluatorOf<G> evaluator;
  std::uint64_t hash;  // identifies the program for seeding its games
};

// One unit's result as the process that played it reports it: what
// fitness_of needs, so units played elsewhere (cluster/) count exactly as
// units played here.
struct UnitResult {
  std::uint64_t nodes = 0;
  std::int32_t plies = 0;
  std::int32_t mistakes = 0;
  std::uint8_t won = 0, lost = 0;
  template <class Archive>
  void serialize(Archive& a) {
    a(nodes, plies, mistakes, won, lost);
  }
};
// Plays units in this process and returns their results.
using PlayHere = std::function<std::vector<UnitResult>(const std::vector<std::size_t>& units)>;
// Plays a batch of units elsewhere (other processes: cluster/), filling
// `results` (one per unit, in order); it may play some here with `here`.
using RemoteUnits =
    std::function<void(const std::vector<std::size_t>& units, std::vector<UnitResult>& results, const PlayHere& here)>;
// Makes the listed candidates' evaluators ready, with up to `threads`
// threads, before their units are first played in this process: a run
// compiles a program only in the processes that play it (cluster/), so
// compiling is shared out with the games.
using PrepareCandidates = std::function<void(const std::vector<std::size_t>& candidates, int threads)>;

// The work of evaluating candidates as numbered units: for each candidate
// its games, then its chunks of labelled positions. Units can be played in
// any order and any grouping (each one's randomness is its own), which is
// what lets racing play them batch by batch.
template <Game G>
class FitnessUnits {
 public:
  FitnessUnits(const std::vector<Candidate<G>>& candidates, const FitnessTask<G>& task);

  std::size_t units_per_candidate() const { return per_candidate_; }
  std::size_t games() const { return games_; }
  // Judgements (position searches) of a candidate's unit `within`: 0 for a game.
  std::size_t judgements_of(std::size_t within) const;
  // Plays the listed units (candidate * units_per_candidate() + within) in
  // parallel, or hands them to the remote player if one is set; `on_game` is
  // called after each game played here (any thread).
  void play(const std::vector<std::size_t>& units, int threads, const std::function<void()>& on_game = {});
  void set_remote(const RemoteUnits* remote) { remote_ = remote; }
  void set_prepare(const PrepareCandidates* prepare) { prepare_ = prepare; }
  // The results of played units, and recording results played elsewhere.
  std::vector<UnitResult> results_of(const std::vector<std::size_t>& units) const;
  void record(const std::vector<std::size_t>& units, const std::vector<UnitResult>& results);
  // A candidate's fitness from the units played so far (planned counts set
  // when some were not played).
  Fitness fitness_of(std::size_t candidate) const;

 private:
  void play_unit(std::size_t unit);

  struct Game {
    std::uint32_t board, config;  // indices into the config's boards and the task's configs
  };

  const std::vector<Candidate<G>>& candidates_;
  const FitnessTask<G>& task_;
  // A candidate's games in unit order: every board of the task with each
  // configuration that plays it (board-major), then the games of opponents
  // with boards of their own.
  std::vector<Game> game_list_;
  std::size_t games_, judgements_, chunks_, per_candidate_;
  std::vector<GameRecord> records_;
  std::vector<std::uint8_t> played_, won_, lost_;
  std::vector<int> mistakes_;
  std::function<void()> on_game_;
  const RemoteUnits* remote_ = nullptr;
  const PrepareCandidates* prepare_ = nullptr;
  std::vector<std::uint8_t> prepared_;  // by candidate, with prepare_

  void play_here(const std::vector<std::size_t>& units, int threads);
};

// Plays every candidate's games (one parallel task per game), judges its
// positions, and returns their fitness, in order. `on_game` is called after
// each game (any thread); with `remote` the units are played where it says;
// with `prepare` the candidates' evaluators are made when first needed.
template <Game G>
std::vector<Fitness> evaluate_fitness(const std::vector<Candidate<G>>& candidates, const FitnessTask<G>& task,
                                      int threads, const std::function<void()>& on_game = {},
                                      const RemoteUnits* remote = nullptr, const PrepareCandidates* prepare = nullptr);

}  // namespace evalsynth
