#pragma once
// What `evalsynth learn` is told by a learning spec (specs/README.md,
// "Learning specs"; read by io/learn_spec_reader.hpp): which evaluator to
// train, how, against whom, for how many games.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "model/fable_model.hpp"

namespace evalsynth::learn {

enum class LearnerKind { ThesisNet, NTuple, Linear, Fable, WinNet };

// A parameter that moves linearly from `start` (first game) to `end` (last).
struct Schedule {
  double start = 0, end = 0;
  double at(std::uint64_t game, std::uint64_t games) const {
    if (games <= 1) return start;
    return start + (end - start) * static_cast<double>(game) / static_cast<double>(games - 1);
  }
};

struct LearnSpec {
  std::string source;  // the file it was read from
  std::string text;    // and its text (kept in checkpoints)
  std::string name;

  // The game it learns (Connect4 unless the spec says `game =`).
  GameDescriptor game;
  LearnerKind learner = LearnerKind::NTuple;
  std::uint64_t games = 0;
  // Players the learner meets in turn, each with both colours; empty: it
  // plays itself (self-play, both sides learn).
  std::vector<std::string> opponents;
  // Against opponents, the side the learner plays: both in turn (X, then O,
  // game by game), or always X or always O (FABLE's protocol).
  // None: the learner only watches the opponent play both sides (FABLE
  // learns from every game it sees).
  enum class Sides { Alternate, X, O, None } sides = Sides::Alternate;
  // fable: the confidence constant of model/fable_model.hpp, and a model
  // to start from ("": an empty one)
  double confidence = 5;
  // fable: how counts become values (model/fable_model.hpp)
  model::FableValues fable_values = model::FableValues::Signed;
  // fable: what identifies a locality (model/fable_model.hpp)
  model::FableLocalities fable_localities = model::FableLocalities::Contents;
  // fable and ntuple: a model to go on from, and the hash of its contents
  // (set by the spec reader, learn/start_model.hpp)
  std::string start_model;
  std::uint64_t start_model_hash = 0;
  Schedule alpha, epsilon;
  // alpha = harmonic(A, B): A / (B + n), n the updates so far (Melicher's
  // 50 / (49 + n)); the schedule above is then unused.
  bool harmonic_alpha = false;
  double harmonic_a = 0, harmonic_b = 0;
  double lambda = 0;  // eligibility-trace decay (TD(lambda)); 0: TD(0)
  // thesis-net and win-net
  int hidden = 15;
  double initial_weights = 0.1;  // uniform in [-w, w]
  // n-tuple (cell_states: Connect4's choice; other games' cells have the
  // states their CellBoard says)
  int tuples = 70, tuple_length = 8, cell_states = 4;
  // Other games on a grid: every straight line of tuple_length cells, one
  // per class of symmetric lines (Jaśkowski 2014's systematic tuples), not
  // `tuples` random walks; the reader then sets `tuples` to their count.
  bool straight_tuples = false;
  bool per_side_tables = true;  // a table per tuple for each side to move
  // Connect4: 0 for one stage, else the stone count where the second stage's
  // tables begin (model/ntuple_net.hpp).
  int stage_split = 0;
  // Temporal coherence learning (Beal & Smith 1999; Thill, Bagheri, Koch
  // and Konen 2014): each weight's step is alpha times its own rate
  // |sum of its recommended changes| / (sum of their magnitudes), so weights
  // whose corrections keep one direction learn at alpha and those that
  // oscillate slow down (learn/afterstate_trace.hpp).
  bool tcl = false;
  // Regression on solver-labelled positions (learn/labelled_regression.hpp;
  // Connect4's n-tuple network): the files, and the steps taken after each
  // game (each a position, every move's afterstate towards its exact value
  // class). play_games = false: no games, each of `games` rounds is the
  // steps alone (regression without self-play).
  std::vector<std::string> labelled_positions;
  int labelled_steps = 10;
  bool play_games = true;
  // linear: its terms, each features of one player joined by '+'
  // (model/feature_weights.hpp), their weights at first
  std::vector<std::string> terms;

  std::uint64_t seed = 1;
  // Learning curve: a row every `curve_every` games; the mistake rate of the
  // model searching `curve_depth` plies on `curve_positions` (if named).
  std::uint64_t curve_every = 0;
  std::string curve_positions;
  int curve_depth = 1;

  std::string output = "results";
  std::string checkpoints = "population";
  std::uint64_t checkpoint_every = 0;  // games; 0: by time only
  double checkpoint_seconds = 300;
  int threads = 0;  // for the curve's measurements; training is sequential

  // What the result depends on (not output folders, checkpointing or threads).
  std::uint64_t hash() const;
  std::string results_folder() const { return output + "/" + name; }
  std::string checkpoint_folder() const { return checkpoints + "/" + name; }
};

// Fills in what the spec left out (`given`: the keys it names) with the
// learner's own recipe.
void apply_defaults(LearnSpec& spec, const std::set<std::string>& given);

std::string learner_word(LearnerKind kind);  // "thesis-net", "ntuple", "linear", "fable", "win-net"

}  // namespace evalsynth::learn
