#include "io/learn_output.hpp"

#include <cstdio>

#include "io/csv.hpp"
#include "io/html_report.hpp"
#include "io/json.hpp"
#include "io/run_output.hpp"
#include "support/files.hpp"

namespace evalsynth {
namespace {

std::string fixed(double v, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

// Either n-tuple network's shape and how much of it training reached.
template <class Net>
Json tuple_summary(const Net& tuples, int states) {
  std::size_t visited = 0;
  for (const float w : tuples.weights()) visited += w != 0.0F;
  Json summary = {
      {"tuples", tuples.tuple_count()},          {"tuple_length", tuples.length()},    {"cell_states", states},
      {"side_tables", tuples.per_side_tables()}, {"weights", tuples.weights().size()}, {"weights_trained", visited}};
  // Only where there is one, so the summaries of unstaged networks read as before.
  if constexpr (requires { tuples.stage_split(); })
    if (tuples.stage_split() > 0) summary["stage_split"] = tuples.stage_split();
  return summary;
}

}  // namespace

std::string curve_csv(const learn::TrainingState& state) {
  CsvWriter csv({"games", "alpha", "epsilon", "wins", "draws", "losses", "mistake_rate", "seconds"});
  for (const learn::CurveRow& r : state.curve)
    csv.row({std::to_string(r.games), fixed(r.alpha, 6), fixed(r.epsilon, 6), std::to_string(r.wins),
             std::to_string(r.draws), std::to_string(r.losses), r.mistake_rate < 0 ? "" : fixed(r.mistake_rate, 4),
             fixed(r.seconds, 1)});
  return csv.text();
}

std::string learn_summary_json(const learn::LearnSpec& spec, const learn::TrainingState& state) {
  Json j;
  j["run"] = spec.name;
  j["spec"] = spec.source;
  j["spec_hash"] = hex(spec.hash());
  j["learner"] = learn::learner_word(spec.learner);
  j["seed"] = spec.seed;
  j["games"] = state.games_done;
  j["games_planned"] = spec.games;
  j["finished"] = state.games_done >= spec.games;
  j["seconds"] = state.seconds;
  const double per_second = state.seconds > 0 ? static_cast<double>(state.games_done) / state.seconds : 0.0;
  // Regression alone counts rounds of steps, not games, and meets no one.
  if (spec.play_games) {
    j["games_per_second"] = per_second;
    j["opponents"] = spec.opponents.empty() ? Json("self") : Json(spec.opponents);
  } else {
    j["rounds_per_second"] = per_second;
    j["opponents"] = Json("none");
  }
  if (!spec.start_model.empty()) j["start_model"] = spec.start_model;
  // (Only with regression, so the summaries of earlier runs read as before.)
  if (!spec.labelled_positions.empty()) {
    j["labelled_positions"] = spec.labelled_positions;
    j["labelled_steps"] = spec.labelled_steps;
    j["play_games"] = spec.play_games;
  }
  if (const auto* net = std::get_if<model::ThesisNet>(&state.model.network)) {
    j["network"] = {{"inputs", model::ThesisNet::kInputs},
                    {"hidden", net->hidden()},
                    {"outputs", 1},
                    {"parameters", net->parameters().size()}};
  } else if (const auto* win_net = std::get_if<model::WinNet>(&state.model.network)) {
    j["game"] = win_net->game();
    j["network"] = {{"inputs", win_net->cells()},
                    {"hidden", win_net->hidden()},
                    {"outputs", 2},
                    {"parameters", win_net->parameters().size()}};
  } else if (const auto* fable = std::get_if<model::FableModel>(&state.model.network)) {
    j["game"] = fable->game;
    j["network"] = {{"transitions", fable->transitions.size()},
                    {"confidence", fable->confidence},
                    {"values", model::fable_values_word(fable->values)},
                    {"localities", model::fable_localities_word(fable->localities)}};
    // What the mechanism claims rest on (model/fable_model.hpp's FableTally).
    const model::FableTally& t = state.fable_tally;
    j["choices"] = {{"choices", t.choices},
                    {"random_choices", t.random_choices},
                    {"moves_valued", t.moves_valued},
                    {"negative_values", t.negative},
                    {"zero_values", t.zero}};
  } else if (const auto* weights = std::get_if<model::FeatureWeights>(&state.model.network)) {
    j["game"] = weights->game;
    Json terms = Json::object();
    for (std::size_t i = 0; i < weights->terms.size(); ++i) terms[weights->terms[i]] = weights->weights[i];
    j["network"] = {{"weights", terms}, {"scale", weights->scale}, {"updates", weights->updates}};
  } else if (const auto* board_net = std::get_if<model::BoardNTupleNet>(&state.model.network)) {
    j["game"] = board_net->game();
    j["network"] = tuple_summary(*board_net, board_net->board().states);
    j["network"]["symmetries"] = board_net->board().symmetries.size();
  } else {
    const auto& tuples = std::get<model::NTupleNet>(state.model.network);
    j["network"] = tuple_summary(tuples, tuples.states());
  }
  if (!state.curve.empty()) {
    const learn::CurveRow& last = state.curve.back();
    const double games = static_cast<double>(last.wins + last.draws + last.losses);
    j["last_curve_row"] = {{"games", last.games},
                           {"win_share", games > 0 ? Json(static_cast<double>(last.wins) / games) : Json()},
                           {"mistake_rate", last.mistake_rate < 0 ? Json() : Json(last.mistake_rate)}};
  }
  return json_text(j);
}

void write_learn_outputs(const learn::LearnSpec& spec, const learn::TrainingState& state) {
  const std::string folder = spec.results_folder();
  create_results_folder(folder);
  model::write_model(state.model, folder + "/model.bin");
  write_file_atomically(folder + "/curve.csv", curve_csv(state));
  write_file_atomically(folder + "/summary.json", learn_summary_json(spec, state));
  write_file_atomically(folder + "/spec.spec", spec.text);
  write_html_report(folder);
}

}  // namespace evalsynth
