#pragma once
// A learner's whole run: the model, the games played and the learning curve,
// advanced game by game. Game g is played with its own generator, seeded
// from (seed, g), and the model changes only between moves of one sequential
// stream of games, so the result depends on the spec alone, and a run
// continued from a checkpoint (taken between games) is the same as one never
// stopped.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "learn/labelled_regression.hpp"
#include "learn/learn_spec.hpp"
#include "learn/td_learners.hpp"
#include "model/model_file.hpp"
#include "tournament/labelled.hpp"
#include "tournament/player.hpp"

namespace evalsynth::learn {

struct CurveRow {
  std::uint64_t games = 0;  // played so far
  double alpha = 0, epsilon = 0;
  // Over the games since the previous row: against opponents the learner's
  // wins, draws and losses; in self-play X's wins, draws, O's wins.
  std::uint64_t wins = 0, draws = 0, losses = 0;
  double mistake_rate = -1;  // on the curve positions; -1 without them
  double seconds = 0;        // training time so far
};

struct TrainingState {
  model::Model model;
  // With tcl = on: per weight of the n-tuple network, the sum of its
  // recommended changes and of their magnitudes (empty otherwise).
  TclCounters tcl;
  std::uint64_t games_done = 0;
  std::vector<CurveRow> curve;
  CurveRow block;  // the games since the last row
  double seconds = 0;
  // fable: its choices counted over the run (model/fable_model.hpp)
  model::FableTally fable_tally;
};

// A run of game G (the spec's game). Connect4 learns either of its
// networks; every other game an n-tuple network over its board
// (model/board_ntuple_net.hpp).
template <Game G>
class Training {
 public:
  // `opponents`: the spec's opponents, parsed; `curve_positions` may be
  // empty; `labelled_positions`: those of the spec's labelled-positions
  // files, in order (Connect4's n-tuple network regresses on them).
  Training(const G& game, const LearnSpec& spec, std::vector<Player<G>> opponents,
           std::vector<LabelledOf<G>> curve_positions, TrainingState state,
           std::vector<LabelledOf<G>> labelled_positions = {});

  // The state before the first game: the network the spec asks for, with
  // its initial weights.
  static TrainingState fresh_state(const G& game, const LearnSpec& spec);

  // Plays up to `n` more games (fewer at the end of the run), adding curve
  // rows as they fall due. `on_game` is called after each game.
  void play(std::uint64_t n, const std::function<void()>& on_game = {});

  bool finished() const { return state_.games_done >= spec_.games; }
  const TrainingState& state() const { return state_; }
  const LearnSpec& spec() const { return spec_; }

  // The model as a player at `depth` (a copy of the weights as they stand).
  Player<G> player(int depth) const;

 private:
  TclCounters* tcl_counters() { return state_.tcl.sum.empty() ? nullptr : &state_.tcl; }
  // `regression`: the steps on labelled positions after each game (null: none).
  template <class Td>
  void play_with(Td& td, std::uint64_t n, const std::function<void()>& on_game,
                 LabelledRegression* regression = nullptr);
  void play_fable(model::FableModel& fable, std::uint64_t n, const std::function<void()>& on_game);
  void set_opponent(std::uint64_t game, const Player<G>*& opponent, Side& learner_side) const;
  // `outcome`: empty for a round without a game (play-games = off).
  void finish_game(std::optional<Outcome> outcome, Side learner_side, std::chrono::steady_clock::time_point begin,
                   double seconds_before, const std::function<void()>& on_game);
  void record(Outcome outcome, Side learner_side, bool self_play);
  void close_row();

  G game_;
  LearnSpec spec_;
  std::vector<Player<G>> opponents_;
  std::vector<LabelledOf<G>> curve_positions_;
  TrainingState state_;
  std::vector<LabelledOf<G>> labelled_positions_;
};

}  // namespace evalsynth::learn
