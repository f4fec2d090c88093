#include "learn/training.hpp"

#include <chrono>

#include "learn/episode.hpp"
#include "tournament/strength.hpp"

namespace evalsynth::learn {

Training::Training(const LearnSpec& spec, std::vector<Player<Connect4>> opponents,
                   std::vector<solver::LabelledPosition> curve_positions, TrainingState state)
    : spec_(spec),
      opponents_(std::move(opponents)),
      curve_positions_(std::move(curve_positions)),
      state_(std::move(state)) {}

TrainingState Training::fresh_state(const LearnSpec& spec) {
  TrainingState state;
  state.model.info = {spec.name, spec.hash(), 0, spec.seed};
  Rng rng(mix_seed({spec.seed, 0}));
  if (spec.learner == LearnerKind::ThesisNet) {
    model::ThesisNet net(spec.hidden);
    for (double& w : net.parameters()) w = (2 * rng.unit() - 1) * spec.initial_weights;
    state.model.network = std::move(net);
  } else {
    state.model.network = model::NTupleNet(model::random_walk_tuples(spec.tuples, spec.tuple_length, rng.next()),
                                           spec.cell_states, spec.per_side_tables);
  }
  return state;
}

Player<Connect4> Training::player(int depth) const { return {spec_.name, depth, model_evaluator(state_.model), true}; }

void Training::play(std::uint64_t n, const std::function<void()>& on_game) {
  if (auto* net = std::get_if<model::ThesisNet>(&state_.model.network)) {
    ThesisTd td(*net, spec_.lambda);
    play_with(td, n, on_game);
  } else {
    NTupleTd td(std::get<model::NTupleNet>(state_.model.network), spec_.lambda);
    play_with(td, n, on_game);
  }
}

template <class Td>
void Training::play_with(Td& td, std::uint64_t n, const std::function<void()>& on_game) {
  const auto begin = std::chrono::steady_clock::now();
  const double seconds_before = state_.seconds;
  for (std::uint64_t played = 0; played < n && !finished(); ++played) {
    const std::uint64_t g = state_.games_done;
    Rng rng(mix_seed({spec_.seed, 1, g}));
    EpisodeSettings settings;
    settings.alpha = spec_.alpha.at(g, spec_.games);
    settings.epsilon = spec_.epsilon.at(g, spec_.games);
    // Opponents in turn, each with X then O.
    if (!opponents_.empty()) {
      settings.opponent = &opponents_[(g / 2) % opponents_.size()];
      settings.learner_side = g % 2 == 0 ? Side::X : Side::O;
    }
    const Outcome outcome = play_episode(td, settings, rng);
    ++state_.games_done;
    state_.model.info.games = state_.games_done;
    state_.seconds = seconds_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    record(outcome, settings.learner_side, opponents_.empty());
    if (spec_.curve_every > 0 && (state_.games_done % spec_.curve_every == 0 || finished())) close_row();
    if (on_game) on_game();
  }
}

void Training::record(Outcome outcome, Side learner_side, bool self_play) {
  const int mine = self_play || learner_side == Side::X ? outcome : -outcome;
  CurveRow& b = state_.block;
  (mine > 0 ? b.wins : mine < 0 ? b.losses : b.draws) += 1;
}

void Training::close_row() {
  CurveRow row = state_.block;
  const std::uint64_t last = state_.games_done - 1;
  row.games = state_.games_done;
  row.alpha = spec_.alpha.at(last, spec_.games);
  row.epsilon = spec_.epsilon.at(last, spec_.games);
  row.seconds = state_.seconds;
  if (!curve_positions_.empty())
    row.mistake_rate = measure_strength(Connect4{}, player(spec_.curve_depth), curve_positions_, MoveOrder::Random,
                                        spec_.seed, spec_.threads)
                           .rate();
  state_.curve.push_back(row);
  state_.block = CurveRow{};
}

}  // namespace evalsynth::learn
