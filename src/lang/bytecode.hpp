#pragma once
// The postfix bytecode programs compile to: what the interpreter runs (for
// every game), and what the native code generator (lang/native_code.hpp)
// translates for Connect4. A program is a straight line: `if` selects between
// values already computed, so there are no jumps.
//
// Every distinct feature a program reads gets a slot, filled once per
// evaluation before the code runs; `sq` with constant arguments becomes a
// load of one cell (`cell`: the game's handle for it, 0 off the board).

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "game/feature_library.hpp"
#include "lang/program.hpp"
#include "lang/semantics_core.hpp"

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
  std::uint64_t cell = 0;    // SquareAt: the game's handle of cell sq(r, c) (0 off the board)
  std::uint8_t feature = 0;  // Feature: its id (operand is its slot)
};

inline constexpr int kMaxStack = 1024;

struct CompiledCode {
  std::vector<Instruction> code;
  std::vector<FeatureRequest> features;  // by slot
};

// Compiles a program (simplified or not) to bytecode. `cell_of(row, col)` is
// the game's handle of a cell, 0 off the board. Throws InputError if the
// program needs more than kMaxStack stack slots.
CompiledCode compile(const Program& program, const std::function<std::uint64_t(int row, int col)>& cell_of);

// Runs compiled code on one position. `values` holds the feature slots'
// values; `board` reads the position: board.square_at(cell),
// board.square(row, col) and board.height(col) (the language's semantics:
// 0 off the board).
template <class Board>
std::int32_t run(const std::vector<Instruction>& code, const std::int32_t* values, const Board& board) {
  namespace s = semantics;
  std::array<std::int32_t, kMaxStack> stack;
  int top = -1;  // index of the top element
  for (const Instruction& in : code) {
    switch (in.code) {
      case Code::Const:
        stack[++top] = in.operand;
        break;
      case Code::SquareAt:
        stack[++top] = board.square_at(in.cell);
        break;
      case Code::Feature:
        stack[++top] = values[in.operand];
        break;
      case Code::Load:
        stack[top + 1] = stack[in.operand];
        ++top;
        break;
      case Code::Square:
        --top;
        stack[top] = board.square(stack[top], stack[top + 1]);
        break;
      case Code::Height:
        stack[top] = board.height(stack[top]);
        break;
      case Code::Drop1Below:
        --top;
        stack[top] = stack[top + 1];
        break;
      case Code::Add:
        --top;
        stack[top] = s::add(stack[top], stack[top + 1]);
        break;
      case Code::Sub:
        --top;
        stack[top] = s::sub(stack[top], stack[top + 1]);
        break;
      case Code::Mul:
        --top;
        stack[top] = s::mul(stack[top], stack[top + 1]);
        break;
      case Code::Div:
        --top;
        stack[top] = s::div(stack[top], stack[top + 1]);
        break;
      case Code::Mod:
        --top;
        stack[top] = s::mod(stack[top], stack[top + 1]);
        break;
      case Code::Min:
        --top;
        stack[top] = s::min(stack[top], stack[top + 1]);
        break;
      case Code::Max:
        --top;
        stack[top] = s::max(stack[top], stack[top + 1]);
        break;
      case Code::Neg:
        stack[top] = s::neg(stack[top]);
        break;
      case Code::Abs:
        stack[top] = s::abs(stack[top]);
        break;
      case Code::Lt:
        --top;
        stack[top] = stack[top] < stack[top + 1];
        break;
      case Code::Le:
        --top;
        stack[top] = stack[top] <= stack[top + 1];
        break;
      case Code::Eq:
        --top;
        stack[top] = stack[top] == stack[top + 1];
        break;
      case Code::Ne:
        --top;
        stack[top] = stack[top] != stack[top + 1];
        break;
      case Code::Gt:
        --top;
        stack[top] = stack[top] > stack[top + 1];
        break;
      case Code::Ge:
        --top;
        stack[top] = stack[top] >= stack[top + 1];
        break;
      case Code::And:
        --top;
        stack[top] = stack[top] && stack[top + 1];
        break;
      case Code::Or:
        --top;
        stack[top] = stack[top] || stack[top + 1];
        break;
      case Code::Not:
        stack[top] = !stack[top];
        break;
      case Code::Select:
        top -= 2;
        stack[top] = stack[top] ? stack[top + 1] : stack[top + 2];
        break;
    }
  }
  return stack[0];
}

}  // namespace evalsynth::lang::bytecode
