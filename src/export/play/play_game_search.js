// The search of evalsynth's players (src/game/search.hpp) for every page
// written by `evalsynth export --html`, Connect4's too: alpha-beta
// from X's view, a won game worth +-100000 whatever its depth, a drawn one
// 0, evaluations clamped to +-99999, depth 1 = the positions after each own
// move, the game's search order below the root, and the FIRST best move of
// the natural order at the root (the `left-to-right` move order). With
// FAST_WINS (games where only the mover wins, by completing a line) a move is
// tested for a win before it is made and a node whose side to move can win
// is worth a win at once; otherwise each position reached is tested for the
// end. Uses the game's Board and `evaluate(board)` (the exported program).

const WIN_VALUE = 100000;
const MAX_HEURISTIC = 99999;
const INFINITY_VALUE = 1000000;

// A finished game's value (status X, O or 'draw') from X's view.
const finalValue = (status) => (status === X ? WIN_VALUE : status === O ? -WIN_VALUE : 0);

// Value of `b` (just moved into) for the side that moved into it; with
// FAST_WINS `b` is known not to be won.
function childValue(b, depth, alpha, beta) {
  if (FAST_WINS) {
    if (b.isDrawn()) return 0;
  } else {
    const status = b.status();
    if (status !== null) return b.sideToMove() === X ? -finalValue(status) : finalValue(status);
  }
  if (depth === 1) {
    const v = Math.max(-MAX_HEURISTIC, Math.min(MAX_HEURISTIC, evaluate(b)));
    return b.sideToMove() === X ? -v : v;
  }
  return -negamax(b, depth - 1, -beta, -alpha);
}

// Value of `b` for its side to move; `b` is not finished, depth >= 1.
function negamax(b, depth, alpha, beta) {
  if (FAST_WINS && b.hasWinningMove()) return WIN_VALUE;
  let best = -INFINITY_VALUE;
  for (const m of b.searchMoves()) {
    b.play(m);
    const score = childValue(b, depth, Math.max(alpha, best), beta);
    b.undo(m);
    if (score > best) {
      best = score;
      if (best >= beta) break;
      if (!FAST_WINS && best === WIN_VALUE) break; // nothing beats a win
    }
  }
  return best;
}

// The move the engine plays at `depth`, and the position's value for the
// side to move. Precondition: the game is not over.
function chooseMove(b, depth) {
  const order = b.legalMoves();
  let best = -INFINITY_VALUE;
  let bestMove = order[0];
  for (const m of order) {
    let score = WIN_VALUE;
    if (!FAST_WINS || !b.winsAtOnce(m)) {
      b.play(m);
      score = childValue(b, depth, best, INFINITY_VALUE);
      b.undo(m);
    }
    if (score > best) {
      best = score;
      bestMove = m;
    }
  }
  return { move: bestMove, value: best };
}
