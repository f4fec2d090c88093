// The search of evalsynth's players (src/game/search.hpp), for pages written
// by `evalsynth export --html`: alpha-beta from X's view, a won game worth
// +-100000 whatever its depth, a full board 0, evaluations clamped to
// +-99999, depth 1 = the positions after each own move, the centre first below
// the root, and the FIRST best column from left to right at the root (the
// `left-to-right` move order). Uses `evaluate(board)` (the exported program).

const WIN_VALUE = 100000;
const MAX_HEURISTIC = 99999;
const INFINITY_VALUE = 1000000;
const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6];

// Value of `b` (just moved into, not won) for the side that moved into it.
function childValue(b, depth, alpha, beta) {
  if (b.isFull()) return 0;
  if (depth === 1) {
    const v = Math.max(-MAX_HEURISTIC, Math.min(MAX_HEURISTIC, evaluate(b)));
    return b.sideToMove() === X ? -v : v;
  }
  return -negamax(b, depth - 1, -beta, -alpha);
}

// Value of `b` for its side to move; `b` is not finished, depth >= 1.
function negamax(b, depth, alpha, beta) {
  if (b.canWinNow()) return WIN_VALUE;
  let best = -INFINITY_VALUE;
  for (const col of CENTRE_FIRST) {
    if (!b.canPlay(col)) continue;
    b.play(col);
    const score = childValue(b, depth, Math.max(alpha, best), beta);
    b.undo(col);
    if (score > best) {
      best = score;
      if (best >= beta) break;
    }
  }
  return best;
}

// The column (0-6) the engine plays at `depth`, and the position's value for
// the side to move. Precondition: the game is not over.
function chooseMove(b, depth) {
  let best = -INFINITY_VALUE;
  let bestCol = -1;
  for (let col = 0; col < COLUMNS; ++col) {
    if (!b.canPlay(col)) continue;
    let score = WIN_VALUE;
    if (!b.isWinningMove(col)) {
      b.play(col);
      score = childValue(b, depth, best, INFINITY_VALUE);
      b.undo(col);
    }
    if (score > best) {
      best = score;
      bestCol = col;
    }
  }
  return { col: bestCol, value: best };
}
