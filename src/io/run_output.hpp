#pragma once
// What a run writes into results/<run>/: best.eval (the answer, with a header
// of comments), log.csv (one row per generation), summary.json, and a copy of
// the spec. Every file is written atomically.

#include <string>

#include "synthesis/synthesis.hpp"

namespace evalsynth {

std::string answer_text(const Synthesis& run);
std::string log_csv(const Synthesis& run);
std::string summary_json(const Synthesis& run);

// Writes all of them into `folder` (created if needed).
void write_run_outputs(const Synthesis& run, const std::string& folder);

}  // namespace evalsynth
