// Native code against the interpreter and the tree-walking reference where
// its generator has cases of its own: stacks deeper than the registers (the
// rest live in the frame), every combination of feature families, and the
// portable feature kernels in place of the vector ones.
#include "lang/native_code.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "games/connect4/feature_kernels.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "reference_evaluator.hpp"

using namespace evalsynth;
using namespace evalsynth::lang;
using test::random_position;
using test::Reference;

namespace {

std::string pick(Rng& rng, std::initializer_list<const char*> choices) {
  return *(choices.begin() + rng.below(static_cast<int>(choices.size())));
}

std::string leaf(Rng& rng) {
  return pick(rng, {"0",
                    "1",
                    "-1",
                    "3",
                    "6",
                    "-2147483648",
                    "2147483647",
                    "sq(1, 3)",
                    "sq(0, 0)",
                    "height(3)",
                    "windows(x, 2)",
                    "windows(o, 3)",
                    "threats(o)",
                    "playable_threats(x)",
                    "stacked_threats(x)",
                    "odd_threats(x)",
                    "even_threats(o)",
                    "stones(x)",
                    "centre(o)",
                    "moves()",
                    "to_move()",
                    "mobility()"});
}

// An expression whose evaluation keeps about `depth` values on the stack at
// once: each level leaves its left operand (a leaf, a let's value) pending
// while the level below is computed.
std::string deep(Rng& rng, int depth) {
  if (depth == 0) return leaf(rng);
  const std::string a = leaf(rng), inner = deep(rng, depth - 1), b = leaf(rng);
  switch (rng.below(12)) {
    case 0:
      return a + " + (" + inner + ")";
    case 1:
      return a + " - (" + inner + ")";
    case 2:
      return a + " * (" + inner + ")";
    case 3:
      return a + " / (" + inner + ")";
    case 4:
      return a + " % (" + inner + ")";
    case 5:
      return "min(" + a + ", " + inner + ")";
    case 6:
      return "max(" + a + ", " + inner + ")";
    case 7:
      return "if " + a + " < " + b + " then " + inner + " else " + b;
    case 8:
      return "if " + a + " >= (" + inner + ") then " + b + " else -(" + a + ")";
    case 9:
      return "let v = " + a + " in v * (" + inner + ") + v";
    case 10:
      // Literals off the board are refused; bracketed they are computed arguments.
      return "sq((" + a + "), (" + inner + ")) + height((" + b + "))";
    default:
      return "abs(" + a + ") + (let w = " + inner + " in w / (" + b + ") - w)";
  }
}

void check_against_interpreter_and_reference(const Program& program, const std::vector<connect4::Position>& positions) {
  const Connect4Program native(program, Connect4Program::Mode::Native),
      interpreted(program, Connect4Program::Mode::InterpreterOnly);
  CHECK(native.is_native() == native_code_enabled());
  for (const connect4::Position& p : positions) {
    INFO(to_text(program));
    const std::int32_t expected = Reference(program, p).run();
    REQUIRE(interpreted(p) == expected);
    REQUIRE(native(p) == expected);
  }
}

std::vector<connect4::Position> positions(std::uint64_t seed, int count) {
  Rng rng(seed);
  std::vector<connect4::Position> out;
  for (int i = 0; i < count; ++i) out.push_back(random_position(rng));
  return out;
}

}  // namespace

TEST_CASE("native code keeps stacks deeper than the registers in its frame", "[lang][native]") {
  const std::vector<connect4::Position> boards = positions(3, 60);
  Rng rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    const int depth = 1 + rng.below(40);
    check_against_interpreter_and_reference(parse_program(deep(rng, depth)), boards);
  }
}

TEST_CASE("native code equals the interpreter on thousands of random programs", "[lang][native][property]") {
  // 2000 programs x 100 positions, each also through the reference; programs
  // read any combination of feature families (or none).
  const std::vector<connect4::Position> boards = positions(4, 100);
  Rng rng(41);
  for (int trial = 0; trial < 2000; ++trial)
    check_against_interpreter_and_reference(random_program(rng, 1 + static_cast<std::size_t>(rng.below(150))), boards);
}

TEST_CASE("native code made with the portable feature kernels gives the same values", "[lang][native][features]") {
  const bool was = connect4::features::vector_kernels_enabled();
  const std::vector<connect4::Position> boards = positions(5, 50);
  Rng rng(43);
  for (int trial = 0; trial < 300; ++trial) {
    const Program program = random_program(rng, 20 + static_cast<std::size_t>(rng.below(100)));
    connect4::features::set_vector_kernels_enabled(true);
    const Connect4Program with_vectors(program, Connect4Program::Mode::Native);
    connect4::features::set_vector_kernels_enabled(false);
    const Connect4Program portable(program, Connect4Program::Mode::Native);
    const Connect4Program interpreted(program, Connect4Program::Mode::InterpreterOnly);
    for (const connect4::Position& p : boards) {
      INFO(to_text(program));
      REQUIRE(with_vectors(p) == portable(p));
      REQUIRE(interpreted(p) == portable(p));
    }
  }
  connect4::features::set_vector_kernels_enabled(was);
}
