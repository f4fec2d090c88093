// The .analysis reader under random edits of real lines and at the extremes:
// every text is read or refused with a located, readable error.

#include <catch2/catch.hpp>
#include <string>

#include "fuzz_support.hpp"
#include "games/connect4/labelled_positions.hpp"
#include "test_support.hpp"

using namespace evalsynth;

TEST_CASE("random and mutated analysis files never crash the reader", "[solver][fuzz]") {
  const std::string text = test::read_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  // Seeds of three whole lines each.
  std::vector<std::string> seeds;
  for (std::size_t at = 0; at < text.size() && seeds.size() < 40;) {
    std::size_t end = at;
    for (int line = 0; line < 3 && end < text.size(); ++line) end = text.find('\n', end) + 1;
    seeds.push_back(text.substr(at, end - at));
    at = end;
  }
  const std::string alphabet = "0123456789 -+\n\t#x";
  const int accepted =
      test::fuzz_parser(seeds, alphabet, 5000, 42, "f.analysis", test::extreme_inputs(seeds[0], "4", "", "-18 "),
                        [](const std::string& t) { connect4::parse_analysis_text(t, "f.analysis"); });
  CHECK(accepted > 50);
}
