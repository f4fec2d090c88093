// The JIT's code for operators: unary, select, division and remainder, binary (lang/native_generator.hpp).
#include "lang/native_generator.hpp"

namespace evalsynth::lang::native {

#if EVALSYNTH_NATIVE_CODE

void Generator::unary(Code code, std::size_t depth) {
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

void Generator::select(std::size_t depth) {
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

void Generator::divide(std::size_t depth, bool remainder) {
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

void Generator::binary(Code code, std::size_t depth) {
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

#endif

}  // namespace evalsynth::lang::native
