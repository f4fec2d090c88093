#include "games/adjacent4/adjacent4.hpp"

#include <array>

namespace evalsynth::adjacent4 {
namespace {

// The design document's two heuristics. Its win check (+-999) is the
// search's own: evaluators only see unfinished positions. The decision
// tree's leaves are not printed in the document; this is our reading of its
// five situations as ranks 15, 12, 9, 6 and 3 (from 1 to 15, 15 the best).
constexpr std::array<ReferenceProgram, 2> kReferences = {{
    {"open-lines", "the document's first heuristic: four-cell lines held only by a side, X's minus O's",
     "game adjacent4\n"
     "# The four-in-a-row design document's first heuristic: every line of four\n"
     "# cells that holds some of a side's stones and none of the other's counts\n"
     "# one for that side. X's count minus O's.\n"
     "open_lines(x) - open_lines(o)\n"},
    {"decision-tree", "the document's decision-tree rank (1-15) from the ways to win in one, two and three moves",
     "game adjacent4\n"
     "# The four-in-a-row design document's decision tree: a side's rank from its\n"
     "# ways to win in one, two and three moves (lines of four holding 3, 2, 1 of\n"
     "# its stones and none of the other's), X's rank minus O's.\n"
     "let rx = if windows(x, 3) >= 2 then 15\n"
     "         else if windows(x, 2) >= 3 then 12\n"
     "         else if windows(x, 1) > 3 then 9\n"
     "         else if windows(x, 3) = 1 or windows(x, 2) = 2 or windows(x, 1) = 3 then 6\n"
     "         else 3 in\n"
     "let ro = if windows(o, 3) >= 2 then 15\n"
     "         else if windows(o, 2) >= 3 then 12\n"
     "         else if windows(o, 1) > 3 then 9\n"
     "         else if windows(o, 3) = 1 or windows(o, 2) = 2 or windows(o, 1) = 3 then 6\n"
     "         else 3 in\n"
     "rx - ro\n"},
}};

}  // namespace

const FeatureLibrary& feature_library() {
  static const FeatureLibrary library = grid::line_feature_library("adjacent4");
  return library;
}

std::span<const ReferenceProgram> reference_programs() { return kReferences; }

}  // namespace evalsynth::adjacent4
