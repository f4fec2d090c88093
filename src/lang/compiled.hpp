#pragma once
// Programs compiled for fast evaluation. A program is simplified first; if it
// is then linear in the squares (constants, sq(r, c) with constant arguments,
// + - and multiplication by constants, lets of those) it becomes a weight
// table evaluated with popcounts, exactly as the native IBEF. Otherwise it
// runs in a small stack interpreter: postfix bytecode, a fixed-size stack on
// the C++ stack, each distinct feature computed once per call, no allocation.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "game/evaluators.hpp"
#include "lang/program.hpp"

namespace evalsynth::lang {

class CompiledProgram {
 public:
  static constexpr int kMaxStack = 1024;

  enum class Mode { Auto, InterpreterOnly };
  // Throws InputError if the program needs more than kMaxStack stack slots.
  explicit CompiledProgram(const Program& program, Mode mode = Mode::Auto);

  int operator()(const Position& p) const {
    if (linear_) return (*linear_)(p);
    return interpret(p);
  }

  bool is_linear() const { return linear_.has_value(); }
  const std::optional<LinearEvaluator>& linear() const { return linear_; }
  std::size_t instruction_count() const { return code_.size(); }

 private:
  // Operators grouped by kind, one group a line.
  // clang-format off
  enum class Code : std::uint8_t {
    Const, Square, SquareAt, Height, Feature, Load, Drop1Below,
    Add, Sub, Mul, Div, Mod, Min, Max, Neg, Abs,
    Lt, Le, Eq, Ne, Gt, Ge, And, Or, Not, Select,
  };
  // clang-format on
  struct Instruction {
    Code code;
    std::uint8_t player = 0;
    std::int32_t operand = 0;  // constant, stack slot, feature slot
    std::uint64_t cell = 0;    // Square: the bit of sq(r, c)
  };
  struct FeatureSlot {
    Feature feature;
    std::uint8_t player;
  };

  int interpret(const Position& p) const;
  void compile(const Program& program);

  std::optional<LinearEvaluator> linear_;
  std::vector<Instruction> code_;
  std::vector<FeatureSlot> features_;
};
static_assert(Evaluator<CompiledProgram>);

// The weights and bias of a program that is linear in the squares, if it is
// (after simplification). Coefficients are exact modulo 2^32, like the
// language's arithmetic.
struct LinearForm {
  SquareWeights weights{};
  std::int32_t bias = 0;
};
std::optional<LinearForm> linear_form(const Program& program);

}  // namespace evalsynth::lang
