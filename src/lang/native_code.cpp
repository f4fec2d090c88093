// The JIT (lang/native_code.hpp): asmjit's runtime, and the generator's
// frame and stack machine (lang/native_generator.hpp; operators and board
// reads in native_arithmetic.cpp and native_features.cpp).
#include "lang/native_code.hpp"

#include <atomic>
#include <cstddef>

#include "lang/native_generator.hpp"

namespace evalsynth::lang::native {

#if EVALSYNTH_NATIVE_CODE

void Generator::run(const std::vector<bytecode::Instruction>& code) {
  namespace x86 = asmjit::x86;
  slots_.assign(static_cast<std::size_t>(max_depth(code)), Slot{});
  prologue();
  if (calls_)
    fill_game_slots();
  else
    fill_basis();
  std::size_t top = 0;  // values on the stack
  for (const bytecode::Instruction& in : code) top = emit(in, top);
  assert(top == 1);
  a_.emit(x86::Inst::kIdMov, x86::eax, source(0));
  epilogue();
}

int Generator::max_depth(const std::vector<bytecode::Instruction>& code) {
  int height = 0, deepest = 0;
  for (const bytecode::Instruction& in : code) {
    height += stack_effect(in.code);
    deepest = std::max(deepest, height);
  }
  return deepest;
}

int Generator::stack_effect(Code code) {
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

void Generator::prologue() {
  namespace x86 = asmjit::x86;
  for (std::size_t d = 0; d < registers_used(); ++d)
    if (callee_saved(d)) a_.push(home_register(d).r64());
  a_.sub(x86::rsp, frame_bytes());
}

void Generator::epilogue() {
  namespace x86 = asmjit::x86;
  a_.add(x86::rsp, frame_bytes());
  for (std::size_t d = registers_used(); d-- > 0;)
    if (callee_saved(d)) a_.pop(home_register(d).r64());
  a_.ret();
}

void Generator::fill_basis() {
  namespace x86 = asmjit::x86;
  // The network's value (ntuple() or ntuple2()) arrives as the third
  // argument (edx), which the kernel call
  // overwrites: stored first.
  if (families_.ntuple) a_.mov(in_basis(offsetof(FeatureBasis, ntuple), 4), x86::edx);
  const bool kernel = families_.threats || families_.windows;
  if (!kernel) return;
  const x86::Mem saved_x = x86::qword_ptr(x86::rsp, stones_offset()),
                 saved_o = x86::qword_ptr(x86::rsp, stones_offset() + 8);
  a_.mov(saved_x, x86::rdi);
  a_.mov(saved_o, x86::rsi);
  // The kernel's signature is (x_stones, o_stones, basis&).
  a_.lea(x86::rdx, in_basis(0, 0));
  a_.mov(x86::rax, reinterpret_cast<std::uint64_t>(connect4::features::basis_kernel(families_)));
  a_.call(x86::rax);
  a_.mov(x86::rdi, saved_x);
  a_.mov(x86::rsi, saved_o);
}

void Generator::copy(std::size_t from, std::size_t to) {
  namespace x86 = asmjit::x86;
  if (slots_[from].kind != Slot::Kind::Home) {
    slots_[to] = slots_[from];
    return;
  }
  const Gp r = result_register(to, x86::eax);
  a_.emit(x86::Inst::kIdMov, r, source(from));
  store(to, r);
}

std::size_t Generator::emit(const bytecode::Instruction& in, std::size_t top) {
  namespace x86 = asmjit::x86;
  switch (in.code) {
    case Code::Const:
      set_constant(top, in.operand);
      return top + 1;
    case Code::SquareAt:
      square(in.cell, top);
      return top + 1;
    case Code::Feature:
      if (calls_)  // the game's pass filled the slot
        slots_[top] = {Slot::Kind::Basis, 4 * in.operand};
      else
        feature(static_cast<Feature>(in.feature), in.player, top);
      return top + 1;
    case Code::Load:
      copy(static_cast<std::size_t>(in.operand), top);
      return top + 1;
    case Code::Drop1Below:
      copy(top - 1, top - 2);
      return top - 1;
    case Code::Square:
      if (calls_)
        call_game(top - 2, true);
      else
        computed_square(top - 2);
      return top - 1;
    case Code::Height:
      if (calls_)
        call_game(top - 1, false);
      else
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

#endif

}  // namespace evalsynth::lang::native

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

namespace {

// Makes the code with a generator made by `make(assembler)`, or nullptr.
template <class MakeGenerator>
std::shared_ptr<const NativeCode> generate_with(const std::vector<bytecode::Instruction>& code,
                                                const MakeGenerator& make) {
#if EVALSYNTH_NATIVE_CODE
  if (!native_code_enabled() || code.empty()) return nullptr;
  asmjit::CodeHolder holder;
  if (holder.init(runtime().environment()) != asmjit::kErrorOk) return nullptr;
  ErrorFlag errors;
  holder.setErrorHandler(&errors);
  asmjit::x86::Assembler assembler(&holder);
  native::Generator generator = make(assembler);
  generator.run(code);
  if (errors.failed || !generator.ok()) return nullptr;
  void* entry = nullptr;
  if (runtime().add(&entry, &holder) != asmjit::kErrorOk) return nullptr;
  return std::make_shared<const NativeCode>(entry);
#else
  (void)code;
  (void)make;
  return nullptr;
#endif
}

}  // namespace

std::shared_ptr<const NativeCode> NativeCode::generate(const std::vector<bytecode::Instruction>& code,
                                                       FeatureFamilies families) {
#if EVALSYNTH_NATIVE_CODE
  return generate_with(code, [&](auto& assembler) { return native::Generator(assembler, families); });
#else
  (void)families;
  return generate_with(code, 0);
#endif
}

std::shared_ptr<const NativeCode> NativeCode::generate(const std::vector<bytecode::Instruction>& code,
                                                       const GameCalls& calls) {
#if EVALSYNTH_NATIVE_CODE
  return generate_with(code, [&](auto& assembler) { return native::Generator(assembler, calls); });
#else
  (void)calls;
  return generate_with(code, 0);
#endif
}

NativeCode::~NativeCode() {
#if EVALSYNTH_NATIVE_CODE
  runtime().release(entry_);
#endif
}

}  // namespace evalsynth::lang
