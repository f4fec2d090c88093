#pragma once
// The evaluator language's features of a k-in-a-row board (mnk games,
// adjacent4): counts of the board's lines of k cells by how many stones of
// each side they hold, threats (cells that complete a line), forks, the
// completed lines, and the stones by where they stand. One table, which each
// family's library shares (their programs read the same features; the family
// still tells their games apart). Every count is computed in one pass over
// the lines, only when a program reads one of them.

#include <array>
#include <cstdint>
#include <span>

#include "game/feature_library.hpp"
#include "games/grid/grid.hpp"

namespace evalsynth::grid {

// The features' ids, in the library's order (append only).
enum class LineFeature : std::uint8_t {
  Windows1,
  Windows2,
  Windows3,
  Windows4,
  Windows5,
  Windows6,
  Windows7,
  Threats,
  Forks,
  Lines,
  Stones,
  Centre,
  Corners,
  Edges,
  Moves,
  ToMove,
  Mobility,
  OpenLines,
  Neighbours,
};
inline constexpr int kLineFeatures = static_cast<int>(LineFeature::Neighbours) + 1;

// The table, for a family's library (`family` names it).
FeatureLibrary line_feature_library(std::string_view family);

// Computes the requested features of `s` (`legal`: the cells the side to
// move may play now) into `values`, one per request.
void line_features(const Geometry& g, const Stones& s, std::uint64_t legal, std::span<const FeatureRequest> requests,
                   std::int32_t* values);

}  // namespace evalsynth::grid
