#include <algorithm>
#include <cstdio>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "io/run_output.hpp"
#include "io/spec.hpp"
#include "support/progress.hpp"
#include "synthesis/synthesis.hpp"

namespace evalsynth {

const char* const kRunHelp =
    "usage: evalsynth run SPEC [--dry-run] [--threads N]\n"
    "\n"
    "Evolves evaluator programs as the spec says (specs/README.md) and writes\n"
    "results/<name>/: best.eval (the best validation performer, with its scores\n"
    "and those of IBEF and ADATE-2005 on the same validation games), log.csv\n"
    "(one row per generation), summary.json and a copy of the spec.\n"
    "\n"
    "Options:\n"
    "  --dry-run     print the fully resolved spec and stop\n"
    "  --threads N   worker threads (overrides the spec; results do not depend on it)\n"
    "\n"
    "On a terminal a live line shows the generation, best training and\n"
    "validation scores, games/s and time; otherwise a plain line every 10 s.\n"
    "The results folder is rewritten every 30 s while the run goes on.\n";

int run_command(const Args& args) {
  const Arguments a(args, {{"dry-run", false}, {"threads"}});
  if (a.positionals().size() != 1) throw UsageError("give exactly one spec file");
  RunSpec spec = read_spec_file(a.positionals()[0]);
  if (a.has("threads")) spec.threads = static_cast<int>(a.integer("threads", 0, 1, 1024));
  if (a.has("dry-run")) {
    std::fputs(spec.resolved_text().c_str(), stdout);
    return 0;
  }
  const std::string folder = spec.output + "/" + spec.name;
  Synthesis run(spec);
  const bool terminal = ProgressLine::stderr_is_terminal();
  double last_print = -1e9, last_write = 0;
  std::printf("run %s: %zu training boards, %zu validation boards, %zu games per candidate, population %d\n", spec.name.c_str(),
              run.training_task().boards.size(), run.validation_task().boards.size(), run.training_task().games_per_candidate(),
              spec.population);
  std::fflush(stdout);
  run.run([&](const GenerationLog& g) {
    // Results so far, so a long run that is stopped still leaves its answer.
    if (g.elapsed_seconds - last_write >= 30) {
      write_run_outputs(run, folder);
      last_write = g.elapsed_seconds;
    }
    // Time left: by generations at the pace so far, capped by the time budget.
    double left = g.elapsed_seconds / (g.generation + 1) * (spec.generations - g.generation - 1);
    if (spec.time_budget_seconds > 0) left = std::min(left, std::max(0.0, spec.time_budget_seconds - g.elapsed_seconds));
    char line[300];
    std::snprintf(line, sizeof line, "gen %d/%d  best %g  validation %g  size %zu  evaluations %lld  %.0f games/s  %.0fs, ~%.0fs left",
                  g.generation + 1, spec.generations, g.best_training, g.best_validation, g.best_size,
                  static_cast<long long>(g.evaluations), g.games_per_second, g.elapsed_seconds, left);
    if (terminal) {
      std::fprintf(stderr, "\r\033[K%s", line);
    } else if (g.elapsed_seconds - last_print >= 10 || g.generation + 1 == spec.generations) {
      std::printf("%s\n", line);
      std::fflush(stdout);
      last_print = g.elapsed_seconds;
    }
  });
  if (terminal) std::fprintf(stderr, "\n");
  write_run_outputs(run, folder);
  const HallEntry& best = run.hall_of_fame().front();
  std::printf("stopped by %s after %zu generations\n", run.stop_reason().c_str(), run.log().size());
  std::printf("answer (generation %d, %zu nodes): validation %g", best.generation, best.program.size(), best.validation.score(spec.scoring));
  for (const Baseline& b : run.baselines()) std::printf(", %s %g", b.name.c_str(), b.validation.score(spec.scoring));
  std::printf("\nwritten to %s/\n", folder.c_str());
  return 0;
}

}  // namespace evalsynth
