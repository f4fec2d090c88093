#include "learn/start_model.hpp"

#include <cstdio>

#include "support/error.hpp"
#include "support/random.hpp"
#include "support/text.hpp"

namespace evalsynth::learn {
namespace {

// A setting the spec gives must equal the model's; one it leaves out
// becomes the model's.
template <class T>
std::optional<StartModelProblem> agree(const std::set<std::string>& given, const char* key, T& setting, T from_model,
                                       const std::string& shown) {
  if (given.count(key) && setting != from_model)
    return StartModelProblem{key, std::string(key) + " differs from the start model's (" + shown + ")"};
  setting = from_model;
  return std::nullopt;
}

template <class Net>
std::optional<StartModelProblem> adopt_ntuple(LearnSpec& spec, const Net& net, const std::set<std::string>& given) {
  if (auto p =
          agree(given, "tuples", spec.tuples, static_cast<int>(net.tuple_count()), std::to_string(net.tuple_count())))
    return p;
  if (auto p = agree(given, "tuple-length", spec.tuple_length, net.length(), std::to_string(net.length()))) return p;
  if constexpr (requires { net.stage_split(); })
    if (auto p = agree(given, "stage-split", spec.stage_split, net.stage_split(),
                       net.stage_split() > 0 ? std::to_string(net.stage_split()) : "none"))
      return p;
  return agree(given, "side-tables", spec.per_side_tables, net.per_side_tables(), net.per_side_tables() ? "on" : "off");
}

}  // namespace

std::optional<StartModelProblem> adopt_start_model(LearnSpec& spec, const std::set<std::string>& given) {
  const std::string named = "start-model '" + spec.start_model + "'";
  const std::string game = spec.game.text();
  if (spec.learner != LearnerKind::Fable && spec.learner != LearnerKind::NTuple)
    return StartModelProblem{"start-model", "start-model applies to learner = fable or ntuple"};
  model::Model start;
  try {
    start = model::read_model(spec.start_model);
  } catch (const InputError& e) {
    return StartModelProblem{"start-model", named + " does not read: " + e.message()};
  }
  spec.start_model_hash = hash_text(model::encode_model(start));
  if (spec.learner == LearnerKind::Fable) {
    const auto* fable = std::get_if<model::FableModel>(&start.network);
    if (!fable) return StartModelProblem{"start-model", named + " is not a FABLE model"};
    if (fable->game != game)
      return StartModelProblem{"start-model",
                               named + " was learned for " + fable->game + ", and this spec's game is " + game};
    if (auto p = agree(given, "values", spec.fable_values, fable->values, model::fable_values_word(fable->values)))
      return p;
    if (auto p = agree(given, "localities", spec.fable_localities, fable->localities,
                       model::fable_localities_word(fable->localities)))
      return p;
    return agree(given, "confidence", spec.confidence, fable->confidence, short_number(fable->confidence));
  }
  if (const auto* net = std::get_if<model::NTupleNet>(&start.network)) {
    if (spec.game.family != connect4::kFamily)
      return StartModelProblem{"start-model",
                               named + " is Connect4's n-tuple network, and this spec's game is " + game};
    if (auto p = agree(given, "cell-states", spec.cell_states, net->states(), std::to_string(net->states()))) return p;
    return adopt_ntuple(spec, *net, given);
  }
  if (const auto* net = std::get_if<model::BoardNTupleNet>(&start.network)) {
    if (net->game() != game)
      return StartModelProblem{"start-model",
                               named + " was learned for " + net->game() + ", and this spec's game is " + game};
    return adopt_ntuple(spec, *net, given);
  }
  return StartModelProblem{
      "start-model", named + " is not an n-tuple network (it is a " + model::learner_name(start.network) + " model)"};
}

model::Network start_network(const LearnSpec& spec) {
  model::Model start = model::read_model(spec.start_model);
  // The spec reader checked the model it read then against the spec.
  if (hash_text(model::encode_model(start)) != spec.start_model_hash)
    throw InputError(TextLocation{spec.start_model, 1, 1},
                     "the start model changed after " + spec.source + " was read; run again");
  return std::move(start.network);
}

}  // namespace evalsynth::learn
