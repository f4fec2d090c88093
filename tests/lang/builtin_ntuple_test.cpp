// ntuple(), the language's learned feature: the built-in network's estimate,
// the same through the cache, the interpreter, native code and the reference
// semantics; and the grammar and evolution side of it.
#include "lang/builtin_ntuple.hpp"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <variant>
#include <vector>

#include "lang/compiled.hpp"
#include "lang/grammar.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "lang/semantics.hpp"
#include "model/model_file.hpp"
#include "reference_evaluator.hpp"
#include "support/error.hpp"
#include "test_paths.hpp"

using namespace evalsynth;
using namespace evalsynth::lang;
using Catch::Matchers::Contains;

namespace {

std::vector<connect4::Position> random_positions(std::uint64_t seed, int count) {
  Rng rng(seed);
  std::vector<connect4::Position> out;
  for (int i = 0; i < count; ++i) out.push_back(test::random_position(rng));
  return out;
}

}  // namespace

TEST_CASE("ntuple() is the pinned network's estimate for X, rounded to -1000..1000", "[lang][ntuple]") {
  // The network read from its file, as `evalsynth learn` wrote it.
  const model::Model file = model::read_model(std::string(test::kSourceDir) + "/grammar/models/ntuple.model");
  const auto& net = std::get<model::NTupleNet>(file.network);
  const Connect4Program native(parse_program("ntuple()"), Connect4Program::Mode::Native),
      interpreted(parse_program("ntuple()"), Connect4Program::Mode::InterpreterOnly);
  int positive = 0, negative = 0;
  for (const connect4::Position& p : random_positions(7, 2000)) {
    const auto expected = static_cast<std::int32_t>(std::lround(1000 * std::tanh(net.sum(p))));
    REQUIRE(ntuple_feature_uncached(p, BuiltinNetwork::NTuple) == expected);
    REQUIRE(ntuple_feature(p, BuiltinNetwork::NTuple) == expected);
    REQUIRE(semantics::feature(p, Feature::NTuple, 0) == expected);
    REQUIRE(interpreted(p) == expected);
    REQUIRE(native(p) == expected);
    REQUIRE(std::abs(expected) <= 1000);
    // A position and its mirror image are valued alike (every tuple is
    // also read mirrored into the same table).
    REQUIRE(ntuple_feature(p.mirrored(), BuiltinNetwork::NTuple) == expected);
    positive += expected > 0;
    negative += expected < 0;
  }
  // Not a constant: the network tells positions apart, both ways.
  CHECK(positive > 100);
  CHECK(negative > 100);
}

TEST_CASE("the ntuple() cache gives the definition's value from any thread", "[lang][ntuple]") {
  const std::vector<connect4::Position> boards = random_positions(8, 20000);
  std::vector<std::int32_t> expected;
  for (const connect4::Position& p : boards) expected.push_back(ntuple_feature_uncached(p, BuiltinNetwork::NTuple));
  // Many threads read and fill the shared cache at once, three times over.
  std::vector<int> wrong(boards.size(), 0);
  tbb::parallel_for(std::size_t{0}, 3 * boards.size(), [&](std::size_t i) {
    const std::size_t k = (i * 7919) % boards.size();
    if (ntuple_feature(boards[k], BuiltinNetwork::NTuple) != expected[k]) wrong[k] = 1;
  });
  CHECK(std::count(wrong.begin(), wrong.end(), 1) == 0);
}

TEST_CASE("native code reading ntuple() equals the interpreter and the reference", "[lang][ntuple][native]") {
  // Random programs over every feature, ntuple() included: it is filled by a
  // second call in the native prologue, after the kernels' one.
  const std::vector<connect4::Position> boards = random_positions(9, 60);
  Rng rng(47);
  int reading = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Program program = random_program(rng, 1 + static_cast<std::size_t>(rng.below(150)), BuiltinNetwork::NTuple);
    const Connect4Program native(program, Connect4Program::Mode::Native),
        interpreted(program, Connect4Program::Mode::InterpreterOnly);
    for (const connect4::Position& p : boards) {
      INFO(to_text(program));
      const std::int32_t expected = test::Reference(program, p).run();
      REQUIRE(interpreted(p) == expected);
      REQUIRE(native(p) == expected);
    }
    reading += to_text(program).find("ntuple()") != std::string::npos;
  }
  CHECK(reading > 50);
  // ntuple() with each family of the kernels, and deep in a stack.
  for (const char* text :
       {"ntuple() + threats(x)", "ntuple() - windows(o, 2)", "windows(x, 3) * ntuple() + lowest_threats(o)",
        "let a = ntuple() in a * a - (1 + (2 + (3 + (4 + (5 + (6 + (7 + (8 + (9 + (10 + (11 "
        "+ (ntuple() + a))))))))))))"}) {
    const Program program = parse_program(text);
    const Connect4Program native(program, Connect4Program::Mode::Native);
    for (const connect4::Position& p : boards) REQUIRE(native(p) == test::Reference(program, p).run());
  }
}

TEST_CASE("ntuple() in programs and grammars", "[lang][ntuple][grammar]") {
  CHECK(to_text(parse_program("ntuple( ) * 2")) == "ntuple() * 2");
  try {
    parse_program("3 + ntuple(x)", "t.eval");
    FAIL("ntuple(x) parsed");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Contains("t.eval:1:"));
  }
  const Grammar learned = read_grammar_file(std::string(test::kSourceDir) + "/grammar/learned.grammar");
  const Grammar strong = read_grammar_file(std::string(test::kSourceDir) + "/grammar/strong.grammar");
  CHECK(learned.has_feature(Feature::NTuple));
  CHECK(!strong.has_feature(Feature::NTuple));
  CHECK(learned.has_feature(Feature::GoodThreats));
  CHECK(!learned.why_not_derived(parse_program("ntuple() + 3 * good_threats(x)")));
  const auto refused = strong.why_not_derived(parse_program("ntuple() + 3 * good_threats(x)"));
  REQUIRE(refused);
  CHECK_THAT(*refused, Contains("ntuple()"));
}

TEST_CASE("ntuple2() is the second pinned network's estimate, apart from ntuple()'s in the cache", "[lang][ntuple]") {
  const model::Model file = model::read_model(std::string(test::kSourceDir) + "/grammar/models/ntuple2.model");
  const auto& net = std::get<model::NTupleNet>(file.network);
  CHECK(net.stage_split() == 11);  // TD(0)'s tables below 11 stones, regression's from 11 on
  const Connect4Program native(parse_program("ntuple2()"), Connect4Program::Mode::Native),
      interpreted(parse_program("ntuple2()"), Connect4Program::Mode::InterpreterOnly);
  REQUIRE(native.network() == BuiltinNetwork::NTuple2);
  const Connect4Program first(parse_program("ntuple()"), Connect4Program::Mode::Native);
  int differ = 0;
  const std::vector<connect4::Position> boards = random_positions(17, 3000);
  for (const connect4::Position& p : boards) {
    const auto expected = static_cast<std::int32_t>(std::lround(1000 * std::tanh(net.sum(p))));
    REQUIRE(ntuple_feature_uncached(p, BuiltinNetwork::NTuple2) == expected);
    REQUIRE(ntuple_feature(p, BuiltinNetwork::NTuple2) == expected);
    REQUIRE(semantics::feature(p, Feature::NTuple2, 0) == expected);
    REQUIRE(interpreted(p) == expected);
    REQUIRE(native(p) == expected);
    REQUIRE(ntuple_feature(p.mirrored(), BuiltinNetwork::NTuple2) == expected);
    differ += expected != ntuple_feature_uncached(p, BuiltinNetwork::NTuple);
  }
  // Two networks: most positions valued differently, and with both in the
  // shared cache each still reads its own values.
  CHECK(differ > 1500);
  for (const connect4::Position& p : boards) {
    REQUIRE(first(p) == ntuple_feature_uncached(p, BuiltinNetwork::NTuple));
    REQUIRE(native(p) == ntuple_feature_uncached(p, BuiltinNetwork::NTuple2));
  }
}

TEST_CASE("native code reading ntuple2() equals the interpreter and the reference", "[lang][ntuple][native]") {
  const std::vector<connect4::Position> boards = random_positions(19, 60);
  Rng rng(53);
  int reading = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Program program = random_program(rng, 1 + static_cast<std::size_t>(rng.below(150)), BuiltinNetwork::NTuple2);
    const std::string text = to_text(program);
    INFO(text);
    REQUIRE(text.find("ntuple()") == std::string::npos);
    const Connect4Program native(program, Connect4Program::Mode::Native),
        interpreted(program, Connect4Program::Mode::InterpreterOnly);
    for (const connect4::Position& p : boards) {
      const std::int32_t expected = test::Reference(program, p).run();
      REQUIRE(interpreted(p) == expected);
      REQUIRE(native(p) == expected);
    }
    reading += text.find("ntuple2()") != std::string::npos;
  }
  CHECK(reading > 25);
}

TEST_CASE("a program and a grammar read one built-in network", "[lang][ntuple][grammar]") {
  try {
    parse_program("windows(x, 2) +\n  3 * ntuple() - ntuple2()", "two.eval");
    FAIL("a program reading two networks parsed");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Contains("two.eval:2:18") && Contains("reads ntuple() already"));
  }
  CHECK(to_text(parse_program("ntuple2() + ntuple2() * 2")) == "ntuple2() + ntuple2() * 2");
  // A program built past the parser is refused where it is compiled.
  Program both = parse_program("ntuple() + ntuple()");
  for (Node& n : both.nodes)
    if (n.op == Op::Feature) n.value = static_cast<int>(Feature::NTuple2);
  both.nodes.front().value = static_cast<int>(Feature::NTuple);
  CHECK_THROWS_AS(Connect4Program(both, Connect4Program::Mode::Auto), InputError);

  const std::string text = "start int\nint ::= ntuple() | ntuple2() | int + int\n";
  try {
    parse_grammar(text, "two.grammar");
    FAIL("a grammar naming two networks was read");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Contains("two.grammar:2:20") && Contains("names ntuple() already"));
  }
  const Grammar second = read_grammar_file(std::string(test::kSourceDir) + "/grammar/learned2.grammar");
  CHECK(second.has_feature(Feature::NTuple2));
  CHECK(!second.has_feature(Feature::NTuple));
  CHECK(!second.why_not_derived(parse_program("ntuple2() + 3 * good_threats(x)")));
  const auto refused = second.why_not_derived(parse_program("ntuple() + 3 * good_threats(x)"));
  REQUIRE(refused);
  CHECK_THAT(*refused, Contains("ntuple()"));
}
