#pragma once
// FABLE's agent (Jackson 2009, §3.3) for any game that describes its board
// as cells on a grid (game/cell_board.hpp). It knows nothing of the game:
// it sees the cells' states, the side to move and, for each legal move,
// the cells the move changes (its "input"), and values a move by the
// games that went through the same transition (model/fable_model.hpp):
//
//   observed state   the whole board and the input
//   localities       every k x k window (k = 1..4) holding a changed cell:
//                    the window's cells and the input's cells in it, by
//                    their place in the window (`localities = contents`)
//                    or on the board (`placed`; model/fable_model.hpp)
//   rotations        the observed state and input turned 90, 180, 270
//                    degrees (where the turn maps the board's cells onto
//                    cells: checkers' dark squares allow 180 only), looked
//                    up among the observed states, counts pooled
//   nearest neighbour the observed states one cell different (a cell the
//                    move leaves alone, in any other state), pooled
//
// Each heuristic's value of a move, for the side to move, is the thesis's
// (§3.3.4): "look at the total number of times the move (transition) has
// led to the desired state and compare that with the total number of times
// the move has led to undesired states. A probability for reaching the
// desired goal state is then computed. In addition, a confidence factor
// [...] multiply the probability by the confidence factor [...] the agent
// process will compare all computed values for a move and select the one
// with the greatest absolute value". A value of greatest absolute value
// must be allowed to be negative: the undesired end (the mover's loss) is
// valued -P(loss) x c, the desired one +P(win) x c, a draw is neutral (the
// thesis's "neutral state such as a draw", §3.5), and the one of greatest
// absolute value is the transition's (`values = signed`; `net`, `wins` and
// `goal` the other readings, model/fable_model.hpp). c = n / (n + confidence)
// over the n games through the transition (the thesis gives no formula).
// The move's value is again the heuristics' value of greatest absolute
// value ("selects the response with the greatest absolute value to be the
// value it will use for evaluating that move"). The choice is the
// thesis's: moves sorted "best moves [...] at the top and the worst moves
// [...] at the bottom", passed over up to 10 times, each accepted "if the
// random number is less than the value of the current item" (a uniform
// number in [0, 1), so a negative value is never accepted), and after 10
// passes "simply select a move at random" (any legal move). A move no
// heuristic knows is worth 0, so an empty model plays at random.
//
// Learning (after each game, as the thesis's processes do): every move of
// the game, either side's, adds the game's result to its observed-state and
// locality transitions. Rotations and neighbours are read, not stored.

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <vector>

#include "game/cell_board.hpp"
#include "game/game.hpp"
#include "model/fable_model.hpp"
#include "support/random.hpp"

namespace evalsynth::model {

// A move's value by each heuristic (the localities' the one of greatest
// absolute value among the windows), for the side to move.
struct FableOpinions {
  double observed = 0, locality = 0, rotations = 0, neighbours = 0;
  // The thesis's combination: the value of greatest absolute value.
  double value() const {
    double best = 0;
    for (const double v : {observed, locality, rotations, neighbours})
      if (std::abs(v) > std::abs(best)) best = v;
    return best;
  }
};

// What FABLE needs of a game: cells on a grid in observed states, the
// side to move, legal moves and their results. Every game of the engine
// with a cell grid has it, and so has minesweeper (games/minesweeper/),
// which is not a two-player game. A game whose move's outcome the mover
// cannot see beforehand (a click that reveals hidden mines) says which cell
// the move is (`clicked_cell`): the input is that click, not what it shows.
template <class G>
concept FableGame = requires(const G& g, const typename G::Position& p, const typename G::Move& m, MovesOf<G>& moves,
                             int cell) {
  {g.legal_moves(p, moves)};
  { g.play(p, m) } -> std::same_as<typename G::Position>;
  { g.side_to_move(p) } -> std::same_as<Side>;
  { g.cell_board() } -> std::same_as<CellBoard>;
  { g.cell_grid() } -> std::same_as<CellGrid>;
  { g.cell_state(p, cell) } -> std::convertible_to<int>;
};

template <FableGame G>
class FableAgent {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr int kLargestLocality = 4;
  static constexpr int kPasses = 10;

  explicit FableAgent(const G& game) : game_(game), board_(game.cell_board()), grid_(game.cell_grid()) {
    assert(static_cast<int>(grid_.place.size()) == board_.cells);
    build_rotations();
    build_windows();
  }

  // The move FABLE plays in `p` (not over); `tally`, where given, counts
  // the choice (model/fable_model.hpp).
  Move choose(const FableModel& model, const Position& p, Rng& rng, FableTally* tally = nullptr) const {
    MovesOf<G> moves;
    game_.legal_moves(p, moves);
    assert(moves.size() > 0);
    std::array<std::pair<double, std::size_t>, G::kMaxMoves> ranked;
    Scratch s;
    read_cells(p, s.cells);
    for (std::size_t i = 0; i < moves.size(); ++i) ranked[i] = {value(model, p, moves[i], s), i};
    if (tally) {
      ++tally->choices;
      tally->moves_valued += moves.size();
      for (std::size_t i = 0; i < moves.size(); ++i) {
        tally->negative += ranked[i].first < 0 ? 1 : 0;
        tally->zero += ranked[i].first == 0 ? 1 : 0;
      }
    }
    // Best first; equal values keep the game's move order.
    std::stable_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(moves.size()),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (int pass = 0; pass < kPasses; ++pass)
      for (std::size_t i = 0; i < moves.size(); ++i)
        if (rng.unit() < ranked[i].first) return moves[ranked[i].second];
    if (tally) ++tally->random_choices;
    return moves[static_cast<std::size_t>(rng.below(static_cast<int>(moves.size())))];
  }

  // A transition's value for `side` (model/fable_model.hpp's rules).
  static double value_of(const FableCounts& c, Side side, const FableModel& model) {
    return fable_value(c, side == Side::X, model);
  }

  // The value of `m` in `p` for the side to move, in [-1, 1].
  double move_value(const FableModel& model, const Position& p, const Move& m) const {
    return opinions(model, p, m).value();
  }
  FableOpinions opinions(const FableModel& model, const Position& p, const Move& m) const {
    Scratch s;
    read_cells(p, s.cells);
    return opinions(model, p, m, s);
  }

  // Adds a finished game to the model: `positions[i]` before `moves[i]`.
  void learn(FableModel& model, const std::vector<Position>& positions, const std::vector<Move>& moves,
             Status result) const {
    assert(positions.size() == moves.size());
    Scratch s;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      read_cells(positions[i], s.cells);
      read_input(positions[i], moves[i], s);
      const Side side = game_.side_to_move(positions[i]);
      add(model, observed_key(s.cells, s, side), result);
      for_each_locality(model, s, side, [&](std::uint64_t key) { add(model, key, result); });
    }
    ++model.games;
  }

 private:
  static constexpr int kMaxCells = CellBoard::kMaxCells;
  struct Scratch {
    std::array<int, kMaxCells> cells{}, after{}, turned{};
    std::array<std::uint8_t, kMaxCells> changed_cells{};  // the input's cells
    int changed = 0;
    std::array<bool, kMaxCells> is_changed{};
  };
  struct Window {
    int size;
    std::vector<std::uint8_t> cells, places;  // each cell, and its place in the window (row * size + column)
  };

  // A value's hash: splitmix64 of the parts, so keys of different
  // heuristics, cells and states differ.
  static std::uint64_t mix(std::uint64_t a, std::uint64_t b) { return splitmix(a * 0x9E3779B97F4A7C15ULL ^ b); }
  static std::uint64_t splitmix(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  static std::uint64_t cell_term(int cell, int state, std::uint64_t role) {
    return splitmix((static_cast<std::uint64_t>(cell) << 40) ^ (static_cast<std::uint64_t>(state) << 8) ^ role);
  }
  static constexpr std::uint64_t kSeen = 1, kInput = 2, kObserved = 0x0B5E, kLocality = 0x10CA;

  void read_cells(const Position& p, std::array<int, kMaxCells>& cells) const {
    for (int c = 0; c < board_.cells; ++c) cells[static_cast<std::size_t>(c)] = game_.cell_state(p, c);
  }
  void read_input(const Position& p, const Move& m, Scratch& s) const {
    if constexpr (requires { G::clicked_cell(m); }) {
      // The click alone: its cell in a state no cell shows.
      const auto cell = static_cast<std::size_t>(G::clicked_cell(m));
      s.is_changed.fill(false);
      s.after = s.cells;
      s.after[cell] = board_.states;
      s.is_changed[cell] = true;
      s.changed_cells[0] = static_cast<std::uint8_t>(cell);
      s.changed = 1;
      return;
    }
    read_cells(game_.play(p, m), s.after);
    s.changed = 0;
    for (int c = 0; c < board_.cells; ++c) {
      const auto cell = static_cast<std::size_t>(c);
      s.is_changed[cell] = s.after[cell] != s.cells[cell];
      if (s.is_changed[cell]) s.changed_cells[static_cast<std::size_t>(s.changed++)] = static_cast<std::uint8_t>(c);
    }
  }

  // The observed state and input of `cells` (the board, or a turned image
  // of it) with the input's new states from s.after under the same map.
  std::uint64_t observed_key(const std::array<int, kMaxCells>& cells, const Scratch& s, Side side,
                             const std::vector<std::uint8_t>* turn = nullptr) const {
    std::uint64_t key = mix(kObserved, side == Side::X ? 1 : 2);
    for (int c = 0; c < board_.cells; ++c) key ^= cell_term(c, cells[static_cast<std::size_t>(c)], kSeen);
    for (int i = 0; i < s.changed; ++i) {
      const int c = s.changed_cells[static_cast<std::size_t>(i)];
      const int image = turn ? (*turn)[static_cast<std::size_t>(c)] : c;
      key ^= cell_term(image, s.after[static_cast<std::size_t>(c)], kInput);
    }
    return key;
  }

  // Each window holding a changed cell, keyed by its size and contents
  // (its cells by their places in it) or, with placed localities, by the
  // window and its cells on the board.
  template <class F>
  void for_each_locality(const FableModel& model, const Scratch& s, Side side, F&& f) const {
    const bool placed = model.localities == FableLocalities::Placed;
    for (std::size_t w = 0; w < windows_.size(); ++w) {
      const Window& window = windows_[w];
      bool touched = false;
      for (const std::uint8_t c : window.cells) touched = touched || s.is_changed[c];
      if (!touched) continue;
      std::uint64_t key =
          mix(mix(kLocality, placed ? w : static_cast<std::size_t>(window.size)), side == Side::X ? 1 : 2);
      for (std::size_t i = 0; i < window.cells.size(); ++i) {
        const std::uint8_t c = window.cells[i];
        const int at = placed ? c : window.places[i];
        key ^= cell_term(at, s.cells[c], kSeen);
        if (s.is_changed[c]) key ^= cell_term(at, s.after[c], kInput);
      }
      f(key);
    }
  }

  double value(const FableModel& model, const Position& p, const Move& m, Scratch& s) const {
    return opinions(model, p, m, s).value();
  }

  FableOpinions opinions(const FableModel& model, const Position& p, const Move& m, Scratch& s) const {
    read_input(p, m, s);
    const Side side = game_.side_to_move(p);
    FableOpinions o;
    auto of = [&](const FableCounts& c) { return value_of(c, side, model); };
    auto counts = [&](std::uint64_t key) {
      const auto it = model.transitions.find(key);
      return it == model.transitions.end() ? FableCounts{} : it->second;
    };
    auto pool = [](FableCounts& into, const FableCounts& c) {
      into.x_wins += c.x_wins;
      into.o_wins += c.o_wins;
      into.draws += c.draws;
    };
    const std::uint64_t observed = observed_key(s.cells, s, side);
    o.observed = of(counts(observed));
    for_each_locality(model, s, side, [&](std::uint64_t key) {
      const double v = of(counts(key));
      if (std::abs(v) > std::abs(o.locality)) o.locality = v;
    });
    FableCounts turned;
    for (const auto& turn : rotations_) {
      for (int c = 0; c < board_.cells; ++c)
        s.turned[turn[static_cast<std::size_t>(c)]] = s.cells[static_cast<std::size_t>(c)];
      pool(turned, counts(observed_key(s.turned, s, side, &turn)));
    }
    o.rotations = of(turned);
    // One cell the move leaves alone, in each other state: the key changes
    // by that cell's term alone.
    FableCounts neighbours;
    for (int c = 0; c < board_.cells; ++c) {
      const auto cell = static_cast<std::size_t>(c);
      if (s.is_changed[cell]) continue;
      for (int state = 0; state < board_.states; ++state)
        if (state != s.cells[cell])
          pool(neighbours, counts(observed ^ cell_term(c, s.cells[cell], kSeen) ^ cell_term(c, state, kSeen)));
    }
    o.neighbours = of(neighbours);
    return o;
  }

  static void add(FableModel& model, std::uint64_t key, Status result) {
    auto it = model.transitions.find(key);
    if (it == model.transitions.end()) {
      if (model.transitions.size() >= FableModel::kMaxTransitions) return;
      it = model.transitions.emplace(key, FableCounts{}).first;
    }
    FableCounts& c = it->second;
    (result == Status::XWon ? c.x_wins : result == Status::OWon ? c.o_wins : c.draws) += 1;
  }

  // The turns (90, 180, 270 degrees) that map every cell onto a cell and
  // move some cell.
  void build_rotations() {
    std::vector<std::vector<int>> at(static_cast<std::size_t>(grid_.rows),
                                     std::vector<int>(static_cast<std::size_t>(grid_.columns), -1));
    for (std::size_t c = 0; c < grid_.place.size(); ++c)
      at[grid_.place[c].first][grid_.place[c].second] = static_cast<int>(c);
    const int rows = grid_.rows, cols = grid_.columns;
    for (int quarter = 1; quarter <= 3; ++quarter) {
      if (quarter != 2 && rows != cols) continue;
      std::vector<std::uint8_t> turn;
      bool moves_a_cell = false;
      for (const auto& [r, c] : grid_.place) {
        const int nr = quarter == 1 ? c : quarter == 2 ? rows - 1 - r : cols - 1 - c;
        const int nc = quarter == 1 ? rows - 1 - r : quarter == 2 ? cols - 1 - c : r;
        const int image = at[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)];
        if (image < 0) break;
        moves_a_cell = moves_a_cell || image != static_cast<int>(turn.size());
        turn.push_back(static_cast<std::uint8_t>(image));
      }
      if (turn.size() == grid_.place.size() && moves_a_cell) rotations_.push_back(std::move(turn));
    }
  }

  // Every placement of a k x k window (k = 1..4, where it fits) that holds
  // a cell.
  void build_windows() {
    for (int k = 1; k <= kLargestLocality; ++k) {
      if (k > grid_.rows || k > grid_.columns) break;
      for (int r0 = 0; r0 + k <= grid_.rows; ++r0)
        for (int c0 = 0; c0 + k <= grid_.columns; ++c0) {
          Window w{k, {}, {}};
          for (std::size_t c = 0; c < grid_.place.size(); ++c) {
            const auto [r, col] = grid_.place[c];
            if (r >= r0 && r < r0 + k && col >= c0 && col < c0 + k) {
              w.cells.push_back(static_cast<std::uint8_t>(c));
              w.places.push_back(static_cast<std::uint8_t>((r - r0) * k + (col - c0)));
            }
          }
          if (!w.cells.empty()) windows_.push_back(std::move(w));
        }
    }
  }

  G game_;
  CellBoard board_;
  CellGrid grid_;
  std::vector<std::vector<std::uint8_t>> rotations_;
  std::vector<Window> windows_;
};

}  // namespace evalsynth::model
