#include <cstdio>
#include <filesystem>
#include <memory>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/learn_checkpoint_file.hpp"
#include "cli/run_session.hpp"
#include "cluster/fitness_cluster.hpp"
#include "cluster/island_cluster.hpp"
#include "io/run_output.hpp"
#include "io/spec.hpp"
#include "support/files.hpp"
#include "support/folder_lock.hpp"
#include "synthesis/checkpoint_files.hpp"

namespace evalsynth {

const char* const kResumeHelp =
    "usage: evalsynth resume CHECKPOINT [--threads N] [--stop-after N] [--worker-timeout S]\n"
    "\n"
    "A learning checkpoint (population/<name> holding learn.ckpt) continues as\n"
    "`evalsynth learn SPEC --resume` (--stop-after then counts games).\n"
    "\n"
    "Continues a stopped run from a checkpoint: a run folder population/<name>\n"
    "(its newest checkpoint, or a newer gen-NNNNNN.ckpt.staged that a job killed\n"
    "under mpirun left, which is then put in place) or one gen-NNNNNN.ckpt file\n"
    "in it. The run goes on exactly as if it had never stopped: the same\n"
    "log.csv (timing columns aside) and the same answer. It uses the spec text\n"
    "saved in the checkpoint, and refuses to go on if a file the spec names\n"
    "(grammar, seeds, opponents, boards, positions) has changed since, or if the\n"
    "run's checkpoint or results folder now holds another run's files (it would\n"
    "overwrite them).\n"
    "\n"
    "Options:\n"
    "  --threads N     worker threads (results do not depend on it)\n"
    "  --stop-after N  stop again after N more generations, checkpointed\n"
    "  --worker-timeout S  under mpirun: seconds a worker may take to answer\n"
    "                  (default 600; see evalsynth help run)\n";

namespace {

std::string changed_inputs(const InputFingerprints& saved, const InputFingerprints& now) {
  std::string out;
  auto compare = [&](std::uint64_t a, std::uint64_t b, const char* what) {
    if (a != b) out += std::string(out.empty() ? "" : ", ") + what;
  };
  compare(saved.grammar, now.grammar, "the grammar");
  compare(saved.seeds, now.seeds, "the seed programs");
  compare(saved.opponents, now.opponents, "the opponents");
  compare(saved.training_boards, now.training_boards, "the training boards");
  compare(saved.validation_boards, now.validation_boards, "the validation boards");
  compare(saved.strength_positions, now.strength_positions, "the strength positions");
  compare(saved.seed_population, now.seed_population, "the seed population");
  return out;
}

// The checkpoint folder a resumed run writes to may since hold another run
// of the same name (a checkpoint resumed from a copy elsewhere), in its
// checkpoints or in a staged one that a killed job left.
void check_checkpoint_folder(const RunSpec& spec, const std::string& folder) {
  const std::vector<std::string> files = list_checkpoints(folder);
  const std::string staged = newest_staged_checkpoint(folder);
  if (files.empty() && staged.empty()) return;
  const std::string& newest_file = staged.empty() ? files.back() : staged;
  Checkpoint newest;
  try {
    newest = read_checkpoint(newest_file);
  } catch (const InputError& e) {
    throw InputError(TextLocation{folder, 1, 1}, "the run's checkpoint folder holds a checkpoint that does not read (" +
                                                     e.message() + "); move it away to resume here");
  }
  if (newest.spec_hash != spec.hash())
    throw InputError(TextLocation{newest_file, 1, 1},
                     "the run's checkpoint folder holds checkpoints of another run (spec " + newest.spec_source +
                         "), which resuming would overwrite; move them away first");
}

// A staged checkpoint a killed job left in the run's folder, newer than its
// checkpoints, becomes the checkpoint it stood for, whichever file is
// resumed: the session (run_session.cpp) clears staged files. Only once
// every rank has read the file it resumes (they may have resolved this one).
void put_staged_in_place(const std::string& folder) {
  const std::string staged = newest_staged_checkpoint(folder);
  if (staged.empty()) return;
  const std::string path = checkpoint_of_staged(staged);
  std::error_code error;
  std::filesystem::rename(staged, path, error);
  if (error)
    throw InputError(TextLocation{staged, 1, 1}, "cannot put this staged checkpoint in place: " + error.message());
  std::printf("(%s is the checkpoint a killed job had staged; it is now %s)\n", staged.c_str(), path.c_str());
}

struct ResumeCommand {
  std::string file;
  Checkpoint checkpoint;
  RunSpec spec;
  SessionOptions options;
};

ResumeCommand read_resume_command(const Args& args) {
  ResumeCommand r;
  std::vector<std::string> paths;
  int threads = 0;
  CommandLine command;
  command.positionals(paths, 1, 1, "give exactly one checkpoint file or run folder");
  command.integer("threads", threads, 1, 1024);
  command.integer("stop-after", r.options.stop_after, 1, 1000000);
  command.integer("worker-timeout", r.options.worker_timeout, 1, 1000000);
  command.parse(args);
  r.file = resolve_checkpoint(paths[0]);
  r.checkpoint = read_checkpoint(r.file);
  r.spec = checkpoint_spec(r.checkpoint, r.file);
  if (r.spec.hash() != r.checkpoint.spec_hash)
    throw InputError(TextLocation{r.file, 1, 1},
                     "the spec saved in this checkpoint describes a different run when read by this evalsynth; it "
                     "cannot be continued");
  if (command.given("threads")) r.spec.threads = threads;
  return r;
}

}  // namespace

int resume_worker(const Args& args) {
  std::unique_ptr<Synthesis> run;
  return cluster::serve_run([&](int& threads) -> Synthesis& {
    const ResumeCommand r = read_resume_command(args);
    threads = r.spec.threads;
    run = std::make_unique<Synthesis>(r.spec);
    return *run;
  });
}

// A learning checkpoint continues as `evalsynth learn SPEC --resume` would,
// with --threads and --stop-after (games, for a learner) passed on.
std::optional<int> resume_learning(const Args& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].starts_with("--")) {
      ++i;  // every option of resume takes a value
      continue;
    }
    const std::optional<std::string> file = learn_checkpoint_file(args[i]);
    if (!file) return std::nullopt;
    Args learn_args = {learn_checkpoint_spec_source(*file), "--resume"};
    for (std::size_t k = 0; k < args.size(); ++k)
      if (k != i) learn_args.push_back(args[k]);
    std::printf("%s is a learning checkpoint: evalsynth learn %s --resume\n", file->c_str(), learn_args[0].c_str());
    std::fflush(stdout);
    return learn_command(learn_args);
  }
  return std::nullopt;
}

int resume_command(const Args& args) {
  if (const std::optional<int> learned = resume_learning(args)) return *learned;
  cluster::FitnessMaster cluster;  // first: it stops the other processes however this ends
  ResumeCommand r = read_resume_command(args);
  const std::string& file = r.file;
  Checkpoint& checkpoint = r.checkpoint;
  const RunSpec& spec = r.spec;
  SessionOptions& options = r.options;
  if (checkpoint.state.finished()) {
    std::printf(
        "run %s finished (stopped by %s after %d generations); nothing to resume. Its answer is in %s/%s/best.eval\n",
        spec.name.c_str(), std::string(stop_reason_name(checkpoint.state.stop_reason)).c_str(),
        checkpoint.state.generation, spec.output.c_str(), spec.name.c_str());
    return 0;
  }
  options.checkpoint_folder = spec.checkpoints + "/" + spec.name;
  // Everything is checked before anything is written: a refused resume
  // leaves no trace.
  check_checkpoint_folder(spec, options.checkpoint_folder);
  check_results_folder(spec, ResultsOwner::Resumed, false);
  check_folder_creatable(options.checkpoint_folder, "checkpoint folder");
  Synthesis run(spec, std::move(checkpoint.state));
  const std::string changed = changed_inputs(checkpoint.inputs, run.inputs());
  if (!changed.empty())
    throw InputError(TextLocation{file, 1, 1},
                     "the run's inputs have changed since this checkpoint: " + changed +
                         "; continuing would not be the same run (restore them, or start a new run)");
  const FolderLock lock(options.checkpoint_folder);
  check_checkpoint_folder(spec, options.checkpoint_folder);  // again: another process may have been faster
  std::printf("resuming run %s at generation %d of %d from %s\n", spec.name.c_str(), run.state().generation,
              spec.generations, file.c_str());
  std::fflush(stdout);
  cluster::connect_run(cluster, run, options.worker_timeout);
  options.generation_ended = [&cluster, &run] {
    cluster.generation_ended(run.breeding_time().breeding, run.breeding_time().waited);
  };
  put_staged_in_place(options.checkpoint_folder);  // after connect: every rank has read its file
  const int code = run_session(run, options);
  if (const std::string report = cluster.time_report(); !report.empty()) std::fprintf(stderr, "%s\n", report.c_str());
  return code;
}

}  // namespace evalsynth
