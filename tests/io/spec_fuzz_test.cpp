// The spec parser under random edits of the shipped specs and at the
// extremes: every text is accepted or refused with a located, readable error.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "fuzz_support.hpp"
#include "io/spec.hpp"
#include "test_support.hpp"

using namespace evalsynth;

TEST_CASE("random and mutated specs never crash the spec parser", "[spec][fuzz]") {
  test::InSourceDir here;
  std::vector<std::string> seeds;
  for (const auto& entry : std::filesystem::directory_iterator("specs"))
    if (entry.path().extension() == ".spec") seeds.push_back(test::read_file(entry.path().string()));
  REQUIRE(seeds.size() >= 4);
  const std::string alphabet = "=,+()\"@:#\n .-_/0123456789abcdefghilmnoprstuxy";
  const int accepted = test::fuzz_parser(seeds, alphabet, 3000, 41, "f.spec",
                                         test::extreme_inputs(seeds[0], "random(", ")", "shallow + "),
                                         [](const std::string& text) { parse_spec(text, "f.spec"); });
  CHECK(accepted > 100);  // mutations keep some specs valid
}
