#pragma once
// Internal to lang/: the JIT's code generator, shared by native_code.cpp
// (the runtime, the frame and the stack machine), native_features.cpp (the
// board's squares and features) and native_arithmetic.cpp (operators). Only
// where asmjit is (EVALSYNTH_NATIVE_CODE).

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/connect4/features.hpp"
#include "games/connect4/position.hpp"
#include "lang/bytecode.hpp"
#include "lang/feature_basis.hpp"
#include "lang/native_code.hpp"

#if defined(__x86_64__) && defined(EVALSYNTH_HAVE_ASMJIT)
#include <asmjit/x86.h>
#define EVALSYNTH_NATIVE_CODE 1
#else
#define EVALSYNTH_NATIVE_CODE 0
#endif

namespace evalsynth::lang::native {

#if EVALSYNTH_NATIVE_CODE

// Translates the bytecode in one pass with asmjit's Assembler (no register
// allocator runs, so making a program costs a few instructions' work a node).
// The bytecode is a stack machine whose stack depth at every instruction is
// known while compiling, so each depth has a fixed home: the first
// kHomeRegisters depths a register each, deeper ones a 4-byte slot in the
// frame. Constants and window counts stay where they are (an immediate, the
// feature basis) until an instruction reads them, so `a + 3` is one add and a
// constant divisor needs no run-time test.
//
// The function fills the feature basis itself, in its frame, calling the
// kernel (game/feature_kernels.hpp) of the families the program reads, and
// storing the built-in network's value (lang/builtin_ntuple.hpp), its third
// argument, if it reads ntuple() or ntuple2(); no test at run time decides
// which.
//
// For any other game (GameCalls given) the basis is the game's feature
// slots, filled by one call of its feature pass; sq and height with computed
// arguments call the game, saving the live values in caller-saved registers
// around the call.
//
// Registers: rdi = X's stones, rsi = O's, edx = the network's value (Connect4)
// or rdx = the context (any other game) on entry; rax,
// rcx, rdx, r10 scratch (idiv
// needs eax and edx, variable shifts cl). Frame, from rsp up: the basis, the
// deeper stack slots, the stones saved across calls (and, for any other
// game, the context and the caller-saved homes saved around a call).
class Generator {
 public:
  Generator(asmjit::x86::Assembler& a, FeatureFamilies families)
      : a_(a), families_(families), basis_bytes_(sizeof(FeatureBasis)) {}
  Generator(asmjit::x86::Assembler& a, const GameCalls& calls)
      : a_(a), calls_(&calls), basis_bytes_(static_cast<std::int32_t>((calls.slots * 4 + 7) / 8 * 8)) {}

  // False where the code cannot be made (a cell handle that is not one bit).
  bool ok() const { return ok_; }

  void run(const std::vector<bytecode::Instruction>& code);

 private:
  using Gp = asmjit::x86::Gp;
  using Code = bytecode::Code;

  static constexpr std::size_t kHomeRegisters = 9;
  static constexpr std::size_t kCallerSavedHomes = 3;  // r8, r9, r11: the rest are pushed
  static_assert(sizeof(FeatureBasis) % 8 == 0);

  // Where the value at one depth is: in its home (register or frame slot),
  // or not yet materialized.
  struct Slot {
    enum class Kind : std::uint8_t { Home, Constant, Basis } kind = Kind::Home;
    std::int32_t value = 0;  // Constant: the value; Basis: the byte offset
  };

  static int max_depth(const std::vector<bytecode::Instruction>& code);
  static int stack_effect(Code code);

  static Gp home_register(std::size_t depth) {
    namespace x86 = asmjit::x86;
    static const Gp kHomes[kHomeRegisters] = {x86::r8d,  x86::r9d,  x86::r11d, x86::ebx, x86::ebp,
                                              x86::r12d, x86::r13d, x86::r14d, x86::r15d};
    return kHomes[depth];
  }
  // Callee-saved homes the function must preserve.
  static bool callee_saved(std::size_t depth) { return depth >= kCallerSavedHomes; }
  std::size_t registers_used() const { return std::min(slots_.size(), kHomeRegisters); }
  std::size_t pushes() const { return registers_used() > kCallerSavedHomes ? registers_used() - kCallerSavedHomes : 0; }
  std::int32_t spill_offset() const { return basis_bytes_; }
  std::int32_t stones_offset() const {
    const std::size_t spilled = slots_.size() > kHomeRegisters ? slots_.size() - kHomeRegisters : 0;
    return spill_offset() + static_cast<std::int32_t>((spilled * 4 + 7) / 8 * 8);
  }
  // The stones (16 bytes); for any other game also the context (8) and the
  // caller-saved homes around a call (8 each).
  std::int32_t saved_bytes() const { return calls_ ? 16 + 8 + 8 * static_cast<std::int32_t>(kCallerSavedHomes) : 16; }
  asmjit::x86::Mem saved_context() const { return asmjit::x86::qword_ptr(asmjit::x86::rsp, stones_offset() + 16); }
  asmjit::x86::Mem saved_home(std::size_t depth) const {
    return asmjit::x86::qword_ptr(asmjit::x86::rsp, stones_offset() + 24 + 8 * static_cast<std::int32_t>(depth));
  }
  // Keeps rsp 16-byte aligned at every call (it is 8 off at entry).
  std::int32_t frame_bytes() const {
    const std::int32_t bytes = stones_offset() + saved_bytes();
    return (8 + 8 * static_cast<std::int32_t>(pushes()) + bytes) % 16 == 0 ? bytes : bytes + 8;
  }
  asmjit::x86::Mem frame_slot(std::size_t depth) const {
    return asmjit::x86::dword_ptr(asmjit::x86::rsp,
                                  spill_offset() + static_cast<std::int32_t>(4 * (depth - kHomeRegisters)));
  }
  static asmjit::x86::Mem in_basis(std::size_t offset, std::uint32_t size) {
    return asmjit::x86::ptr(asmjit::x86::rsp, static_cast<std::int32_t>(offset), size);
  }

  void prologue();
  void epilogue();

  // Calls the kernel filling the families the program reads (before any
  // value lives in a caller-saved register); the basis is at the frame's start.
  void fill_basis();

  // The value at `depth` as an instruction operand (immediate, memory or register).
  asmjit::Operand source(std::size_t depth) const {
    namespace x86 = asmjit::x86;
    const Slot& slot = slots_[depth];
    if (slot.kind == Slot::Kind::Constant) return asmjit::imm(slot.value);
    if (slot.kind == Slot::Kind::Basis) return in_basis(static_cast<std::size_t>(slot.value), 4);
    if (depth < kHomeRegisters) return home_register(depth);
    return frame_slot(depth);
  }
  bool is_constant(std::size_t depth) const { return slots_[depth].kind == Slot::Kind::Constant; }

  // The register a result for `depth` is computed in: its home, or `spare`
  // when its home is in the frame (store() then writes it there).
  static Gp result_register(std::size_t depth, const Gp& spare) {
    return depth < kHomeRegisters ? home_register(depth) : spare;
  }
  // The value at `depth` in result_register(depth, spare).
  Gp load(std::size_t depth, const Gp& spare) {
    const Gp r = result_register(depth, spare);
    if (!(slots_[depth].kind == Slot::Kind::Home && depth < kHomeRegisters))
      a_.emit(asmjit::x86::Inst::kIdMov, r, source(depth));
    return r;
  }
  // The value at `depth` as a register or memory operand (cmov, idiv and
  // friends take no immediate): constants go through `spare`.
  asmjit::Operand register_or_memory(std::size_t depth, const Gp& spare) {
    if (!is_constant(depth)) return source(depth);
    a_.mov(spare, slots_[depth].value);
    return spare;
  }
  void store(std::size_t depth, const Gp& r) {
    if (depth >= kHomeRegisters) a_.mov(frame_slot(depth), r);
    slots_[depth] = Slot{};
  }
  void set_constant(std::size_t depth, std::int32_t value) { slots_[depth] = {Slot::Kind::Constant, value}; }
  // Copies the value at `from` to `to` (a let's variable, a let's result).
  void copy(std::size_t from, std::size_t to);

  std::size_t emit(const bytecode::Instruction& in, std::size_t top);

  // sq(r, c) with constant arguments = bit of X's stones - bit of O's (they
  // never share a cell). Shifts measured faster here than bt with adc/sbb.
  void square(std::uint64_t cell, std::size_t depth);

  // sq with computed arguments, without branches: the bit index is 7 col +
  // row, and the value is forced to 0 when either is off the board.
  void computed_square(std::size_t depth);

  // height(col): the stones in the column (they fill it from the bottom).
  void computed_height(std::size_t depth);

  // A feature from the basis and the stones (lang/feature_basis.hpp).
  void feature(Feature f, std::uint8_t player, std::size_t depth);

  // Any other game: its feature pass into the basis, and sq(row, col) at
  // `depth` (its arguments there and one deeper) or height(col) at `depth`
  // by a call of the game's.
  void fill_game_slots();
  void call_game(std::size_t depth, bool square);

  void unary(Code code, std::size_t depth);

  // if: result = condition ? then : otherwise, at the condition's depth.
  void select(std::size_t depth);

  // x / 0 = x % 0 = 0; x / -1 = -x (wrapping) and x % -1 = 0; else idiv.
  void divide(std::size_t depth, bool remainder);

  void binary(Code code, std::size_t depth);

  asmjit::x86::Assembler& a_;
  FeatureFamilies families_;
  const GameCalls* calls_ = nullptr;  // any other game's; null for Connect4
  std::int32_t basis_bytes_;
  std::vector<Slot> slots_;
  bool ok_ = true;
};

#endif

}  // namespace evalsynth::lang::native
