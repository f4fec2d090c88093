#pragma once
// What every operation of the language computes, for every input: one
// definition shared by the constant folder, the interpreter and the exported
// C++. Integers are 32-bit two's complement and WRAP on overflow (computed in
// unsigned arithmetic, so never undefined behaviour). Division truncates
// toward zero; x / 0 = 0 and x % 0 = 0; INT_MIN / -1 wraps to INT_MIN and
// INT_MIN % -1 = 0. abs(INT_MIN) = INT_MIN. sq and height give 0 off the board.

#include <cstdint>
#include <limits>

#include "game/features.hpp"
#include "game/position.hpp"
#include "lang/builtin_ntuple.hpp"
#include "lang/program.hpp"

namespace evalsynth::lang::semantics {

constexpr std::int32_t wrap(std::uint32_t v) { return static_cast<std::int32_t>(v); }
constexpr std::int32_t add(std::int32_t a, std::int32_t b) {
  return wrap(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}
constexpr std::int32_t sub(std::int32_t a, std::int32_t b) {
  return wrap(static_cast<std::uint32_t>(a) - static_cast<std::uint32_t>(b));
}
constexpr std::int32_t mul(std::int32_t a, std::int32_t b) {
  return wrap(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(b));
}
constexpr std::int32_t neg(std::int32_t a) { return wrap(0U - static_cast<std::uint32_t>(a)); }
constexpr std::int32_t abs(std::int32_t a) { return a < 0 ? neg(a) : a; }
constexpr std::int32_t div(std::int32_t a, std::int32_t b) {
  if (b == 0) return 0;
  if (b == -1) return neg(a);
  return a / b;
}
constexpr std::int32_t mod(std::int32_t a, std::int32_t b) {
  if (b == 0 || b == -1) return 0;
  return a % b;
}
constexpr std::int32_t min(std::int32_t a, std::int32_t b) { return a < b ? a : b; }
constexpr std::int32_t max(std::int32_t a, std::int32_t b) { return a < b ? b : a; }

constexpr std::int32_t sq(const Position& p, std::int32_t row, std::int32_t col) {
  if (row < 0 || row >= kRows || col < 0 || col >= kColumns) return 0;
  return p.square(row, col);
}
constexpr std::int32_t height(const Position& p, std::int32_t col) {
  if (col < 0 || col >= kColumns) return 0;
  return p.height(col);
}

constexpr std::int32_t feature(const Position& p, Feature f, std::uint8_t player) {
  const Side me = player == 0 ? Side::X : Side::O;
  switch (f) {
    case Feature::Windows1:
      return features::open_windows(p.stones_of(me), p.stones_of(opponent(me)), 1);
    case Feature::Windows2:
      return features::open_windows(p.stones_of(me), p.stones_of(opponent(me)), 2);
    case Feature::Windows3:
      return features::open_windows(p.stones_of(me), p.stones_of(opponent(me)), 3);
    case Feature::Threats:
      return features::threats(p, me);
    case Feature::OddThreats:
      return features::odd_threats(p, me);
    case Feature::EvenThreats:
      return features::even_threats(p, me);
    case Feature::PlayableThreats:
      return features::playable_threats(p, me);
    case Feature::StackedThreats:
      return features::stacked_threats(p, me);
    case Feature::Centre:
      return features::centre_stones(p, me);
    case Feature::Stones:
      return features::stones(p, me);
    case Feature::Moves:
      return p.moves_played();
    case Feature::ToMove:
      return p.side_to_move() == Side::X ? 1 : -1;
    case Feature::Mobility:
      return features::mobility(p);
    case Feature::LowestThreats:
      return features::lowest_threats(p, me);
    case Feature::GoodThreats:
      return features::good_threats(p, me);
    case Feature::NTuple:
      return ntuple_feature(p);
  }
  return 0;
}

}  // namespace evalsynth::lang::semantics
