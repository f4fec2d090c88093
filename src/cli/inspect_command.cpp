#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/learn_checkpoint_file.hpp"
#include "io/spec.hpp"
#include "lang/printer.hpp"
#include "synthesis/checkpoint_files.hpp"

namespace evalsynth {

const char* const kInspectHelp =
    "usage: evalsynth inspect CHECKPOINT [--json] [--top N]\n"
    "\n"
    "Summarises a checkpoint: a gen-NNNNNN.ckpt file, or a run folder\n"
    "population/<name> (its newest checkpoint; the others are listed). Shows\n"
    "the run, its state, the references' and the answer's validation scores,\n"
    "the hall of fame and the last generation's statistics. A learning\n"
    "checkpoint (learn.ckpt): its spec, game, learner and games done.\n"
    "\n"
    "Options:\n"
    "  --json   print everything in the checkpoint as JSON instead (population,\n"
    "           hall of fame, log, caches, RNG state, spec text)\n"
    "  --top N  hall-of-fame entries to show (default 5)\n";

namespace {

std::string fitness_line(const Fitness& f, Scoring s) {
  char text[224];
  int used = std::snprintf(text, sizeof text, "%g (%d won, %d drawn of %d; moves to win %lld", f.score(s), f.wins,
                           f.draws, f.games, static_cast<long long>(f.moves_to_win));
  if (f.judgements > 0)
    used += std::snprintf(text + used, sizeof text - static_cast<std::size_t>(used), "; %d mistakes in %d searches",
                          f.mistakes, f.judgements);
  std::snprintf(text + used, sizeof text - static_cast<std::size_t>(used), ")");
  return text;
}

}  // namespace

int inspect_command(const Args& args) {
  std::vector<std::string> paths;
  bool json = false;
  int top = 5;
  CommandLine command;
  command.positionals(paths, 1, 1, "give exactly one checkpoint file or run folder");
  command.flag("json", json);
  command.integer("top", top, 0, 100000);
  command.parse(args);
  const std::string path = paths[0];
  if (const std::optional<std::string> learning = learn_checkpoint_file(path)) {
    if (json) throw UsageError("--json dumps a run's checkpoint; " + *learning + " is a learning checkpoint");
    print_learn_checkpoint(*learning);
    return 0;
  }
  const std::string file = resolve_checkpoint(path);
  const Checkpoint c = read_checkpoint(file);
  if (json) {
    std::fputs(checkpoint_json(c).c_str(), stdout);
    return 0;
  }
  const SynthesisState& s = c.state;
  const Scoring scoring = c.scoring;
  std::error_code ignored;
  std::printf("checkpoint   %s (format %u, %llu bytes)\n", file.c_str(), c.format_version,
              static_cast<unsigned long long>(std::filesystem::file_size(file, ignored)));
  std::printf("run          %s (spec %s, hash %016llx)\n", c.run_name.c_str(), c.spec_source.c_str(),
              static_cast<unsigned long long>(c.spec_hash));
  if (s.hall.front().program.family() != kDefaultFamily)
    std::printf("game         %s\n", checkpoint_spec(c, file).game_descriptor().text().c_str());
  if (s.finished())
    std::printf("state        finished: stopped by %s after %d generations (numbered 0-%d, as in log.csv)\n",
                std::string(stop_reason_name(s.stop_reason)).c_str(), s.generation, s.generation - 1);
  else
    std::printf(
        "state        %s after %d generations (numbered 0-%d, as in log.csv); continue with: evalsynth resume %s\n",
        s.stop_reason == StopReason::Running ? "saved mid-run" : std::string(stop_reason_name(s.stop_reason)).c_str(),
        s.generation, s.generation - 1, path.c_str());
  std::printf("work         %lld programs evaluated, %llu games, %.1f s\n", static_cast<long long>(s.evaluations),
              static_cast<unsigned long long>(s.games_played), s.elapsed_seconds);
  std::printf("population   %zu programs (for generation %d); caches %zu training, %zu validation\n",
              s.population.size(), s.generation, s.training_cache.size(), s.validation_cache.size());
  for (const Baseline& b : s.baselines)
    std::printf("reference    %-10s validation %s\n", b.name.c_str(), fitness_line(b.validation, scoring).c_str());
  const HallEntry& answer = s.hall.front();
  std::printf("answer       generation %d, %zu nodes, validation %s\n", answer.generation, answer.program.size(),
              fitness_line(answer.validation, scoring).c_str());
  if (answer.mistake_rate >= 0)
    std::printf("             mistake rate against perfect play %.2f%%\n", 100 * answer.mistake_rate);
  std::printf("             %s\n", lang::expression_text(answer.program).c_str());
  if (top > 0) {
    std::printf("hall of fame (%zu):\n", s.hall.size());
    for (std::size_t i = 0; i < s.hall.size() && static_cast<int>(i) < top; ++i) {
      const HallEntry& h = s.hall[i];
      std::printf("  %2zu. gen %4d  size %4zu  validation %g  training %g\n", i + 1, h.generation, h.program.size(),
                  h.validation.score(scoring), h.training.score(scoring));
    }
  }
  const GenerationLog& last = s.log.back();
  std::printf(
      "last generation %d: best training %g, mean %.2f, median %g; mean size %.1f; cache hits %.1f%%; %.0f games/s\n",
      last.generation, last.best_training, last.mean_training, last.median_training, last.mean_size,
      100 * last.cache_hit_rate, last.games_per_second);
  if (std::filesystem::is_directory(path, ignored)) {
    std::printf("checkpoints in %s:", path.c_str());
    for (const std::string& f : list_checkpoints(path)) std::printf(" %s", std::filesystem::path(f).filename().c_str());
    std::printf("\n");
  }
  return 0;
}

}  // namespace evalsynth
