#include <cstdio>
#include <memory>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/run_session.hpp"
#include "cluster/fitness_cluster.hpp"
#include "cluster/island_cluster.hpp"
#include "io/run_output.hpp"
#include "io/spec.hpp"
#include "support/files.hpp"
#include "support/folder_lock.hpp"
#include "synthesis/checkpoint_files.hpp"

namespace evalsynth {

const char* const kRunHelp =
    "usage: evalsynth run SPEC [--dry-run] [--threads N] [--stop-after N] [--worker-timeout S] [--overwrite]\n"
    "\n"
    "Evolves evaluator programs as the spec says (specs/README.md) and writes\n"
    "results/<name>/: best.eval (the best validation performer, with its scores\n"
    "and those of the game's references on the same validation games: Connect4's\n"
    "IBEF and ADATE-2005; `evalsynth players --game GAME` lists another's), log.csv\n"
    "(one row per generation), summary.json and a copy of the spec.\n"
    "\n"
    "Checkpoints go to population/<name>/ every checkpoint-every generations or\n"
    "checkpoint-seconds seconds, at the end, and on Ctrl-C or SIGTERM (after the\n"
    "generation in progress; a second Ctrl-C quits at once). Continue a stopped\n"
    "run with `evalsynth resume population/<name>`.\n"
    "\n"
    "Options:\n"
    "  --dry-run       check everything a run checks (inputs, folders) and print\n"
    "                  the fully resolved spec; writes nothing\n"
    "  --threads N     worker threads (overrides the spec; results do not depend on it)\n"
    "  --stop-after N  stop after N generations, checkpointed, to resume later\n"
    "                  (islands: at the end of the epoch that reaches N)\n"
    "  --worker-timeout S  under mpirun: seconds a worker may take to answer\n"
    "                  (default 600; islands: per generation of an epoch); one\n"
    "                  that takes longer ends the job, saving the run as it\n"
    "                  stood after its last finished generation (epoch)\n"
    "  --overwrite     start over even if population/<name>/ holds an unfinished\n"
    "                  run or one of another spec (its checkpoints are deleted),\n"
    "                  or results/<name>/ holds another spec file's results\n"
    "\n"
    "A finished run of the same spec is simply run again (it would give the same\n"
    "result). Before anything is written, every input and output is checked: a\n"
    "refused run leaves no trace, and no result file may be one of the inputs.\n"
    "On a terminal a live line shows the generation, best training and\n"
    "validation scores, games/s and time; otherwise a plain line every 10 s.\n"
    "The results folder is rewritten every 30 s while the run goes on.\n"
    "\n"
    "Under `mpirun -np N` the fitness work is spread over N processes (rank 0\n"
    "evolves and writes; islands evolve on the ranks, dealt by cost, and with\n"
    "more ranks than islands island i's fitness work goes over ranks i, i + I, ...;\n"
    "the same results as one process; README.md, \"Past one\n"
    "machine: MPI\"). If a process dies or hangs, the job ends with the run saved\n"
    "as it stood after its last finished generation, to resume on any number of\n"
    "processes.\n";

namespace {

// Refuses to start over a run that is worth keeping, unless told to.
void check_previous_run(const RunSpec& spec, const std::string& folder, bool overwrite) {
  const std::vector<std::string> files = list_checkpoints(folder);
  const std::string staged = newest_staged_checkpoint(folder);  // a killed job's newest state
  if ((files.empty() && staged.empty()) || overwrite) return;
  const std::string advice = "; continue it with `evalsynth resume " + folder +
                             "`, choose another name in the spec, or pass --overwrite to start over";
  Checkpoint previous;
  try {
    previous = read_checkpoint(staged.empty() ? files.back() : staged);
  } catch (const InputError& e) {
    throw InputError(TextLocation{folder, 1, 1},
                     "this run folder holds a checkpoint that does not read (" + e.message() + ")" + advice);
  }
  if (previous.spec_hash != spec.hash())
    throw InputError(TextLocation{folder, 1, 1}, "this run folder holds checkpoints of another spec (" +
                                                     previous.spec_source + ", generation " +
                                                     std::to_string(previous.state.generation) + ")" + advice);
  if (!previous.state.finished())
    throw InputError(TextLocation{folder, 1, 1}, "this run folder holds an unfinished run of this spec, stopped (" +
                                                     std::string(stop_reason_name(previous.state.stop_reason)) +
                                                     ") after generation " + std::to_string(previous.state.generation) +
                                                     advice);
}

// " (perfect opponents: 50 training and 50 validation boards of their own)"
// when they have them.
std::string perfect_boards_text(const Synthesis& run) {
  std::string text;
  for (const auto& [task, kind] :
       {std::pair{RunGame::Task::Training, "training"}, std::pair{RunGame::Task::Validation, "validation"}})
    if (const std::size_t count = run.game().summary(task).own_perfect_boards; count > 0)
      text.append(text.empty() ? "" : " and ").append(std::to_string(count) + " " + kind);
  return text.empty() ? text : " (perfect opponents: " + text + " boards of their own)";
}

struct RunCommand {
  bool dry_run = false, overwrite = false;
  SessionOptions options;
  RunSpec spec;
};

RunCommand read_run_command(const Args& args) {
  RunCommand r;
  std::vector<std::string> specs;
  int threads = 0;
  CommandLine command;
  command.positionals(specs, 1, 1, "give exactly one spec file");
  command.flag("dry-run", r.dry_run);
  command.integer("threads", threads, 1, 1024);
  command.integer("stop-after", r.options.stop_after, 1, 1000000);
  command.integer("worker-timeout", r.options.worker_timeout, 1, 1000000);
  command.flag("overwrite", r.overwrite);
  command.parse(args);
  r.spec = read_spec_file(specs[0]);
  if (command.given("threads")) r.spec.threads = threads;
  return r;
}

}  // namespace

int run_worker(const Args& args) {
  std::unique_ptr<Synthesis> run;
  return cluster::serve_run([&](int& threads) -> Synthesis& {
    const RunCommand r = read_run_command(args);
    threads = r.spec.threads;
    run = std::make_unique<Synthesis>(r.spec);
    return *run;
  });
}

int run_command(const Args& args) {
  cluster::FitnessMaster cluster;  // first: it stops the other processes however this ends
  RunCommand r = read_run_command(args);
  const bool dry_run = r.dry_run, overwrite = r.overwrite;
  SessionOptions& options = r.options;
  const RunSpec& spec = r.spec;
  options.checkpoint_folder = spec.checkpoints + "/" + spec.name;
  // Everything is checked before anything is written, so a refused run (or a
  // dry run) leaves no trace: the folders, then every input (Synthesis reads
  // the grammar, seeds, opponents, boards and positions).
  check_previous_run(spec, options.checkpoint_folder, overwrite);
  check_results_folder(spec, ResultsOwner::NewRun, overwrite);
  check_folder_creatable(options.checkpoint_folder, "checkpoint folder");
  Synthesis run(spec);
  if (dry_run) {
    std::fputs(spec.resolved_text().c_str(), stdout);
    std::printf(
        "# spec hash %016llx (results and checkpoints carry it; threads, output and checkpoint settings do not change "
        "it)\n",
        static_cast<unsigned long long>(spec.hash()));
    return 0;
  }
  const FolderLock lock(options.checkpoint_folder);
  check_previous_run(spec, options.checkpoint_folder, overwrite);  // again: another process may have been faster
  remove_checkpoints(options.checkpoint_folder);
  const TaskSummary training = run.game().summary(RunGame::Task::Training),
                    validation = run.game().summary(RunGame::Task::Validation);
  const std::string game = spec.game.family == kDefaultFamily ? "" : " (" + run.game().game_name() + ")";
  std::printf("run %s%s: %zu training boards, %zu validation boards%s, %zu games per candidate, population %d\n",
              spec.name.c_str(), game.c_str(), training.boards, validation.boards, perfect_boards_text(run).c_str(),
              training.games_per_candidate, spec.population);
  if (!spec.seed_population.empty())
    std::printf("seeded from %s (%zu of its programs are outside this spec's grammar or limits and left out)\n",
                spec.seed_population.c_str(), run.seed_population_skipped());
  std::fflush(stdout);
  cluster::connect_run(cluster, run, options.worker_timeout);
  options.generation_ended = [&cluster, &run] {
    cluster.generation_ended(run.breeding_time().breeding, run.breeding_time().waited);
  };
  const int code = run_session(run, options);
  if (const std::string report = cluster.time_report(); !report.empty()) std::fprintf(stderr, "%s\n", report.c_str());
  return code;
}

}  // namespace evalsynth
