#include "lang/native_code.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstddef>

#include "games/connect4/features.hpp"
#include "games/connect4/position.hpp"
#include "lang/feature_basis.hpp"

#if defined(__x86_64__) && defined(EVALSYNTH_HAVE_ASMJIT)
#include <asmjit/x86.h>
#define EVALSYNTH_NATIVE_CODE 1
#else
#define EVALSYNTH_NATIVE_CODE 0
#endif

namespace evalsynth::lang {
namespace {

std::atomic<bool> enabled{EVALSYNTH_NATIVE_CODE == 1};

#if EVALSYNTH_NATIVE_CODE

// One runtime for the process; asmjit's allocator behind it is thread-safe,
// so programs may be compiled and freed on any thread. Never destroyed: a
// program held by a static object may be freed after every static of this
// file is gone.
asmjit::JitRuntime& runtime() {
  static asmjit::JitRuntime* const instance = new asmjit::JitRuntime;
  return *instance;
}

// Remembers whether any instruction could not be encoded (the Assembler
// reports errors here rather than by each call's return value).
struct ErrorFlag : asmjit::ErrorHandler {
  bool failed = false;
  void handleError(asmjit::Error, const char*, asmjit::BaseEmitter*) override { failed = true; }
};

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
// kernels (game/feature_kernels.hpp) of the families the program reads, and
// the built-in network's (lang/builtin_ntuple.hpp) if it reads ntuple(); no
// test at run time decides which.
//
// Registers: rdi = X's stones, rsi = O's; rax, rcx, rdx, r10 scratch (idiv
// needs eax and edx, variable shifts cl). Frame, from rsp up: the basis, the
// deeper stack slots, the stones saved across the kernel calls.
class Generator {
 public:
  Generator(asmjit::x86::Assembler& a, FeatureFamilies families) : a_(a), families_(families) {}

  void run(const std::vector<bytecode::Instruction>& code) {
    namespace x86 = asmjit::x86;
    slots_.assign(static_cast<std::size_t>(max_depth(code)), Slot{});
    prologue();
    fill_basis();
    std::size_t top = 0;  // values on the stack
    for (const bytecode::Instruction& in : code) top = emit(in, top);
    assert(top == 1);
    a_.emit(x86::Inst::kIdMov, x86::eax, source(0));
    epilogue();
  }

 private:
  using Gp = asmjit::x86::Gp;
  using Code = bytecode::Code;

  static constexpr std::size_t kHomeRegisters = 9;
  static constexpr std::size_t kCallerSavedHomes = 3;  // r8, r9, r11: the rest are pushed
  static_assert(sizeof(FeatureBasis) % 8 == 0);
  static constexpr std::int32_t kSpillOffset = sizeof(FeatureBasis);

  // Where the value at one depth is: in its home (register or frame slot),
  // or not yet materialized.
  struct Slot {
    enum class Kind : std::uint8_t { Home, Constant, Basis } kind = Kind::Home;
    std::int32_t value = 0;  // Constant: the value; Basis: the byte offset
  };

  static int max_depth(const std::vector<bytecode::Instruction>& code) {
    int height = 0, deepest = 0;
    for (const bytecode::Instruction& in : code) {
      height += stack_effect(in.code);
      deepest = std::max(deepest, height);
    }
    return deepest;
  }
  static int stack_effect(Code code) {
    switch (code) {
      case Code::Const:
      case Code::SquareAt:
      case Code::Feature:
      case Code::Load:
        return 1;
      case Code::Height:
      case Code::Neg:
      case Code::Abs:
      case Code::Not:
        return 0;
      case Code::Select:
        return -2;
      default:  // binary operators, Square, Drop1Below
        return -1;
    }
  }

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
  std::int32_t stones_offset() const {
    const std::size_t spilled = slots_.size() > kHomeRegisters ? slots_.size() - kHomeRegisters : 0;
    return kSpillOffset + static_cast<std::int32_t>((spilled * 4 + 7) / 8 * 8);
  }
  // Keeps rsp 16-byte aligned at the kernel calls (it is 8 off at entry).
  std::int32_t frame_bytes() const {
    const std::int32_t bytes = stones_offset() + 16;
    return (8 + 8 * static_cast<std::int32_t>(pushes()) + bytes) % 16 == 0 ? bytes : bytes + 8;
  }
  static asmjit::x86::Mem frame_slot(std::size_t depth) {
    return asmjit::x86::dword_ptr(asmjit::x86::rsp,
                                  kSpillOffset + static_cast<std::int32_t>(4 * (depth - kHomeRegisters)));
  }
  static asmjit::x86::Mem in_basis(std::size_t offset, std::uint32_t size) {
    return asmjit::x86::ptr(asmjit::x86::rsp, static_cast<std::int32_t>(offset), size);
  }

  void prologue() {
    namespace x86 = asmjit::x86;
    for (std::size_t d = 0; d < registers_used(); ++d)
      if (callee_saved(d)) a_.push(home_register(d).r64());
    a_.sub(x86::rsp, frame_bytes());
  }
  void epilogue() {
    namespace x86 = asmjit::x86;
    a_.add(x86::rsp, frame_bytes());
    for (std::size_t d = registers_used(); d-- > 0;)
      if (callee_saved(d)) a_.pop(home_register(d).r64());
    a_.ret();
  }

  // Calls the kernel filling the families the program reads (before any
  // value lives in a caller-saved register); the basis is at the frame's start.
  void fill_basis() {
    namespace x86 = asmjit::x86;
    const bool kernel = families_.threats || families_.windows;
    if (!kernel && !families_.ntuple) return;
    const x86::Mem saved_x = x86::qword_ptr(x86::rsp, stones_offset()),
                   saved_o = x86::qword_ptr(x86::rsp, stones_offset() + 8);
    a_.mov(saved_x, x86::rdi);
    a_.mov(saved_o, x86::rsi);
    // Both have the signature (x_stones, o_stones, basis&).
    auto call = [&](features::BasisKernel function) {
      a_.lea(x86::rdx, in_basis(0, 0));
      a_.mov(x86::rax, reinterpret_cast<std::uint64_t>(function));
      a_.call(x86::rax);
      a_.mov(x86::rdi, saved_x);
      a_.mov(x86::rsi, saved_o);
    };
    if (kernel) call(features::basis_kernel(families_));
    if (families_.ntuple) call(&fill_ntuple_basis);
  }

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
  void copy(std::size_t from, std::size_t to) {
    namespace x86 = asmjit::x86;
    if (slots_[from].kind != Slot::Kind::Home) {
      slots_[to] = slots_[from];
      return;
    }
    const Gp r = result_register(to, x86::eax);
    a_.emit(x86::Inst::kIdMov, r, source(from));
    store(to, r);
  }

  std::size_t emit(const bytecode::Instruction& in, std::size_t top) {
    namespace x86 = asmjit::x86;
    switch (in.code) {
      case Code::Const:
        set_constant(top, in.operand);
        return top + 1;
      case Code::SquareAt:
        square(in.cell, top);
        return top + 1;
      case Code::Feature:
        feature(static_cast<Feature>(in.feature), in.player, top);
        return top + 1;
      case Code::Load:
        copy(static_cast<std::size_t>(in.operand), top);
        return top + 1;
      case Code::Drop1Below:
        copy(top - 1, top - 2);
        return top - 1;
      case Code::Square:
        computed_square(top - 2);
        return top - 1;
      case Code::Height:
        computed_height(top - 1);
        return top;
      case Code::Neg:
      case Code::Abs:
      case Code::Not:
        unary(in.code, top - 1);
        return top;
      case Code::Select:
        select(top - 3);
        return top - 2;
      case Code::Div:
      case Code::Mod:
        divide(top - 2, in.code == Code::Mod);
        return top - 1;
      default:
        binary(in.code, top - 2);
        return top - 1;
    }
  }

  // sq(r, c) with constant arguments = bit of X's stones - bit of O's (they
  // never share a cell). Shifts measured faster here than bt with adc/sbb.
  void square(std::uint64_t cell, std::size_t depth) {
    namespace x86 = asmjit::x86;
    if (cell == 0) return set_constant(depth, 0);
    const int bit = std::countr_zero(cell);
    const Gp r = result_register(depth, x86::eax);
    a_.mov(r.r64(), x86::rdi);
    a_.shr(r.r64(), bit);
    a_.and_(r, 1);
    a_.mov(x86::rcx, x86::rsi);
    a_.shr(x86::rcx, bit);
    a_.and_(x86::ecx, 1);
    a_.sub(r, x86::ecx);
    store(depth, r);
  }

  // sq with computed arguments, without branches: the bit index is 7 col +
  // row, and the value is forced to 0 when either is off the board.
  void computed_square(std::size_t depth) {
    namespace x86 = asmjit::x86;
    a_.emit(x86::Inst::kIdMov, x86::eax, source(depth));      // row
    a_.emit(x86::Inst::kIdMov, x86::edx, source(depth + 1));  // column
    a_.imul(x86::ecx, x86::edx, kColumnStride);
    a_.add(x86::ecx, x86::eax);
    a_.mov(x86::r10, x86::rdi);
    a_.shr(x86::r10, x86::cl);
    a_.and_(x86::r10d, 1);
    a_.mov(x86::rax, x86::rsi);
    a_.shr(x86::rax, x86::cl);
    a_.and_(x86::eax, 1);
    a_.sub(x86::r10d, x86::eax);
    a_.emit(x86::Inst::kIdMov, x86::eax, source(depth));  // the row again
    a_.xor_(x86::ecx, x86::ecx);
    a_.cmp(x86::eax, kRows);  // unsigned: negative rows are off the board too
    a_.cmovae(x86::r10d, x86::ecx);
    a_.cmp(x86::edx, kColumns);
    a_.cmovae(x86::r10d, x86::ecx);
    const Gp r = result_register(depth, x86::eax);
    a_.mov(r, x86::r10d);
    store(depth, r);
  }

  // height(col): the stones in the column (they fill it from the bottom).
  void computed_height(std::size_t depth) {
    namespace x86 = asmjit::x86;
    if (is_constant(depth)) {  // the stones in one column
      const std::int32_t col = slots_[depth].value;
      if (col < 0 || col >= kColumns) return set_constant(depth, 0);
      const Gp r = result_register(depth, x86::eax);
      a_.mov(x86::rcx, x86::rdi);
      a_.or_(x86::rcx, x86::rsi);
      a_.mov(x86::rdx, bits::column(col));
      a_.and_(x86::rcx, x86::rdx);
      a_.popcnt(r.r64(), x86::rcx);
      return store(depth, r);
    }
    a_.emit(x86::Inst::kIdMov, x86::edx, source(depth));
    a_.imul(x86::ecx, x86::edx, kColumnStride);
    a_.mov(x86::r10, x86::rdi);
    a_.or_(x86::r10, x86::rsi);
    a_.shr(x86::r10, x86::cl);
    a_.and_(x86::r10d, (1 << kRows) - 1);
    a_.popcnt(x86::r10d, x86::r10d);
    a_.xor_(x86::ecx, x86::ecx);
    a_.cmp(x86::edx, kColumns);
    a_.cmovae(x86::r10d, x86::ecx);
    const Gp r = result_register(depth, x86::eax);
    a_.mov(r, x86::r10d);
    store(depth, r);
  }

  // A feature from the basis and the stones (lang/feature_basis.hpp).
  void feature(Feature f, std::uint8_t player, std::size_t depth) {
    namespace x86 = asmjit::x86;
    const bool x = player == 0;
    if (family_of(f) == FeatureFamily::Windows) {
      const std::size_t counts = offsetof(FeatureBasis, windows) +
                                 (x ? offsetof(features::WindowCounts, x) : offsetof(features::WindowCounts, o));
      const std::size_t k = static_cast<std::size_t>(f) - static_cast<std::size_t>(Feature::Windows1);
      slots_[depth] = {Slot::Kind::Basis, static_cast<std::int32_t>(counts + 4 * k)};
      return;
    }
    if (f == Feature::NTuple) {
      slots_[depth] = {Slot::Kind::Basis, static_cast<std::int32_t>(offsetof(FeatureBasis, ntuple))};
      return;
    }
    const x86::Mem cells = in_basis(offsetof(FeatureBasis, threat_cells) +
                                        (x ? offsetof(features::ThreatCells, x) : offsetof(features::ThreatCells, o)),
                                    8);
    const x86::Mem their_cells =
        in_basis(offsetof(FeatureBasis, threat_cells) +
                     (x ? offsetof(features::ThreatCells, o) : offsetof(features::ThreatCells, x)),
                 8);
    const Gp stones = x ? x86::rdi : x86::rsi;
    const Gp r = result_register(depth, x86::r10d);
    const Gp r64 = r.r64();
    auto occupied_into_rax = [&] {
      a_.mov(x86::rax, x86::rdi);
      a_.or_(x86::rax, x86::rsi);
    };
    auto popcount_masked = [&](const x86::Gp& value, std::uint64_t mask) {  // r = popcount(value & mask)
      a_.mov(x86::rcx, mask);
      a_.and_(x86::rcx, value);
      a_.popcnt(r64, x86::rcx);
    };
    auto column_minus_one_into_rcx = [&](const x86::Gp& value) {  // rcx = (value | spare) - bottom, rdx spoiled
      a_.mov(x86::rcx, features::masks::kSpareRow);
      a_.or_(x86::rcx, value);
      a_.mov(x86::rdx, bits::kBottomRow);
      a_.sub(x86::rcx, x86::rdx);
    };
    switch (f) {
      case Feature::Threats:
        a_.popcnt(r64, cells);
        break;
      case Feature::OddThreats:
      case Feature::EvenThreats:
        a_.mov(x86::rax, cells);
        popcount_masked(x86::rax, f == Feature::OddThreats ? features::masks::kOddRows : features::masks::kEvenRows);
        break;
      case Feature::PlayableThreats:  // threat cells & (occupied + bottom row)
        occupied_into_rax();
        a_.mov(x86::rcx, bits::kBottomRow);
        a_.add(x86::rax, x86::rcx);
        a_.and_(x86::rax, cells);
        a_.popcnt(r64, x86::rax);
        break;
      case Feature::StackedThreats:  // cells & (cells << 1)
        a_.mov(x86::rax, cells);
        a_.lea(x86::rcx, x86::ptr(x86::rax, x86::rax));
        a_.and_(x86::rax, x86::rcx);
        a_.popcnt(r64, x86::rax);
        break;
      case Feature::Centre:
        popcount_masked(stones, features::masks::kCentreColumn);
        break;
      case Feature::Stones:
        a_.popcnt(r64, stones);
        break;
      case Feature::Moves:
        occupied_into_rax();
        a_.popcnt(r64, x86::rax);
        break;
      case Feature::ToMove:  // 1 - 2 (moves & 1)
        occupied_into_rax();
        a_.popcnt(x86::rax, x86::rax);
        a_.and_(x86::eax, 1);
        a_.add(x86::eax, x86::eax);
        a_.mov(r, 1);
        a_.sub(r, x86::eax);
        break;
      case Feature::Mobility:  // columns - full columns
        occupied_into_rax();
        popcount_masked(x86::rax, features::masks::kTopRow);
        a_.neg(r);
        a_.add(r, kColumns);
        break;
      case Feature::LowestThreats:  // T = mine | theirs; popcount(T & ~((T | spare) - bottom) & mine)
        a_.mov(x86::rax, cells);
        a_.or_(x86::rax, their_cells);
        column_minus_one_into_rcx(x86::rax);
        a_.not_(x86::rcx);
        a_.and_(x86::rax, x86::rcx);
        a_.and_(x86::rax, cells);
        a_.popcnt(r64, x86::rax);
        break;
      case Feature::GoodThreats:  // popcount(mine & ((theirs | spare) - bottom) & ~theirs & parity rows)
        a_.mov(x86::rax, their_cells);
        column_minus_one_into_rcx(x86::rax);
        a_.not_(x86::rax);
        a_.and_(x86::rax, x86::rcx);
        a_.and_(x86::rax, cells);
        popcount_masked(x86::rax, x ? features::masks::kOddRows : features::masks::kEvenRows);
        break;
      default:
        assert(false && "window features and ntuple() are read from the basis");
    }
    store(depth, r);
  }

  void unary(Code code, std::size_t depth) {
    namespace x86 = asmjit::x86;
    const Gp r = load(depth, x86::eax);
    switch (code) {
      case Code::Neg:
        a_.neg(r);
        break;
      case Code::Abs:  // abs(INT_MIN) = INT_MIN, as neg wraps
        a_.mov(x86::edx, r);
        a_.neg(x86::edx);
        a_.test(r, r);
        a_.cmovs(r, x86::edx);
        break;
      default:  // Not: truth values are 0 or 1
        a_.xor_(r, 1);
        break;
    }
    store(depth, r);
  }

  // if: result = condition ? then : otherwise, at the condition's depth.
  void select(std::size_t depth) {
    namespace x86 = asmjit::x86;
    if (is_constant(depth)) return copy(slots_[depth].value ? depth + 1 : depth + 2, depth);
    const Gp condition = load(depth, x86::eax);
    const asmjit::Operand then = register_or_memory(depth + 1, x86::ecx);
    a_.test(condition, condition);
    const Gp r = result_register(depth, x86::eax);
    a_.emit(x86::Inst::kIdMov, r, source(depth + 2));  // mov leaves the flags alone
    a_.emit(x86::Inst::kIdCmovnz, r, then);
    store(depth, r);
  }

  // x / 0 = x % 0 = 0; x / -1 = -x (wrapping) and x % -1 = 0; else idiv.
  void divide(std::size_t depth, bool remainder) {
    namespace x86 = asmjit::x86;
    if (is_constant(depth + 1)) {
      const std::int32_t divisor = slots_[depth + 1].value;
      if (divisor == 0 || (divisor == -1 && remainder)) return set_constant(depth, 0);
      const Gp r = load(depth, x86::eax);
      if (divisor == -1) {
        a_.neg(r);
      } else {
        a_.mov(x86::eax, r);
        a_.cdq(x86::edx, x86::eax);
        a_.mov(x86::ecx, divisor);
        a_.idiv(x86::edx, x86::eax, x86::ecx);
        a_.mov(r, remainder ? x86::edx : x86::eax);
      }
      return store(depth, r);
    }
    // Without branches (the divisor often changes between 0 and not from one
    // position to the next): divide by 1 where the divisor is 0 or -1, which
    // already gives the remainder 0 both need, then fix the quotient.
    const asmjit::Operand divisor = source(depth + 1);
    a_.emit(x86::Inst::kIdMov, x86::ecx, divisor);
    a_.lea(x86::edx, x86::ptr(x86::rcx, 1));
    a_.mov(x86::r10d, 1);
    a_.cmp(x86::edx, 1);  // unsigned: divisor + 1 is 0 or 1
    a_.cmovbe(x86::ecx, x86::r10d);
    const Gp r = load(depth, x86::eax);
    if (!remainder) {
      a_.mov(x86::r10d, r);  // x / -1 = -x
      a_.neg(x86::r10d);
    }
    a_.mov(x86::eax, r);
    a_.cdq(x86::edx, x86::eax);
    a_.idiv(x86::edx, x86::eax, x86::ecx);
    if (remainder) {
      a_.mov(r, x86::edx);
    } else {
      a_.mov(r, x86::eax);
      a_.xor_(x86::edx, x86::edx);
      a_.emit(x86::Inst::kIdCmp, divisor, asmjit::imm(-1));
      a_.cmove(r, x86::r10d);
      a_.emit(x86::Inst::kIdCmp, divisor, asmjit::imm(0));
      a_.cmove(r, x86::edx);
    }
    store(depth, r);
  }

  void binary(Code code, std::size_t depth) {
    namespace x86 = asmjit::x86;
    namespace Inst = x86::Inst;
    const Gp r = load(depth, x86::eax);
    const asmjit::Operand b = source(depth + 1);
    auto compare = [&](x86::CondCode condition) {
      a_.emit(Inst::kIdCmp, r, b);
      a_.set(condition, x86::dl);
      a_.movzx(r, x86::dl);
    };
    switch (code) {
      case Code::Add:
        a_.emit(Inst::kIdAdd, r, b);
        break;
      case Code::Sub:
        a_.emit(Inst::kIdSub, r, b);
        break;
      case Code::Mul:
        if (is_constant(depth + 1)) {
          a_.imul(r, r, slots_[depth + 1].value);
        } else {
          a_.emit(Inst::kIdImul, r, b);
        }
        break;
      case Code::Min:    // a < b ? a : b
      case Code::Max: {  // a < b ? b : a
        const asmjit::Operand other = register_or_memory(depth + 1, x86::ecx);
        a_.emit(Inst::kIdCmp, r, other);
        a_.emit(code == Code::Min ? Inst::kIdCmovg : Inst::kIdCmovl, r, other);
        break;
      }
      case Code::And:  // truth values are 0 or 1
        a_.emit(Inst::kIdAnd, r, b);
        break;
      case Code::Or:
        a_.emit(Inst::kIdOr, r, b);
        break;
      case Code::Lt:
        compare(x86::CondCode::kL);
        break;
      case Code::Le:
        compare(x86::CondCode::kLE);
        break;
      case Code::Eq:
        compare(x86::CondCode::kE);
        break;
      case Code::Ne:
        compare(x86::CondCode::kNE);
        break;
      case Code::Gt:
        compare(x86::CondCode::kG);
        break;
      case Code::Ge:
        compare(x86::CondCode::kGE);
        break;
      default:
        assert(false && "not a binary operator");
    }
    store(depth, r);
  }

  asmjit::x86::Assembler& a_;
  FeatureFamilies families_;
  std::vector<Slot> slots_;
};

#endif

}  // namespace

bool native_code_available() { return EVALSYNTH_NATIVE_CODE == 1; }
bool native_code_enabled() { return enabled.load(std::memory_order_relaxed); }
std::size_t native_code_bytes() {
#if EVALSYNTH_NATIVE_CODE
  return runtime().allocator()->statistics().usedSize();
#else
  return 0;
#endif
}
void set_native_code_enabled(bool on) { enabled.store(on && native_code_available(), std::memory_order_relaxed); }

std::shared_ptr<const NativeCode> NativeCode::generate(const std::vector<bytecode::Instruction>& code,
                                                       FeatureFamilies families) {
#if EVALSYNTH_NATIVE_CODE
  if (!native_code_enabled() || code.empty()) return nullptr;
  asmjit::CodeHolder holder;
  if (holder.init(runtime().environment()) != asmjit::kErrorOk) return nullptr;
  ErrorFlag errors;
  holder.setErrorHandler(&errors);
  asmjit::x86::Assembler assembler(&holder);
  Generator(assembler, families).run(code);
  if (errors.failed) return nullptr;
  NativeFunction function = nullptr;
  if (runtime().add(&function, &holder) != asmjit::kErrorOk) return nullptr;
  return std::make_shared<const NativeCode>(function);
#else
  (void)code;
  (void)families;
  return nullptr;
#endif
}

NativeCode::~NativeCode() {
#if EVALSYNTH_NATIVE_CODE
  runtime().release(function_);
#endif
}

}  // namespace evalsynth::lang
