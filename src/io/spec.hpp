#pragma once
// Run specs: everything a synthesis run needs, each field with a default
// (documented in specs/README.md). Unknown keys, bad values and missing files
// are InputErrors with file:line:col; a misspelled key gets a "did you mean".

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "evolve/variation.hpp"
#include "tournament/fitness.hpp"

namespace evalsynth {

// One part of a board set: `shallow` (the 57 boards up to 2 plies), `random(N)`
// (N boards from seeded random games) or `file("path")`.
struct BoardSource {
  enum class Kind { Shallow, Random, File } kind = Kind::Shallow;
  int count = 0;
  std::string path;
};

// How the population evolves: generations of tournament selection, or an
// ADATE-like archive of the best programs of each size.
enum class Algorithm : std::uint8_t { Generational, Archive };

struct RunSpec {
  std::string source;     // the spec file
  std::string text;       // its text, copied into the results
  std::string name;       // results/<name>/
  std::string grammar = "grammar/adate.grammar";
  std::vector<std::string> seeds;
  std::string seed_population;  // a checkpoint or run folder whose programs join the first population
  std::vector<std::string> opponents = {"ibef@2"};
  std::vector<Side> colours = {Side::X, Side::O};
  std::vector<int> candidate_depths = {1, 2};
  std::vector<BoardSource> training = {{BoardSource::Kind::Shallow, 0, {}}, {BoardSource::Kind::Random, 98, {}}};
  std::vector<BoardSource> validation = {{BoardSource::Kind::Random, 556, {}}};
  std::uint64_t board_seed = 2005;
  std::vector<std::string> strength_positions;  // .analysis files; empty: no strength measure
  int strength_depth = 4;
  Scoring scoring = Scoring::Thesis;
  MoveOrder move_order = MoveOrder::LeftToRight;
  RuleSet rules = RuleSet::Standard;
  int population = 100;
  int generations = 50;
  double time_budget_seconds = 0;        // 0: none (a budget makes results depend on speed)
  std::int64_t evaluation_budget = 0;    // 0: none
  std::array<double, evolve::kOperatorCount> operator_rates = {0.4, 0.15, 0.1, 0.1, 0.03, 0.05, 0.07, 0.04, 0.03, 0.03};
  int restart_every = 0;                 // 0: never; else a fresh population every N generations
  Algorithm algorithm = Algorithm::Generational;
  int archive_per_size = 2;              // archive: programs kept per program size
  int compound = 3;                      // archive: at most this many transformations make one offspring
  int tournament_size = 4;
  int elitism = 2;
  evolve::Limits limits;
  int init_depth = 5;
  int validation_top = 5;
  int hall_of_fame = 10;
  std::uint64_t seed = 1;
  int threads = 0;
  std::string output = "results";
  std::string checkpoints = "population";  // checkpoints go to <checkpoints>/<name>/
  int checkpoint_every = 10;               // generations; 0: only by time, at the end and on a signal
  double checkpoint_seconds = 300;         // also after this long since the last one; 0: only by generations
  int checkpoint_keep = 3;                 // the newest K are kept

  // The fully resolved spec, in spec syntax (what --dry-run prints).
  std::string resolved_text() const;
  std::uint64_t hash() const;
};

// Self-play opponents in the opponent list: `answer@D` is the run's current
// answer (1), `hallK@D` the K best of its hall of fame (K = 1..20). Returns
// how many programs the entry stands for, or 0 for any other opponent.
int self_play_count(std::string_view opponent);

RunSpec parse_spec(const std::string& text, const std::string& source_name);
RunSpec read_spec_file(const std::string& path);

}  // namespace evalsynth
