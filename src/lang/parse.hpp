#pragma once
// Reading programs of the evaluator language: the X3 parse, then lowering to a
// typed postfix Program. Every error is an InputError with file:line:col, the
// source line and a caret.

#include <string>

#include "lang/program.hpp"
#include "support/error.hpp"

namespace evalsynth::lang {

// Limits that keep hostile input from exhausting the stack or memory. A
// program nests at most kMaxProgramDepth deep both as written (brackets, if,
// let, not, unary minus) and as a tree (Program::depth()), so every stage that
// walks a program recursively has a bounded stack.
inline constexpr int kMaxProgramDepth = 200;
inline constexpr std::size_t kMaxNodes = 20000;  // nodes of one program
inline constexpr std::size_t kMaxSourceBytes = 1 << 20;

Program parse_program(const std::string& text, const std::string& source_name = "<program>");
Program read_program_file(const std::string& path);

// Throws InputError unless `program` (read from `path`) is of `game`: of
// its family, and of that very game where its text named a whole game
// (then at its game line).
void require_program_game(const Program& program, const GameDescriptor& game, const std::string& path);

}  // namespace evalsynth::lang
