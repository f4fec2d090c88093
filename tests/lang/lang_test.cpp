#include <catch2/catch.hpp>
#include <string>

#include "fuzz_support.hpp"
#include "games/connect4/notation.hpp"
#include "lang/compiled.hpp"
#include "lang/native_code.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "lang/simplify.hpp"
#include "reference_evaluator.hpp"
#include "test_support.hpp"
#include "tournament/player.hpp"

using namespace evalsynth;
using namespace evalsynth::lang;
using Catch::Matchers::Contains;
using test::random_position;
using test::Reference;

namespace {

std::string example(const char* name) { return std::string(test::kSourceDir) + "/grammar/examples/" + name; }

std::string error_of(const std::string& text) {
  return test::input_error_of([&] { (void)parse_program(text, "t.eval"); });
}

}  // namespace

TEST_CASE("IBEF and ADATE-2005 written in the language equal the native evaluators", "[lang]") {
  const Program ibef = read_program_file(example("ibef.eval"));
  const Program adate = read_program_file(example("adate2005.eval"));
  const Connect4Program ibef_auto(ibef), adate_auto(adate);
  const Connect4Program ibef_interpreted(ibef, Connect4Program::Mode::InterpreterOnly);
  const Connect4Program adate_interpreted(adate, Connect4Program::Mode::InterpreterOnly);
  CHECK(ibef_auto.is_linear());
  CHECK(adate_auto.is_linear());
  CHECK_FALSE(ibef_interpreted.is_linear());
  const connect4::LinearEvaluator native_ibef = connect4::ibef_evaluator(),
                                  native_adate = connect4::adate2005_evaluator();
  Rng rng(12);
  for (int i = 0; i < 100000; ++i) {
    const connect4::Position p = random_position(rng);
    REQUIRE(ibef_auto(p) == native_ibef(p));
    REQUIRE(ibef_interpreted(p) == native_ibef(p));
    REQUIRE(adate_auto(p) == native_adate(p));
    REQUIRE(adate_interpreted(p) == native_adate(p));
  }
}

TEST_CASE("features computed together share work and equal each computed alone", "[lang][native][features]") {
  // Every feature of both players in one program, each with its own weight,
  // so the shared threat cells and window counts serve many features at once
  // (of the built-in networks the first: a program reads one).
  std::string text = "0";
  int weight = 1;
  for (int id = 0; id < kFeatureCount; ++id) {
    if (id == static_cast<int>(Feature::NTuple2)) continue;
    const FeatureInfo& info = feature_info(static_cast<Feature>(id));
    if (info.parameter > 1) continue;  // windows(p, k) is spelled once with its k
    for (const char* player : {"x", "o"}) {
      std::string call = std::string(info.name) + "(";
      if (info.takes_player) call += player;
      if (info.parameter) {
        for (int k = 1; k <= 3; ++k)
          text += " + " + std::to_string(weight++ * 1000) + " * " + call + ", " + std::to_string(k) + ")";
        continue;
      }
      text += " + " + std::to_string(weight++ * 1000) + " * " + call + ")";
      if (!info.takes_player) break;
    }
  }
  const Program program = parse_program(text);
  const Connect4Program native(program, Connect4Program::Mode::Native),
      interpreted(program, Connect4Program::Mode::InterpreterOnly);
  Rng rng(8);
  for (int i = 0; i < 20000; ++i) {
    const connect4::Position p = random_position(rng);
    const std::int32_t expected = Reference(program, p).run();
    REQUIRE(interpreted(p) == expected);
    REQUIRE(native(p) == expected);
  }
}

TEST_CASE("native code is freed with the last copy of its program", "[lang][native]") {
  Rng rng(5);
  const std::size_t before = native_code_bytes();
  {
    std::vector<Connect4Program> kept;
    for (int i = 0; i < 300; ++i) {
      const Connect4Program program(random_program(rng, 60), Connect4Program::Mode::Native);
      kept.push_back(program);  // a copy shares the code
    }
    if (native_code_enabled()) CHECK(native_code_bytes() > before);
  }
  CHECK(native_code_bytes() == before);
  // Compiling and dropping many programs does not grow the code held.
  for (int i = 0; i < 2000; ++i) (void)Connect4Program(random_program(rng, 60), Connect4Program::Mode::Native);
  CHECK(native_code_bytes() == before);
}

TEST_CASE("native code equals the interpreter at the edges of the arithmetic", "[lang][native]") {
  // Every operator on extreme operands (division by 0 and -1, INT_MIN, the
  // wrap-around, squares and heights on and just off the board), computed
  // operands so the simplifier cannot fold them, and lets that shadow: native
  // code, interpreter and reference agree.
  const std::vector<std::string> operands = {"0",
                                             "1",
                                             "-1",
                                             "5",
                                             "6",
                                             "7",
                                             "-7",
                                             "2147483647",
                                             "-2147483648",
                                             "sq(0, 3)",
                                             "height(3) - 3",
                                             "threats(x)",
                                             "windows(o, 1) - 5"};
  const std::vector<std::string> forms = {
      "A + B",
      "A - B",
      "A * B",
      "A / B",
      "A % B",
      "min(A, B)",
      "max(A, B)",
      "-(A)",
      "abs(A)",
      "if A < B then A else B",
      "if A = B or not (A > B) then 1 else 2",
      "if A != B and A >= B then 1 else 0",
      "sq(A, B)",  // computed arguments on and off the board
      "height(A) - height(B)",
  };
  Rng rng(21);
  std::vector<connect4::Position> positions;
  for (int i = 0; i < 50; ++i) positions.push_back(random_position(rng));
  int programs = 0;
  for (const std::string& form : forms)
    for (const std::string& a : operands)
      for (const std::string& b : operands) {
        std::string text = form;
        for (std::size_t at; (at = text.find('A')) != std::string::npos;) text.replace(at, 1, "(" + a + ")");
        for (std::size_t at; (at = text.find('B')) != std::string::npos;) text.replace(at, 1, "(" + b + ")");
        const std::string wrapped = "let v = " + text + " in let w = v + sq(1, 3) in let v = w * v in v - w";
        for (const std::string& source : {text, wrapped}) {
          Program program;
          try {
            program = parse_program(source);
          } catch (const InputError&) {
            continue;  // a truth-valued form
          }
          ++programs;
          const Connect4Program native(program, Connect4Program::Mode::Native),
              interpreted(program, Connect4Program::Mode::InterpreterOnly);
          for (const connect4::Position& p : positions) {
            INFO(source);
            REQUIRE(native(p) == interpreted(p));
            REQUIRE(native(p) == Reference(program, p).run());
          }
        }
      }
  CHECK(programs > 1000);
}

TEST_CASE("compiled programs, interpreted or not, equal a tree-walking evaluator", "[lang][property]") {
  Rng rng(34);
  for (int trial = 0; trial < 1500; ++trial) {
    const Program program = random_program(rng, 1 + static_cast<std::size_t>(rng.below(120)));
    const Connect4Program automatic(program), interpreted(program, Connect4Program::Mode::InterpreterOnly),
        native(program, Connect4Program::Mode::Native);
    CHECK(native.is_native() == native_code_enabled());
    CHECK_FALSE(interpreted.is_native());
    const Program simple = simplify(program);
    CHECK(simple.size() <= program.size());
    for (int k = 0; k < 20; ++k) {
      const connect4::Position p = random_position(rng);
      const std::int32_t expected = Reference(program, p).run();
      INFO(to_text(program));
      REQUIRE(automatic(p) == expected);
      REQUIRE(interpreted(p) == expected);
      REQUIRE(native(p) == expected);
      REQUIRE(Reference(simple, p).run() == expected);
    }
  }
}

TEST_CASE("printing then parsing gives back the same program", "[lang][property]") {
  Rng rng(56);
  for (int trial = 0; trial < 3000; ++trial) {
    const Program program = random_program(rng, 1 + static_cast<std::size_t>(rng.below(200)));
    const std::string text = to_text(program);
    INFO(text);
    const Program again = parse_program(text);
    REQUIRE(again == program);
    REQUIRE(again.canonical_hash() == program.canonical_hash());
  }
}

TEST_CASE("size, depth and the canonical hash", "[lang]") {
  const Program p = parse_program("let a = sq(0, 3) in a + a * 2");
  CHECK(p.size() == 9);
  CHECK(p.depth() == 4);
  // Renaming a bound variable keeps the hash; changing anything else does not.
  CHECK(parse_program("let b = sq(0, 3) in b + b * 2").canonical_hash() == p.canonical_hash());
  CHECK(parse_program("let a = sq(0, 3) in a + a * 3").canonical_hash() != p.canonical_hash());
  CHECK(parse_program("let a = sq(0, 4) in a + a * 2").canonical_hash() != p.canonical_hash());
  CHECK(parse_program("threats(x)").canonical_hash() != parse_program("threats(o)").canonical_hash());
  // Shadowing: the inner `a` is a different binder from the outer one.
  CHECK(parse_program("let a = 1 in let a = 2 in a").canonical_hash() !=
        parse_program("let a = 1 in let b = 2 in a").canonical_hash());
}

TEST_CASE("integer semantics are defined for every input", "[lang]") {
  auto value = [](const std::string& text) {
    return Connect4Program(parse_program(text), Connect4Program::Mode::InterpreterOnly)(connect4::Position{});
  };
  CHECK(value("2147483647 + 1") == -2147483647 - 1);
  CHECK(value("-2147483648 - 1") == 2147483647);
  CHECK(value("65536 * 65536") == 0);
  CHECK(value("7 / 0") == 0);
  CHECK(value("7 % 0") == 0);
  CHECK(value("-2147483648 / -1") == -2147483647 - 1);
  CHECK(value("-2147483648 % -1") == 0);
  CHECK(value("abs(-2147483648)") == -2147483647 - 1);
  CHECK(value("-7 / 2") == -3);
  CHECK(value("-7 % 2") == -1);
  CHECK(value("sq((6), 0) + sq(0, (7)) + sq((-1), 3) + height((9))") == 0);
  CHECK(value("sq(2 * 3, 0) + height(3 + 6)") == 0);
  CHECK(value("if 1 < 2 and not (3 = 3) or 2 != 2 then 1 else 2") == 2);
  CHECK(value("let a = 5 in let a = a + 1 in a * 2") == 12);
  CHECK(value("min(3, -4) + max(3, -4) + --2 + -(-2)") == 3);
}

TEST_CASE("every feature by hand on constructed positions", "[lang][features]") {
  auto value = [](const std::string& text, const std::string& moves) {
    return Connect4Program(parse_program(text), Connect4Program::Mode::InterpreterOnly)(connect4::parse_moves(moves));
  };
  // Empty board: every window is open to both, none holds a stone.
  CHECK(value("windows(x, 1) + windows(x, 2) + windows(x, 3)", "") == 0);
  CHECK(value("moves() * 100 + mobility() * 10 + to_move()", "") == 71);
  // X on (0,3),(0,4), O on (1,3),(1,4): the row-1 windows over columns 2-5,
  // 3-6, 4-7 hold both X stones; the row-2 windows the same for O.
  CHECK(value("windows(x, 2)", "4455") == 3);
  CHECK(value("windows(o, 2)", "4455") == 3);
  CHECK(value("windows(x, 3) + windows(o, 3)", "4455") == 0);
  // X in the bottom left corner: lines through (0,0): horizontal 1, vertical 1, diagonal 1.
  CHECK(value("windows(x, 1)", "1") == 3);
  CHECK(value("windows(o, 1)", "1") == 0);
  CHECK(value("to_move()", "1") == -1);
  // X on 1,2,3 of the bottom row, O above them (moves 1 2 3 ... interleaved).
  // "142536": X at (0,0),(0,1),(0,2); O at (0,3),(0,4),(0,5)
  CHECK(value("windows(x, 3)", "142536") == 0);  // the only window with X's three holds O's stone at (0,3)
  CHECK(value("windows(o, 3)", "142536") == 1);  // (0,3..6) holds O, O, O, empty
  CHECK(value("threats(o)", "142536") == 1);     // (0,6) completes O's row
  CHECK(value("playable_threats(o)", "142536") == 1);
  CHECK(value("odd_threats(o) * 10 + even_threats(o)", "142536") == 10);  // row 1 is odd
  CHECK(value("stones(x) * 10 + stones(o)", "142536") == 33);
  CHECK(value("centre(x) * 10 + centre(o)", "142536") == 1);  // O's stone at (0,3)
  CHECK(value("height(0) + height(3) * 10 + height(6) * 100", "142536") == 11);
  // A threat above an empty cell is not playable; stacked threats.
  // X: (0,0),(0,1),(0,2) blocked by O at (0,3)? Build X three on row 2 with the cell below the 4th empty.
  // Moves: columns 1,1,2,2,3,3 give X at row 0 of cols 1-3 and O at row 1 of cols 1-3... X threatens (0,3).
  CHECK(value("threats(x) * 10 + playable_threats(x)", "112233") == 11);
  CHECK(value("threats(o) * 10 + playable_threats(o)", "112233") == 10);  // O's (1,3) needs (0,3) filled
  CHECK(value("even_threats(o)", "112233") == 1);                         // row 2
  CHECK(value("stacked_threats(x) + stacked_threats(o)", "112233") == 0);
  // X threats at (0,3) and (1,3) stacked: X on rows 0 and 1 of columns 1-3.
  // X on rows 1 and 2 of columns 1-3: threats at (0,3) and (1,3), stacked.
  CHECK(value("stacked_threats(x)", "15152626373") == 1);
  CHECK(value("stacked_threats(o)", "15152626373") == 0);
  CHECK(value("moves()", "15152626373") == 11);
  CHECK(value("mobility()", "1111112222223") == 5);

  // Zugzwang features. "112233": X's threat at (0,3) under O's at (1,3): the
  // lowest of column 4 is X's, on X's odd row 1 and with nothing of O's
  // below it; O's (row 2, its own parity) has X's threat below it.
  const char* zugzwang = "lowest_threats(x) * 1000 + lowest_threats(o) * 100 + good_threats(x) * 10 + good_threats(o)";
  CHECK(value(zugzwang, "112233") == 1010);
  // The other way round: O's three on row 2, X's on row 3, column 4 empty.
  auto on_grid = [](const std::string& text, const std::string& grid) {
    return Connect4Program(parse_program(text), Connect4Program::Mode::InterpreterOnly)(connect4::parse_grid(grid));
  };
  const std::string o_below = "|.......|\n|.......|\n|.......|\n|xxx....|\n|ooo....|\n|xox....|\n";
  CHECK(on_grid(zugzwang, o_below) == 101);
  CHECK(on_grid("threats(x) * 10 + threats(o)", o_below) == 11);
}

TEST_CASE("parse errors say what and where", "[lang][errors]") {
  CHECK_THAT(error_of("1 +"), Contains("t.eval:1:4: error: expected operand but the program ends here"));
  CHECK_THAT(error_of("1 2"), Contains("t.eval:1:3: error: expected an operator or the end of the program"));
  CHECK_THAT(error_of("(1 + 2"), Contains("t.eval:1:7: error: expected ')'"));
  CHECK_THAT(error_of("if 1 < 2 then 3"), Contains("expected 'else'"));
  CHECK_THAT(error_of("let a 3 in a"), Contains("t.eval:1:7: error: expected '='"));
  CHECK_THAT(error_of("1 +\n  foo"), Contains("t.eval:2:3: error: unknown name 'foo'"));
  CHECK_THAT(error_of("1 +\n  foo"), Contains("\n    foo\n    ^"));
  CHECK_THAT(error_of("if 1 then 2 else 3"), Contains("the condition of 'if' must be a truth value"));
  CHECK_THAT(error_of("if true then 2 else false"), Contains("the 'then' and 'else' branches must have the same type"));
  CHECK_THAT(error_of("1 < 2"), Contains("a program must compute an integer"));
  CHECK_THAT(error_of("1 < 2 < 3"), Contains("comparisons do not chain"));
  CHECK_THAT(error_of("true + 1"), Contains("the left side of '+' must be an integer"));
  CHECK_THAT(error_of("sq(1)"), Contains("'sq' takes 2 arguments, not 1"));
  CHECK_THAT(error_of("frobnicate(1)"), Contains("unknown function 'frobnicate'"));
  CHECK_THAT(error_of("threats"), Contains("'threats' is a feature: call it, e.g. threats(x)"));
  CHECK_THAT(error_of("x + 1"), Contains("'x' names a player"));
  CHECK_THAT(error_of("let x = 1 in 2"), Contains("'x' is reserved"));
  CHECK_THAT(error_of("windows(x, 4)"), Contains("t.eval:1:12: error: the second argument of 'windows'"));
  // A plain number off the board is a typo; in brackets or computed it is 0.
  CHECK_THAT(error_of("sq(9, 9)"), Contains("t.eval:1:4: error: row 9 is off the board"));
  CHECK_THAT(error_of("sq(2, 7)"), Contains("t.eval:1:7: error: column 7 is off the board"));
  CHECK_THAT(error_of("sq(0, -1)"), Contains("t.eval:1:7: error: column -1 is off the board"));
  CHECK_THAT(error_of("1 + height( 7)"), Contains("t.eval:1:13: error: column 7 is off the board"));
  CHECK(error_of("sq((9), 9 - 9) + height((7)) + sq(5, 6) + height(0)") == "(no error)");
  // Files may begin with a UTF-8 byte-order mark and end lines with CR LF.
  test::ScratchFolder scratch("bom");
  test::write_file(scratch / "bom.eval", "\xEF\xBB\xBFsq(0, 0) +\r\n1\r\n");
  CHECK(to_text(read_program_file(scratch / "bom.eval")) == "sq(0, 0) + 1");
  CHECK_THAT(error_of("2147483648"), Contains("out of range"));
  CHECK(error_of("-2147483648") == "(no error)");
  CHECK_THAT(error_of(""), Contains("expected"));
  CHECK_THAT(error_of("1 # only a comment after\n@"), Contains("t.eval:2:1"));
}

TEST_CASE("random and mutated input never crashes or hangs the parser", "[lang][fuzz]") {
  Rng rng(78);
  const std::string alphabet = "0123456789 +-*/%<=>!()ifthenelsletinandornotsqxo,#\n_abcwindowsthreats";
  std::vector<std::string> seeds;
  for (int i = 0; i < 50; ++i) seeds.push_back(to_text(random_program(rng, 40)));
  for (int i = 0; i < 10; ++i) {
    std::string noise;
    for (int k = rng.below(80); k > 0; --k)
      noise += alphabet[static_cast<std::size_t>(rng.below(static_cast<int>(alphabet.size())))];
    seeds.push_back(noise);
  }
  std::vector<std::string> extremes = test::extreme_inputs(seeds[0], "(", ")", "- ");
  for (const char* chain : {"if 1 < 2 then 1 else ", "let a = 1 in ", "not ", "min(1, "})
    for (const std::string& e : test::extreme_inputs(seeds[0], chain, "", chain)) extremes.push_back(e);
  const int parsed = test::fuzz_parser(seeds, alphabet, 6000, 78, "f.eval", extremes, [](const std::string& text) {
    const Program p = parse_program(text, "f.eval");
    const Connect4Program compiled(p), native(p, Connect4Program::Mode::Native),
        interpreted(p, Connect4Program::Mode::InterpreterOnly);
    for (const char* moves : {"", "4453", "1234567123456"}) {
      const connect4::Position position = connect4::parse_moves(moves);
      REQUIRE(native(position) == interpreted(position));
      REQUIRE(compiled(position) == interpreted(position));
    }
    (void)to_text(simplify(p));
  });
  CHECK(parsed > 50);  // mutations keep some programs valid
}

TEST_CASE("the simplifier gathers sums and writes closed lets used once in place", "[lang][simplify]") {
  auto simplified = [](const std::string& text) { return to_text(simplify(parse_program(text))); };
  CHECK(simplified("stones(x) + 2 + 3 * stones(x) - 4 * 0 + 5 * 6") == "4 * stones(x) + 32");
  CHECK(simplified("2 * (threats(o) - 3) - threats(o) - threats(o)") == "-6");
  CHECK(simplified("sq(1, 2) - 2 * sq(1, 2) + moves()") == "-sq(1, 2) + moves()");
  CHECK(simplified("-2147483648 * stones(o) + 1") == "-2147483648 * stones(o) + 1");  // INT_MIN has no negation
  CHECK(simplified("2147483647 * stones(o) + stones(o) + 1") == "-2147483648 * stones(o) + 1");  // wraps
  CHECK(simplified("let v = sq(2, 4) in 11 * v + stones(x)") == "11 * sq(2, 4) + stones(x)");
  // Not written in place: used twice, or mentioning a variable a binding could capture.
  CHECK(simplified("let v = sq(2, 4) in v * v") == "let v = sq(2, 4) in v * v");
  CHECK(simplified("let a = stones(x) in let b = a * a in let a = 5 + moves() in b * a") ==
        "let a = stones(x) in let b = a * a in b * (moves() + 5)");
}
