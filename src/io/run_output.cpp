#include "io/run_output.hpp"

#include <cstdio>
#include <filesystem>

#include "io/csv.hpp"
#include "io/html_report.hpp"
#include "io/json.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"
#include "support/files.hpp"

namespace evalsynth {

std::string hex(std::uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

namespace {

std::string fitness_text(const Fitness& f, Scoring s) {
  std::string text = std::to_string(f.wins) + " won, " + std::to_string(f.draws) + " drawn of " +
                     std::to_string(f.games) + " games; moves to win " + std::to_string(f.moves_to_win);
  if (f.judgements > 0) {
    char mistakes[96];
    std::snprintf(mistakes, sizeof mistakes, "; %d mistakes in %d position searches (%.2f%%)", f.mistakes, f.judgements,
                  100.0 * f.mistake_rate());
    text += mistakes;
  }
  if (s.games == GameScoring::Points || f.judgements > 0) {
    char score[32];
    std::snprintf(score, sizeof score, "%g", f.score(s));
    text = std::string(f.judgements > 0 ? "score " : "") + score + (f.judgements > 0 ? " (" : " points (") + text + ")";
  }
  return text;
}

Json fitness_json(const Fitness& f, Scoring s) {
  Json json = {{"score", f.score(s)},
               {"games", f.games},
               {"wins", f.wins},
               {"draws", f.draws},
               {"moves_to_win", f.moves_to_win}};
  if (f.judgements > 0) {
    json["position_searches"] = f.judgements;
    json["mistakes"] = f.mistakes;
  }
  return json;
}

}  // namespace

std::string answer_text(const Synthesis& run) {
  const HallEntry& best = run.hall_of_fame().front();
  const Scoring s = run.spec().scoring;
  std::string text = "# The answer of evalsynth run '" + run.spec().name + "' (spec " + run.spec().source + ", hash " +
                     hex(run.spec().hash()) + ")\n";
  text += "# found in generation " + std::to_string(best.generation) + "; size " + std::to_string(best.program.size()) +
          " nodes\n";
  text += "# training:   " + fitness_text(best.training, s) + "\n";
  text += "# validation: " + fitness_text(best.validation, s) + "\n";
  for (const Baseline& b : run.baselines())
    text += "#   " + b.name + " on the same validation games: " + fitness_text(b.validation, s) + "\n";
  if (best.mistake_rate >= 0) {
    char rate[64];
    std::snprintf(rate, sizeof rate, "%.2f%%", 100.0 * best.mistake_rate);
    text += "# mistake rate against perfect play at depth " + std::to_string(run.spec().strength_depth) + ": " + rate +
            "\n";
  }
  // The program as it reads best: simplified (the same value on every
  // position), with the evolved original kept below as a comment.
  // Programs of other games than Connect4 name the run's game first.
  lang::Program program = best.program;
  program.game = run.spec().game_descriptor();
  const lang::Program simple = lang::simplify(program);
  const std::string evolved = lang::to_text(program), simplified = lang::to_text(simple);
  if (simplified == evolved) return text + evolved + "\n";
  text += "# simplified: " + std::to_string(simple.size()) + " nodes (the same value on every position; the evolved\n";
  text += "# program it was simplified from is the comment at the end)\n";
  text += simplified;
  text += "\n\n# as evolved, ";
  text += std::to_string(best.program.size());
  text += " nodes:\n# ";
  text += lang::expression_text(program);
  text += "\n";
  return text;
}

std::string log_csv(const Synthesis& run) {
  CsvWriter csv({"generation", "evaluations", "best_training", "mean_training", "median_training", "best_validation",
                 "mean_size", "best_size", "cache_hit_rate", "games_per_second", "elapsed_seconds",
                 "answer_mistake_rate", "raced_out", "games_saved", "searches_saved"});
  auto number = [](const char* format, auto value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return std::string(text);
  };
  for (const GenerationLog& g : run.log())
    csv.row({std::to_string(g.generation), std::to_string(g.evaluations), number("%g", g.best_training),
             number("%.2f", g.mean_training), number("%g", g.median_training), number("%g", g.best_validation),
             number("%.1f", g.mean_size), std::to_string(g.best_size), number("%.3f", g.cache_hit_rate),
             number("%.0f", g.games_per_second), number("%.3f", g.elapsed_seconds),
             g.answer_mistake_rate >= 0 ? number("%.4f", g.answer_mistake_rate) : std::string(),
             std::to_string(g.raced_out), std::to_string(g.games_saved), std::to_string(g.searches_saved)});
  return csv.text();
}

std::string summary_json(const Synthesis& run) {
  const Scoring s = run.spec().scoring;
  const HallEntry& best = run.hall_of_fame().front();
  const GenerationLog& last = run.log().back();
  Json answer = {{"program", lang::to_text(best.program)},
                 {"simplified", lang::to_text(lang::simplify(best.program))},
                 {"size", best.program.size()},
                 {"depth", best.program.depth()},
                 {"generation", best.generation},
                 {"training", fitness_json(best.training, s)},
                 {"validation", fitness_json(best.validation, s)}};
  if (best.mistake_rate >= 0) answer["mistake_rate"] = best.mistake_rate;
  Json baselines = Json::object();
  for (const Baseline& b : run.baselines()) baselines[b.name] = fitness_json(b.validation, s);
  Json hall = Json::array();
  for (const HallEntry& h : run.hall_of_fame())
    hall.push_back({{"program", lang::to_text(h.program)},
                    {"generation", h.generation},
                    {"validation", fitness_json(h.validation, s)}});
  Json summary = Json::object();
  summary["run"] = run.spec().name;
  // Connect4's summaries read as they always have; other games name theirs.
  if (run.spec().game.family != kDefaultFamily) summary["game"] = run.spec().game_descriptor().text();
  summary["spec"] = run.spec().source;
  summary["spec_hash"] = hex(run.spec().hash());
  summary["seed"] = run.spec().seed;
  summary["stopped_by"] = stop_reason_name(run.stop_reason());
  summary["generations"] = last.generation + 1;
  summary["evaluations"] = last.evaluations;
  summary["elapsed_seconds"] = last.elapsed_seconds;
  summary["training_boards"] = run.game().summary(RunGame::Task::Training).boards;
  summary["validation_boards"] = run.game().summary(RunGame::Task::Validation).boards;
  summary["answer"] = answer;
  summary["baselines"] = baselines;
  summary["hall_of_fame"] = hall;
  return json_text(summary);
}

namespace {

constexpr const char* kResultFiles[] = {"best.eval", "log.csv", "summary.json", "spec.spec", "report.html"};

}  // namespace

void write_run_outputs(const Synthesis& run, const std::string& folder) {
  create_results_folder(folder);
  write_file_atomically(folder + "/best.eval", answer_text(run));
  write_file_atomically(folder + "/log.csv", log_csv(run));
  write_file_atomically(folder + "/summary.json", summary_json(run));
  write_file_atomically(folder + "/spec.spec", run.spec().text);
  // Last, from the files just written: a browser tab with it open shows the
  // run progressing on reload.
  write_html_report(folder);
}

std::string results_folder(const RunSpec& spec) { return spec.output + "/" + spec.name; }

void check_results_folder(const ResultsClaim& claim, ResultsOwner owner, bool overwrite) {
  namespace fs = std::filesystem;
  const std::string& folder = claim.folder;
  std::error_code ignored;
  if (fs::exists(folder, ignored) && !fs::is_directory(folder, ignored))
    throw InputError(TextLocation{folder, 1, 1}, "the results folder is in the way: this is a file, not a folder");
  if (!overwrite) {
    const std::string advice = "; choose another name or output folder in the spec, or move it away";
    const std::string summary = folder + "/summary.json";
    if (fs::exists(summary, ignored)) {
      const Json saved = Json::parse(read_text_file(summary, "summary", std::size_t{1} << 24), nullptr, false);
      const bool readable = !saved.is_discarded() && saved.is_object();
      const std::string saved_spec =
          readable && saved.contains("spec") && saved["spec"].is_string() ? saved["spec"].get<std::string>() : "";
      const bool same_run = readable && saved.contains("spec_hash") && saved["spec_hash"] == hex(claim.spec_hash);
      // A new run of the spec file that made these results replaces them, as
      // re-running a spec always has; another spec file of the same name
      // must not. A resumed run continues one exact run.
      const bool same_spec_file =
          !saved_spec.empty() && !claim.spec_source.empty() && same_file(saved_spec, claim.spec_source);
      if (!same_run && !(owner == ResultsOwner::NewRun && same_spec_file))
        throw InputError(TextLocation{summary, 1, 1},
                         "the results folder holds the results of another run" +
                             (saved_spec.empty() ? std::string() : " (spec " + saved_spec + ")") + ", which this " +
                             (owner == ResultsOwner::NewRun ? "run" : "resumed run") + " would overwrite" + advice);
    } else {
      for (const std::string& file : claim.files)
        if (fs::exists(folder + "/" + file, ignored))
          throw InputError(TextLocation{folder + "/" + file, 1, 1},
                           "the results folder holds files of an unknown run, which this run would overwrite" + advice);
    }
  }
  std::vector<FileRole> outputs;
  for (const std::string& file : claim.files) outputs.push_back({folder + "/" + file, "the result " + file});
  check_folder_creatable(folder, "results folder");
  if (!fs::exists(folder, ignored)) {
    check_outputs(outputs, claim.inputs, false);
    return;
  }
  check_outputs(outputs, claim.inputs);
}

void check_results_folder(const RunSpec& spec, ResultsOwner owner, bool overwrite) {
  check_results_folder(ResultsClaim{results_folder(spec),
                                    spec.hash(),
                                    spec.source,
                                    {std::begin(kResultFiles), std::end(kResultFiles)},
                                    spec.input_files()},
                       owner, overwrite);
}

void create_results_folder(const std::string& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) throw InputError(TextLocation{folder, 1, 1}, "cannot create the results folder: " + error.message());
}

}  // namespace evalsynth
