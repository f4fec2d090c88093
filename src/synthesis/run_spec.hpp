#pragma once
// What a synthesis run is told to do: every setting of a run spec, each with
// its default (documented in specs/README.md). Files are read by io/spec.hpp;
// this is the domain type the run itself is built from.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "evolve/algorithm.hpp"
#include "evolve/operators.hpp"
#include "evolve/variation.hpp"
#include "games/registry.hpp"
#include "support/files.hpp"
#include "tournament/fitness.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {

struct RunSpec {
  std::string source;   // the spec file
  std::string text;     // its text, copied into the results
  std::string name;     // results/<name>/
  GameDescriptor game;  // games/registry.hpp; Connect4's win test is `rules`
  std::string grammar = "grammar/adate.grammar";
  std::vector<std::string> seeds;
  std::string seed_population;  // a checkpoint or run folder whose programs join the first population
  std::vector<std::string> opponents = {"ibef@2"};
  std::vector<Side> colours = {Side::X, Side::O};
  std::vector<int> candidate_depths = {1, 2};
  // Which candidate depth meets which opponent depth: every candidate depth
  // every opponent (All), or only an opponent searching as deep as the
  // candidate (Equal: `ibef@1-4` with candidate depths 1-4 is four equal-depth
  // pairings, as `match` measures strength). Depthless opponents (random) meet
  // every depth.
  enum class DepthPairing { All, Equal };
  DepthPairing depth_pairing = DepthPairing::All;
  bool pairs(int candidate_depth, int opponent_depth) const {
    return depth_pairing == DepthPairing::All || opponent_depth == 0 || opponent_depth == candidate_depth;
  }
  std::vector<BoardSource> training = {{BoardSource::Kind::Shallow, 0, {}}, {BoardSource::Kind::Random, 98, {}}};
  std::vector<BoardSource> validation = {{BoardSource::Kind::Random, 556, {}}};
  // Where perfect opponents start instead (perfect play costs seconds a move
  // before 10 stones): empty, the boards above.
  std::vector<BoardSource> perfect_training, perfect_validation;
  const std::vector<BoardSource>& perfect_training_boards() const {
    return perfect_training.empty() ? training : perfect_training;
  }
  const std::vector<BoardSource>& perfect_validation_boards() const {
    return perfect_validation.empty() ? validation : perfect_validation;
  }
  std::uint64_t board_seed = 2005;
  // Not a spec key: play only the first N training boards (0: all of them).
  // `evalsynth reliability` runs a spec's hill-climber at smaller comparison
  // sizes with it; never saved, so a checkpoint's spec never carries it.
  std::size_t training_board_limit = 0;
  std::vector<std::string> strength_positions;  // .analysis files; empty: no strength measure
  int strength_depth = 4;
  // A fitness term: mistakes against perfect play on labelled positions
  // (training and validation sets kept apart), each costing
  // scoring.mistake_cost won games.
  std::vector<std::string> training_positions;    // .analysis files; empty: games only
  std::vector<std::string> validation_positions;  // .analysis files
  std::vector<int> position_depths;               // empty: the candidate depths
  bool uses_positions() const { return !training_positions.empty() || !validation_positions.empty(); }
  std::vector<int> resolved_position_depths() const {
    return position_depths.empty() ? candidate_depths : position_depths;
  }
  Scoring scoring{GameScoring::Thesis, 1};
  MoveOrder move_order = MoveOrder::LeftToRight;
  int random_move_percent = 0;  // of the games' moves, either player's (GameSettings)
  connect4::RuleSet rules = connect4::RuleSet::Standard;
  int population = 100;
  int generations = 50;
  double time_budget_seconds = 0;      // 0: none (a budget makes results depend on speed)
  std::int64_t evaluation_budget = 0;  // 0: none
  std::vector<double> operator_rates = evolve::default_operator_rates();  // by evolve::OperatorId
  int restart_every = 0;  // 0: never; else a fresh population every N generations
  evolve::AlgorithmKind algorithm = evolve::AlgorithmKind::Generational;
  int archive_per_size = 2;  // archive: programs kept per program size
  int compound = 3;          // archive: at most this many transformations make one offspring
  int islands = 4;           // islands: populations of population / islands programs
  int migration_every = 5;   // islands: generations between migrations
  int migrants = 2;          // islands: the best K of each island replace the worst K of the next
  int tournament_size = 4;
  int elitism = 2;
  evolve::Limits limits;
  int init_depth = 5;
  int validation_top = 5;
  // Racing (tournament/racing.hpp): stop a candidate's training evaluation
  // once it cannot enter the best validation_top; off by default.
  bool racing = false;
  int race_batches = 4;
  double race_confidence = 0.999;
  int hall_of_fame = 10;
  std::uint64_t seed = 1;
  int threads = 0;
  std::string output = "results";
  std::string checkpoints = "population";  // checkpoints go to <checkpoints>/<name>/
  int checkpoint_every = 10;               // generations; 0: only by time, at the end and on a signal
  double checkpoint_seconds = 300;         // also after this long since the last one; 0: only by generations
  int checkpoint_keep = 3;                 // the newest K are kept

  // The game the run plays, Connect4's win test included.
  GameDescriptor game_descriptor() const {
    GameDescriptor d = game;
    if (d.family == connect4::kFamily) d.params[0] = rules == connect4::RuleSet::ThesisJava ? 1 : 0;
    return d;
  }

  // The fully resolved spec, in spec syntax (what --dry-run prints).
  std::string resolved_text() const;
  std::string position_text() const;  // the position term's lines of it
  std::uint64_t hash() const;
  // Every file the run reads (the spec, grammar, seeds, opponent programs,
  // board and position files, the seed population), which it must never write.
  std::vector<FileRole> input_files() const;
};

}  // namespace evalsynth
