#pragma once
// What a run writes into results/<run>/: best.eval (the answer, with a header
// of comments), log.csv (one row per generation), summary.json, and a copy of
// the spec. Every file is written atomically.

#include <cstdint>
#include <string>
#include <vector>

#include "support/files.hpp"
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

// The same check for any command that writes a results folder (learn too).
struct ResultsClaim {
  std::string folder;
  std::uint64_t spec_hash = 0;  // summary.json's "spec_hash" says whose they are
  std::string spec_source;
  std::vector<std::string> files;  // the result files it writes
  std::vector<FileRole> inputs;    // none of them may be one of these
};
void check_results_folder(const ResultsClaim& claim, ResultsOwner owner, bool overwrite);

// Creates the folder (and its parents); throws InputError.
void create_results_folder(const std::string& folder);

// A 64-bit hash as summary.json writes it (16 hex digits).
std::string hex(std::uint64_t v);

}  // namespace evalsynth
