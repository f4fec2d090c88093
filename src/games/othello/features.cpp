// Othello's part of the evaluator language: its features (each side's
// discs, mobility, potential mobility, frontier, corners, X- and
// C-squares, edges, stable discs; the empty cells, plies and the side to
// move) and its reference programs.
#include <array>
#include <string>
#include <vector>

#include "games/othello/othello.hpp"

namespace evalsynth::othello {
namespace {

enum class Feature : std::uint8_t {
  Discs,
  Mobility,
  PotentialMobility,
  Frontier,
  Corners,
  XSquares,
  CSquares,
  Edges,
  Stable,
  Empties,
  Moves,
  ToMove,
  Tuples,   // filled by the language (lang/builtin_board_net.hpp)
  WpcTd,    // likewise
  Tuples2,  // likewise
};

constexpr std::array<FeatureInfo, 15> kFeatures = {{
    {"discs", true, 0, "p's discs"},
    {"mobility", true, 0, "the cells where p could place a disc now"},
    {"potential_mobility", true, 0, "empty cells next to the other side's discs (where p's moves may come)"},
    {"frontier", true, 0, "p's discs next to an empty cell (open to being flipped)"},
    {"corners", true, 0, "p's discs in the four corners"},
    {"x_squares", true, 0, "p's discs diagonally next to an empty corner (they give the corner away)"},
    {"c_squares", true, 0, "p's discs on the edge next to an empty corner"},
    {"edges", true, 0, "p's discs on the border, corners left out"},
    {"stable", true, 0, "p's discs that can never be flipped (anchored at corners, or in full lines)"},
    {"empties", false, 0, "empty cells (their parity says who moves last)"},
    {"moves", false, 0, "plies played, passes included"},
    {"to_move", false, 0, "+1 if X (black) is to move, -1 if O (white) is"},
    {"tuples", false, 0,
     "X's prospects by the n-tuple network built into evalsynth (grammar/models/othello_tuples.model; "
     "othello(8) only), on the evaluation scale"},
    {"wpc_td", false, 0,
     "X's prospects by the weighted piece counter learned by TD(0) in self-play, built into evalsynth "
     "(grammar/models/othello_wpc_td.model; othello(8) only), on the evaluation scale"},
    {"tuples2", false, 0,
     "X's prospects by the n-tuple network of straight 4-tuples learned against the League's heuristic, built into "
     "evalsynth (grammar/models/othello_tuples2.model; othello(8) only), on the evaluation scale"},
}};
// Random programs draw from the features before the networks (costly, and
// added later: older runs draw as they did); a grammar names them to use them.
constexpr int kDrawnFeatures = static_cast<int>(Feature::Tuples);

// The League's standard heuristic (the weighted piece counter of Yoshioka,
// Ishii and Ito 1999, as Lucas and Runarsson 2006 and Szubert, Jaskowski and
// Krawiec 2009 use it: 1.00 corners, -0.25 around them, 0.10, 0.05, 0.02,
// 0.01 inside), times 100 for the language's integers.
constexpr int kWeights[8][8] = {{100, -25, 10, 5, 5, 10, -25, 100}, {-25, -25, 1, 1, 1, 1, -25, -25},
                                {10, 1, 5, 2, 2, 5, 1, 10},         {5, 1, 2, 1, 1, 2, 1, 5},
                                {5, 1, 2, 1, 1, 2, 1, 5},           {10, 1, 5, 2, 2, 5, 1, 10},
                                {-25, -25, 1, 1, 1, 1, -25, -25},   {100, -25, 10, 5, 5, 10, -25, 100}};

// The counter as a program: each weight times the sum of its cells.
std::string weighted_piece_counter_text() {
  std::string text =
      "game othello\n"
      "# The Othello League's standard heuristic, a weighted piece counter\n"
      "# (Yoshioka et al. 1999; Lucas and Runarsson 2006), weights times 100.\n";
  bool first = true;
  for (const int weight : {100, -25, 10, 5, 2, 1}) {
    std::string cells;
    for (int row = 0; row < 8; ++row)
      for (int col = 0; col < 8; ++col)
        if (kWeights[row][col] == weight)
          cells += (cells.empty() ? "" : " + ") + ("sq(" + std::to_string(row) + ", " + std::to_string(col) + ")");
    text += std::string(first        ? ""
                        : weight < 0 ? "\n  - "
                                     : "\n  + ") +
            std::to_string(weight < 0 ? -weight : weight) + " * (" + cells + ")";
    first = false;
  }
  return text + "\n";
}

constexpr std::string_view kMobilityCorners =
    "game othello\n"
    "# Corners first, then room to move: each corner 25, each move 1, X's minus O's.\n"
    "25 * (corners(x) - corners(o)) + mobility(x) - mobility(o)\n";
constexpr std::string_view kDiscs =
    "game othello\n"
    "# Greedy: the discs, X's minus O's.\n"
    "discs(x) - discs(o)\n";

}  // namespace

const FeatureLibrary& feature_library() {
  static const FeatureLibrary library{"othello", kFeatures, kDrawnFeatures, true, false, 0, 0};
  return library;
}

std::span<const ReferenceProgram> reference_programs(int size) {
  static const std::string wpc = weighted_piece_counter_text();
  static const std::array<ReferenceProgram, 3> eight = {{
      {"wpc", "the Othello League's standard heuristic: a weighted piece counter (corners 1.00, next to them -0.25)",
       wpc},
      {"mobility-corners", "corners first (25 each), then mobility, X's minus O's", kMobilityCorners},
      {"discs", "greedy: the discs, X's minus O's", kDiscs},
  }};
  static const std::array<ReferenceProgram, 2> other = {{eight[1], eight[2]}};
  if (size == 8) return eight;
  return other;
}

void Game::features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const {
  const std::uint64_t occupied = p.x | p.o, empty = board_ & ~occupied;
  const std::uint64_t corners = g_->corners(), border = g_->border();
  // The squares around the empty corners (X- and C-squares), made only
  // when a program reads them: the pass runs once per evaluation.
  std::uint64_t x_squares = 0, c_squares = 0;
  bool squares_made = false;
  auto corner_squares = [&] {
    if (squares_made) return;
    squares_made = true;
    for (std::uint64_t c = corners; c; c &= c - 1) {
      const std::uint64_t corner = c & -c;
      if (corner & occupied) continue;
      const std::uint64_t around = g_->neighbours(corner);
      c_squares |= around & border;
      x_squares |= around & ~border;
    }
  };
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const std::uint64_t mine = requests[i].player == 0 ? p.x : p.o, theirs = requests[i].player == 0 ? p.o : p.x;
    std::int32_t v = 0;
    switch (static_cast<Feature>(requests[i].id)) {
      case Feature::Discs:
        v = std::popcount(mine);
        break;
      case Feature::Mobility:
        v = std::popcount(moves_of(mine, theirs));
        break;
      case Feature::PotentialMobility:
        v = std::popcount(g_->neighbours(theirs) & empty);
        break;
      case Feature::Frontier:
        v = std::popcount(mine & g_->neighbours(empty));
        break;
      case Feature::Corners:
        v = std::popcount(mine & corners);
        break;
      case Feature::XSquares:
        corner_squares();
        v = std::popcount(mine & x_squares);
        break;
      case Feature::CSquares:
        corner_squares();
        v = std::popcount(mine & c_squares);
        break;
      case Feature::Edges:
        v = std::popcount(mine & border & ~corners);
        break;
      case Feature::Stable:
        v = std::popcount(stable_discs(mine, occupied));
        break;
      case Feature::Empties:
        v = std::popcount(empty);
        break;
      case Feature::Moves:
        v = p.plies;
        break;
      case Feature::ToMove:
        v = side_to_move(p) == Side::X ? 1 : -1;
        break;
      case Feature::Tuples:
      case Feature::WpcTd:
      case Feature::Tuples2:
        break;  // the language fills them: the games layer reads no model
    }
    values[i] = v;
  }
}

std::uint64_t Game::stable_discs(std::uint64_t mine, std::uint64_t occupied) const {
  // Along each of the four lines through a cell (directions d and d ^ 1),
  // a disc cannot be flipped if the line is full, or if on one side it has
  // the edge or a stable disc of its own. Grown from nothing to the least
  // set that keeps this (a disc that needs another's stability to be
  // stable waits for it), so every disc counted is stable.
  std::uint64_t full[4];
  for (int axis = 0; axis < 4; ++axis) {
    std::uint64_t both = board_;
    for (const int d : {2 * axis, 2 * axis + 1}) {
      const std::uint64_t edge = board_ & ~shift(board_, d ^ 1);  // no neighbour in direction d
      std::uint64_t ray = occupied & edge;
      for (int i = 1; i < n_; ++i) ray |= occupied & shift(ray, d ^ 1);
      both &= ray;
    }
    full[axis] = both;
  }
  std::uint64_t stable = 0;
  for (;;) {
    std::uint64_t next = mine;
    for (int axis = 0; axis < 4; ++axis) {
      const int d = 2 * axis, e = 2 * axis + 1;
      const std::uint64_t held_d = (board_ & ~shift(board_, e)) | shift(stable, e);  // edge or stable beyond, side d
      const std::uint64_t held_e = (board_ & ~shift(board_, d)) | shift(stable, d);
      next &= full[axis] | held_d | held_e;
    }
    if (next == stable) return stable;
    stable = next;
  }
}

}  // namespace evalsynth::othello
