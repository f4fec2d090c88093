#pragma once
// What Connect4's board operations compute (lang/semantics_core.hpp has the
// arithmetic every game shares): sq and height give 0 off the board; the
// features are game/features.hpp's.

#include <cstdint>
#include <limits>

#include "games/connect4/features.hpp"
#include "games/connect4/position.hpp"
#include "lang/builtin_ntuple.hpp"
#include "lang/program.hpp"
#include "lang/semantics_core.hpp"

namespace evalsynth::lang::semantics {

constexpr std::int32_t sq(const connect4::Position& p, std::int32_t row, std::int32_t col) {
  if (row < 0 || row >= connect4::kRows || col < 0 || col >= connect4::kColumns) return 0;
  return p.square(row, col);
}
constexpr std::int32_t height(const connect4::Position& p, std::int32_t col) {
  if (col < 0 || col >= connect4::kColumns) return 0;
  return p.height(col);
}

constexpr std::int32_t feature(const connect4::Position& p, Feature f, std::uint8_t player) {
  const Side me = player == 0 ? Side::X : Side::O;
  switch (f) {
    case Feature::Windows1:
      return connect4::features::open_windows(p.stones_of(me), p.stones_of(opponent(me)), 1);
    case Feature::Windows2:
      return connect4::features::open_windows(p.stones_of(me), p.stones_of(opponent(me)), 2);
    case Feature::Windows3:
      return connect4::features::open_windows(p.stones_of(me), p.stones_of(opponent(me)), 3);
    case Feature::Threats:
      return connect4::features::threats(p, me);
    case Feature::OddThreats:
      return connect4::features::odd_threats(p, me);
    case Feature::EvenThreats:
      return connect4::features::even_threats(p, me);
    case Feature::PlayableThreats:
      return connect4::features::playable_threats(p, me);
    case Feature::StackedThreats:
      return connect4::features::stacked_threats(p, me);
    case Feature::Centre:
      return connect4::features::centre_stones(p, me);
    case Feature::Stones:
      return connect4::features::stones(p, me);
    case Feature::Moves:
      return p.moves_played();
    case Feature::ToMove:
      return p.side_to_move() == Side::X ? 1 : -1;
    case Feature::Mobility:
      return connect4::features::mobility(p);
    case Feature::LowestThreats:
      return connect4::features::lowest_threats(p, me);
    case Feature::GoodThreats:
      return connect4::features::good_threats(p, me);
    case Feature::NTuple:
      return ntuple_feature(p, BuiltinNetwork::NTuple);
    case Feature::NTuple2:
      return ntuple_feature(p, BuiltinNetwork::NTuple2);
  }
  return 0;
}

}  // namespace evalsynth::lang::semantics
