// Checkpoint and resume through the command line: real processes stopped by
// --stop-after, SIGINT and kill -9 at random moments, and refusals that leave
// every file as it was.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <thread>

#include "synthesis/checkpoint_files.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;
using test::read_file;
using test::run_evalsynth;
using test::snapshot;

namespace {

const std::string kSource = test::kSourceDir;

// A small run writing into `folder`, checkpointing every generation.
std::string write_spec(const test::ScratchFolder& folder, const std::string& file, const std::string& extra = "",
                       int generations = 10, const std::string& grammar = "grammar/features.grammar") {
  const std::string path = folder / file;
  test::write_file(
      path,
      "name = r\ngrammar = " + grammar +
          "\nseeds = grammar/examples/adate2005.eval\nopponents = ibef@1\n"
          "candidate-depths = 1\ntraining-boards = shallow\nvalidation-boards = random(20)\npopulation = "
          "20\ngenerations = " +
          std::to_string(generations) +
          "\nrestart-every = 7\nmax-size = 200\nmax-depth = 40\ninit-depth = 3\nmove-order = random\nscoring = points\n"
          "checkpoint-every = 1\ncheckpoint-keep = 2\noutput = " +
          (folder / "results") + "\ncheckpoints = " + (folder / "population") + "\n" + extra);
  return path;
}

// log.csv without the timing columns (games_per_second, elapsed_seconds).
std::string log_without_timing(const std::string& path) {
  std::string out, line;
  std::istringstream in(read_file(path));
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream row(line);
    while (std::getline(row, cell, ',')) cells.push_back(cell);
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (i != 9 && i != 10) out += cells[i] + ",";
    out += "\n";
  }
  return out;
}

// best.eval without its first line, which names the spec file's path.
std::string answer_without_path(const std::string& path) {
  const std::string text = read_file(path);
  return text.substr(text.find('\n') + 1);
}

// Every file in a folder with its contents, to show nothing changed.
// Starts `evalsynth ARGS...` in the source folder with output discarded.
pid_t start(const std::vector<std::string>& args) {
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    if (chdir(kSource.c_str()) != 0) _exit(126);
    freopen("/dev/null", "w", stdout);
    freopen("/dev/null", "w", stderr);
    std::vector<char*> argv{const_cast<char*>(test::kEvalsynthBinary)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(test::kEvalsynthBinary, argv.data());
    _exit(127);
  }
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("run, stop and resume from the command line give the uninterrupted run's files", "[checkpoint][cli]") {
  test::ScratchFolder straight("straight"), stopped("stopped");
  const std::string a = write_spec(straight, "r.spec"), b = write_spec(stopped, "r.spec");
  REQUIRE(run_evalsynth("run " + a, kSource).exit_code == 0);
  // Every run leaves its page next to its results.
  CHECK_THAT(read_file(straight / "results/r/report.html"),
             Contains("id=\"report-data\"") && Contains("Chart.js v4.5.0"));

  const test::Run first = run_evalsynth("run " + b + " --stop-after 3", kSource);
  REQUIRE(first.exit_code == 0);
  CHECK_THAT(first.output, Contains("paused after 3 of 10 generations; continue with: evalsynth resume " +
                                    (stopped / "population/r")));
  const test::Run inspect = run_evalsynth("inspect " + (stopped / "population/r"), kSource);
  CHECK(inspect.exit_code == 0);
  CHECK_THAT(inspect.output,
             Contains("state        paused after 3 generations") && Contains("gen-000002.ckpt gen-000003.ckpt"));
  CHECK_THAT(run_evalsynth("inspect " + (stopped / "population/r") + " --json", kSource).output,
             Contains("\"stop_reason\": \"paused\""));

  // Starting it again instead of resuming would throw the work away.
  const auto before = snapshot(stopped.path.string());
  const test::Run again = run_evalsynth("run " + b, kSource);
  CHECK(again.exit_code == 1);
  CHECK_THAT(again.output, Contains("holds an unfinished run of this spec") && Contains("evalsynth resume"));
  CHECK(snapshot(stopped.path.string()) == before);

  // A job killed at once (SIGKILL under mpirun) may leave its newest
  // checkpoint staged, and older or half-written staged files beside it.
  const std::string folder = stopped / "population/r";
  std::filesystem::rename(folder + "/gen-000003.ckpt", folder + "/gen-000003.ckpt.staged");
  test::write_file(folder + "/gen-000001.ckpt.staged", "older: never read");
  test::write_file(folder + "/gen-000004.ckpt.staged.tmp.12345", "half written");
  CHECK_THAT(run_evalsynth("run " + b, kSource).output, Contains("holds an unfinished run of this spec, stopped "
                                                                 "(paused) after generation 3"));
  const test::Run resumed = run_evalsynth("resume " + folder + " --stop-after 4 --threads 2", kSource);
  REQUIRE(resumed.exit_code == 0);
  CHECK_THAT(resumed.output, Contains("resuming run r at generation 3 of 10") &&
                                 Contains("gen-000003.ckpt.staged is the checkpoint a killed job had staged"));
  for (const char* leftover :
       {"/gen-000003.ckpt.staged", "/gen-000001.ckpt.staged", "/gen-000004.ckpt.staged.tmp.12345"})
    CHECK_FALSE(std::filesystem::exists(folder + leftover));
  const test::Run rest = run_evalsynth("resume " + (stopped / "population/r/gen-000007.ckpt"), kSource);
  REQUIRE(rest.exit_code == 0);
  CHECK_THAT(rest.output, Contains("resuming run r at generation 7 of 10"));
  CHECK(log_without_timing(stopped / "results/r/log.csv") == log_without_timing(straight / "results/r/log.csv"));
  CHECK(answer_without_path(stopped / "results/r/best.eval") == answer_without_path(straight / "results/r/best.eval"));
  CHECK(list_checkpoints(stopped / "population/r").size() == 2);  // checkpoint-keep

  const test::Run finished = run_evalsynth("resume " + (stopped / "population/r"), kSource);
  CHECK(finished.exit_code == 0);
  CHECK_THAT(finished.output, Contains("nothing to resume"));
  // A finished run of the same spec may simply be run again.
  CHECK(run_evalsynth("run " + b, kSource).exit_code == 0);
}

TEST_CASE("resume refuses changed inputs, other specs and damaged checkpoints, and changes nothing",
          "[checkpoint][cli][errors]") {
  test::ScratchFolder scratch("refusals");
  std::filesystem::copy_file(kSource + "/grammar/features.grammar", scratch / "my.grammar");
  const std::string spec = write_spec(scratch, "r.spec", "", 10, scratch / "my.grammar");
  REQUIRE(run_evalsynth("run " + spec + " --stop-after 2", kSource).exit_code == 0);
  const std::string folder = scratch / "population/r";

  // A changed grammar file: continuing would not be the same run.
  test::write_file(scratch / "my.grammar", read_file(scratch / "my.grammar") + "\n# edited\n");
  auto before = snapshot(scratch.path.string());
  test::Run r = run_evalsynth("resume " + folder, kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output,
             Contains("gen-000002.ckpt:1:1: error: the run's inputs have changed since this checkpoint: the grammar"));
  CHECK(snapshot(scratch.path.string()) == before);

  // Another spec into the same folder.
  const std::string other = write_spec(scratch, "other.spec", "seed = 99\n");
  before = snapshot(scratch.path.string());
  r = run_evalsynth("run " + other, kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("holds checkpoints of another spec") && Contains("--overwrite"));
  CHECK(snapshot(scratch.path.string()) == before);

  // Damaged checkpoints from the fixtures, as the newest in the folder.
  for (const char* fixture : {"truncated.ckpt", "bitflip.ckpt", "version99.ckpt", "not-a-checkpoint.ckpt"}) {
    std::filesystem::copy_file(kSource + "/population/fixtures/" + fixture, folder + "/gen-000009.ckpt",
                               std::filesystem::copy_options::overwrite_existing);
    before = snapshot(scratch.path.string());
    r = run_evalsynth("resume " + folder, kSource);
    INFO(fixture << ": " << r.output);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("gen-000009.ckpt:1:1: error: "));
    CHECK(snapshot(scratch.path.string()) == before);
    CHECK(run_evalsynth("inspect " + folder, kSource).exit_code == 1);
  }
  // A staged checkpoint of another run (a killed job's), newer than the
  // one resumed: resuming would put it in place and then overwrite it.
  std::filesystem::remove(folder + "/gen-000009.ckpt");
  std::filesystem::copy_file(kSource + "/population/fixtures/tiny-v1.ckpt", folder + "/gen-000005.ckpt.staged");
  before = snapshot(scratch.path.string());
  r = run_evalsynth("resume " + folder + "/gen-000002.ckpt", kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("gen-000005.ckpt.staged:1:1: error: the run's checkpoint folder holds checkpoints of "
                                "another run"));
  CHECK(snapshot(scratch.path.string()) == before);
  std::filesystem::remove(folder + "/gen-000005.ckpt.staged");
  r = run_evalsynth("resume " + (scratch / "nowhere"), kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("no such checkpoint file or run folder"));
  CHECK(run_evalsynth("resume", kSource).exit_code == 2);
  CHECK(run_evalsynth("run " + spec + " --stop-after 0", kSource).exit_code == 2);
  // --overwrite starts over.
  CHECK(run_evalsynth("run " + other + " --overwrite", kSource).exit_code == 0);
}

TEST_CASE("killing a run at any moment leaves a loadable checkpoint, and resuming gives the uninterrupted result",
          "[checkpoint][cli][kill]") {
  test::ScratchFolder straight("kill-straight"), killed("kill-killed");
  const std::string a = write_spec(straight, "r.spec", "", 60), b = write_spec(killed, "r.spec", "", 60);
  // How long an uninterrupted run takes here, to spread the kills over it.
  const auto started = std::chrono::steady_clock::now();
  REQUIRE(wait_for(start({"run", a})) == 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  std::mt19937 random(2026);
  const std::string folder = killed / "population/r";
  int kills = 0, interrupts = 0, exit_code = -1;
  for (int attempt = 0; attempt < 30 && exit_code != 0; ++attempt) {
    const bool fresh = list_checkpoints(folder).empty();
    const pid_t pid = start(fresh ? std::vector<std::string>{"run", b} : std::vector<std::string>{"resume", folder});
    if (attempt < 8) {
      // A random moment of the run; the sleep only chooses it, nothing is timed.
      std::this_thread::sleep_for(
          std::chrono::duration<double>(std::uniform_real_distribution<double>(0, seconds / 6)(random)));
      const bool gently = attempt % 3 == 1;
      kill(pid, gently ? SIGINT : SIGKILL);
      exit_code = wait_for(pid);
      if (exit_code == 128 + SIGKILL) ++kills;
      if (gently && exit_code == 128 + SIGINT) ++interrupts;
    } else {
      exit_code = wait_for(pid);
    }
    // Whatever happened, every checkpoint left behind reads.
    for (const std::string& file : list_checkpoints(folder)) {
      INFO(file);
      CHECK_NOTHROW(read_checkpoint(file));
    }
  }
  REQUIRE(exit_code == 0);
  CHECK(kills > 0);
  INFO("SIGINT stops that took effect: " << interrupts);
  CHECK(read_checkpoint(resolve_checkpoint(folder)).state.finished());
  CHECK(log_without_timing(killed / "results/r/log.csv") == log_without_timing(straight / "results/r/log.csv"));
  CHECK(answer_without_path(killed / "results/r/best.eval") == answer_without_path(straight / "results/r/best.eval"));
}

TEST_CASE("a checkpoint's answer plays matches and is measured against perfect play", "[checkpoint][cli][strength]") {
  const test::Run match =
      run_evalsynth("match --x population/fixtures/tiny-v1.ckpt@1-2 --o ibef@1 --games 10", kSource);
  CHECK(match.exit_code == 0);
  CHECK_THAT(match.output, Contains("tiny-v1@1 - IBEF1") && Contains("tiny-v1@2 - IBEF1"));
  const test::Run strength = run_evalsynth(
      "strength population/fixtures/tiny-v1.ckpt --depth 1 --positions "
      "tests/data/late.analysis",
      kSource);
  CHECK(strength.exit_code == 0);
  CHECK_THAT(strength.output, Contains("late"));
  // The same answer written as a program file measures the same.
  test::ScratchFolder scratch("answer");
  test::write_file(scratch / "answer.eval", "mobility() * (threats(x) - 1)\n");
  const test::Run same = run_evalsynth(
      "strength " + (scratch / "answer.eval") + " --depth 1 --positions tests/data/late.analysis", kSource);
  CHECK(same.output.substr(same.output.find('\n')) == strength.output.substr(strength.output.find('\n')));
  const test::Run damaged = run_evalsynth("match --x population/fixtures/bitflip.ckpt@1 --o ibef@1 --games 2", kSource);
  CHECK(damaged.exit_code == 1);
  CHECK_THAT(damaged.output, Contains("population/fixtures/bitflip.ckpt:1:1: error: corrupted checkpoint"));
}

namespace {

// The spec file at `path` (from write_spec) with another name, and seed.
std::string renamed(const std::string& path, const std::string& name, const std::string& seed = "") {
  std::string text = read_file(path);
  text.replace(text.find("name = r"), 8, "name = " + name);
  const std::string seeds = "seeds = grammar/examples/adate2005.eval";
  if (!seed.empty()) text.replace(text.find(seeds), seeds.size(), "seeds = " + seed);
  test::write_file(path, text);
  return path;
}

}  // namespace

TEST_CASE("run and resume never overwrite another run's results or their own inputs", "[checkpoint][cli][errors]") {
  test::ScratchFolder scratch("other-runs");
  const std::string mine = write_spec(scratch, "r.spec", "", 4);
  const std::string other = write_spec(scratch, "other.spec", "seed = 99\n", 2);
  REQUIRE(run_evalsynth("run " + mine + " --stop-after 2", kSource).exit_code == 0);
  const std::string saved = scratch / "saved.ckpt";
  std::filesystem::copy_file(list_checkpoints(scratch / "population/r").back(), saved);
  // Another spec of the same name takes the folders over.
  REQUIRE(run_evalsynth("run " + other + " --overwrite", kSource).exit_code == 0);

  auto before = snapshot(scratch.path.string());
  test::Run r = run_evalsynth("resume " + saved, kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("holds checkpoints of another run (spec " + other + ")"));
  CHECK(snapshot(scratch.path.string()) == before);

  // Without the other run's checkpoints, its results are still in the way.
  std::filesystem::remove_all(scratch / "population/r");
  before = snapshot(scratch.path.string());
  r = run_evalsynth("resume " + saved, kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains(scratch / "results/r/summary.json") &&
                           Contains("error: the results folder holds the results of another run"));
  CHECK(snapshot(scratch.path.string()) == before);
  for (const std::string& command : {"run " + mine, "run " + mine + " --dry-run"}) {
    r = run_evalsynth(command, kSource);
    INFO(command << ": " << r.output);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("the results folder holds the results of another run"));
    CHECK(snapshot(scratch.path.string()) == before);
  }

  // The spec file that made those results may replace them, edited or not.
  test::write_file(other, read_file(other) + "board-seed = 7\n");
  CHECK(run_evalsynth("run " + other, kSource).exit_code == 0);
  CHECK_THAT(read_file(scratch / "results/r/spec.spec"), Contains("board-seed = 7"));

  // A result file that is one of the run's inputs (its seed), even when told
  // to overwrite.
  std::filesystem::create_directories(scratch / "results/s");
  std::filesystem::copy_file(kSource + "/grammar/examples/ibef.eval", scratch / "results/s/best.eval");
  const std::string seeded = renamed(write_spec(scratch, "s.spec"), "s", scratch / "results/s/best.eval");
  before = snapshot(scratch.path.string());
  r = run_evalsynth("run " + seeded + " --overwrite", kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("the result best.eval names the seed"));
  CHECK(snapshot(scratch.path.string()) == before);

  // A file where the results folder should be: refused before any work.
  test::write_file(scratch / "results/f", "not a folder");
  const std::string blocked = renamed(write_spec(scratch, "f.spec"), "f");
  for (const std::string& command : {"run " + blocked, "run " + blocked + " --dry-run"}) {
    r = run_evalsynth(command, kSource);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("results/f:1:1: error: the results folder is in the way"));
    CHECK_FALSE(std::filesystem::exists(scratch / "population/f/gen-000001.ckpt"));
  }
}

TEST_CASE("a run gives the same files with native code and with --no-jit", "[cli][native]") {
  test::ScratchFolder with_native("native-on"), without("native-off");
  const std::string on = write_spec(with_native, "r.spec", "", 4), off = write_spec(without, "r.spec", "", 4);
  REQUIRE(run_evalsynth("run " + on + " --threads 2", kSource).exit_code == 0);
  REQUIRE(run_evalsynth("run " + off + " --threads 1 --no-jit", kSource).exit_code == 0);
  // The same but for where each run's folders are.
  auto in_place = [](const test::ScratchFolder& folder, const std::string& file) {
    std::string text = read_file(folder / ("results/r/" + file));
    const std::string path = folder.path.string();
    for (std::size_t at; (at = text.find(path)) != std::string::npos;) text.replace(at, path.size(), "<scratch>");
    return text;
  };
  for (const char* file : {"best.eval", "spec.spec"}) CHECK(in_place(with_native, file) == in_place(without, file));
  CHECK(log_without_timing(with_native / "results/r/log.csv") == log_without_timing(without / "results/r/log.csv"));
}
