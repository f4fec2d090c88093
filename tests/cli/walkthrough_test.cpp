// The documentation's command blocks, run as written: the tutorial's
// walkthrough (docs/tutorial.md) in an empty folder with the tool on the
// path, the README's tour and every other ```sh block of the README and
// docs/ from a folder laid out as the repository's root. A documented
// command cannot rot; a block that cannot run in a test is named below with
// the reason.

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

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

// A folder laid out as the repository's root: its specs and grammars (read
// only), a copy of its results (the blocks' runs may rewrite them), and the
// tool at build/evalsynth.
void lay_out_as_repository(const test::ScratchFolder& dir, bool with_results) {
  for (const char* shared : {"specs", "grammar"})
    std::filesystem::create_directory_symlink(std::string(test::kSourceDir) + "/" + shared, dir / shared);
  if (with_results)
    std::filesystem::copy(std::string(test::kSourceDir) + "/results", dir / "results",
                          std::filesystem::copy_options::recursive);
  std::filesystem::create_directories(dir / "build");
  std::filesystem::create_symlink(test::kEvalsynthBinary, dir / "build/evalsynth");
}

struct ShellBlock {
  std::string file;
  int line = 0;
  std::string text;
};

// Every ```sh block of the README and of the Markdown files under docs/.
std::vector<ShellBlock> documented_blocks() {
  std::vector<std::string> files = {"README.md"};
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(test::kSourceDir) + "/docs"))
    if (entry.path().extension() == ".md")
      files.push_back(std::filesystem::relative(entry.path(), test::kSourceDir).string());
  std::vector<ShellBlock> blocks;
  for (const std::string& file : files) {
    const std::string text = test::read_file(std::string(test::kSourceDir) + "/" + file);
    for (std::size_t open = text.find("```sh\n"); open != std::string::npos; open = text.find("```sh\n", open + 1)) {
      const std::size_t close = text.find("\n```\n", open);
      REQUIRE(close != std::string::npos);
      const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + open, '\n'));
      blocks.push_back({file, line, text.substr(open + 6, close + 1 - (open + 6))});
    }
  }
  return blocks;
}

// Blocks run by a test of their own, or that cannot run in one, by their
// file and first command.
struct NotRunHere {
  const char* file;
  const char* first_command;
  const char* why;
};
constexpr NotRunHere kNotRunHere[] = {
    {"README.md", "scripts/setup && build/evalsynth run specs/quick.spec",
     "installs packages and builds; the tour runs its run, CI runs scripts/test"},
    {"README.md", "scripts/test", "CI's own job (.ci/run runs it)"},
    {"README.md", "build/evalsynth run specs/quick.spec          #", "the tour: a test of its own"},
    {"docs/tutorial.md", "mkdir my-game && cd my-game", "the walkthrough: a test of its own"},
    {"docs/many-cores.md", "scripts/cluster/mpi-run --hostfile my-hosts", "needs the user's hosts and Slurm"},
};

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
  lay_out_as_repository(dir, false);
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

TEST_CASE("every command block of the README and docs/ runs", "[cli][readme][tour]") {
  const std::vector<ShellBlock> blocks = documented_blocks();
  std::vector<bool> exception_used(std::size(kNotRunHere), false);
  int run_blocks = 0;
  for (const ShellBlock& block : blocks) {
    bool skipped = false;
    for (std::size_t k = 0; k < std::size(kNotRunHere); ++k)
      if (block.file == kNotRunHere[k].file && block.text.starts_with(kNotRunHere[k].first_command))
        skipped = exception_used[k] = true;
    if (skipped) continue;
    INFO(block.file << ":" << block.line << ":\n" << block.text);
    test::ScratchFolder dir("docs-block");
    lay_out_as_repository(dir, true);
    test::write_file(dir / "block.sh", "set -euo pipefail\n" + block.text);
    const test::Run run = test::run_shell("cd '" + dir.path.string() + "' && bash block.sh < /dev/null");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    ++run_blocks;
  }
  CHECK(run_blocks >= 4);
  // An exception whose block is gone or changed is stale: its block would
  // otherwise go untested under a new first line.
  for (std::size_t k = 0; k < std::size(kNotRunHere); ++k) {
    INFO(kNotRunHere[k].file << ": " << kNotRunHere[k].first_command);
    CHECK(exception_used[k]);
  }
}
