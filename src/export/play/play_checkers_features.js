// The language's features of checkers for pages written by `evalsynth export
// --html`, with exactly the values of evalsynth's
// src/games/checkers/features.cpp, over the board of play_checkers.js.
// `side` is X or O; whoever is to move.

// The pieces of `side` that `where(square, king)` accepts.
function checkersPieces(b, side, where) {
  let n = 0;
  for (let s = 0; s < SQUARES; ++s) if (b.cells[s] * side > 0 && where(s, Math.abs(b.cells[s]) === 2)) ++n;
  return n;
}
const checkersMen = (b, side) => checkersPieces(b, side, (s, king) => !king);
const checkersKings = (b, side) => checkersPieces(b, side, (s, king) => king);
const checkersBackRank = (b, side) =>
  checkersPieces(b, side, (s, king) => !king && BOARD.row[s] === (side === X ? 0 : SIZE - 1));
const checkersCentre = (b, side) => checkersPieces(b, side, (s) => BOARD.centre[s]);
const checkersEdge = (b, side) => checkersPieces(b, side, (s) => BOARD.edge[s]);

// The rows the side's men have come from its back rank, summed.
function checkersAdvance(b, side) {
  let n = 0;
  for (let s = 0; s < SQUARES; ++s)
    if (b.cells[s] === side) n += side === X ? BOARD.row[s] : SIZE - 1 - BOARD.row[s];
  return n;
}

// The steps the side's pieces could take (a piece and a direction each).
function checkersMobility(b, side) {
  let n = 0;
  for (let s = 0; s < SQUARES; ++s) {
    if (b.cells[s] * side <= 0) continue;
    for (let d = 0; d < 4; ++d) {
      const to = BOARD.step[s][d];
      if (mayStep(b.cells[s], d) && to >= 0 && b.cells[to] === 0) ++n;
    }
  }
  return n;
}

// Whether the piece on `s` could jump in direction d (whoever is to move).
function canJump(b, s, d) {
  const over = BOARD.step[s][d];
  if (!mayStep(b.cells[s], d) || over < 0 || b.cells[over] * b.cells[s] >= 0) return false;
  const land = BOARD.step[over][d];
  return land >= 0 && b.cells[land] === 0;
}

// The side's pieces that could jump now.
function checkersJumpers(b, side) {
  let n = 0;
  for (let s = 0; s < SQUARES; ++s) if (b.cells[s] * side > 0 && [0, 1, 2, 3].some((d) => canJump(b, s, d))) ++n;
  return n;
}

// The side's pieces that some piece of the other side could jump now.
function checkersExposed(b, side) {
  const exposed = new Set();
  for (let s = 0; s < SQUARES; ++s) {
    if (b.cells[s] * side >= 0) continue;
    for (let d = 0; d < 4; ++d) if (canJump(b, s, d)) exposed.add(BOARD.step[s][d]);
  }
  return exposed.size;
}

const toMove = (b) => (b.plies & 1 ? -1 : 1);
