#include "learn/learn_spec.hpp"

#include <algorithm>
#include <cstdio>

#include "model/win_net.hpp"
#include "support/random.hpp"

namespace evalsynth::learn {

std::string learner_word(LearnerKind kind) {
  return kind == LearnerKind::ThesisNet ? "thesis-net"
         : kind == LearnerKind::Linear  ? "linear"
         : kind == LearnerKind::Fable   ? "fable"
         : kind == LearnerKind::WinNet  ? "win-net"
                                        : "ntuple";
}

// The learners' recipes where the spec is silent: the thesis's (§5.7) for
// its network; for n-tuples, Thill et al.'s kind of setting, scaled to
// a million self-play games.
void apply_defaults(LearnSpec& s, const std::set<std::string>& given) {
  const bool thesis = s.learner == LearnerKind::ThesisNet;
  const bool linear = s.learner == LearnerKind::Linear;
  const bool fable = s.learner == LearnerKind::Fable;
  const bool win_net = s.learner == LearnerKind::WinNet;
  if (!given.count("games")) s.games = thesis ? 100000 : linear ? 10000 : fable ? 1000 : win_net ? 5000000 : 1000000;
  // Melicher's weights start at 1.0 (his p. 6).
  if (!given.count("initial-weights") && linear) s.initial_weights = 1.0;
  // (Other games' n-tuple step comes with their board: the spec reader sets it.)
  if (!given.count("alpha") && s.game.family == connect4::kFamily)
    s.alpha = thesis ? Schedule{0.2, 0.01} : Schedule{0.005, 0.001};
  if (!given.count("epsilon")) s.epsilon = thesis ? Schedule{0.5, 0.0} : Schedule{0.1, 0.1};
  if (!given.count("lambda")) s.lambda = thesis ? 0.6 : 0.0;
  if (!given.count("opponents") && thesis) s.opponents = {"ibef@1"};
  // FABLE's thesis tabulates blocks of 100 games.
  if (!given.count("curve-every"))
    s.curve_every = fable ? std::min<std::uint64_t>(100, s.games) : std::max<std::uint64_t>(1, s.games / 50);
  if (!given.count("checkpoint-every")) s.checkpoint_every = std::max<std::uint64_t>(1, s.games / 10);
  // The design document's network: 40 hidden units, greedy self-play (it
  // names no exploration and no step size; ours is 0.1).
  if (win_net) {
    if (!given.count("hidden")) s.hidden = model::WinNet::kDesignHidden;
    if (!given.count("alpha")) s.alpha = Schedule{0.1, 0.1};
    if (!given.count("epsilon")) s.epsilon = Schedule{0, 0};
  }
}

std::uint64_t LearnSpec::hash() const {
  // Numbers by their exact bits, so any change of a value changes the hash.
  std::string key = learner_word(learner) + "|" + std::to_string(games) + "|";
  for (const std::string& o : opponents) key += o + ",";
  char numbers[256];
  std::snprintf(numbers, sizeof numbers, "|%a|%a|%a|%a|%a|%d|%a|%d|%d|%d|", alpha.start, alpha.end, epsilon.start,
                epsilon.end, lambda, hidden, initial_weights, tuples, tuple_length, cell_states);
  key += numbers;
  key += per_side_tables ? "per-side|" : "shared|";
  key += std::to_string(seed) + "|" + std::to_string(curve_every) + "|" + curve_positions + "|" +
         std::to_string(curve_depth);
  // Connect4's specs hash as they did before specs named games.
  if (game.family != connect4::kFamily) key += "|game=" + game.text();
  // And so do the learners that came before the linear one.
  if (learner == LearnerKind::Linear) {
    key += "|terms=";
    for (const std::string& t : terms) key += t + ",";
    std::snprintf(numbers, sizeof numbers, "|%a|%a|%a|", initial_weights, harmonic_a, harmonic_b);
    key += numbers + std::string(harmonic_alpha ? "harmonic" : "schedule");
  }
  if (learner == LearnerKind::Fable) {
    std::snprintf(numbers, sizeof numbers, "|confidence=%a", confidence);
    key += numbers + std::string("|values=") + model::fable_values_word(fable_values);
    // Placed localities were the only ones: their specs hash as before.
    if (fable_localities != model::FableLocalities::Placed)
      key += std::string("|localities=") + model::fable_localities_word(fable_localities);
  }
  if (sides != Sides::Alternate) key += sides == Sides::X ? "|sides=x" : sides == Sides::O ? "|sides=o" : "|sides=none";
  if (!start_model.empty()) key += "|start=" + start_model;
  // (An n-tuple start model's contents too; FABLE's hashes stay as they were.)
  if (!start_model.empty() && learner == LearnerKind::NTuple) {
    std::snprintf(numbers, sizeof numbers, "|contents=%llx", static_cast<unsigned long long>(start_model_hash));
    key += numbers;
  }
  if (tcl) key += "|tcl";
  if (straight_tuples) key += "|shape=straight";
  if (stage_split > 0) key += "|stage-split=" + std::to_string(stage_split);
  if (!labelled_positions.empty()) {
    key += "|labelled=";
    for (const std::string& f : labelled_positions) key += f + ",";
    key += std::to_string(labelled_steps) + (play_games ? "" : "|no-games");
  }
  return hash_text(key);
}

}  // namespace evalsynth::learn
