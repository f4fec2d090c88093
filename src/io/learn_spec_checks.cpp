// The checks of a learning spec once every key is read
// (io/learn_spec_interpreter.hpp): keys that do not apply to the learner,
// the start model, the positions files, and what the spec's game allows.
#include <filesystem>
#include <set>

#include "games/registry.hpp"
#include "io/learn_spec_interpreter.hpp"
#include "learn/linear_td.hpp"
#include "learn/start_model.hpp"
#include "model/board_ntuple_net.hpp"
#include "model/feature_weights.hpp"
#include "model/model_file.hpp"
#include "model/ntuple_net.hpp"
#include "model/thesis_net.hpp"
#include "support/files.hpp"
#include "tournament/player.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth::learn_spec_detail {
namespace {

constexpr double kMaxTclWeights = 16'000'000;

}  // namespace

void LearnInterpreter::check_relations(const Seen& seen) const {
  if (!seen.count("learner"))
    source_.fail_at(0, "a learning spec needs 'learner = thesis-net', 'ntuple', 'linear', 'fable' or 'win-net'");
  const bool thesis = spec_.learner == LearnerKind::ThesisNet;
  const bool ntuple = spec_.learner == LearnerKind::NTuple;
  const bool linear = spec_.learner == LearnerKind::Linear;
  const bool win_net = spec_.learner == LearnerKind::WinNet;
  if (!thesis && !win_net && seen.count("hidden"))
    complain(seen, "hidden", "hidden applies to learner = thesis-net or win-net");
  if (ntuple && seen.count("initial-weights"))
    complain(seen, "initial-weights", "initial-weights applies to learner = thesis-net, linear or win-net");
  if (win_net && seen.count("lambda"))
    complain(seen, "lambda",
             "lambda does not apply to learner = win-net: it corrects each position towards the next one's output "
             "(TD(0)), as the design document does");
  for (const char* key : {"tuples", "tuple-length", "tuple-shape", "cell-states", "side-tables", "tcl", "stage-split"})
    if (!ntuple && seen.count(key)) complain(seen, key, std::string(key) + " applies to learner = ntuple");
  if (!linear && seen.count("features")) complain(seen, "features", "features applies to learner = linear");
  if (linear && !seen.count("features"))
    complain(seen, "learner", "learner = linear needs 'features = ...': the terms it weighs (men + kings, kings)");
  if (!linear && spec_.harmonic_alpha) complain(seen, "alpha", "alpha = harmonic(A, B) applies to learner = linear");
  const bool fable = spec_.learner == LearnerKind::Fable;
  for (const char* key : {"alpha", "epsilon", "lambda", "initial-weights", "curve-positions"})
    if (fable && seen.count(key))
      complain(seen, key,
               std::string(key) +
                   " does not apply to learner = fable (it counts how games ended; it has no "
                   "steps, exploration or evaluation to measure)");
  if (!fable && seen.count("confidence")) complain(seen, "confidence", "confidence applies to learner = fable");
  if (!fable && seen.count("values")) complain(seen, "values", "values applies to learner = fable");
  if (!fable && seen.count("localities")) complain(seen, "localities", "localities applies to learner = fable");
  if (!fable && spec_.sides == LearnSpec::Sides::None)
    complain(seen, "learner-side", "learner-side = none (watching games) applies to learner = fable");
  if (!spec_.start_model.empty()) adopt_start_model(seen);
  if (seen.count("learner-side") && spec_.opponents.empty())
    complain(seen, "learner-side", "learner-side applies when the learner has opponents (in self-play it is both)");
  check_positions(seen, ntuple);
  with_game(spec_.game, [&](const auto& game) { check_game(game, seen); });
}

// A model to go on from (learn/start_model.hpp): it must read and agree with the spec.
void LearnInterpreter::adopt_start_model(const Seen& seen) const {
  std::set<std::string> given;
  for (const auto& [key, entry] : seen) given.insert(key);
  if (const auto problem = learn::adopt_start_model(spec_, given))
    problem->key == "start-model" ? locate_.fail(one_word(*seen.at("start-model")), problem->message)
                                  : complain(seen, problem->key.c_str(), problem->message);
}

// The files of labelled positions: the curve's and the regression's.
void LearnInterpreter::check_positions(const Seen& seen, bool ntuple) const {
  for (const char* key : {"labelled-steps", "play-games"})
    if (seen.count(key) && spec_.labelled_positions.empty())
      complain(seen, key, std::string(key) + " applies when labelled-positions names files of labelled positions");
  if (seen.count("labelled-positions") && (!ntuple || spec_.game.family != connect4::kFamily))
    complain(seen, "labelled-positions", "labelled-positions trains Connect4's n-tuple network (learner = ntuple)");
  if (!spec_.play_games && !spec_.opponents.empty())
    complain(seen, "play-games", "play-games = off plays no games, so it meets no opponents");
  // Without games nothing explores, traces or keeps TCL's rates (settings that change nothing may stay).
  const bool explores = spec_.epsilon.start > 0 || spec_.epsilon.end > 0;
  for (const auto& [key, used] : {std::pair{"epsilon", explores}, {"lambda", spec_.lambda > 0}, {"tcl", spec_.tcl}})
    if (!spec_.play_games && seen.count(key) && used)
      complain(seen, key, std::string(key) + " shapes the games' moves or TD steps, and play-games = off plays none");
  if (seen.count("curve-depth") && spec_.curve_positions.empty())
    complain(seen, "curve-depth", "curve-depth applies when curve-positions names a file of labelled positions");
  // The solver labels positions under the standard win test.
  const bool thesis_java = spec_.game.family == connect4::kFamily && spec_.game.params[0] == 1;
  for (const char* key : {"curve-positions", "labelled-positions"})
    if (thesis_java && seen.count(key))
      complain(seen, key, "labelled positions are perfect play under the standard rules, not " + spec_.game.text());
  // A curve over training positions would measure memory, not play.
  std::error_code ignored;
  for (const std::string& file : spec_.labelled_positions)
    if (!spec_.curve_positions.empty() && std::filesystem::equivalent(file, spec_.curve_positions, ignored))
      complain(seen, "curve-positions",
               "curve-positions '" + spec_.curve_positions +
                   "' is also a file of labelled-positions: the curve would measure the training positions");
}

// What the spec's game allows: its built-in opponents, its learners, and
// a network that fits its board and memory.
//
// Another game's n-tuple network, where the spec is silent: 20 tuples of
// 5 cells (1 of 1 on a board of one cell), and a step that moves the sum
// by 0.7 of the error at first and 0.14 at last (alpha times the tuples'
// readings under the board's symmetries: what Connect4's default does with
// its 140 readings); more readings with the Connect4 default overshoot.
template <class G>
void LearnInterpreter::check_game(const G& game, const Seen& seen) const {
  if (const auto it = seen.find("opponents"); it != seen.end())
    for (const auto* w : words(*it->second)) {
      if (w->text == "self") continue;
      const PlayerEntry entry = parse_player_entry(w->text);
      // Learning games start from the empty board: where the game's
      // perfect play needs a few stones first (Connect4: minutes a game
      // from the empty board), a million games would never end.
      if (entry.kind == PlayerEntry::Kind::Perfect && perfect_play_min_plies(game) > 0)
        locate_.fail(*w, "'" + w->text + "' cannot teach " + game.name() +
                             " here: learning games start from the empty board, where a perfect player is too "
                             "slow (a built-in player at a depth, a program, a model or self can)");
      if (entry.kind == PlayerEntry::Kind::Builtin) try {
          (void)builtin_player(game, entry.name, entry.first_depth);
        } catch (const UsageError& error) {
          locate_.fail(*w, std::string(error.what()) + "; or self for self-play");
        }
    }
  if (spec_.learner == LearnerKind::Linear) {
    check_terms(game, seen);
    return;
  }
  if (spec_.learner == LearnerKind::WinNet) {
    if constexpr (!model::StoneGridGame<G>)
      complain(seen, "learner",
               "learner = win-net reads stones on a grid (mnk, adjacent4), and " + game.name() + " has none");
    return;
  }
  if (spec_.learner == LearnerKind::Fable) {
    if constexpr (!HasCellGrid<G>)
      complain(seen, "learner", "FABLE sees a board as cells on a grid, and " + game.name() + " has none to show it");
    return;
  }
  const bool ntuple = spec_.learner == LearnerKind::NTuple;
  double weights = 0;
  if constexpr (BitboardNetGame<G>) {
    if (spec_.straight_tuples)
      complain(seen, "tuple-shape",
               "tuple-shape = straight: Connect4's network takes random walks (other games' boards "
               "take straight lines)");
    weights = model::NTupleNet::weight_count(spec_.tuples, spec_.tuple_length, spec_.cell_states, spec_.per_side_tables,
                                             spec_.stage_split > 0);
  } else if constexpr (HasCellBoard<G>) {
    const CellBoard board = game.cell_board();
    const bool set = !spec_.start_model.empty();  // a start model's network set them
    if (!seen.count("tuples") && !set) spec_.tuples = board.cells == 1 ? 1 : 20;
    if (!seen.count("tuple-length") && !set) spec_.tuple_length = std::min(5, board.cells);
    if (spec_.straight_tuples) check_straight_tuples(game, seen);
    if (!seen.count("alpha")) {
      const double readings = spec_.tuples * static_cast<double>(board.symmetries.size());
      spec_.alpha = {0.7 / readings, 0.14 / readings};
    }
    if (!ntuple)
      complain(seen, "learner",
               "the thesis's network reads Connect4's board; " + game.name() + " learns with learner = ntuple");
    if (seen.count("cell-states"))
      complain(seen, "cell-states",
               "cell-states chooses Connect4's cells; " + game.name() + "'s cells have " +
                   std::to_string(board.states) + " states");
    if (seen.count("stage-split")) complain(seen, "stage-split", "stage-split splits Connect4's tables only");
    if (spec_.tuple_length > board.cells)
      complain(seen, seen.count("tuple-length") ? "tuple-length" : "game",
               "tuples of " + std::to_string(spec_.tuple_length) + " cells on a board of " +
                   std::to_string(board.cells) + (board.cells == 1 ? " cell" : " cells") + " (" + game.name() +
                   "): set tuple-length to at most " + std::to_string(board.cells));
    weights = model::BoardNTupleNet::weight_count(board, static_cast<std::size_t>(spec_.tuples), spec_.tuple_length,
                                                  spec_.per_side_tables);
  } else {
    complain(seen, "game", "no learner reads the board of " + game.name() + " yet");
  }
  if (ntuple && weights > model::BoardNTupleNet::kMaxWeights)
    complain(seen, seen.count("tuple-length") ? "tuple-length" : "tuples",
             "tuples x cell-states^tuple-length (x 2 with stage-split) = " + short_number(weights) +
                 " weights, more than 67,108,864 (256 MiB); use fewer or shorter tuples");
  // TCL keeps two doubles per weight, in memory and in every checkpoint
  // (whose frame holds at most 1 GiB).
  if (ntuple && spec_.tcl && weights > kMaxTclWeights)
    complain(seen, "tcl",
             "tcl = on keeps two counters per weight in its checkpoints: " + short_number(weights) +
                 " weights, more than " + short_number(kMaxTclWeights) + "; use fewer or shorter tuples");
}

// Straight tuples are every line of tuple-length cells on the game's grid:
// their count is `tuples` (which the spec cannot also give), and a start
// model's tuples are its own.
template <class G>
void LearnInterpreter::check_straight_tuples(const G& game, const Seen& seen) const {
  if (seen.count("tuples"))
    complain(seen, "tuples", "tuple-shape = straight takes every straight line of tuple-length cells: not 'tuples'");
  if (!spec_.start_model.empty())
    complain(seen, "tuple-shape", "a start model's tuples are its own: not 'tuple-shape'");
  if constexpr (!HasCellGrid<G>) {
    complain(seen, "tuple-shape", "tuple-shape = straight takes lines of a grid, and " + game.name() + " has none");
  } else {
    const auto lines = model::straight_tuples(game.cell_board(), game.cell_grid(), spec_.tuple_length);
    if (lines.empty())
      complain(seen, "tuple-length",
               "no straight line of " + std::to_string(spec_.tuple_length) + " cells fits " + game.name());
    spec_.tuples = static_cast<int>(lines.size());
  }
}

// A linear learner weighs any game's features: each term's names must
// be features of one player; the step, where the spec is silent, is
// Melicher's 50 / (49 + n).
template <class G>
void LearnInterpreter::check_terms(const G& game, const Seen& seen) const {
  if constexpr (!learn::HasFeatures<G>)
    complain(seen, "learner",
             "learner = linear weighs the features of games other than " + game.name() +
                 " (whose programs compile to native code); use ntuple or thesis-net");
  const FeatureLibrary& library = feature_library(G::kFamily);
  for (std::size_t i = 0; i < spec_.terms.size(); ++i)
    if (const std::string problem = model::term_problem(library, spec_.terms[i]); !problem.empty())
      locate_.fail(*term_sums_[i], problem + " (game " + game.name() + ")");
  if (!seen.count("alpha")) {
    spec_.harmonic_alpha = true;
    spec_.harmonic_a = 50;
    spec_.harmonic_b = 49;
  }
}

}  // namespace evalsynth::learn_spec_detail
