#pragma once
// How a program's features are read from the basis of game/feature_kernels.hpp
// (the threat cells and window counts of both sides, each family filled only
// if the program reads one of its features). The interpreter does it here;
// native code emits the same operations. Every value equals
// semantics::feature (tested).

#include <cstdint>

#include "games/connect4/feature_kernels.hpp"
#include "games/connect4/features.hpp"
#include "games/connect4/position.hpp"
#include "lang/builtin_ntuple.hpp"
#include "lang/program.hpp"

namespace evalsynth::lang {

enum class FeatureFamily : std::uint8_t { Threats, Windows, NTuple, Other };

constexpr FeatureFamily family_of(Feature f) {
  switch (f) {
    case Feature::Windows1:
    case Feature::Windows2:
    case Feature::Windows3:
      return FeatureFamily::Windows;
    case Feature::Threats:
    case Feature::OddThreats:
    case Feature::EvenThreats:
    case Feature::PlayableThreats:
    case Feature::StackedThreats:
    case Feature::LowestThreats:
    case Feature::GoodThreats:
      return FeatureFamily::Threats;
    case Feature::NTuple:
    case Feature::NTuple2:
      return FeatureFamily::NTuple;
    default:
      return FeatureFamily::Other;
  }
}

using connect4::features::FeatureBasis;
using connect4::features::FeatureFamilies;

// Fills the families of the basis a program reads: the kernels', and the
// built-in network's value as given (`ntuple`, computed by the caller).
inline void fill_program_basis(std::uint64_t x_stones, std::uint64_t o_stones, FeatureFamilies families,
                               std::int32_t ntuple, FeatureBasis& basis) {
  connect4::features::fill_basis(x_stones, o_stones, families, basis);
  if (families.ntuple) basis.ntuple = ntuple;
}

static_assert(static_cast<int>(Feature::Windows3) - static_cast<int>(Feature::Windows1) == 2,
              "window features index the counts by Windows1..Windows3");

// A feature's value from a filled basis (its family's part filled).
constexpr std::int32_t feature_from_basis(Feature f, std::uint8_t player, const connect4::Position& p,
                                          const FeatureBasis& b) {
  namespace t = connect4::features::from_threat_cells;
  const std::uint64_t cells = player == 0 ? b.threat_cells.x : b.threat_cells.o;
  switch (f) {
    case Feature::Windows1:
    case Feature::Windows2:
    case Feature::Windows3:
      return (player == 0 ? b.windows.x
                          : b.windows.o)[static_cast<std::size_t>(f) - static_cast<std::size_t>(Feature::Windows1)];
    case Feature::Threats:
      return t::threats(cells);
    case Feature::OddThreats:
      return t::odd_threats(cells);
    case Feature::EvenThreats:
      return t::even_threats(cells);
    case Feature::PlayableThreats:
      return t::playable_threats(cells, p);
    case Feature::StackedThreats:
      return t::stacked_threats(cells);
    case Feature::Centre:
      return connect4::features::centre_stones(p, player == 0 ? Side::X : Side::O);
    case Feature::Stones:
      return connect4::features::stones(p, player == 0 ? Side::X : Side::O);
    case Feature::Moves:
      return p.moves_played();
    case Feature::ToMove:
      return p.side_to_move() == Side::X ? 1 : -1;
    case Feature::Mobility:
      return connect4::features::mobility(p);
    case Feature::LowestThreats:
      return t::lowest_threats(cells, player == 0 ? b.threat_cells.o : b.threat_cells.x);
    case Feature::GoodThreats:
      return t::good_threats(cells, player == 0 ? b.threat_cells.o : b.threat_cells.x, player == 0 ? Side::X : Side::O);
    case Feature::NTuple:
    case Feature::NTuple2:
      return b.ntuple;  // the program's one network (Connect4Program)
  }
  return 0;
}

}  // namespace evalsynth::lang
