#include "games/modnim/modnim.hpp"

#include <array>

namespace evalsynth::modnim {
namespace {

enum class Feature : std::uint8_t { Sticks, Limit, Moves, ToMove };

constexpr std::array<FeatureInfo, 4> kFeatures = {{
    {"sticks", false, 0, "sticks left on the table"},
    {"limit", false, 0, "the most sticks a move may take (M)"},
    {"moves", false, 0, "moves made"},
    {"to_move", false, 0, "+1 if X is to move, -1 if O is"},
}};

constexpr std::array<ReferenceProgram, 2> kReferences = {{
    {"strategy", "the known winning rule: the side to move loses when sticks mod (M + 1) = 1",
     "game modnim\n"
     "# The winning rule (Oon 2007): the side to move loses exactly when the sticks\n"
     "# left are 1 more than a multiple of M + 1. Values from X's view.\n"
     "if sticks() % (limit() + 1) = 1 then -1000 * to_move() else 1000 * to_move()\n"},
    {"parity", "a naive rule: an odd number of sticks left is bad for the side to move",
     "game modnim\n"
     "# A naive rule, right only when a move takes one stick: facing an odd\n"
     "# number of sticks is bad for the side to move.\n"
     "if sticks() % 2 = 1 then -10 * to_move() else 10 * to_move()\n"},
}};

}  // namespace

const FeatureLibrary& feature_library() {
  static const FeatureLibrary library{"modnim", kFeatures, static_cast<int>(kFeatures.size()), false, false, 0, 0};
  return library;
}

std::span<const ReferenceProgram> reference_programs() { return kReferences; }

void Game::features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const {
  for (std::size_t i = 0; i < requests.size(); ++i) {
    switch (static_cast<Feature>(requests[i].id)) {
      case Feature::Sticks:
        values[i] = p.sticks;
        break;
      case Feature::Limit:
        values[i] = take_;
        break;
      case Feature::Moves:
        values[i] = p.plies;
        break;
      case Feature::ToMove:
        values[i] = side_to_move(p) == Side::X ? 1 : -1;
        break;
    }
  }
}

}  // namespace evalsynth::modnim
