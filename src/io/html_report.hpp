#pragma once
// report.html: one self-contained page (it opens offline, from disk) that
// shows a run at a glance: provenance, the answer (simplified, one term per
// line, highlighted), curves over the generations (scores with the
// baselines, program size, cache hit rate, speed, the answer's mistake rate),
// the cross-table as a heat map when match.csv is there, and mistakes by
// depth when strength-*.csv files are there. The page carries its data as
// JSON and draws it with Chart.js 4.5.0 (MIT; src/io/report/, vendored from
// npm and inlined at build time).

#include <map>
#include <string>

#include "io/json.hpp"

namespace evalsynth {

// What a page shows; every part is optional (a match page has only its table).
struct ReportInputs {
  std::string title;
  Json summary;           // a run's summary.json (null: no run sections)
  Json learn_summary;     // or a learning run's (evalsynth learn)
  std::string curve_csv;  // and its curve.csv
  std::string log_csv, spec_text, match_csv;
  std::map<std::string, std::string> strength_csv;  // name -> a strength table
  std::string reliability_csv;                      // evalsynth reliability: the model and the runs by iteration
  std::string experiment_csv;                       // evalsynth experiment: one row per run
};

// The page for the inputs.
std::string html_page(const ReportInputs& inputs);

// The page for the results folder: a run's (summary.json and log.csv as
// `run` writes them) or a learning run's (summary.json and curve.csv as
// `learn` writes them); throws InputError naming a missing or unreadable file.
std::string html_report(const std::string& folder);

// Writes FOLDER/report.html, or `output` if given (atomically).
void write_html_report(const std::string& folder, const std::string& output = "");

}  // namespace evalsynth
