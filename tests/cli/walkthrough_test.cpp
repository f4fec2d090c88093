// The README's "Your own game" walkthrough, run as written: the shell block
// under that heading, in an empty folder, with the tool on the path.

#include <filesystem>
#include <string>

#include "test_support.hpp"

TEST_CASE("the README's own-game walkthrough runs", "[cli][games][readme]") {
  const std::string readme = test::read_file(std::string(test::kSourceDir) + "/README.md");
  const std::size_t heading = readme.find("### Your own game");
  REQUIRE(heading != std::string::npos);
  const std::size_t open = readme.find("```sh\n", heading);
  REQUIRE(open != std::string::npos);
  const std::size_t close = readme.find("\n```\n", open);
  REQUIRE(close != std::string::npos);
  const std::string block = readme.substr(open + 6, close + 1 - (open + 6));

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
