#include "lang/native_code.hpp"

#include <atomic>
#include <bit>
#include <cassert>

#include "game/position.hpp"
#include "lang/semantics.hpp"

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

// The rare operations with computed arguments call back into C++.
std::int32_t square_at(std::uint64_t x, std::uint64_t o, std::int32_t row, std::int32_t col) {
  return semantics::sq(Position::from_stones(x, o), row, col);
}
std::int32_t height_of(std::uint64_t x, std::uint64_t o, std::int32_t col) {
  return semantics::height(Position::from_stones(x, o), col);
}

// Translates the bytecode one instruction at a time, keeping the compile-time
// stack of virtual registers the interpreter keeps at run time.
class Generator {
 public:
  explicit Generator(asmjit::x86::Compiler& cc) : cc_(cc) {}

  bool run(const std::vector<bytecode::Instruction>& code) {
    using namespace asmjit;
    FuncNode* function =
        cc_.addFunc(FuncSignatureT<std::int32_t, std::uint64_t, std::uint64_t, const std::int32_t*>(CallConvId::kHost));
    x_ = cc_.newUInt64("x");
    o_ = cc_.newUInt64("o");
    features_ = cc_.newIntPtr("features");
    function->setArg(0, x_);
    function->setArg(1, o_);
    function->setArg(2, features_);
    for (const bytecode::Instruction& in : code) emit(in);
    assert(stack_.size() == 1);
    cc_.ret(stack_.front());
    cc_.endFunc();
    return cc_.finalize() == kErrorOk;
  }

 private:
  using Gp = asmjit::x86::Gp;
  using Code = bytecode::Code;

  Gp pop() {
    const Gp top = stack_.back();
    stack_.pop_back();
    return top;
  }
  Gp fresh() { return cc_.newInt32(); }
  Gp copy(const Gp& from) {
    const Gp to = fresh();
    cc_.mov(to, from);
    return to;
  }

  void emit(const bytecode::Instruction& in) {
    namespace x86 = asmjit::x86;
    switch (in.code) {
      case Code::Const: {
        const Gp r = fresh();
        cc_.mov(r, in.operand);
        stack_.push_back(r);
        return;
      }
      case Code::SquareAt:
        stack_.push_back(square(in.cell));
        return;
      case Code::Feature: {
        const Gp r = fresh();
        cc_.mov(r, x86::dword_ptr(features_, in.operand * 4));
        stack_.push_back(r);
        return;
      }
      case Code::Load:
        // A let's variable: the register itself (no instruction changes a
        // register once written; every result is a fresh one).
        stack_.push_back(stack_[static_cast<std::size_t>(in.operand)]);
        return;
      case Code::Drop1Below: {
        const Gp value = pop();
        stack_.back() = value;
        return;
      }
      case Code::Square: {
        const Gp col = pop(), row = pop();
        stack_.push_back(call(reinterpret_cast<std::uint64_t>(&square_at), {row, col}));
        return;
      }
      case Code::Height: {
        const Gp col = pop();
        stack_.push_back(call(reinterpret_cast<std::uint64_t>(&height_of), {col}));
        return;
      }
      case Code::Neg:
      case Code::Abs:
      case Code::Not:
        stack_.push_back(unary(in.code, pop()));
        return;
      case Code::Select: {
        const Gp otherwise = pop(), then = pop(), condition = pop();
        const Gp r = copy(otherwise);
        cc_.test(condition, condition);
        cc_.cmovnz(r, then);
        stack_.push_back(r);
        return;
      }
      default: {
        const Gp b = pop(), a = pop();
        stack_.push_back(binary(in.code, a, b));
        return;
      }
    }
  }

  // sq(r, c) = bit of X's stones - bit of O's (they never share a cell).
  Gp square(std::uint64_t cell) {
    const Gp r = fresh();
    if (cell == 0) {
      cc_.xor_(r, r);
      return r;
    }
    const int bit = std::countr_zero(cell);
    const Gp mine = cc_.newUInt64(), theirs = cc_.newUInt64();
    cc_.mov(mine, x_);
    cc_.shr(mine, bit);
    cc_.and_(mine, 1);
    cc_.mov(theirs, o_);
    cc_.shr(theirs, bit);
    cc_.and_(theirs, 1);
    cc_.sub(mine, theirs);
    cc_.mov(r, mine.r32());
    return r;
  }

  Gp call(std::uint64_t target, std::initializer_list<Gp> arguments) {
    using namespace asmjit;
    asmjit::InvokeNode* invoke = nullptr;
    const Gp r = fresh();
    if (arguments.size() == 2) {
      cc_.invoke(
          &invoke, target,
          FuncSignatureT<std::int32_t, std::uint64_t, std::uint64_t, std::int32_t, std::int32_t>(CallConvId::kHost));
    } else {
      cc_.invoke(&invoke, target,
                 FuncSignatureT<std::int32_t, std::uint64_t, std::uint64_t, std::int32_t>(CallConvId::kHost));
    }
    invoke->setArg(0, x_);
    invoke->setArg(1, o_);
    std::uint32_t k = 2;
    for (const Gp& a : arguments) invoke->setArg(k++, a);
    invoke->setRet(0, r);
    return r;
  }

  Gp unary(Code code, const Gp& a) {
    const Gp r = copy(a);
    switch (code) {
      case Code::Neg:
        cc_.neg(r);
        break;
      case Code::Abs: {  // abs(INT_MIN) = INT_MIN, as neg wraps
        const Gp negated = copy(a);
        cc_.neg(negated);
        cc_.test(a, a);
        cc_.cmovs(r, negated);
        break;
      }
      default:  // Not: truth values are 0 or 1
        cc_.xor_(r, 1);
        break;
    }
    return r;
  }

  Gp compare(const Gp& a, const Gp& b, asmjit::x86::CondCode condition) {
    const Gp r = fresh();
    cc_.xor_(r, r);
    cc_.cmp(a, b);
    cc_.set(condition, r.r8());
    return r;
  }

  // x / 0 = x % 0 = 0; x / -1 = -x (wrapping) and x % -1 = 0; else idiv.
  Gp divide(const Gp& a, const Gp& b, bool remainder) {
    const Gp r = fresh(), high = fresh(), low = fresh();
    const asmjit::Label by_zero = cc_.newLabel(), by_minus_one = cc_.newLabel(), done = cc_.newLabel();
    cc_.test(b, b);
    cc_.jz(by_zero);
    cc_.cmp(b, -1);
    cc_.je(by_minus_one);
    cc_.mov(low, a);
    cc_.cdq(high, low);
    cc_.idiv(high, low, b);
    cc_.mov(r, remainder ? high : low);
    cc_.jmp(done);
    cc_.bind(by_minus_one);
    if (remainder) {
      cc_.xor_(r, r);
    } else {
      cc_.mov(r, a);
      cc_.neg(r);
    }
    cc_.jmp(done);
    cc_.bind(by_zero);
    cc_.xor_(r, r);
    cc_.bind(done);
    return r;
  }

  Gp binary(Code code, const Gp& a, const Gp& b) {
    namespace x86 = asmjit::x86;
    switch (code) {
      case Code::Div:
        return divide(a, b, false);
      case Code::Mod:
        return divide(a, b, true);
      case Code::Lt:
        return compare(a, b, x86::CondCode::kL);
      case Code::Le:
        return compare(a, b, x86::CondCode::kLE);
      case Code::Eq:
        return compare(a, b, x86::CondCode::kE);
      case Code::Ne:
        return compare(a, b, x86::CondCode::kNE);
      case Code::Gt:
        return compare(a, b, x86::CondCode::kG);
      case Code::Ge:
        return compare(a, b, x86::CondCode::kGE);
      default:
        break;
    }
    const Gp r = copy(a);
    switch (code) {
      case Code::Add:
        cc_.add(r, b);
        break;
      case Code::Sub:
        cc_.sub(r, b);
        break;
      case Code::Mul:
        cc_.imul(r, b);
        break;
      case Code::Min:  // a < b ? a : b
        cc_.cmp(a, b);
        cc_.cmovg(r, b);
        break;
      case Code::Max:  // a < b ? b : a
        cc_.cmp(a, b);
        cc_.cmovl(r, b);
        break;
      case Code::And:  // truth values are 0 or 1
        cc_.and_(r, b);
        break;
      case Code::Or:
        cc_.or_(r, b);
        break;
      default:
        assert(false && "not a binary operator");
    }
    return r;
  }

  asmjit::x86::Compiler& cc_;
  Gp x_, o_, features_;
  std::vector<Gp> stack_;
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

std::shared_ptr<const NativeCode> NativeCode::generate(const std::vector<bytecode::Instruction>& code) {
#if EVALSYNTH_NATIVE_CODE
  if (!native_code_enabled() || code.empty()) return nullptr;
  asmjit::CodeHolder holder;
  if (holder.init(runtime().environment()) != asmjit::kErrorOk) return nullptr;
  asmjit::x86::Compiler cc(&holder);
  if (!Generator(cc).run(code)) return nullptr;
  NativeFunction function = nullptr;
  if (runtime().add(&function, &holder) != asmjit::kErrorOk) return nullptr;
  return std::make_shared<const NativeCode>(function);
#else
  (void)code;
  return nullptr;
#endif
}

NativeCode::~NativeCode() {
#if EVALSYNTH_NATIVE_CODE
  runtime().release(function_);
#endif
}

}  // namespace evalsynth::lang
