// Checkpoints in process: exact resume, byte-exact round trips, and damaged
// files refused with a clear error (generated damage and committed fixtures).

#include "synthesis/checkpoint.hpp"

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <memory>
#include <random>
#include <string>

#include "io/run_output.hpp"
#include "io/spec.hpp"
#include "lang/printer.hpp"
#include "support/framed_file.hpp"
#include "support/interrupt.hpp"
#include "support/parting_file.hpp"
#include "synthesis/saved_programs.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;
using test::InSourceDir;

namespace {

std::string spec_text(const std::string& opponents = "ibef@1", int generations = 9, bool archive = false,
                      const std::string& extra = "") {
  return extra + std::string(archive ? "algorithm = archive\narchive-per-size = 2\n" : "restart-every = 4\n") +
         "grammar = grammar/features.grammar\nseeds = grammar/examples/adate2005.eval\nopponents = " + opponents +
         "\ncandidate-depths = 1\ntraining-boards = shallow\nvalidation-boards = random(20)\npopulation = "
         "16\ngenerations = " +
         std::to_string(generations) +
         "\nmax-size = 200\nmax-depth = 40\ninit-depth = 3\nvalidation-top = 3\nhall-of-fame = 4\n"
         "move-order = random\nscoring = points\n";
}

// The state with the clock taken out: the only thing a resumed run may change.
SynthesisState without_timing(SynthesisState s) {
  s.elapsed_seconds = 0;
  for (GenerationLog& g : s.log) g.elapsed_seconds = g.games_per_second = 0;
  return s;
}

std::string encoded_without_timing(const Synthesis& run) {
  Checkpoint c = make_checkpoint(run);
  c.state = without_timing(c.state);
  return encode_checkpoint(c);
}

std::string decode_error(const std::string& bytes) {
  return test::input_error_of([&] { (void)decode_checkpoint(bytes, "damaged.ckpt"); });
}

// Rewrites the header's checksum to match the payload, as a forger would.
std::string with_valid_checksum(std::string bytes) {
  const std::uint64_t h = hash_text(std::string_view(bytes).substr(kFrameHeaderBytes));
  for (int i = 0; i < 8; ++i) bytes[static_cast<std::size_t>(20 + i)] = static_cast<char>((h >> (8 * i)) & 0xFF);
  return bytes;
}

std::unique_ptr<Synthesis> finished_run() {
  auto run = std::make_unique<Synthesis>(parse_spec(spec_text(), "t.spec"));
  run->run();
  return run;
}

}  // namespace

TEST_CASE("a run paused halfway and resumed from its checkpoint ends exactly as the uninterrupted run",
          "[checkpoint][determinism]") {
  InSourceDir here;
  // Generational, archive, generational with self-play (whose opponent
  // changes with the answer), racing with a position term, and the
  // hill-climber.
  const int variant = GENERATE(0, 1, 2, 3, 4);
  INFO("variant " << variant);
  const std::string racing =
      variant == 3 ? "racing = on\nrace-batches = 3\ntraining-positions = tests/data/late.analysis\n" : "";
  const std::string hill_climb =
      "algorithm = hillclimb\npopulation = 1\nvalidation-top = 1\ngrammar = grammar/features.grammar\nseeds = "
      "grammar/examples/adate2005.eval\nopponents = ibef@1\ncandidate-depths = 1\ntraining-boards = "
      "shallow\nvalidation-boards = random(20)\ngenerations = 9\nmax-size = 200\nmax-depth = 40\nhall-of-fame = "
      "4\nmove-order = random\nscoring = points\n";
  RunSpec spec = parse_spec(
      variant == 4 ? hill_climb : spec_text(variant == 2 ? "ibef@1, answer@1" : "ibef@1", 9, variant == 1, racing),
      "t.spec");
  spec.threads = 1;
  Synthesis straight(spec);
  straight.run();
  REQUIRE(straight.state().finished());
  if (variant == 3) {  // racing did stop candidates, so the test is about something
    std::uint64_t stopped = 0;
    for (const GenerationLog& g : straight.log()) stopped += g.raced_out;
    CHECK(stopped > 0);
  }

  // Paused in several places, including right before and after a restart.
  for (int pause_at : {1, 4, 5, 8}) {
    Synthesis first(spec);
    RunHooks hooks;
    hooks.stop_request = [&] {
      return first.state().generation >= pause_at ? StopReason::Paused : StopReason::Running;
    };
    first.run(hooks);
    REQUIRE(first.state().generation == pause_at);
    REQUIRE(first.stop_reason() == StopReason::Paused);
    const Checkpoint saved = decode_checkpoint(encode_checkpoint(make_checkpoint(first)), "mem.ckpt");
    RunSpec resumed_spec = parse_spec(saved.spec_text, saved.spec_source);
    resumed_spec.threads = 2;  // and on another thread count
    Synthesis second(resumed_spec, saved.state);
    CHECK(second.inputs() == saved.inputs);
    second.run();
    INFO("paused at generation " << pause_at);
    CHECK(second.state().finished());
    CHECK(answer_text(second) == answer_text(straight));
    CHECK(second.log().size() == straight.log().size());
    // Everything but the clock is identical: population, caches, hall of
    // fame, log, counters and the random generator's state.
    CHECK(encoded_without_timing(second) == encoded_without_timing(straight));
  }
}

TEST_CASE("a finished run stays finished when continued", "[checkpoint]") {
  InSourceDir here;
  const auto finished = finished_run();
  const Synthesis& run = *finished;
  const std::string before = encode_checkpoint(make_checkpoint(run));
  Synthesis again(run.spec(), decode_checkpoint(before, "mem.ckpt").state);
  again.run();
  CHECK(again.stop_reason() == StopReason::Generations);
  CHECK(again.log().size() == run.log().size());
}

TEST_CASE("checkpoints survive the round trip byte for byte", "[checkpoint]") {
  InSourceDir here;
  const auto finished = finished_run();
  const Synthesis& run = *finished;
  const std::string bytes = encode_checkpoint(make_checkpoint(run));
  const Checkpoint back = decode_checkpoint(bytes, "mem.ckpt");
  CHECK(encode_checkpoint(back) == bytes);
  CHECK(back.run_name == "t");
  CHECK(back.spec_hash == run.spec().hash());
  CHECK(back.state.rng.state() == run.state().rng.state());
  CHECK(back.state.hall.front().program == run.hall_of_fame().front().program);
  CHECK(back.state.training_cache.size() == run.state().training_cache.size());
  CHECK_THAT(checkpoint_json(back), Contains("\"hall_of_fame\"") && Contains("\"training_cache\""));
}

TEST_CASE("damaged checkpoints are refused with a clear error, never a crash", "[checkpoint][errors]") {
  InSourceDir here;
  const std::string good = encode_checkpoint(make_checkpoint(*finished_run()));
  std::mt19937_64 random(7);

  CHECK_THAT(decode_error(""), Contains("damaged.ckpt:1:1: error: not an evalsynth checkpoint"));
  CHECK_THAT(decode_error("grammar = x\n"), Contains("not an evalsynth checkpoint"));
  for (std::size_t length = 8; length < 40; ++length)
    CHECK_THAT(decode_error(good.substr(0, length)), Contains("truncated checkpoint"));
  for (int i = 0; i < 200; ++i) {
    const std::size_t length = kFrameHeaderBytes + random() % (good.size() - kFrameHeaderBytes);
    CHECK_THAT(decode_error(good.substr(0, length)), Contains("truncated checkpoint: the header promises"));
  }
  CHECK_THAT(decode_error(good + "x"), Contains("1 bytes after the end of its data"));

  std::string newer = good, older = good;
  newer[8] = static_cast<char>(kCheckpointVersion + 1);
  older[8] = 0;
  CHECK_THAT(decode_error(newer),
             Contains("format version " + std::to_string(kCheckpointVersion + 1) +
                      " is newer than this evalsynth reads (version " + std::to_string(kCheckpointVersion) + ")"));
  CHECK_THAT(decode_error(older), Contains("format version 0 is older"));

  for (int i = 0; i < 300; ++i) {
    std::string damaged = good;
    const std::size_t at = kFrameHeaderBytes + random() % (good.size() - kFrameHeaderBytes);
    damaged[at] = static_cast<char>(damaged[at] ^ (1 + random() % 255));
    CHECK_THAT(decode_error(damaged), Contains("does not match the checksum"));
  }

  // Forged: damaged payloads whose checksum was made to fit. Each either reads
  // (a changed score, say) or is refused with an InputError; none may crash,
  // allocate without bound, or throw anything else.
  int refused = 0;
  for (int i = 0; i < 1500; ++i) {
    std::string damaged = good;
    for (int k = 0, n = 1 + static_cast<int>(random() % 3); k < n; ++k) {
      const std::size_t at = kFrameHeaderBytes + random() % (good.size() - kFrameHeaderBytes);
      damaged[at] = static_cast<char>(random() % 4 == 0 ? 0xFF : random());
    }
    try {
      decode_checkpoint(with_valid_checksum(damaged), "forged.ckpt");
    } catch (const InputError& e) {
      ++refused;
      CHECK_THAT(std::string(e.what()), Contains("forged.ckpt:1:1: error: "));
    }
  }
  CHECK(refused > 100);

  // Well-formed data that breaks the run's invariants.
  Checkpoint c = decode_checkpoint(good, "mem.ckpt");
  c.state.population.front().hash ^= 1;
  CHECK_THAT(decode_error(encode_checkpoint(c)),
             Contains("inconsistent checkpoint: a program does not match its hash"));
  c = decode_checkpoint(good, "mem.ckpt");
  c.state.log.pop_back();
  CHECK_THAT(decode_error(encode_checkpoint(c)), Contains("inconsistent checkpoint: the log does not match"));
  // The references' scores: one for each of the game's references (three,
  // as on Othello's board, read back); none is refused.
  c = decode_checkpoint(good, "mem.ckpt");
  c.state.baselines.push_back(c.state.baselines.front());
  c.state.baselines.back().name = "third";
  CHECK(decode_checkpoint(encode_checkpoint(c), "mem.ckpt").state.baselines.size() == 3);
  c.state.baselines.clear();
  CHECK_THAT(decode_error(encode_checkpoint(c)),
             Contains("inconsistent checkpoint: the references' scores are missing"));
}

TEST_CASE("the committed fixtures: the good one reads, the damaged ones say what is wrong", "[checkpoint][errors]") {
  InSourceDir here;
  // A checkpoint of format 1 as committed: a format change that forgets to
  // bump the version fails here.
  const Checkpoint tiny = read_checkpoint("population/fixtures/tiny-v1.ckpt");
  CHECK(tiny.run_name == "tiny");
  CHECK(tiny.spec_source == "population/fixtures/tiny.spec");
  CHECK(tiny.state.finished());
  CHECK(tiny.state.generation == 6);
  CHECK(lang::to_text(tiny.state.hall.front().program) == "mobility() * (threats(x) - 1)");
  CHECK(tiny.spec_hash == read_spec_file("population/fixtures/tiny.spec").hash());

  auto error_of = [](const std::string& path) {
    try {
      read_checkpoint(path);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK_THAT(error_of("population/fixtures/truncated.ckpt"),
             Contains("population/fixtures/truncated.ckpt:1:1: error: truncated checkpoint"));
  CHECK_THAT(error_of("population/fixtures/bitflip.ckpt"), Contains("does not match the checksum"));
  CHECK_THAT(error_of("population/fixtures/version99.ckpt"), Contains("format version 99 is newer"));
  CHECK_THAT(error_of("population/fixtures/not-a-checkpoint.ckpt"), Contains("not an evalsynth checkpoint"));
  CHECK_THAT(error_of("population/fixtures/missing.ckpt"), Contains("cannot open the checkpoint file"));
}

TEST_CASE("a saved run seeds a new one and serves as its opponent", "[checkpoint][synthesis]") {
  InSourceDir here;
  // The generational approach: evolve against the previous answer, starting
  // from the previous population.
  const std::string text =
      spec_text("population/fixtures/tiny-v1.ckpt@1", 2) + "seed-population = population/fixtures/tiny-v1.ckpt\n";
  Synthesis run(parse_spec(text, "g.spec"));
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Training).opponents.size() == 1);
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Training).opponents.front().player.name == "tiny-v1");
  CHECK(run.seed_population_skipped() == 0);
  run.run();
  // The saved hall of fame and population joined the first population, so
  // all of them were evaluated.
  const Checkpoint tiny = read_checkpoint("population/fixtures/tiny-v1.ckpt");
  for (const HallEntry& h : tiny.state.hall) CHECK(run.state().training_cache.count(h.hash) == 1);

  // Programs the grammar cannot derive are left out, and counted.
  const std::string adate =
      "grammar = grammar/adate.grammar\nseed-population = population/fixtures/tiny-v1.ckpt\npopulation = "
      "16\nvalidation-boards = random(5)\n";
  CHECK(Synthesis(parse_spec(adate, "a.spec")).seed_population_skipped() > 0);
  CHECK(read_evaluator_program("population/fixtures/tiny-v1.ckpt") == tiny.state.hall.front().program);
}

TEST_CASE("SIGTERM puts the staged parting file in place at once, and the process goes on", "[checkpoint]") {
  const test::ScratchFolder dir("parting-signal");
  namespace parting = evalsynth::parting_file;
  test::write_file(dir / "gen.staged", "complete");
  {
    const evalsynth::InterruptGuard guard;
    parting::stage(dir / "gen.staged", dir / "gen", "saved gen\n");
    std::raise(SIGTERM);  // the handler runs before raise returns
    CHECK(evalsynth::InterruptGuard::received() == SIGTERM);
    CHECK(test::read_file(dir / "gen") == "complete");
    CHECK_FALSE(std::filesystem::exists(dir / "gen.staged"));
    CHECK(parting::used());
    CHECK(parting::finish_now());  // a lost worker afterwards learns it is saved
  }
  parting::clear();
}

TEST_CASE("a staged parting file is put in place by the first call only, and clear disarms it", "[checkpoint]") {
  const test::ScratchFolder dir("parting");
  namespace parting = evalsynth::parting_file;
  CHECK_FALSE(parting::finish_now());  // nothing staged
  test::write_file(dir / "a.staged", "first");
  test::write_file(dir / "b.staged", "second");
  parting::stage(dir / "a.staged", dir / "a", "saved a\n");
  parting::stage(dir / "b.staged", dir / "b", "saved b\n");  // the newer one wins
  CHECK(parting::finish_now());
  CHECK(test::read_file(dir / "b") == "second");
  CHECK(std::filesystem::exists(dir / "a.staged"));
  CHECK(parting::used());  // the process is ending: write nothing more
  std::filesystem::rename(dir / "b", dir / "b.moved");
  // Once only: a later call (a second signal, a lost worker) does nothing
  // again but learns that the file was put in place.
  CHECK(parting::finish_now());
  CHECK_FALSE(std::filesystem::exists(dir / "b"));
  std::filesystem::rename(dir / "b.moved", dir / "b");
  parting::clear();
  CHECK_FALSE(parting::used());
  CHECK_FALSE(parting::finish_now());
  // Re-armed by staging; an already written file (no staging name) stays.
  parting::stage("", dir / "b", "saved b\n");
  CHECK(parting::finish_now());
  CHECK(test::read_file(dir / "b") == "second");
  // A staged file that is gone: reported, not crashed.
  parting::clear();
  parting::stage(dir / "missing.staged", dir / "c", "saved c\n");
  CHECK_FALSE(parting::finish_now());
  CHECK_FALSE(parting::finish_now());  // and a later call says so too
  CHECK_FALSE(std::filesystem::exists(dir / "c"));
  parting::clear();
}
