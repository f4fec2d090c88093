#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cstdlib>

int main(int argc, char* argv[]) {
  // Every command the tests run, and the solvers in this process, work
  // without the user's store of solved positions (games/connect4/
  // solved_store.hpp): tests read and write no file outside their own
  // folders. The store's tests name their own files.
  setenv("EVALSYNTH_STORE", "off", 1);
  return Catch::Session().run(argc, argv);
}
