// Files written together: all replaced or none.
#include "support/files.hpp"

#include <catch2/catch.hpp>
#include <filesystem>

#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;

TEST_CASE("files written together replace their earlier versions all at once, or none when one cannot be written",
          "[files]") {
  test::ScratchFolder scratch("together");
  const std::string a = scratch / "a.txt", b = scratch / "b.txt";
  test::write_file(a, "old a\n");
  test::write_file(b, "old b\n");
  write_files_together({{a, "new a\n"}, {b, "new b\n"}});
  CHECK(test::read_file(a) == "new a\n");
  CHECK(test::read_file(b) == "new b\n");
  // The second cannot be written (its folder is missing): the first stays
  // as it was, and no temporary is left behind.
  const std::string lost = scratch / "missing/c.txt";
  CHECK_THROWS_AS(write_files_together({{a, "newer a\n"}, {lost, "c\n"}}), InputError);
  CHECK(test::read_file(a) == "new a\n");
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(scratch.path)) ++files;
  CHECK(files == 2);
}
