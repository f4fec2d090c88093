#pragma once
// What a program's features are computed from, once per evaluation: the
// threat cells and the window counts of both sides (each family only if the
// program reads one of its features). The interpreter and native code both
// read it; every value equals semantics::feature (tested).

#include <cstdint>

#include "game/feature_kernels.hpp"
#include "game/features.hpp"
#include "game/position.hpp"
#include "lang/program.hpp"

namespace evalsynth::lang {

enum class FeatureFamily : std::uint8_t { Threats, Windows, Other };

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
      return FeatureFamily::Threats;
    default:
      return FeatureFamily::Other;
  }
}

// Left uninitialized but for the families filled: an evaluation that reads
// no window feature pays nothing for the window counts.
struct FeatureBasis {
  features::ThreatCells threat_cells;
  features::WindowCounts windows;

  void fill(const Position& p, bool threats, bool windows_needed) {
    if (threats) threat_cells = features::threat_cells_of_both(p.x_stones(), p.o_stones());
    if (windows_needed) features::open_windows_of_both(p.x_stones(), p.o_stones(), windows);
  }
};

static_assert(static_cast<int>(Feature::Windows3) - static_cast<int>(Feature::Windows1) == 2,
              "window features index the counts by Windows1..Windows3");

// A feature's value from a filled basis (its family's part filled).
constexpr std::int32_t feature_from_basis(Feature f, std::uint8_t player, const Position& p, const FeatureBasis& b) {
  namespace t = features::from_threat_cells;
  const std::uint64_t cells = player == 0 ? b.threat_cells.x : b.threat_cells.o;
  switch (f) {
    case Feature::Windows1:
    case Feature::Windows2:
    case Feature::Windows3:
      return (player == 0 ? b.windows.x : b.windows.o)[static_cast<std::size_t>(f) -
                                                       static_cast<std::size_t>(Feature::Windows1)];
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
      return features::centre_stones(p, player == 0 ? Side::X : Side::O);
    case Feature::Stones:
      return features::stones(p, player == 0 ? Side::X : Side::O);
    case Feature::Moves:
      return p.moves_played();
    case Feature::ToMove:
      return p.side_to_move() == Side::X ? 1 : -1;
    case Feature::Mobility:
      return features::mobility(p);
  }
  return 0;
}

}  // namespace evalsynth::lang
