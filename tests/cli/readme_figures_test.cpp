// scripts/check-readmes, which CI runs on every results README: a figure
// is found in the README only as it is written, a figure of several lines
// included, and a figure that differs from its file fails the check.

#include <catch2/catch.hpp>
#include <string>

#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

test::Run check(const test::ScratchFolder& dir) {
  std::string command = "'";
  command += test::kSourceDir;
  command += "/scripts/check-readmes' '" + dir.path.string() + "'";
  return test::run_shell(command);
}

}  // namespace

TEST_CASE("check-readmes: a figure of two lines must appear as it is, not line by line", "[cli]") {
  const test::ScratchFolder dir("readme-figures");
  test::write_file(dir / "README.md", "the answer is 42\nand the rest is 7\nelsewhere 9\n");
  test::write_file(dir / "numbers.txt", "42 7 9\n");
  // Both lines as written: passes.
  test::write_file(dir / "README.check",
                   "figure \"$(printf 'is 42\\nand the rest is 7')\" \"$(printf 'is %s\\nand the rest is %s' "
                   "$(field numbers.txt . 1) $(field numbers.txt . 2))\"\n");
  test::Run r = check(dir);
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("1 figures in 1 of the 1 results READMEs match"));
  // The second line is not the README's: fails, though each line alone
  // is somewhere in it.
  test::write_file(dir / "README.check",
                   "figure \"$(printf 'is 42\\nelsewhere 9')\" \"$(printf 'is %s\\nelsewhere %s' "
                   "$(field numbers.txt . 1) $(field numbers.txt . 3))\"\n");
  r = check(dir);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("the README does not say"));
  // A figure its file does not give: fails.
  test::write_file(dir / "README.check", "figure \"is 42\" \"is $(field numbers.txt . 2)\"\n");
  r = check(dir);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("its file gives 'is 7'"));
}
