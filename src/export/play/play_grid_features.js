// The language's features of the k-in-a-row boards (mnk, adjacent4) for
// pages written by `evalsynth export --html`, with exactly the values of
// evalsynth's src/games/grid/line_features.cpp, over the board of
// play_grid.js. `side` is X or O.

// The board's lines counted by the stones of a side each holds when it holds
// none of the other side's (x[j], o[j]); the empty cells completing a line
// of a side (threats) and the empty cells on two or more lines a stone there
// would bring one short (forks), counted by side.
function countLines(b) {
  const x = new Int32Array(LINE + 1);
  const o = new Int32Array(LINE + 1);
  const threats = { [X]: new Uint8Array(CELLS), [O]: new Uint8Array(CELLS) };
  const forks = { [X]: new Uint8Array(CELLS), [O]: new Uint8Array(CELLS) };
  const once = { [X]: new Uint8Array(CELLS), [O]: new Uint8Array(CELLS) };
  const mark = (line, side, held) => {
    if (held === LINE - 1) for (const c of line) if (b.cells[c] === 0) threats[side][c] = 1;
    if (LINE >= 2 && held === LINE - 2)
      for (const c of line)
        if (b.cells[c] === 0) {
          if (once[side][c]) forks[side][c] = 1;
          once[side][c] = 1;
        }
  };
  for (const line of GRID.lines) {
    let nx = 0;
    let no = 0;
    for (const c of line) {
      nx += b.cells[c] === X;
      no += b.cells[c] === O;
    }
    if (no === 0) {
      ++x[nx];
      mark(line, X, nx);
    }
    if (nx === 0) {
      ++o[no];
      mark(line, O, no);
    }
  }
  const count = (flags) => flags.reduce((n, f) => n + f, 0);
  return {
    [X]: x,
    [O]: o,
    threats: { [X]: count(threats[X]), [O]: count(threats[O]) },
    forks: { [X]: count(forks[X]), [O]: count(forks[O]) },
  };
}

// windows(p, j): lines holding exactly j of p's stones and none of the other's (0 for j > k).
const lineWindows = (counts, side, j) => (j <= LINE ? counts[side][j] : 0);
// open_lines(p): lines holding some of p's stones and none of the other's.
function openLines(counts, side) {
  let n = 0;
  for (let j = 1; j <= LINE; ++j) n += counts[side][j];
  return n;
}

// Stones of `side` on the cells `where` accepts.
function stonesWhere(b, side, where) {
  let n = 0;
  for (let cell = 0; cell < CELLS; ++cell) n += b.cells[cell] === side && where(cell);
  return n;
}
const gridStones = (b, side) => stonesWhere(b, side, () => true);
const gridCentre = (b, side) => stonesWhere(b, side, (cell) => !GRID.border[cell]);
const gridCorners = (b, side) => stonesWhere(b, side, (cell) => GRID.corner[cell] === 1);
const gridEdges = (b, side) => stonesWhere(b, side, (cell) => GRID.border[cell] && !GRID.corner[cell]);
const toMove = (b) => (b.moves & 1 ? -1 : 1);
const legalMoveCount = (b) => b.legalMoves().length;
// Empty cells next to a stone of `side`.
function neighbourCells(b, side) {
  let n = 0;
  for (let cell = 0; cell < CELLS; ++cell)
    n += b.cells[cell] === 0 && GRID.around[cell].some((c) => b.cells[c] === side);
  return n;
}
