// The documentation's command blocks, run as written: the tutorial's
// walkthrough (docs/tutorial.md) in an empty folder with the tool on the
// path, and the README's tour from a folder laid out as the repository's
// root. A documented command cannot rot.

#include <filesystem>
#include <string>

#include "test_support.hpp"

namespace {

// The first ```sh block after `heading` in `file` (under the repository).
std::string shell_block(const std::string& file, const std::string& heading) {
  const std::string text = test::read_file(std::string(test::kSourceDir) + "/" + file);
  const std::size_t at = text.find(heading);
  REQUIRE(at != std::string::npos);
  const std::size_t open = text.find("```sh\n", at);
  REQUIRE(open != std::string::npos);
  const std::size_t close = text.find("\n```\n", open);
  REQUIRE(close != std::string::npos);
  return text.substr(open + 6, close + 1 - (open + 6));
}

}  // namespace

TEST_CASE("the tutorial's walkthrough runs", "[cli][games][readme]") {
  const std::string block = shell_block("docs/tutorial.md", "# Tutorial");
  test::ScratchFolder dir("walkthrough");
  test::write_file(dir / "walkthrough.sh", "set -euo pipefail\n" + block);
  const std::string bin = std::filesystem::path(test::kEvalsynthBinary).parent_path().string();
  const test::Run run =
      test::run_shell("cd '" + dir.path.string() + "' && PATH='" + bin + "':\"$PATH\" bash walkthrough.sh");
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  // What each step promises.
  CHECK_THAT(run.output, Catch::Contains("perft 6: 14020"));
  CHECK_THAT(run.output, Catch::Contains("wrote 150 position(s) to sets/test.positions"));
  CHECK_THAT(run.output, Catch::Contains("McNemar's exact test"));
  CHECK_THAT(run.output, Catch::Contains("sign test over them"));
  CHECK_THAT(test::read_file(dir / "my-game/results/connect3/best.eval"), Catch::Contains("game mnk(5,4,3,drop)"));
  CHECK(std::filesystem::exists(dir / "my-game/connect3.hpp"));
  CHECK(std::filesystem::exists(dir / "my-game/connect3.html"));
}

TEST_CASE("the README's tour runs", "[cli][readme][tour]") {
  const std::string block = shell_block("README.md", "## A five-minute tour");
  // A folder laid out as the repository's root: its specs, grammars and
  // positions, and the tool at build/evalsynth; what the tour writes stays here.
  test::ScratchFolder dir("tour");
  for (const char* shared : {"specs", "grammar"})
    std::filesystem::create_directory_symlink(std::string(test::kSourceDir) + "/" + shared, dir / shared);
  std::filesystem::create_directories(dir / "build");
  std::filesystem::create_symlink(test::kEvalsynthBinary, dir / "build/evalsynth");
  test::write_file(dir / "tour.sh", "set -euo pipefail\n" + block);
  // `play` reads its moves from the terminal: here none, so it says so and ends.
  const test::Run run = test::run_shell("cd '" + dir.path.string() + "' && bash tour.sh < /dev/null");
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  CHECK(std::filesystem::exists(dir / "results/quick/best.eval"));
  CHECK(std::filesystem::exists(dir / "results/quick/report.html"));
  CHECK_THAT(run.output, Catch::Contains("end of input: the game is left unfinished"));
  CHECK_THAT(run.output, Catch::Contains("sign test over them"));
  CHECK_THAT(run.output, Catch::Contains("McNemar's exact test"));
  CHECK(std::filesystem::exists(dir / "quick.hpp"));
  CHECK(std::filesystem::exists(dir / "quick.html"));
}
