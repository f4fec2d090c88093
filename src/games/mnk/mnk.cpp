#include "games/mnk/mnk.hpp"

#include <array>

namespace evalsynth::mnk {
namespace {

constexpr std::array<ReferenceProgram, 2> kReferences = {{
    {"open-lines",
     "each side's open lines (lines of k holding some of its stones and none of the other's), X's minus O's",
     "game mnk\n"
     "# Each side's open lines: lines of k cells holding some of its stones and\n"
     "# none of the other's. X's minus O's.\n"
     "open_lines(x) - open_lines(o)\n"},
    {"threat-lines", "threats (cells that complete a line) first, then open lines",
     "game mnk\n"
     "# Threats (empty cells that complete a line of k) weigh most, then open lines.\n"
     "16 * (threats(x) - threats(o)) + open_lines(x) - open_lines(o)\n"},
}};

}  // namespace

const FeatureLibrary& feature_library() {
  static const FeatureLibrary library = grid::line_feature_library("mnk");
  return library;
}

std::span<const ReferenceProgram> reference_programs() { return kReferences; }

}  // namespace evalsynth::mnk
