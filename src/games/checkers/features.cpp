// Checkers' part of the evaluator language: the features a checkers
// programmer would count, and the built-in players written with them.
#include <array>
#include <bit>

#include "games/checkers/checkers.hpp"

namespace evalsynth::checkers {
namespace {

// Ids are the order here: append only.
enum class Feature : std::uint8_t {
  Men,
  Kings,
  BackRank,
  Advance,
  Centre,
  Edge,
  Mobility,
  Jumpers,
  Exposed,
  Moves,
  ToMove,
  Quiet,
};

constexpr std::array<FeatureInfo, 12> kFeatures = {{
    {"men", true, 0, "the side's men (uncrowned pieces)"},
    {"kings", true, 0, "the side's kings"},
    {"back_rank", true, 0, "the side's men still on its back rank (they keep the other side from crowning)"},
    {"advance", true, 0, "the rows the side's men have advanced, summed"},
    {"centre", true, 0, "the side's pieces on the central squares (the middle half of the rows and columns)"},
    {"edge", true, 0, "the side's pieces on the board's edges, where they cannot be jumped"},
    {"mobility", true, 0, "the steps the side's pieces could take (jumps aside)"},
    {"jumpers", true, 0, "the side's pieces that could jump now"},
    {"exposed", true, 0, "the side's pieces the other side could jump now"},
    {"moves", false, 0, "plies played"},
    {"to_move", false, 0, "+1 if X is to move, -1 if O is"},
    {"quiet", false, 0, "plies since the last capture or man's move (80 draw the game)"},
}};

// Written with the constants a grammar draws (-16 .. 16), so they can seed
// a run of grammar/checkers.grammar.
constexpr std::array<ReferenceProgram, 2> kReferences = {{
    {"material", "the pieces: a man 2, a king 3 (the usual ratio), X's minus O's",
     "game checkers\n"
     "# The pieces: a man 2, a king 3 (the usual 2 : 3), X's minus O's.\n"
     "2 * (men(x) - men(o)) + 3 * (kings(x) - kings(o))\n"},
    {"positional", "material first, then the back rank, the centre, mobility and pieces left to be jumped",
     "game checkers\n"
     "# Material first (a man 16, a king 24), then what a checkers player looks\n"
     "# at: the back rank guarded, the centre held, room to move, and nothing\n"
     "# left to be jumped.\n"
     "8 * (2 * (men(x) - men(o)) + 3 * (kings(x) - kings(o))) + back_rank(x) - back_rank(o) + centre(x)\n"
     "  - centre(o) + mobility(x) - mobility(o) - 4 * (exposed(x) - exposed(o))\n"},
}};

}  // namespace

const FeatureLibrary& feature_library() {
  static const FeatureLibrary library{"checkers", kFeatures, static_cast<int>(kFeatures.size()), true, false, 0, 0};
  return library;
}

std::span<const ReferenceProgram> reference_programs() { return kReferences; }

void Game::features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const {
  const Board& b = *board_;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const Side s = requests[i].player == 0 ? Side::X : Side::O;
    const std::uint64_t own = p.of(s), men = own & ~p.kings;
    std::int32_t v = 0;
    switch (static_cast<Feature>(requests[i].id)) {
      case Feature::Men:
        v = std::popcount(men);
        break;
      case Feature::Kings:
        v = std::popcount(own & p.kings);
        break;
      case Feature::BackRank:
        v = std::popcount(men & b.row_bits(s == Side::X ? 0 : b.size() - 1));
        break;
      case Feature::Advance:
        for (int row = 0; row < b.size(); ++row)
          v += (s == Side::X ? row : b.size() - 1 - row) * std::popcount(men & b.row_bits(row));
        break;
      case Feature::Centre:
        v = std::popcount(own & b.centre());
        break;
      case Feature::Edge:
        v = std::popcount(own & b.edge());
        break;
      case Feature::Mobility:
        v = moves_.simple_move_count(p, s);
        break;
      case Feature::Jumpers:
        v = std::popcount(moves_.jumpers(p, s));
        break;
      case Feature::Exposed:
        v = std::popcount(moves_.exposed(p, s));
        break;
      case Feature::Moves:
        v = p.plies;
        break;
      case Feature::ToMove:
        v = p.side_to_move() == Side::X ? 1 : -1;
        break;
      case Feature::Quiet:
        v = p.quiet;
        break;
    }
    values[i] = v;
  }
}

CellBoard Game::cell_board() const {
  CellBoard c;
  c.cells = board_->squares();
  c.states = 5;
  std::vector<std::uint8_t> identity(static_cast<std::size_t>(c.cells));
  for (int i = 0; i < c.cells; ++i) identity[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  c.symmetries = {identity};
  for (int square = 0; square < c.cells; ++square) {
    std::vector<std::uint8_t> near;
    const int bit = board_->bit_of(square);
    for (int d = 0; d < 4; ++d)
      if (const std::uint64_t n = moves_.step(d, std::uint64_t{1} << bit))
        near.push_back(static_cast<std::uint8_t>(board_->square_of(std::countr_zero(n))));
    c.neighbours.push_back(near);
  }
  return c;
}

}  // namespace evalsynth::checkers
