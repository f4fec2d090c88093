// The JIT's code for the board: squares, computed squares and heights, and the features read from the basis
// (lang/native_generator.hpp).
#include "lang/native_generator.hpp"

namespace evalsynth::lang::native {

#if EVALSYNTH_NATIVE_CODE

void Generator::square(std::uint64_t cell, std::size_t depth) {
  namespace x86 = asmjit::x86;
  if (cell == 0) return set_constant(depth, 0);
  if (!std::has_single_bit(cell)) {  // not a cell of the stones' bitboards
    ok_ = false;
    return set_constant(depth, 0);
  }
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

void Generator::computed_square(std::size_t depth) {
  namespace x86 = asmjit::x86;
  a_.emit(x86::Inst::kIdMov, x86::eax, source(depth));      // row
  a_.emit(x86::Inst::kIdMov, x86::edx, source(depth + 1));  // column
  a_.imul(x86::ecx, x86::edx, connect4::kColumnStride);
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
  a_.cmp(x86::eax, connect4::kRows);  // unsigned: negative rows are off the board too
  a_.cmovae(x86::r10d, x86::ecx);
  a_.cmp(x86::edx, connect4::kColumns);
  a_.cmovae(x86::r10d, x86::ecx);
  const Gp r = result_register(depth, x86::eax);
  a_.mov(r, x86::r10d);
  store(depth, r);
}

void Generator::computed_height(std::size_t depth) {
  namespace x86 = asmjit::x86;
  if (is_constant(depth)) {  // the stones in one column
    const std::int32_t col = slots_[depth].value;
    if (col < 0 || col >= connect4::kColumns) return set_constant(depth, 0);
    const Gp r = result_register(depth, x86::eax);
    a_.mov(x86::rcx, x86::rdi);
    a_.or_(x86::rcx, x86::rsi);
    a_.mov(x86::rdx, connect4::bits::column(col));
    a_.and_(x86::rcx, x86::rdx);
    a_.popcnt(r.r64(), x86::rcx);
    return store(depth, r);
  }
  a_.emit(x86::Inst::kIdMov, x86::edx, source(depth));
  a_.imul(x86::ecx, x86::edx, connect4::kColumnStride);
  a_.mov(x86::r10, x86::rdi);
  a_.or_(x86::r10, x86::rsi);
  a_.shr(x86::r10, x86::cl);
  a_.and_(x86::r10d, (1 << connect4::kRows) - 1);
  a_.popcnt(x86::r10d, x86::r10d);
  a_.xor_(x86::ecx, x86::ecx);
  a_.cmp(x86::edx, connect4::kColumns);
  a_.cmovae(x86::r10d, x86::ecx);
  const Gp r = result_register(depth, x86::eax);
  a_.mov(r, x86::r10d);
  store(depth, r);
}

void Generator::feature(Feature f, std::uint8_t player, std::size_t depth) {
  namespace x86 = asmjit::x86;
  const bool x = player == 0;
  if (family_of(f) == FeatureFamily::Windows) {
    const std::size_t counts = offsetof(FeatureBasis, windows) + (x ? offsetof(connect4::features::WindowCounts, x)
                                                                    : offsetof(connect4::features::WindowCounts, o));
    const std::size_t k = static_cast<std::size_t>(f) - static_cast<std::size_t>(Feature::Windows1);
    slots_[depth] = {Slot::Kind::Basis, static_cast<std::int32_t>(counts + 4 * k)};
    return;
  }
  if (f == Feature::NTuple || f == Feature::NTuple2) {  // the program's one network
    slots_[depth] = {Slot::Kind::Basis, static_cast<std::int32_t>(offsetof(FeatureBasis, ntuple))};
    return;
  }
  const x86::Mem cells =
      in_basis(offsetof(FeatureBasis, threat_cells) +
                   (x ? offsetof(connect4::features::ThreatCells, x) : offsetof(connect4::features::ThreatCells, o)),
               8);
  const x86::Mem their_cells =
      in_basis(offsetof(FeatureBasis, threat_cells) +
                   (x ? offsetof(connect4::features::ThreatCells, o) : offsetof(connect4::features::ThreatCells, x)),
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
    a_.mov(x86::rcx, connect4::features::masks::kSpareRow);
    a_.or_(x86::rcx, value);
    a_.mov(x86::rdx, connect4::bits::kBottomRow);
    a_.sub(x86::rcx, x86::rdx);
  };
  switch (f) {
    case Feature::Threats:
      a_.popcnt(r64, cells);
      break;
    case Feature::OddThreats:
    case Feature::EvenThreats:
      a_.mov(x86::rax, cells);
      popcount_masked(x86::rax, f == Feature::OddThreats ? connect4::features::masks::kOddRows
                                                         : connect4::features::masks::kEvenRows);
      break;
    case Feature::PlayableThreats:  // threat cells & (occupied + bottom row)
      occupied_into_rax();
      a_.mov(x86::rcx, connect4::bits::kBottomRow);
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
      popcount_masked(stones, connect4::features::masks::kCentreColumn);
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
      popcount_masked(x86::rax, connect4::features::masks::kTopRow);
      a_.neg(r);
      a_.add(r, connect4::kColumns);
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
      popcount_masked(x86::rax, x ? connect4::features::masks::kOddRows : connect4::features::masks::kEvenRows);
      break;
    default:
      assert(false && "window features and ntuple() are read from the basis");
  }
  store(depth, r);
}

void Generator::fill_game_slots() {
  namespace x86 = asmjit::x86;
  a_.mov(x86::qword_ptr(x86::rsp, stones_offset()), x86::rdi);
  a_.mov(x86::qword_ptr(x86::rsp, stones_offset() + 8), x86::rsi);
  a_.mov(saved_context(), x86::rdx);
  if (calls_->slots == 0) return;
  a_.mov(x86::rdi, x86::rdx);
  a_.lea(x86::rsi, in_basis(0, 0));
  a_.mov(x86::rax, reinterpret_cast<std::uint64_t>(calls_->features));
  a_.call(x86::rax);
  a_.mov(x86::rdi, x86::qword_ptr(x86::rsp, stones_offset()));
  a_.mov(x86::rsi, x86::qword_ptr(x86::rsp, stones_offset() + 8));
}

void Generator::call_game(std::size_t depth, bool square) {
  namespace x86 = asmjit::x86;
  // The values below `depth` that live in caller-saved registers survive
  // the call in the frame.
  const std::size_t live = std::min(depth, kCallerSavedHomes);
  for (std::size_t d = 0; d < live; ++d)
    if (slots_[d].kind == Slot::Kind::Home) a_.mov(saved_home(d), home_register(d).r64());
  a_.emit(x86::Inst::kIdMov, x86::esi, source(depth));
  if (square) a_.emit(x86::Inst::kIdMov, x86::edx, source(depth + 1));
  a_.mov(x86::rdi, saved_context());
  a_.mov(x86::rax,
         square ? reinterpret_cast<std::uint64_t>(calls_->square) : reinterpret_cast<std::uint64_t>(calls_->height));
  a_.call(x86::rax);
  for (std::size_t d = 0; d < live; ++d)
    if (slots_[d].kind == Slot::Kind::Home) a_.mov(home_register(d).r64(), saved_home(d));
  a_.mov(x86::rdi, x86::qword_ptr(x86::rsp, stones_offset()));
  a_.mov(x86::rsi, x86::qword_ptr(x86::rsp, stones_offset() + 8));
  const Gp r = result_register(depth, x86::eax);
  if (r != x86::eax) a_.mov(r, x86::eax);
  store(depth, r);
}

#endif

}  // namespace evalsynth::lang::native
