#include "learn/training.hpp"

#include <cassert>
#include <chrono>

#include "games/registry.hpp"
#include "learn/board_ntuple_td.hpp"
#include "learn/episode.hpp"
#include "learn/linear_td.hpp"
#include "learn/start_model.hpp"
#include "learn/win_net_td.hpp"
#include "tournament/strength.hpp"

namespace evalsynth::learn {

template <Game G>
Training<G>::Training(const G& game, const LearnSpec& spec, std::vector<Player<G>> opponents,
                      std::vector<LabelledOf<G>> curve_positions, TrainingState state,
                      std::vector<LabelledOf<G>> labelled_positions)
    : game_(game),
      spec_(spec),
      opponents_(std::move(opponents)),
      curve_positions_(std::move(curve_positions)),
      state_(std::move(state)),
      labelled_positions_(std::move(labelled_positions)) {
  // The spec reader allows labelled positions for Connect4's n-tuple network only.
  assert(labelled_positions_.empty() || spec_.learner == LearnerKind::NTuple);
  // A caller that forgot them would train without the regression the spec asks for.
  assert(labelled_positions_.empty() == spec_.labelled_positions.empty());
  assert(spec_.play_games || !labelled_positions_.empty());
}

template <Game G>
TrainingState Training<G>::fresh_state(const G& game, const LearnSpec& spec) {
  TrainingState state;
  state.model.info = {spec.name, spec.hash(), 0, spec.seed};
  Rng rng(mix_seed({spec.seed, 0}));
  if (spec.learner == LearnerKind::Fable) {
    model::FableModel fable;
    if (!spec.start_model.empty()) {
      // The spec reader checked it is a FABLE model of this game.
      fable = std::get<model::FableModel>(start_network(spec));
    }
    fable.game = game.name();
    fable.confidence = spec.confidence;
    fable.values = spec.fable_values;
    fable.localities = spec.fable_localities;
    state.model.network = std::move(fable);
    return state;
  }
  if (spec.learner == LearnerKind::WinNet) {
    if constexpr (model::StoneGridGame<G>) {
      model::WinNet net(game.name(), game.cell_board().cells, spec.hidden);
      for (double& w : net.parameters()) w = (2 * rng.unit() - 1) * spec.initial_weights;
      state.model.network = std::move(net);
      return state;
    }
    throw InputError(TextLocation{spec.source, 1, 1},
                     "learner = win-net reads stones on a grid, and " + game.name() + " has none");
  }
  if (spec.learner == LearnerKind::Linear) {
    if constexpr (HasFeatures<G>) {
      model::FeatureWeights w;
      w.game = game.name();
      w.terms = spec.terms;
      w.weights.assign(spec.terms.size(), spec.initial_weights);
      // X's largest term at the start: a side's material weighs a win.
      const model::TermRequests requests = model::term_requests(feature_library(G::kFamily), w.terms);
      std::vector<std::int32_t> values(requests.requests.size());
      game.features(game.start(), std::span<const FeatureRequest>(requests.requests), values.data());
      for (std::size_t i = 0; i + 1 < requests.first.size(); ++i) {
        std::int64_t x = 0;
        for (std::size_t k = requests.first[i]; k < (requests.first[i] + requests.first[i + 1]) / 2; ++k)
          x += values[k];
        w.scale = std::max(w.scale, static_cast<double>(x));
      }
      state.model.network = std::move(w);
      return state;
    }
    throw InputError(TextLocation{spec.source, 1, 1}, "learner = linear weighs features " + game.name() + " lacks");
  }
  if (spec.learner == LearnerKind::NTuple && !spec.start_model.empty()) {
    state.model.network = start_network(spec);
  } else if constexpr (BitboardNetGame<G>) {
    (void)game;
    if (spec.learner == LearnerKind::ThesisNet) {
      model::ThesisNet net(spec.hidden);
      for (double& w : net.parameters()) w = (2 * rng.unit() - 1) * spec.initial_weights;
      state.model.network = std::move(net);
    } else {
      state.model.network = model::NTupleNet(model::random_walk_tuples(spec.tuples, spec.tuple_length, rng.next()),
                                             spec.cell_states, spec.per_side_tables, spec.stage_split);
    }
  } else if constexpr (HasCellBoard<G>) {
    // The spec reader refused the thesis's network and tuples longer than the board.
    assert(spec.learner == LearnerKind::NTuple);
    CellBoard board = game.cell_board();
    auto tuples = model::random_walk_tuples(board, spec.tuples, spec.tuple_length, rng.next());
    // (The spec reader refused straight tuples without a grid.)
    if constexpr (HasCellGrid<G>)
      if (spec.straight_tuples) tuples = model::straight_tuples(board, game.cell_grid(), spec.tuple_length);
    state.model.network = model::BoardNTupleNet(game.name(), std::move(board), std::move(tuples), spec.per_side_tables);
  } else {
    throw InputError(TextLocation{spec.source, 1, 1}, "no learner reads the board of " + game.name());
  }
  if (spec.tcl) {
    const std::size_t weights = model::table_weight_count(state.model.network);
    state.tcl.sum.assign(weights, 0.0);
    state.tcl.magnitude.assign(weights, 0.0);
  }
  return state;
}

template <Game G>
Player<G> Training<G>::player(int depth) const {
  return {spec_.name, depth, model_evaluator(game_, state_.model, spec_.source), true};
}

template <Game G>
void Training<G>::play(std::uint64_t n, const std::function<void()>& on_game) {
  if constexpr (HasCellGrid<G>) {
    if (auto* fable = std::get_if<model::FableModel>(&state_.model.network)) {
      play_fable(*fable, n, on_game);
      return;
    }
  }
  if constexpr (model::StoneGridGame<G>) {
    if (auto* net = std::get_if<model::WinNet>(&state_.model.network)) {
      WinNetTd<G> td(*net);
      play_with(td, n, on_game);
      return;
    }
  }
  if constexpr (HasFeatures<G>) {
    if (auto* weights = std::get_if<model::FeatureWeights>(&state_.model.network)) {
      LinearTd<G> td(game_, *weights, spec_);
      play_with(td, n, on_game);
      return;
    }
  }
  if constexpr (BitboardNetGame<G>) {
    if (auto* net = std::get_if<model::ThesisNet>(&state_.model.network)) {
      ThesisTd td(*net, spec_.lambda);
      play_with(td, n, on_game);
    } else {
      auto& ntuple = std::get<model::NTupleNet>(state_.model.network);
      NTupleTd td(ntuple, spec_.lambda, tcl_counters());
      if (labelled_positions_.empty()) {
        play_with(td, n, on_game);
      } else {
        LabelledRegression regression(ntuple, labelled_positions_);
        play_with(td, n, on_game, &regression);
      }
    }
  } else if constexpr (HasCellBoard<G>) {
    BoardNTupleTd<G> td(game_, std::get<model::BoardNTupleNet>(state_.model.network), spec_.lambda, tcl_counters());
    play_with(td, n, on_game);
  } else {
    (void)n;
    (void)on_game;
    assert(false && "fresh_state refuses games without a cell board");
  }
}

template <Game G>
template <class Td>
void Training<G>::play_with(Td& td, std::uint64_t n, const std::function<void()>& on_game,
                            LabelledRegression* regression) {
  const auto begin = std::chrono::steady_clock::now();
  const double seconds_before = state_.seconds;
  for (std::uint64_t played = 0; played < n && !finished(); ++played) {
    const std::uint64_t g = state_.games_done;
    Rng rng(mix_seed({spec_.seed, 1, g}));
    EpisodeSettings<G> settings;
    settings.alpha = spec_.alpha.at(g, spec_.games);
    settings.epsilon = spec_.epsilon.at(g, spec_.games);
    // Opponents in turn, each with X then O.
    set_opponent(g, settings.opponent, settings.learner_side);
    std::optional<Outcome> outcome;
    if (spec_.play_games) {
      // A learner with its own way of playing a game (WinNetTd) plays it.
      if constexpr (requires { td.play_game(game_, settings, rng); })
        outcome = td.play_game(game_, settings, rng);
      else
        outcome = play_episode(game_, td, settings, rng);
    }
    if (regression) {
      // Its own generator, apart from the game's.
      Rng draws(mix_seed({spec_.seed, 2, g}));
      regression->run(spec_.labelled_steps, settings.alpha, draws);
    }
    finish_game(outcome, settings.learner_side, begin, seconds_before, on_game);
  }
}

template <Game G>
void Training<G>::set_opponent(std::uint64_t g, const Player<G>*& opponent, Side& learner_side) const {
  if (opponents_.empty()) return;
  // Opponents in turn; with each, the learner's sides as the spec says.
  const bool alternate = spec_.sides == LearnSpec::Sides::Alternate;
  opponent = &opponents_[(alternate ? g / 2 : g) % opponents_.size()];
  learner_side = alternate ? (g % 2 == 0 ? Side::X : Side::O) : spec_.sides == LearnSpec::Sides::O ? Side::O : Side::X;
}

template <Game G>
void Training<G>::finish_game(std::optional<Outcome> outcome, Side learner_side,
                              std::chrono::steady_clock::time_point begin, double seconds_before,
                              const std::function<void()>& on_game) {
  ++state_.games_done;
  state_.model.info.games = state_.games_done;
  state_.seconds = seconds_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  if (outcome) record(*outcome, learner_side, opponents_.empty());
  if (spec_.curve_every > 0 && (state_.games_done % spec_.curve_every == 0 || finished())) close_row();
  if (on_game) on_game();
}

// FABLE's games: it moves for its side (both in self-play, from the same
// model), the opponent as it plays; the model learns when the game is over.
template <Game G>
void Training<G>::play_fable(model::FableModel& fable, std::uint64_t n, const std::function<void()>& on_game) {
  if constexpr (HasCellGrid<G>) {
    const model::FableAgent<G> agent(game_);
    const auto begin = std::chrono::steady_clock::now();
    const double seconds_before = state_.seconds;
    std::vector<typename G::Position> positions;
    std::vector<typename G::Move> moves;
    for (std::uint64_t played = 0; played < n && !finished(); ++played) {
      const std::uint64_t g = state_.games_done;
      Rng rng(mix_seed({spec_.seed, 1, g}));
      const Player<G>* opponent = nullptr;
      Side learner_side = Side::X;
      set_opponent(g, opponent, learner_side);
      positions.clear();
      moves.clear();
      typename G::Position p = game_.start();
      SearchCounters counters;
      Status status = game_.status(p);
      while (status == Status::Ongoing) {
        const bool opponent_moves =
            opponent && (spec_.sides == LearnSpec::Sides::None || game_.side_to_move(p) != learner_side);
        const typename G::Move m = opponent_moves ? choose_move(game_, *opponent, p, MoveOrder::Random, rng, counters)
                                                  : agent.choose(fable, p, rng, &state_.fable_tally);
        positions.push_back(p);
        moves.push_back(m);
        p = game_.play(p, m);
        status = game_.status(p);
      }
      agent.learn(fable, positions, moves, status);
      finish_game(outcome_of(status), learner_side, begin, seconds_before, on_game);
    }
  } else {
    (void)fable;
    (void)n;
    (void)on_game;
  }
}

template <Game G>
void Training<G>::record(Outcome outcome, Side learner_side, bool self_play) {
  const int mine = self_play || learner_side == Side::X ? outcome : -outcome;
  CurveRow& b = state_.block;
  (mine > 0 ? b.wins : mine < 0 ? b.losses : b.draws) += 1;
}

template <Game G>
void Training<G>::close_row() {
  CurveRow row = state_.block;
  const std::uint64_t last = state_.games_done - 1;
  row.games = state_.games_done;
  row.alpha = spec_.alpha.at(last, spec_.games);
  // A harmonic step: the one the next update takes.
  if (const auto* w = std::get_if<model::FeatureWeights>(&state_.model.network); w && spec_.harmonic_alpha)
    row.alpha = spec_.harmonic_a / (spec_.harmonic_b + static_cast<double>(w->updates + 1));
  row.epsilon = spec_.epsilon.at(last, spec_.games);
  row.seconds = state_.seconds;
  if (!curve_positions_.empty())
    row.mistake_rate = measure_strength(game_, player(spec_.curve_depth), curve_positions_, MoveOrder::Random,
                                        spec_.seed, spec_.threads)
                           .rate();
  state_.curve.push_back(row);
  state_.block = CurveRow{};
}

#define EVALSYNTH_INSTANTIATE(G) template class Training<G>;
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth::learn
