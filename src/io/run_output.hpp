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

// The results folder of a spec: <output>/<name>.
std::string results_folder(const RunSpec& spec);

// Whose results a run may replace: a new run replaces those of its own spec
// file (edited or not); a resumed run only those of its own exact run.
enum class ResultsOwner { NewRun, Resumed };

// What run and resume check before any work: the results folder can be
// created and written, it holds no other run's results (see ResultsOwner; a
// folder with result files but no readable summary.json is another run's)
// unless `overwrite`, and no result file is one of the spec's input files.
// Creates nothing: a missing folder's nearest existing parent must be a
// writable folder. Throws InputError.
void check_results_folder(const RunSpec& spec, ResultsOwner owner, bool overwrite);

}  // namespace evalsynth
