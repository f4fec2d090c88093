#include "lang/grammar.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using namespace evalsynth::lang;
using Catch::Matchers::Contains;

namespace {

std::string grammar_file(const char* name) { return std::string(test::kSourceDir) + "/grammar/" + name; }

std::string error_of(const std::string& text) {
  return test::input_error_of([&] { (void)parse_grammar(text, "g.grammar"); });
}

bool derives(const Grammar& g, const std::string& program) {
  return !g.why_not_derived(parse_program(program)).has_value();
}

}  // namespace

TEST_CASE("the shipped grammars read and type-check", "[grammar]") {
  const Grammar adate = read_grammar_file(grammar_file("adate.grammar"));
  REQUIRE(adate.find("int") >= 0);
  CHECK(adate.start == adate.find("int"));
  CHECK(adate.nonterminals[static_cast<std::size_t>(adate.find("bool"))].type == SymbolType::Bool);
  CHECK(adate.nonterminals[static_cast<std::size_t>(adate.find("int"))].forms.size() == 7);
  CHECK(adate.nonterminals[static_cast<std::size_t>(adate.find("int"))].forms[1].weight == 6.0);
  const Grammar features = read_grammar_file(grammar_file("features.grammar"));
  CHECK(features.nonterminals[static_cast<std::size_t>(features.find("player"))].type == SymbolType::Player);
}

TEST_CASE("the validator accepts exactly what a grammar derives", "[grammar]") {
  const Grammar adate = read_grammar_file(grammar_file("adate.grammar"));
  CHECK(derives(adate, "sq(0, 1) + 3"));
  CHECK(derives(adate, "let a = sq(0, 0) in a + a - 1"));
  CHECK(derives(adate, "if sq(0, 0) < 1 then 2 else if true then 3 else -1"));
  CHECK_FALSE(derives(adate, "sq(0, 1) * 3"));
  CHECK_FALSE(derives(adate, "7"));
  CHECK_FALSE(derives(adate, "sq((6), 0)"));
  CHECK_FALSE(derives(adate, "threats(x)"));
  CHECK_FALSE(derives(adate, "if 1 <= 2 then 1 else 2"));
  CHECK(*adate.why_not_derived(parse_program("sq(0, 1) + 2 * sq(1, 1)")) ==
        "grammar " + grammar_file("adate.grammar") + " has no production for '2 * sq(1, 1)'");
  CHECK_THAT(*adate.why_not_derived(parse_program("sq(0, 1) + 7")), Contains("no production for '7'"));

  const Grammar features = read_grammar_file(grammar_file("features.grammar"));
  CHECK(derives(features, "threats(x) - threats(o) + 2 * windows(o, 3)"));
  CHECK(derives(features, "if odd_threats(x) > 0 and not (to_move() = 1) then 5 else min(centre(x), 3)"));
  CHECK(derives(features, "moves() % 7"));
  CHECK_FALSE(derives(features, "17"));
  // The examples are derived by the full grammar.
  CHECK_FALSE(features.why_not_derived(read_program_file(std::string(test::kSourceDir) + "/grammar/examples/ibef.eval"))
                  .has_value());
  CHECK_FALSE(
      features.why_not_derived(read_program_file(std::string(test::kSourceDir) + "/grammar/examples/adate2005.eval"))
          .has_value());
}

TEST_CASE("players in features come from player nonterminals or literals", "[grammar]") {
  const Grammar only_x = parse_grammar("start int\nint ::= threats(x) | int + int\n");
  CHECK(derives(only_x, "threats(x) + threats(x)"));
  CHECK_FALSE(derives(only_x, "threats(o)"));
  const Grammar chained = parse_grammar("start int\nint ::= f\nf ::= windows(p, 2)\np ::= q\nq ::= o\n");
  CHECK(derives(chained, "windows(o, 2)"));
  CHECK_FALSE(derives(chained, "windows(x, 2)"));
  CHECK_FALSE(derives(chained, "windows(o, 3)"));
  // A chain cycle is not a derivation, and does not hang.
  const Grammar cycle = parse_grammar("start a\na ::= b | const(0 .. 1)\nb ::= a\n");
  CHECK(derives(cycle, "1"));
  CHECK_FALSE(derives(cycle, "2"));
}

TEST_CASE("bad grammar files say what and where", "[grammar][errors]") {
  CHECK_THAT(
      error_of("start int\nint ::= const(0..3) | int + bool\nbool ::= true\n"),
      Contains(
          "g.grammar:2:23: error: in 'int + bool', argument 2 must derive integers but 'bool' derives truth values"));
  CHECK_THAT(error_of("start int\nint ::= const(0..3) | int + innt\n"),
             Contains("g.grammar:2:29: error: unknown nonterminal 'innt'; did you mean 'int'?"));
  CHECK_THAT(error_of("start int\nint ::= int + int\n"), Contains("'int' never derives a finite program"));
  CHECK_THAT(error_of("start int\nint ::= const(3 .. 1)\n"), Contains("g.grammar:2:15: error: empty constant range"));
  CHECK_THAT(error_of("start int\nint ::= sq(row, col) @ -1\nrow ::= const(0..5)\ncol ::= const(0..6)\n"),
             Contains("a weight is a number from 0 to 1000000"));
  CHECK_THAT(error_of("int ::= const(0..1)\n"), Contains("g.grammar:1:1: error: the grammar has no 'start NAME' line"));
  CHECK_THAT(error_of("start b\nb ::= true\n"),
             Contains("g.grammar:1:7: error: the start symbol must derive integers"));
  CHECK_THAT(error_of("start int\nint ::= const(0..1)\nint ::= true\n"),
             Contains("g.grammar:3:1: error: nonterminal 'int' is defined twice"));
  CHECK_THAT(error_of("start int\nint ::= const(0..1) | true\n"),
             Contains("'true' derives truth values but 'int' derives integers"));
  CHECK_THAT(error_of("start int\nint ::= thraets(x)\n"),
             Contains("unknown function or feature 'thraets'; did you mean 'threats'?"));
  CHECK_THAT(error_of("start int\nint ::= windows(x, 4)\n"), Contains("the second argument of 'windows' is 1, 2 or 3"));
  CHECK_THAT(error_of("start int\nint ::= int int int\n"), Contains("cannot read the alternative 'int int int'"));
  CHECK_THAT(error_of("start int\nint ::= const(0..1) |\n"),
             Contains("g.grammar:2:22: error: expected an alternative"));
  CHECK_THAT(error_of("start int\nint ::= const(0..1) @\n"), Contains("g.grammar:2:22: error: expected"));
  CHECK_THAT(error_of("start int\nint ::= var\n"), Contains("cannot tell what 'int' derives"));
  CHECK_THAT(error_of("start int\nint ::= const(0..1)\nif ::= true\n"),
             Contains("g.grammar:3:1: error: 'if' is a reserved word"));
  CHECK_THAT(error_of(""), Contains("the grammar has no productions"));
  CHECK_THAT(error_of("start int\nint ::= const(0 .. 99999999999)\n"), Contains("expected a 32-bit integer"));
  // Errors that once came out as internals: a second start line, a bad weight.
  CHECK_THAT(error_of("start int\nstart int\nint ::= const(0..1)\n"),
             Contains("g.grammar:2:1: error: a second 'start' line (the first is at line 1)"));
  CHECK_THAT(error_of("start int\nint ::= sq(row, col) @ x\n"),
             Contains("g.grammar:2:24: error: expected a weight (a number such as 2 or 0.5)"));
  std::string many = "start n0\n";
  for (int i = 0; i <= 1000; ++i) {  // appended piece by piece: GCC 12 warns falsely on "n" + std::string
    many += 'n';
    many += std::to_string(i);
    many += " ::= const(0..1)\n";
  }
  CHECK_THAT(error_of(many), Contains("g.grammar:1002:1: error: a grammar has at most 1000 nonterminals"));
}

TEST_CASE("random and mutated grammar text never crashes the grammar parser", "[grammar][fuzz]") {
  std::string seed_text;
  {
    std::ifstream in(grammar_file("features.grammar"));
    std::stringstream s;
    s << in.rdbuf();
    seed_text = s.str();
  }
  const std::string alphabet =
      "int bool ::= | @ ( ) , .. const var let in if then else x o + - * < = start 0123456789\n#";
  const int parsed = test::fuzz_parser({seed_text}, alphabet, 3000, 90, "f.grammar",
                                       test::extreme_inputs(seed_text, "int ::= (", ")", "| int + int "),
                                       [](const std::string& text) { parse_grammar(text, "f.grammar"); });
  CHECK(parsed > 100);
}
