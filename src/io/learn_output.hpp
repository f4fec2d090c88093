#pragma once
// What `evalsynth learn` writes into results/<name>/: model.bin (the trained
// evaluator, model/model_file.hpp), curve.csv (one row per curve-every
// games), summary.json, a copy of the spec and report.html (the curve drawn).
// Every file is written atomically.

#include <string>
#include <vector>

#include "learn/training.hpp"

namespace evalsynth {

inline const std::vector<std::string> kLearnResultFiles = {"model.bin", "curve.csv", "summary.json", "spec.spec",
                                                           "report.html"};

std::string curve_csv(const learn::TrainingState& state);
std::string learn_summary_json(const learn::LearnSpec& spec, const learn::TrainingState& state);
void write_learn_outputs(const learn::LearnSpec& spec, const learn::TrainingState& state);

}  // namespace evalsynth
