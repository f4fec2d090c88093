#pragma once
// The postfix bytecode programs compile to (lang/compiled.hpp): what the
// interpreter runs and what the native code generator (lang/native_code.hpp)
// translates. A program is a straight line: `if` selects between values
// already computed, so there are no jumps.

#include <cstdint>

#include "lang/program.hpp"

namespace evalsynth::lang::bytecode {

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
  std::uint64_t cell = 0;    // SquareAt: the bit of sq(r, c) (0 off the board)
  Feature feature{};         // Feature: which (operand is its slot)
};

// A feature a program reads, computed once per evaluation into its slot.
struct FeatureSlot {
  Feature feature;
  std::uint8_t player;
};

}  // namespace evalsynth::lang::bytecode
