#pragma once
// Native x86-64 code for a program's bytecode, generated at run time with
// asmjit's Assembler: values in registers (each stack depth its own), constants
// folded into the instructions that use them, `sq` with constant arguments two
// bit tests, features computed from the stones and a basis the code fills
// once per evaluation, and exactly the language's semantics
// (lang/semantics.hpp): wrapping arithmetic, protected / and %.
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

  explicit NativeCode(NativeFunction f) : function_(f) {}
  ~NativeCode();
  NativeCode(const NativeCode&) = delete;
  NativeCode& operator=(const NativeCode&) = delete;

  NativeFunction function() const { return function_; }

 private:
  NativeFunction function_;
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
