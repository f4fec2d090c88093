#include "learn/learn_spec.hpp"

#include <cstdio>

#include "support/random.hpp"

namespace evalsynth::learn {

std::string learner_word(LearnerKind kind) {
  return kind == LearnerKind::ThesisNet ? "thesis-net"
         : kind == LearnerKind::Linear  ? "linear"
         : kind == LearnerKind::Fable   ? "fable"
                                        : "ntuple";
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
  if (game.family != GameFamily::Connect4) key += "|game=" + game.text();
  // And so do the learners that came before the linear one.
  if (learner == LearnerKind::Linear) {
    key += "|terms=";
    for (const std::string& t : terms) key += t + ",";
    std::snprintf(numbers, sizeof numbers, "|%a|%a|%a|", initial_weights, harmonic_a, harmonic_b);
    key += numbers + std::string(harmonic_alpha ? "harmonic" : "schedule");
  }
  if (learner == LearnerKind::Fable) {
    std::snprintf(numbers, sizeof numbers, "|confidence=%a", confidence);
    key += numbers;
  }
  if (sides != Sides::Alternate) key += sides == Sides::X ? "|sides=x" : sides == Sides::O ? "|sides=o" : "|sides=none";
  if (!start_model.empty()) key += "|start=" + start_model;
  if (tcl) key += "|tcl";
  if (!labelled_positions.empty()) {
    key += "|labelled=";
    for (const std::string& f : labelled_positions) key += f + ",";
    key += std::to_string(labelled_steps) + (play_games ? "" : "|no-games");
  }
  return hash_text(key);
}

}  // namespace evalsynth::learn
