// `evalsynth learn` from the command line: stop and resume give the
// uninterrupted run's files; refusals change nothing; models play.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "io/json.hpp"
#include "learn/learn_checkpoint.hpp"
#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

using test::Run;
using test::ScratchFolder;

std::string spec_text(const ScratchFolder& dir, const std::string& extra = "") {
  return "learner = ntuple\ngames = 3000\ntuples = 20\ntuple-length = 6\ncurve-every = 500\ncheckpoint-every = 700\n"
         "output = " +
         dir / "results" + "\ncheckpoints = " + dir / "population" + "\n" + extra;
}

// A learning curve without its last column (seconds, which differ run to run).
std::string curve_without_time(const std::string& csv) {
  std::string out;
  for (std::size_t at = 0; at < csv.size();) {
    const std::size_t end = csv.find('\n', at);
    const std::string line = csv.substr(at, end - at);
    out += line.substr(0, line.rfind(',')) + "\n";
    at = end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("learn, stop and resume give the uninterrupted run's model and curve", "[learn][cli]") {
  const ScratchFolder dir("learn-resume");
  test::write_file(dir / "a.spec", spec_text(dir, "name = a\n"));
  test::write_file(dir / "b.spec", spec_text(dir, "name = b\n"));
  Run whole = test::run_evalsynth("learn " + dir / "a.spec");
  REQUIRE(whole.exit_code == 0);
  CHECK_THAT(whole.output, Contains("games 3000/3000") && Contains("done:"));

  Run part = test::run_evalsynth("learn " + dir / "b.spec --stop-after 1234");
  REQUIRE(part.exit_code == 0);
  CHECK_THAT(part.output, Contains("stopped after 1234 of 3000 games") && Contains("--resume"));
  // Without --resume the unfinished run is not thrown away.
  Run refused = test::run_evalsynth("learn " + dir / "b.spec");
  CHECK(refused.exit_code != 0);
  CHECK_THAT(refused.output, Contains("learn.ckpt:1:1") && Contains("unfinished run of this spec stopped after 1234"));
  Run rest = test::run_evalsynth("learn " + dir / "b.spec --resume");
  REQUIRE(rest.exit_code == 0);
  CHECK_THAT(rest.output, Contains("resuming after 1234 games"));
  const std::string a = dir / "results/a/", b = dir / "results/b/";
  CHECK(test::read_file(a + "model.bin").size() > 100);
  CHECK_THAT(test::read_file(a + "report.html"), Contains("evalsynth learn a") && Contains("curve_csv"));
  // The models differ only in the spec name they carry: compare the curves
  // (games, results; not seconds) and the weights through the tables' play.
  CHECK(curve_without_time(test::read_file(a + "curve.csv")) == curve_without_time(test::read_file(b + "curve.csv")));
  Run match = test::run_evalsynth("match --x " + a + "model.bin@1-2," + b + "model.bin@1-2 --o ibef@2 --games 20");
  REQUIRE(match.exit_code == 0);
  // Same weights: the same results line for line.
  const std::string out = match.output;
  for (int depth : {1, 2}) {
    const std::string na = "a@" + std::to_string(depth) + " - IBEF2 ", nb = "b@" + std::to_string(depth) + " - IBEF2 ";
    REQUIRE(out.find(na) != std::string::npos);
    REQUIRE(out.find(nb) != std::string::npos);
    CHECK(out.substr(out.find(na) + na.size(), 20).substr(0, out.substr(out.find(na) + na.size()).find('\n')) ==
          out.substr(out.find(nb) + nb.size(), 20).substr(0, out.substr(out.find(nb) + nb.size()).find('\n')));
  }
  // A model is a run spec's opponent too; a damaged one is refused at its file.
  test::write_file(dir / "run.spec", "name = r\ngrammar = " + std::string(test::kSourceDir) +
                                         "/grammar/adate.grammar\nopponents = " + a +
                                         "model.bin@1, ibef@1\ntraining-boards = random(4)\nvalidation-boards = "
                                         "random(4)\noutput = " +
                                         dir / "runs" + "\ncheckpoints = " + dir / "runs" + "\n");
  Run dry = test::run_evalsynth("run " + dir / "run.spec --dry-run");
  CHECK(dry.exit_code == 0);
  std::string damaged = test::read_file(a + "model.bin");
  damaged[damaged.size() - 1] ^= 1;
  test::write_file(dir / "damaged.bin", damaged);
  test::write_file(dir / "run2.spec", "name = r2\ngrammar = " + std::string(test::kSourceDir) +
                                          "/grammar/adate.grammar\nopponents = " + dir / "damaged.bin@1" +
                                          "\noutput = " + dir / "runs" + "\ncheckpoints = " + dir / "runs" + "\n");
  dry = test::run_evalsynth("run " + dir / "run2.spec --dry-run");
  CHECK(dry.exit_code != 0);
  CHECK_THAT(dry.output, Contains("damaged.bin:1:1") && Contains("checksum"));

  Run strength = test::run_evalsynth("strength " + a + "model.bin --depth 1,3 --positions " +
                                     std::string(test::kSourceDir) + "/tests/data/late.analysis");
  CHECK(strength.exit_code == 0);
  CHECK_THAT(strength.output, Contains("depth"));
}

TEST_CASE("learn refuses bad input before any work and changes nothing", "[learn][cli][errors]") {
  const ScratchFolder dir("learn-errors");
  test::write_file(dir / "bad.spec", "learner = ntuple\ngames = many\n");
  Run r = test::run_evalsynth("learn " + dir / "bad.spec");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("bad.spec:2:9") && Contains("whole number"));
  test::write_file(dir / "run.spec", "name = x\ngrammar = grammar/adate.grammar\n");
  r = test::run_evalsynth("learn " + dir / "run.spec");
  CHECK_THAT(r.output, Contains("run.spec:2:1") && Contains("'grammar' belongs in a run spec"));
  r = test::run_evalsynth("learn " + dir / "missing.spec");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("missing.spec"));
  test::write_file(dir / "ok.spec", spec_text(dir, "name = ok\n"));
  r = test::run_evalsynth("learn " + dir / "ok.spec --resume");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("no checkpoint to resume"));
  r = test::run_evalsynth("learn " + dir / "ok.spec --resume --overwrite");
  CHECK(r.exit_code == 2);
  r = test::run_evalsynth("learn " + dir / "ok.spec --dry-run");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("learn ok: ntuple, 3000 games of self-play"));
  CHECK(!std::filesystem::exists(dir / "results"));
  CHECK(!std::filesystem::exists(dir / "population"));

  // A damaged checkpoint is named, and --overwrite is the way out.
  REQUIRE(test::run_evalsynth("learn " + dir / "ok.spec --stop-after 800").exit_code == 0);
  const std::string checkpoint = dir / "population/ok/learn.ckpt";
  std::string bytes = test::read_file(checkpoint);
  bytes[bytes.size() / 2] ^= 0x55;
  test::write_file(checkpoint, bytes);
  const auto before = test::snapshot(dir.path.string());
  r = test::run_evalsynth("learn " + dir / "ok.spec --resume");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("learn.ckpt:1:1") && Contains("checksum"));
  CHECK(test::snapshot(dir.path.string()) == before);
  r = test::run_evalsynth("learn " + dir / "ok.spec --overwrite");
  CHECK(r.exit_code == 0);

  // Another spec's results are not overwritten.
  test::write_file(dir / "other.spec", spec_text(dir, "name = ok\nseed = 2\n"));
  r = test::run_evalsynth("learn " + dir / "other.spec");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("holds the results of another run"));
}

TEST_CASE("learn another game: its model plays its matches, stops and resumes exactly, and stays its own",
          "[learn][cli][games]") {
  const ScratchFolder dir("learn-game");
  const std::string body =
      "game = tictactoe\nlearner = ntuple\ngames = 4000\ntuples = 10\ntuple-length = 5\n"
      "lambda = 0.5\ncurve-every = 1000\ncurve-positions = " +
      std::string(test::kSourceDir) + "/specs/positions/mnk-3-3-3/validation.positions\noutput = " + dir / "results" +
      "\ncheckpoints = " + dir / "population" + "\n";
  test::write_file(dir / "a.spec", "name = a\n" + body);
  test::write_file(dir / "b.spec", "name = b\n" + body);
  Run whole = test::run_evalsynth("learn " + dir / "a.spec");
  REQUIRE(whole.exit_code == 0);
  CHECK_THAT(whole.output, Contains("learn a (mnk(3,3,3)): ntuple, 4000 games of self-play") &&
                               Contains("10 tuples of 5 cells, 3 cell states") && Contains("mistakes"));
  REQUIRE(test::run_evalsynth("learn " + dir / "b.spec --stop-after 1500").exit_code == 0);
  Run rest = test::run_evalsynth("learn " + dir / "b.spec --resume");
  REQUIRE(rest.exit_code == 0);
  CHECK_THAT(rest.output, Contains("resuming after 1500 games"));
  // Same weights: the models differ only in the spec name they carry, so
  // their strength on the same positions is the same line.
  const std::string a = dir / "results/a/model.bin", b = dir / "results/b/model.bin";
  const std::string positions = std::string(test::kSourceDir) + "/specs/positions/mnk-3-3-3/validation.positions";
  Run sa = test::run_evalsynth("strength --game tictactoe " + a + " --depth 1 --positions " + positions);
  Run sb = test::run_evalsynth("strength --game tictactoe " + b + " --depth 1 --positions " + positions);
  REQUIRE(sa.exit_code == 0);
  REQUIRE(sb.exit_code == 0);
  auto table = [](const std::string& out) { return out.substr(out.find("depth")); };
  CHECK(table(sa.output) == table(sb.output));
  CHECK_THAT(test::read_file(dir / "results/a/summary.json"),
             Contains("\"game\": \"mnk(3,3,3)\"") && Contains("\"symmetries\": 8"));

  // It plays matches of its game, from the file...
  Run match = test::run_evalsynth("match --game tictactoe --x " + a + "@1 --o random --games 20");
  CHECK(match.exit_code == 0);
  CHECK_THAT(match.output, Contains("a@1"));
  // ... and is refused, at the file, by another game and by Connect4.
  Run other = test::run_evalsynth("match --game 'mnk(4,4,4)' --x " + a + "@1 --o random --games 2");
  CHECK(other.exit_code != 0);
  CHECK_THAT(other.output, Contains("model.bin:1:1: error: this is a model learned for mnk(3,3,3), and the game is "
                                    "mnk(4,4,4)"));
  // Without --game the model's own game is played; Connect4, named, refuses it.
  Run own = test::run_evalsynth("match --x " + a + "@1 --o random --games 2");
  CHECK(own.exit_code == 0);
  CHECK_THAT(own.output, Contains("game mnk(3,3,3)"));
  Run connect4 = test::run_evalsynth("match --game connect4 --x " + a + "@1 --o random --games 2");
  CHECK(connect4.exit_code != 0);
  CHECK_THAT(connect4.output, Contains("this is a model learned for mnk(3,3,3), and the game is connect4"));
}

TEST_CASE("learn checkers with Melicher's linear learner: stops, resumes exactly and plays", "[learn][cli][checkers]") {
  const ScratchFolder dir("learn-linear");
  const std::string body =
      "game = checkers(6)\nlearner = linear\nfeatures = men + kings, kings, edge\ngames = 600\n"
      "epsilon = 0.1\ncurve-every = 100\noutput = " +
      dir / "results" + "\ncheckpoints = " + dir / "population" + "\n";
  test::write_file(dir / "a.spec", "name = a\n" + body);
  test::write_file(dir / "b.spec", "name = b\n" + body);
  Run whole = test::run_evalsynth("learn " + dir / "a.spec");
  REQUIRE(whole.exit_code == 0);
  CHECK_THAT(whole.output, Contains("learn a (checkers(6)): linear, 600 games of self-play, alpha 50 / (49 + n)") &&
                               Contains("on men+kings, kings, edge"));
  REQUIRE(test::run_evalsynth("learn " + dir / "b.spec --stop-after 250").exit_code == 0);
  REQUIRE(test::run_evalsynth("learn " + dir / "b.spec --resume").exit_code == 0);
  // The same weights, to the last bit, in the summaries.
  auto weights = [](const std::string& json) { return json.substr(json.find("\"network\"")); };
  const std::string a = test::read_file(dir / "results/a/summary.json");
  CHECK_THAT(a, Contains("\"learner\": \"linear\"") && Contains("\"men+kings\""));
  CHECK(weights(a) == weights(test::read_file(dir / "results/b/summary.json")));
  Run match =
      test::run_evalsynth("match --game 'checkers(6)' --x " + dir / "results/a/model.bin@2 --o material@2 --games 4");
  CHECK(match.exit_code == 0);
  CHECK_THAT(match.output, Contains("a@2"));
  Run other = test::run_evalsynth("match --game checkers --x " + dir / "results/a/model.bin@2 --o material@2");
  CHECK(other.exit_code != 0);
  CHECK_THAT(other.output, Contains("model.bin:1:1: error: this is a model learned for checkers(6), and the game is "
                                    "checkers(8)"));
}

TEST_CASE("learn with FABLE: it watches, continues from a model, resumes exactly and plays matches",
          "[learn][cli][fable]") {
  const ScratchFolder dir("learn-fable");
  const std::string folders = "output = " + dir / "results" + "\ncheckpoints = " + dir / "population" + "\n";
  test::write_file(dir / "watch.spec",
                   "game = checkers(4)\nlearner = fable\nopponents = random\nlearner-side = none\n"
                   "games = 200\n" +
                       folders);
  Run watch = test::run_evalsynth("learn " + dir / "watch.spec");
  REQUIRE(watch.exit_code == 0);
  CHECK_THAT(watch.output, Contains("learn watch (checkers(4)): fable, 200 games against random (playing both sides; "
                                    "the learner watches)") &&
                               Contains("games 100/200  W/D/L"));
  const std::string body =
      "game = checkers(4)\nlearner = fable\nopponents = random\nlearner-side = o\ngames = 300\n"
      "start-model = " +
      dir / "results/watch/model.bin\n" + folders;
  test::write_file(dir / "a.spec", "name = a\n" + body);
  test::write_file(dir / "b.spec", "name = b\n" + body);
  REQUIRE(test::run_evalsynth("learn " + dir / "a.spec").exit_code == 0);
  REQUIRE(test::run_evalsynth("learn " + dir / "b.spec --stop-after 120").exit_code == 0);
  Run rest = test::run_evalsynth("learn " + dir / "b.spec --resume");
  REQUIRE(rest.exit_code == 0);
  CHECK(curve_without_time(test::read_file(dir / "results/a/curve.csv")) ==
        curve_without_time(test::read_file(dir / "results/b/curve.csv")));
  CHECK_THAT(test::read_file(dir / "results/a/summary.json"), Contains("\"transitions\""));

  // FABLE's model plays (not searching: its label has no depth)...
  Run match =
      test::run_evalsynth("match --game 'checkers(4)' --x " + dir / "results/a/model.bin@1 --o material@2 --games 6");
  CHECK(match.exit_code == 0);
  CHECK_THAT(match.output, Contains("a - MATERIAL2"));
  // It searches no tree: a depth range is one player, not three copies.
  const Run range =
      test::run_evalsynth("match --game 'checkers(4)' --x " + dir / "results/a/model.bin@1-3 --o material@2 --games 2");
  REQUIRE(range.exit_code == 0);
  CHECK(range.output.find("a - MATERIAL2") == range.output.rfind("a - MATERIAL2"));
  // ... but only in its own game (and it has no evaluation: fable_test.cpp).
  Run other =
      test::run_evalsynth("match --game 'checkers(6)' --x " + dir / "results/a/model.bin@1 --o random --games 2");
  CHECK(other.exit_code != 0);
  CHECK_THAT(other.output, Contains("learned for checkers(4), and the game is checkers(6)"));
  // A start model of another game is refused at its line.
  test::write_file(dir / "c.spec",
                   "game = checkers(6)\nlearner = fable\nstart-model = " + dir / "results/a/model.bin\n" + folders);
  Run wrong = test::run_evalsynth("learn " + dir / "c.spec");
  CHECK(wrong.exit_code != 0);
  CHECK_THAT(wrong.output, Contains("c.spec:3:15") && Contains("was learned for checkers(4)"));
}

TEST_CASE("learn --resume refuses a checkpoint whose TCL counters disagree with its spec", "[learn][cli][errors]") {
  const ScratchFolder dir("learn-tcl");
  test::write_file(dir / "t.spec", spec_text(dir, "name = t\ntcl = on\n"));
  Run part = test::run_evalsynth("learn " + dir / "t.spec --stop-after 100");
  REQUIRE(part.exit_code == 0);
  const std::string path = dir / "population/t/learn.ckpt";
  evalsynth::learn::LearnCheckpoint c = evalsynth::learn::read_learn_checkpoint(path);
  REQUIRE(!c.state.tcl.sum.empty());
  c.state.tcl = {};
  evalsynth::learn::write_learn_checkpoint(c, path);
  Run resumed = test::run_evalsynth("learn " + dir / "t.spec --resume");
  CHECK(resumed.exit_code != 0);
  CHECK_THAT(resumed.output, Contains("learn.ckpt:1:1") && Contains("holds no TCL counters"));
}

TEST_CASE("learn with labelled positions: says so, refuses a bad or empty file before any work, and plays",
          "[learn][cli][regression][errors]") {
  const ScratchFolder dir("learn-labelled");
  const std::string positions = std::string(test::kSourceDir) + "/tests/data/late.analysis";
  test::write_file(dir / "r.spec", spec_text(dir, "name = r\nlabelled-positions = " + positions + "\n"));
  Run r = test::run_evalsynth("learn " + dir / "r.spec --dry-run");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("after each game 10 regression steps on the labelled positions of"));

  test::write_file(dir / "empty.analysis", "# nothing here\n");
  test::write_file(dir / "e.spec", spec_text(dir, "name = e\nlabelled-positions = " + dir / "empty.analysis\n"));
  r = test::run_evalsynth("learn " + dir / "e.spec");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("empty.analysis:1:1") && Contains("no positions"));
  test::write_file(dir / "bad.analysis", "4455 1 2 3\n");
  test::write_file(dir / "b.spec", spec_text(dir, "name = b\nlabelled-positions = " + dir / "bad.analysis\n"));
  r = test::run_evalsynth("learn " + dir / "b.spec");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("bad.analysis:1:"));
  CHECK(!std::filesystem::exists(dir / "results"));
  CHECK(!std::filesystem::exists(dir / "population"));

  test::write_file(dir / "o.spec",
                   spec_text(dir, "name = o\nplay-games = off\nlabelled-positions = " + positions + "\n"));
  r = test::run_evalsynth("learn " + dir / "o.spec");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("3000 rounds without games") && Contains("rounds 3000/3000"));
  CHECK_THAT(r.output, !Contains("nan") && !Contains("epsilon"));
  // Its summary speaks of rounds, not games, opponents or their speed.
  const evalsynth::Json summary = evalsynth::Json::parse(test::read_file(dir / "results/o/summary.json"));
  CHECK(summary["play_games"] == false);
  CHECK(summary["labelled_positions"] == evalsynth::Json::array({positions}));
  CHECK(summary["labelled_steps"] == 10);
  CHECK(summary["opponents"] == "none");
  CHECK(summary.contains("rounds_per_second"));
  CHECK(!summary.contains("games_per_second"));
  CHECK(summary["last_curve_row"]["win_share"].is_null());
  r = test::run_evalsynth("strength " + dir / "results/o/model.bin --depth 1 --positions " + positions);
  CHECK(r.exit_code == 0);
}

TEST_CASE("learn from an n-tuple start model: resumes exactly, names it, and never overwrites it",
          "[learn][cli][start-model]") {
  const ScratchFolder dir("learn-start-model");
  test::write_file(dir / "first.spec", spec_text(dir, "name = first\n"));
  REQUIRE(test::run_evalsynth("learn " + dir / "first.spec").exit_code == 0);
  const std::string start = dir / "results/first/model.bin";
  const std::string body =
      "learner = ntuple\ngames = 2000\ncurve-every = 500\ncheckpoint-every = 700\nseed = 2\n"
      "start-model = " +
      start + "\noutput = " + dir / "results" + "\ncheckpoints = " + dir / "population" + "\n";
  test::write_file(dir / "a.spec", "name = a\n" + body);
  test::write_file(dir / "b.spec", "name = b\n" + body);
  Run a = test::run_evalsynth("learn " + dir / "a.spec");
  REQUIRE(a.exit_code == 0);
  CHECK_THAT(a.output, Contains("starting from " + start) && Contains("20 tuples of 6 cells"));
  REQUIRE(test::run_evalsynth("learn " + dir / "b.spec --stop-after 900").exit_code == 0);
  REQUIRE(test::run_evalsynth("learn " + dir / "b.spec --resume").exit_code == 0);
  CHECK(curve_without_time(test::read_file(dir / "results/a/curve.csv")) ==
        curve_without_time(test::read_file(dir / "results/b/curve.csv")));
  CHECK(test::read_file(dir / "results/a/model.bin") != test::read_file(start));
  CHECK_THAT(test::read_file(dir / "results/a/summary.json"), Contains("\"start_model\""));

  // A run whose model would replace its own start model is refused, and the model is kept.
  const std::string before = test::read_file(start);
  test::write_file(dir / "first.spec", spec_text(dir, "name = first\nstart-model = " + start + "\n"));
  Run self = test::run_evalsynth("learn " + dir / "first.spec --overwrite");
  CHECK(self.exit_code != 0);
  CHECK_THAT(self.output, Contains("start model"));
  CHECK(test::read_file(start) == before);

  // A start model changed after a run began is a different run: resuming it is refused.
  REQUIRE(test::run_evalsynth("learn " + dir / "b.spec --overwrite --stop-after 900").exit_code == 0);
  std::filesystem::copy_file(dir / "results/a/model.bin", start, std::filesystem::copy_options::overwrite_existing);
  Run changed = test::run_evalsynth("learn " + dir / "b.spec --resume");
  CHECK(changed.exit_code != 0);
  CHECK_THAT(changed.output, Contains("model.bin:1:1") && Contains("the start model changed after this run began"));
}

TEST_CASE("resume and inspect read a learning checkpoint: resume continues it exactly", "[learn][cli]") {
  const ScratchFolder dir("learn-resume-command");
  const std::string spec = "name = t\ngame = tictactoe\nlearner = ntuple\ngames = 1200\n";
  std::filesystem::create_directories(dir / "stopped");
  std::filesystem::create_directories(dir / "straight");
  test::write_file(dir / "stopped/t.spec", spec);
  test::write_file(dir / "straight/t.spec", spec);
  const std::string stopped = dir / "stopped";
  REQUIRE(test::run_evalsynth("learn t.spec --stop-after 400", stopped).exit_code == 0);
  const Run inspected = test::run_evalsynth("inspect population/t", stopped);
  REQUIRE(inspected.exit_code == 0);
  CHECK_THAT(inspected.output, Contains("a learning checkpoint") && Contains("game         mnk(3,3,3)") &&
                                   Contains("games        400 of 1200") && Contains("evalsynth resume population/t"));
  CHECK(test::run_evalsynth("inspect population/t --json", stopped).exit_code == 2);
  const Run resumed = test::run_evalsynth("resume population/t", stopped);
  REQUIRE(resumed.exit_code == 0);
  CHECK_THAT(resumed.output, Contains("is a learning checkpoint: evalsynth learn t.spec --resume"));
  // The same model as the run never stopped, bit for bit.
  REQUIRE(test::run_evalsynth("learn t.spec", dir / "straight").exit_code == 0);
  CHECK(test::read_file(dir / "stopped/results/t/model.bin") == test::read_file(dir / "straight/results/t/model.bin"));
  CHECK_THAT(test::run_evalsynth("inspect population/t", stopped).output, Contains("finished"));
}
