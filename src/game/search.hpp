#pragma once
// Depth-limited alpha-beta minimax with the thesis's conventions
// (Stenmark 2005, Appendix A and C.5), for any game:
//  - values from X's view; X maximizes, O minimizes;
//  - a won game is worth +-kWinValue whatever its depth, a drawn one 0;
//  - at the cutoff depth the evaluator scores the position, clamped to
//    [-kMaxHeuristic, kMaxHeuristic];
//  - depth 1 looks at the positions after each own move;
//  - the move chosen is the FIRST move in the root order whose value is best.
//
// Only the root order decides between equally valued moves: below the root the
// search returns exact values whenever they could change the root's choice, so
// interior nodes may use any order. A game may give one for more cut-offs
// (`for_each_search_move`, Connect4: centre first). Games with fast win tests
// (game/game.hpp: HasFastWinTests) are searched as the thesis searches
// Connect4: a move is tested for a win before it is made, and a node stops at
// once when the side to move can win (its value is then exactly kWinValue,
// which no other move can beat). Other games test each position reached.
//
// An evaluator may follow the search (FollowsSearch below: an n-tuple
// network's indices, model/ntuple_tracker.hpp): the search keeps its state,
// tells it every move it makes and takes back below the root, and asks it
// for each leaf's value from the leaf's parent and move; the values must be
// the evaluator's own.

#include <algorithm>
#include <cassert>
#include <concepts>
#include <cstdint>

#include "game/game.hpp"

namespace evalsynth {

// E::SearchState, made by e.search_state(): reset(root) at each search,
// enter(parent, move) / leave(parent, move) around each interior child, and
// e.leaf_value(state, parent, move, leaf) == e(leaf) at the cutoff.
template <class E, class G>
concept FollowsSearch = requires {
  typename E::SearchState;
};
// What an evaluator that follows the search must provide (checked where it
// is searched, so a mismatch is an error, not a silent plain search).
template <class E, class G>
concept SearchStateProtocol = requires(const E& e, typename E::SearchState& state, const typename G::Position& p,
                                       const typename G::Move& m) {
  { e.search_state() } -> std::same_as<typename E::SearchState>;
  state.reset(p);
  state.enter(p, m);
  state.leave(p, m);
  { e.leaf_value(state, p, m, p) } -> std::convertible_to<int>;
};

template <class Move>
struct SearchResult {
  Move move{};
  int value = 0;  // from X's view
};

struct SearchCounters {
  std::uint64_t nodes = 0;        // positions reached by a move
  std::uint64_t evaluations = 0;  // evaluator calls at the cutoff
};

// The state a search keeps for its evaluator (none for most).
struct NoSearchState {};
template <class E, bool Follows>
struct StateOf {
  using type = NoSearchState;
};
template <class E>
struct StateOf<E, true> {
  using type = typename E::SearchState;
};

template <Game G, class E>
requires PositionEvaluator<E, typename G::Position>
class AlphaBeta {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  AlphaBeta(const G& game, const E& evaluator) : game_(game), evaluator_(evaluator), state_(make_state(evaluator)) {}
  // The search keeps references to its game and evaluator: a temporary would dangle.
  AlphaBeta(G&&, const E&) = delete;
  AlphaBeta(const G&, E&&) = delete;

  // Precondition: the game is not over at `root`, depth >= 1, `root_order`
  // lists legal moves only (not empty).
  SearchResult<Move> search(const Position& root, int depth, const MovesOf<G>& root_order) {
    assert(game_.status(root) == Status::Ongoing && depth >= 1 && !root_order.empty());
    if constexpr (kFollows) state_.reset(root);
    int best = -kInfinity;
    Move best_move = root_order[0];
    for (const Move& m : root_order) {
      int score;
      if constexpr (kFastWins) {
        if (game_.wins_at_once(root, m)) {
          ++counters_.nodes;
          score = kWinValue;
        } else {
          // Window (best, inf): a move is taken only if strictly better, and
          // fail-soft returns <= best for any move that is not.
          score = child_value(root, m, depth, best, kInfinity);
        }
      } else {
        score = child_value(root, m, depth, best, kInfinity);
      }
      if (score > best) {
        best = score;
        best_move = m;
      }
    }
    return {best_move, game_.side_to_move(root) == Side::X ? best : -best};
  }

  const SearchCounters& counters() const { return counters_; }

 private:
  static constexpr int kInfinity = 1'000'000;
  static constexpr bool kFastWins = HasFastWinTests<G>;
  static constexpr bool kFollows = FollowsSearch<E, G>;
  static_assert(!kFollows || SearchStateProtocol<E, G>, "an evaluator's SearchState lacks part of the protocol");
  using State = typename StateOf<E, kFollows>::type;
  static State make_state(const E& evaluator) {
    if constexpr (kFollows)
      return evaluator.search_state();
    else
      return {};
  }

  // Value, for the side that just moved into the child (`parent` after `m`),
  // of the child, with `depth` plies including the move just made. With fast
  // win tests the child is known not to be won.
  int child_value(const Position& parent, const Move& m, int depth, int alpha, int beta) {
    const Position child = game_.play(parent, m);
    ++counters_.nodes;
    if constexpr (kFastWins) {
      if (game_.is_drawn(child)) return 0;
    } else {
      const Status status = game_.status(child);
      if (status != Status::Ongoing) {
        const int value = final_value(status);
        return game_.side_to_move(child) == Side::X ? -value : value;
      }
    }
    if (depth == 1) {
      ++counters_.evaluations;
      int raw;
      if constexpr (kFollows)
        raw = evaluator_.leaf_value(state_, parent, m, child);
      else
        raw = evaluator_(child);
      const int v = clamp_heuristic(raw);
      return game_.side_to_move(child) == Side::X ? -v : v;
    }
    if constexpr (kFollows) {
      state_.enter(parent, m);
      const int value = -negamax(child, depth - 1, -beta, -alpha);
      state_.leave(parent, m);
      return value;
    }
    return -negamax(child, depth - 1, -beta, -alpha);
  }

  // Value of `p` for its side to move; `p` is not finished, depth >= 1.
  int negamax(const Position& p, int depth, int alpha, int beta) {
    if constexpr (kFastWins) {
      if (game_.has_winning_move(p)) {
        ++counters_.nodes;
        return kWinValue;
      }
    }
    int best = -kInfinity;
    auto try_move = [&](const Move& m) {  // false: stop trying moves
      const int score = child_value(p, m, depth, std::max(alpha, best), beta);
      if (score > best) {
        best = score;
        if (best >= beta) return false;
        // Nothing beats a win (with fast win tests none is found here).
        if (!kFastWins && best == kWinValue) return false;
      }
      return true;
    };
    if constexpr (HasSearchOrder<G>) {
      game_.for_each_search_move(p, try_move);
    } else {
      MovesOf<G> moves;
      game_.legal_moves(p, moves);
      for (const Move& m : moves)
        if (!try_move(m)) break;
    }
    return best;
  }

  const G& game_;
  const E& evaluator_;
  State state_;
  SearchCounters counters_;
};

}  // namespace evalsynth
