// More threads than cores to run them on is said, with the fix: under
// taskset (as mpirun's binding does), from the command line and from a
// spec's key, once a process, and on every rank of an mpirun.
#include "support/worker_threads.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <thread>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using namespace evalsynth;

namespace {

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

const std::string kWarning = "threads asked for, but this process may run on only";

}  // namespace

TEST_CASE("the threads warning: said only beyond the allowed cores, naming the fix", "[threads]") {
  CHECK(threads_beyond_cores_warning(1, 1).empty());
  CHECK(threads_beyond_cores_warning(8, 16).empty());
  const std::string one = threads_beyond_cores_warning(2, 1);
  CHECK_THAT(one, Contains("2 threads asked for, but this process may run on only 1 core ") &&
                      Contains("--bind-to none") && Contains("--threads 1"));
  CHECK_THAT(threads_beyond_cores_warning(8, 4), Contains("only 4 cores") && Contains("--threads 4"));
  const int allowed = allowed_cores();
  CHECK(allowed >= 1);
  if (std::thread::hardware_concurrency() > 0) CHECK(allowed <= static_cast<int>(std::thread::hardware_concurrency()));
  // The default is the cores allowed, and never warns.
  CHECK(worker_threads(0) >= 1);
  CHECK(worker_threads(1) == 1);
}

TEST_CASE("under taskset -c 0, 2 threads are warned about, on the command line and in a spec, and 1 is not",
          "[cli][threads]") {
  REQUIRE(test::run_shell("taskset -c 0 true").exit_code == 0);  // util-linux, essential in Debian
  const std::string tool = std::string("cd '") + test::kSourceDir + "' && taskset -c 0 " + test::kEvalsynthBinary;
  const std::string match = " match --game tictactoe random perfect --games 4";
  test::Run r = test::run_shell(tool + match + " --threads 2");
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(count_of(r.output, kWarning) == 1);  // once, though main and the match both look
  CHECK_THAT(r.output,
             Contains("2 threads asked for, but this process may run on only 1 core") && Contains("--bind-to none"));
  r = test::run_shell(tool + match + " --threads 1");
  CHECK(r.exit_code == 0);
  CHECK(count_of(r.output, kWarning) == 0);
  r = test::run_shell(tool + match);  // the default: the one core allowed
  CHECK(count_of(r.output, kWarning) == 0);
  // A spec's threads key reaches the same check where the work starts.
  const test::ScratchFolder scratch("threads-warning");
  test::write_file(scratch / "s.spec", "game = tictactoe\npopulation = 8\ngenerations = 1\nthreads = 2\noutput = " +
                                           (scratch / "out") + "\ncheckpoints = " + (scratch / "ckpt") + "\n");
  r = test::run_shell(tool + " run " + (scratch / "s.spec"));
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(count_of(r.output, kWarning) == 1);
}

#ifdef EVALSYNTH_HAS_MPI
TEST_CASE("under mpirun every rank says it, naming itself", "[cli][threads][mpi]") {
  // More threads than this machine has cores: beyond any process's mask.
  const int beyond = static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) * 4;
  const test::Run r =
      test::mpirun(2, "match --game tictactoe random perfect --games 4 --threads " + std::to_string(beyond));
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("rank 0: " + std::to_string(beyond) + " threads asked for") &&
                           Contains("rank 1: " + std::to_string(beyond) + " threads asked for"));
}
#endif
