#include <catch2/catch.hpp>
#include <string>

#include "evolve/grow.hpp"
#include "evolve/variation.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/program_edit.hpp"
#include "test_paths.hpp"

using namespace evalsynth;
using namespace evalsynth::evolve;
using namespace evalsynth::lang;

namespace {
std::string grammar_file(const char* name) { return std::string(test::kSourceDir) + "/grammar/" + name; }
}  // namespace

TEST_CASE("programs grown from a grammar are derived by it and respect the depth", "[evolve][grow]") {
  for (const char* name : {"adate.grammar", "features.grammar"}) {
    const Grammar g = read_grammar_file(grammar_file(name));
    const Grower grower(g);
    Rng rng(5);
    for (int i = 0; i < 2000; ++i) {
      const int depth = 2 + rng.below(6);
      const Program p = grower.program(depth, i % 2 == 0, rng);
      INFO(name << ": " << to_text(p));
      REQUIRE_FALSE(g.why_not_derived(p).has_value());
      REQUIRE_FALSE(has_free_variables(p));
      REQUIRE(p.depth() <= depth);
      REQUIRE(parse_program(to_text(p)) == p);
    }
  }
}

TEST_CASE("every operator keeps offspring valid for the grammar and within limits", "[evolve][variation]") {
  for (const char* name : {"adate.grammar", "features.grammar"}) {
    const Grammar g = read_grammar_file(grammar_file(name));
    const Grower grower(g);
    const Limits limits{120, 14};
    const Variation variation(grower, limits);
    Rng rng(7);
    const std::size_t count = operators().size();
    std::vector<int> changed(count);
    for (int i = 0; i < 3000; ++i) {
      const Program a = grower.program(2 + rng.below(5), rng.below(2) == 0, rng);
      const Program b = grower.program(2 + rng.below(5), rng.below(2) == 0, rng);
      REQUIRE(variation.acceptable(a));
      const OperatorId op = static_cast<OperatorId>(i) % count;
      const Program child = variation.apply(op, a, b, rng);
      INFO(name << " " << operator_info(op).name << ": " << to_text(a) << "  ->  " << to_text(child));
      REQUIRE(variation.acceptable(child));
      REQUIRE(child.size() <= limits.max_size);
      REQUIRE(child.depth() <= limits.max_depth);
      REQUIRE(parse_program(to_text(child)) == child);
      (void)Connect4Program(child)(connect4::Position{});
      if (!(child == a)) ++changed[op];
    }
    for (OperatorId op = 0; op < count; ++op) {
      INFO(name << " " << operator_info(op).name << " changed " << changed[op] << " of 300");
      CHECK(changed[op] > 30);
    }
  }
}

TEST_CASE("ADATE-style operators do what they say", "[evolve][variation]") {
  const Grammar g = read_grammar_file(grammar_file("features.grammar"));
  const Grower grower(g);
  const Variation variation(grower, Limits{200, 20});
  Rng rng(3);
  // Abstraction binds a repeated subexpression once and keeps the value.
  const Program p = parse_program("threats(x) * 2 + threats(x) * 2 - sq(0, 3)");
  bool abstracted = false;
  for (int i = 0; i < 50 && !abstracted; ++i) {
    const Program child = variation.apply(operator_id("abstract"), p, p, rng);
    const std::string text = to_text(child);
    if (text.rfind("let ", 0) == 0 && text.find("threats(x) * 2 in") != std::string::npos) {
      abstracted = true;
      Rng positions(1);
      for (int k = 0; k < 200; ++k) {
        connect4::Position pos;
        for (int m = positions.below(30); m > 0 && !pos.is_game_over(); --m) {
          int col;
          do col = positions.below(7);
          while (!pos.can_play(col));
          pos = pos.played(col);
        }
        if (pos.is_game_over()) continue;
        REQUIRE(Connect4Program(child)(pos) == Connect4Program(p)(pos));
      }
    }
  }
  CHECK(abstracted);
}
