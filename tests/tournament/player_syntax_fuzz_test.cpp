// The player syntax (NAME@DEPTH lists, depth lists, ply ranges) under random
// text: every input is accepted or refused with a readable usage error.

#include <catch2/catch.hpp>
#include <string>

#include "fuzz_support.hpp"
#include "tournament/player_syntax.hpp"

using namespace evalsynth;

TEST_CASE("random and mutated player lists and depth lists never crash their parsers", "[tournament][fuzz]") {
  Rng rng(43);
  const std::vector<std::string> seeds = {"ibef@2, adate@1-6, random",
                                          "perfect:0.1, perfect-resist@3",
                                          "answer@2, hall3@4, x.eval@5",
                                          "1,3,5",
                                          "1-7",
                                          "8-36"};
  const std::string alphabet = "0123456789@,-:.abdefhilmnoprstx ";
  int accepted = 0;
  std::vector<std::string> texts;
  for (int trial = 0; trial < 5000; ++trial)
    texts.push_back(
        test::mutate(seeds[static_cast<std::size_t>(rng.below(static_cast<int>(seeds.size())))], rng, alphabet));
  for (const std::string& extreme : test::extreme_inputs(seeds[0], "ibef@", "", "1,")) texts.push_back(extreme);
  for (const std::string& text : texts) {
    for (int parser = 0; parser < 3; ++parser) {
      try {
        if (parser == 0) (void)parse_player_entries(text, true);
        if (parser == 1) (void)parse_depth_list(text);
        if (parser == 2) (void)parse_ply_range(text);
        ++accepted;
      } catch (const UsageError& e) {
        const std::string message = e.what();
        INFO(message.substr(0, 200));
        CHECK(!message.empty());
        CHECK(message.size() < 1000);  // quotes the input, but not all of a huge one
        CHECK(message.find("std::") == std::string::npos);
      }
    }
  }
  CHECK(accepted > 100);
}
