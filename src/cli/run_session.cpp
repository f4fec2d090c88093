#include "cli/run_session.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "cluster/cluster.hpp"
#include "cluster/fitness_cluster.hpp"
#include "io/run_output.hpp"
#include "support/files.hpp"
#include "support/interrupt.hpp"
#include "support/parting_file.hpp"
#include "support/progress.hpp"
#include "synthesis/checkpoint_files.hpp"

namespace evalsynth {
namespace {
namespace fs = std::filesystem;

// Under mpirun a process that dies takes the others down at once (SIGTERM,
// then SIGKILL within milliseconds to a second): no time to finish the
// generation and save. So each finished generation's checkpoint is written
// under a staging name and staged, to be renamed into place by the signal
// handler or when a worker is lost (support/parting_file.hpp); a normal end
// removes it. If SIGKILL comes before the handler has run, the staged file
// stays, complete, and `resume` takes it (synthesis/checkpoint_files.hpp).
// Alone, a signal stops the run after its generation and it saves normally,
// so nothing is staged.
class BoundaryCheckpoint {
 public:
  // A process killed at once (SIGKILL) may have left staged files behind:
  // `resume` has put a newer one in place (cli/resume_command.cpp), `run`
  // refused to start over one unless told to, and the rest are never read.
  explicit BoundaryCheckpoint(const std::string& folder) : folder_(folder), active_(cluster::size() > 1) {
    remove_staged_checkpoints(folder_);
  }
  ~BoundaryCheckpoint() {
    parting_file::clear();
    if (syncing_.joinable()) syncing_.join();
    remove_staged();
  }
  BoundaryCheckpoint(const BoundaryCheckpoint&) = delete;
  BoundaryCheckpoint& operator=(const BoundaryCheckpoint&) = delete;

  // The run stands at a generation boundary; `saved` is the checkpoint file
  // just written there, if any.
  void update(const Synthesis& run, const std::string& saved) {
    if (!active_ || run.state().population.empty()) return;  // empty: a fresh run, nothing played yet
    // A finished run saves and writes its results next; a finished staged
    // checkpoint left by a kill before that would make `resume` see nothing
    // to do, with results up to 30 s old. The previous one stays staged.
    if (run.state().finished()) return;
    // After a signal the process is ending: the handler has put the last
    // staged file in place, and a new one would only be left behind.
    if (parting_file::used()) return;
    const std::string path = folder_ + "/" + checkpoint_file_name(run.state().generation);
    std::string staged;
    if (saved.empty()) {
      staged = staged_checkpoint_name(path);
      // Complete for every process once written, so a killed job leaves it
      // whole; synced to the disk meanwhile (for a crash of the machine),
      // off rank 0's serial part of the generation (results/mpi/).
      if (syncing_.joinable()) syncing_.join();
      write_checkpoint(make_checkpoint(run), staged, false);
      // The signal came while it was written: the handler has put the
      // previous one in place and said so; this one goes, to match.
      if (parting_file::used()) {
        std::error_code ignored;
        fs::remove(staged, ignored);
        return;
      }
    }
    parting_file::stage(staged, path,
                        "\nevalsynth: saved " + path + " (the run as it stood after generation " +
                            std::to_string(run.state().generation) + "); continue with: evalsynth resume " + folder_ +
                            "\n");
    if (!staged.empty()) {
      // The one staged before goes after the sync, once this one is staged
      // (removing it takes as long as writing this one).
      syncing_ = std::thread([staged, previous = staged_] {
        sync_to_disk(staged);
        if (previous != staged) remove_file(previous);
      });
    } else {
      remove_staged();
    }
    staged_ = staged;
  }

 private:
  static void remove_file(const std::string& path) {
    std::error_code ignored;
    if (!path.empty()) fs::remove(path, ignored);
  }
  void remove_staged() { remove_file(staged_); }
  std::string folder_, staged_;
  bool active_;
  std::thread syncing_;  // the last staged file's sync to the disk
};

}  // namespace

int run_session(Synthesis& run, const SessionOptions& options) {
  const RunSpec& spec = run.spec();
  const std::string results = results_folder(spec);
  const bool terminal = ProgressLine::stderr_is_terminal();
  const int first_generation = run.state().generation;
  using Clock = std::chrono::steady_clock;
  const auto session_start = Clock::now();
  auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  double last_print = -1e9, last_results = 0;
  auto last_checkpoint_time = session_start;
  int last_checkpoint_generation = first_generation;
  std::string last_checkpoint;

  auto checkpoint = [&] {
    last_checkpoint = save_checkpoint(run, options.checkpoint_folder, spec.checkpoint_keep);
    last_checkpoint_generation = run.state().generation;
    last_checkpoint_time = Clock::now();
  };

  BoundaryCheckpoint boundary(options.checkpoint_folder);
  boundary.update(run, "");
  InterruptGuard interrupts;
  RunHooks hooks;
  hooks.stop_request = [&]() -> StopReason {
    if (InterruptGuard::received()) return StopReason::Interrupted;
    if (options.stop_after > 0 && run.state().generation - first_generation >= options.stop_after)
      return StopReason::Paused;
    return StopReason::Running;
  };
  hooks.on_generation = [&](const GenerationLog& g) {
    const double session_seconds = seconds_since(session_start);
    const int done = run.state().generation;
    const bool due_by_generations =
        spec.checkpoint_every > 0 && done - last_checkpoint_generation >= spec.checkpoint_every;
    const bool due_by_time =
        spec.checkpoint_seconds > 0 && seconds_since(last_checkpoint_time) >= spec.checkpoint_seconds;
    const bool save = run.stop_reason() == StopReason::Running && (due_by_generations || due_by_time);
    if (save) checkpoint();
    boundary.update(run, save ? last_checkpoint : "");
    if (options.generation_ended) options.generation_ended();
    // Results so far, so a long run that is stopped still leaves its answer.
    if (session_seconds - last_results >= 30) {
      write_run_outputs(run, results);
      last_results = session_seconds;
    }
    // Time left: by generations at this session's pace, capped by the time budget.
    double left = session_seconds / (done - first_generation) * (spec.generations - done);
    if (spec.time_budget_seconds > 0)
      left = std::min(left, std::max(0.0, spec.time_budget_seconds - g.elapsed_seconds));
    char line[300];
    std::snprintf(line, sizeof line,
                  "gen %d/%d  best %g  validation %g  size %zu  evaluations %lld  %.0f games/s  %.0fs, ~%.0fs left",
                  g.generation + 1, spec.generations, g.best_training, g.best_validation, g.best_size,
                  static_cast<long long>(g.evaluations), g.games_per_second, g.elapsed_seconds, left);
    if (terminal) {
      std::fprintf(stderr, "\r\033[K%s", line);
    } else if (session_seconds - last_print >= 10 || run.stop_reason() != StopReason::Running) {
      std::printf("%s\n", line);
      std::fflush(stdout);
      last_print = session_seconds;
    }
  };
  try {
    run.run(hooks);
  } catch (const cluster::WorkerLost& lost) {
    // The generation in progress cannot finish: its state is half made, so
    // the staged checkpoint of the one before is what is saved.
    std::fprintf(stderr, "%sevalsynth: %s\n", terminal ? "\n" : "", lost.what());
    if (!parting_file::finish_now())
      std::fprintf(stderr, "evalsynth: no generation had finished; start the run again\n");
    return 1;
  }
  if (terminal) std::fprintf(stderr, "\n");

  if (last_checkpoint_generation != run.state().generation || last_checkpoint.empty()) checkpoint();
  write_run_outputs(run, results);
  const HallEntry& best = run.hall_of_fame().front();
  const int generations = run.state().generation;
  if (run.state().finished()) {
    std::printf("stopped by %s after %d generations\n", std::string(stop_reason_name(run.stop_reason())).c_str(),
                generations);
  } else {
    std::printf("%s after %d of %d generations; continue with: evalsynth resume %s\n",
                std::string(stop_reason_name(run.stop_reason())).c_str(), generations, spec.generations,
                options.checkpoint_folder.c_str());
  }
  std::printf("answer (generation %d, %zu nodes): validation %g", best.generation, best.program.size(),
              best.validation.score(spec.scoring));
  for (const Baseline& b : run.baselines()) std::printf(", %s %g", b.name.c_str(), b.validation.score(spec.scoring));
  std::printf("\nwritten to %s/ (checkpoint %s)\n", results.c_str(), last_checkpoint.c_str());
  std::fflush(stdout);
  const int signal = InterruptGuard::received();
  return signal && !run.state().finished() ? 128 + signal : 0;
}

}  // namespace evalsynth
