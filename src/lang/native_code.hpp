#pragma once
// Native x86-64 code for a program's bytecode, generated at run time with
// asmjit's Assembler: values in registers (each stack depth its own), constants
// folded into the instructions that use them, `sq` with constant arguments two
// bit tests, and exactly the language's semantics (lang/semantics.hpp):
// wrapping arithmetic, protected / and %. For Connect4 the features are
// computed from the stones and a basis the code fills once per evaluation;
// for every other game (lang/game_program.hpp) the code calls the game's own
// feature pass once, into its frame, and the game's square and height for
// computed arguments.
// The interpreter is the reference it is tested against, and the fallback
// where there is no x86-64 or generation fails.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "lang/bytecode.hpp"
#include "lang/feature_basis.hpp"

namespace evalsynth::lang {

// x_stones, o_stones, the value of the built-in network the program reads
// (ntuple() or ntuple2(); ignored by programs that read neither; the caller
// computes it, from a cache or a search's state): the value of the program on
// that position.
using NativeFunction = std::int32_t (*)(std::uint64_t, std::uint64_t, std::int32_t);

// Every game but Connect4 (lang/game_program.hpp): x_stones, o_stones (one
// bit a cell, as the game's cell handles: 0 for a game without cells), and
// the context the calls below receive: the value of the program.
using GameNativeFunction = std::int32_t (*)(std::uint64_t, std::uint64_t, const void*);

// What native code for a game other than Connect4 calls, each with the
// context the function was given: the game's feature pass filling `slots`
// values (the bytecode's feature slots; not called when 0), and sq and
// height with computed arguments (the language's semantics: 0 off the board).
struct GameCalls {
  std::size_t slots = 0;
  void (*features)(const void* context, std::int32_t* values) = nullptr;
  std::int32_t (*square)(const void* context, std::int32_t row, std::int32_t col) = nullptr;
  std::int32_t (*height)(const void* context, std::int32_t col) = nullptr;
};

// Machine code owned for as long as any copy of the program lives; freed
// with the last one, so memory stays bounded over a long run.
class NativeCode {
 public:
  // The code for `code` (a complete bytecode program), or nullptr where
  // native code is off or cannot be made.
  // `families`: the feature families the code reads (it fills their basis
  // itself, with the kernels active when it is generated).
  static std::shared_ptr<const NativeCode> generate(const std::vector<bytecode::Instruction>& code,
                                                    FeatureFamilies families);
  // The code for a game other than Connect4, or nullptr where native code is
  // off or cannot be made (a cell handle that is not one bit, for one).
  static std::shared_ptr<const NativeCode> generate(const std::vector<bytecode::Instruction>& code,
                                                    const GameCalls& calls);

  explicit NativeCode(void* entry) : entry_(entry) {}
  ~NativeCode();
  NativeCode(const NativeCode&) = delete;
  NativeCode& operator=(const NativeCode&) = delete;

  // Connect4's code (made by the first generate).
  NativeFunction function() const { return reinterpret_cast<NativeFunction>(entry_); }
  // Any other game's (made by the second).
  GameNativeFunction game_function() const { return reinterpret_cast<GameNativeFunction>(entry_); }

 private:
  void* entry_;
};

// Native code is on by default on x86-64; `--no-jit` turns it off for the
// process (programs compiled afterwards use the interpreter). Results are
// the same either way.
bool native_code_available();
// Bytes of machine code alive in the process (0 without native code): what
// tests use to see that code is freed with its programs.
std::size_t native_code_bytes();
bool native_code_enabled();
void set_native_code_enabled(bool enabled);

}  // namespace evalsynth::lang
