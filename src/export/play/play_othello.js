// Othello for pages written by `evalsynth export --html`, as evalsynth's
// src/games/othello/ defines it: GAME.size x GAME.size (8 or 6), the standard
// start, a disc must bracket a line of the other side's discs and flips every
// line it brackets, a side without a move passes (a move of the record,
// `pass`), the game ends when neither side can move, most discs wins.
// evalsynth writes GAME (the family and its parameters) just before this.
//
// Discs are BigInt bitboards in evalsynth's layout: bit row * SIZE + col,
// row 0 the diagrams' row 1 (drawn on top), so a1 is bit 0. A cell is named
// by its column letter and row number ("d3").

const SIZE = GAME.size;
const CELLS = SIZE * SIZE;
const PASS = 64; // evalsynth's move number for a pass
const WIDTH = BigInt(SIZE);
const BIT = Array.from({ length: CELLS }, (_, cell) => 1n << BigInt(cell));
const onBoard = (row, col) => row >= 0 && row < SIZE && col >= 0 && col < SIZE;
const cellName = (cell) => String.fromCharCode(97 + (cell % SIZE)) + String(Math.floor(cell / SIZE) + 1);

// What depends on the board's size only: its cells, the columns a shift
// must not wrap into, the border and the corners.
const OTHELLO = (() => {
  let board = 0n;
  let first = 0n;
  let last = 0n;
  let border = 0n;
  for (let row = 0; row < SIZE; ++row)
    for (let col = 0; col < SIZE; ++col) {
      const bit = BIT[row * SIZE + col];
      board |= bit;
      if (col === 0) first |= bit;
      if (col === SIZE - 1) last |= bit;
      if (row === 0 || row === SIZE - 1 || col === 0 || col === SIZE - 1) border |= bit;
    }
  const corners = BIT[0] | BIT[SIZE - 1] | BIT[CELLS - SIZE] | BIT[CELLS - 1];
  return { board, notFirstColumn: board & ~first, notLastColumn: board & ~last, border, corners };
})();

function popcount(bits) {
  let n = 0;
  for (; bits; bits &= bits - 1n) ++n;
  return n;
}

// The cells one step from `cells` in direction d (d and d ^ 1 opposite),
// none off the board or wrapped to another row: evalsynth's order.
function shift(cells, d) {
  const { board, notFirstColumn, notLastColumn } = OTHELLO;
  switch (d) {
    case 0:
      return (cells << 1n) & notFirstColumn;
    case 1:
      return (cells >> 1n) & notLastColumn;
    case 2:
      return (cells << WIDTH) & board;
    case 3:
      return cells >> WIDTH;
    case 4:
      return (cells << (WIDTH + 1n)) & notFirstColumn;
    case 5:
      return (cells >> (WIDTH + 1n)) & notLastColumn;
    case 6:
      return (cells << (WIDTH - 1n)) & notLastColumn;
    default:
      return (cells >> (WIDTH - 1n)) & notFirstColumn;
  }
}

// The cells next to `cells`, `cells` left out.
function neighbourCells(cells) {
  let around = 0n;
  for (let d = 0; d < 8; ++d) around |= shift(cells, d);
  return around & ~cells;
}

// The cells where `mine` may place a disc against `theirs`.
function movesOf(mine, theirs) {
  const empty = OTHELLO.board & ~(mine | theirs);
  let moves = 0n;
  for (let d = 0; d < 8; ++d) {
    let run = shift(mine, d) & theirs;
    for (let i = 2; i < SIZE - 1; ++i) run |= shift(run, d) & theirs;
    moves |= shift(run, d) & empty;
  }
  return moves;
}

// The discs of `theirs` a disc of `mine` at `cell` flips.
function flipsOf(mine, theirs, cell) {
  let flipped = 0n;
  for (let d = 0; d < 8; ++d) {
    let line = 0n;
    let next = shift(BIT[cell], d);
    while (next & theirs) {
      line |= next;
      next = shift(next, d);
    }
    if (next & mine) flipped |= line;
  }
  return flipped;
}

class Board {
  constructor() {
    const low = SIZE / 2 - 1;
    const high = SIZE / 2;
    this.x = BIT[low * SIZE + high] | BIT[high * SIZE + low]; // X's (black's) discs
    this.o = BIT[low * SIZE + low] | BIT[high * SIZE + high]; // O's (white's)
    this.plies = 0; // moves made, passes included
    this.flipped = []; // each move's flipped discs, for undo
  }

  // The board after a list of moves (cells, PASS), X first.
  static fromMoves(moves) {
    const b = new Board();
    for (const m of moves) b.play(m);
    return b;
  }

  sideToMove() {
    return this.plies & 1 ? O : X;
  }
  own() {
    return this.plies & 1 ? this.o : this.x;
  }
  other() {
    return this.plies & 1 ? this.x : this.o;
  }
  // +1 X, -1 O, 0 empty.
  at(cell) {
    return this.x & BIT[cell] ? X : this.o & BIT[cell] ? O : 0;
  }
  // The cells in evalsynth's order (a1, b1, ...), or a pass where the side
  // to move has no move and the other has one; none when the game is over.
  legalMoves() {
    const moves = [];
    const cells = movesOf(this.own(), this.other());
    for (let cell = 0; cell < CELLS; ++cell) if (cells & BIT[cell]) moves.push(cell);
    if (!cells && movesOf(this.other(), this.own())) moves.push(PASS);
    return moves;
  }
  searchMoves() {
    return this.legalMoves();
  }
  isLegal(m) {
    return this.legalMoves().includes(m);
  }
  play(m) {
    let flipped = 0n;
    if (m !== PASS) {
      flipped = flipsOf(this.own(), this.other(), m);
      if (this.sideToMove() === X) {
        this.x |= BIT[m] | flipped;
        this.o &= ~flipped;
      } else {
        this.o |= BIT[m] | flipped;
        this.x &= ~flipped;
      }
    }
    this.flipped.push(flipped);
    ++this.plies;
  }
  undo(m) {
    --this.plies;
    const flipped = this.flipped.pop();
    if (m === PASS) return;
    if (this.sideToMove() === X) {
      this.x &= ~(BIT[m] | flipped);
      this.o |= flipped;
    } else {
      this.o &= ~(BIT[m] | flipped);
      this.x |= flipped;
    }
  }
  // null while either side can move; then most discs wins.
  status() {
    if (movesOf(this.x, this.o) || movesOf(this.o, this.x)) return null;
    const x = popcount(this.x);
    const o = popcount(this.o);
    return x > o ? X : x < o ? O : 'draw';
  }
}

// The search tests each position reached for the end of the game.
const FAST_WINS = false;

const moveText = (m) => (m === PASS ? 'pass' : cellName(m));
const movesText = (moves) => moves.map(moveText).join('');
// Moves from their text ("d3c3pass..."), the legal prefix of them.
function parseMoves(text) {
  const moves = [];
  const b = new Board();
  let rest = text.toLowerCase();
  while (rest && b.status() === null) {
    let m = -1;
    if (rest.startsWith('pass')) {
      m = PASS;
      rest = rest.slice(4);
    } else {
      const cell = /^([a-z])(\d+)/.exec(rest);
      if (!cell) break;
      const row = Number(cell[2]) - 1;
      const col = cell[1].charCodeAt(0) - 97;
      if (onBoard(row, col)) m = row * SIZE + col;
      rest = rest.slice(cell[0].length);
    }
    if (!b.isLegal(m)) break;
    b.play(m);
    moves.push(m);
  }
  return moves;
}

// The language's features (src/games/othello/features.cpp), `side` X or O.
const discsOf = (b, side) => (side === X ? b.x : b.o);
const emptyCells = (b) => OTHELLO.board & ~(b.x | b.o);
const othelloDiscs = (b, side) => popcount(discsOf(b, side));
const othelloMobility = (b, side) => popcount(movesOf(discsOf(b, side), discsOf(b, -side)));
const othelloPotentialMobility = (b, side) => popcount(neighbourCells(discsOf(b, -side)) & emptyCells(b));
const othelloFrontier = (b, side) => popcount(discsOf(b, side) & neighbourCells(emptyCells(b)));
const othelloCorners = (b, side) => popcount(discsOf(b, side) & OTHELLO.corners);
const othelloEdges = (b, side) => popcount(discsOf(b, side) & OTHELLO.border & ~OTHELLO.corners);
const othelloEmpties = (b) => popcount(emptyCells(b));
const toMove = (b) => (b.plies & 1 ? -1 : 1);

// The X-squares (inside) and C-squares (on the edge) next to empty corners.
function cornerSquares(b) {
  let xSquares = 0n;
  let cSquares = 0n;
  for (const corner of [0, SIZE - 1, CELLS - SIZE, CELLS - 1]) {
    if ((b.x | b.o) & BIT[corner]) continue;
    const around = neighbourCells(BIT[corner]);
    cSquares |= around & OTHELLO.border;
    xSquares |= around & ~OTHELLO.border;
  }
  return { xSquares, cSquares };
}
const othelloXSquares = (b, side) => popcount(discsOf(b, side) & cornerSquares(b).xSquares);
const othelloCSquares = (b, side) => popcount(discsOf(b, side) & cornerSquares(b).cSquares);

// The side's discs no sequence of moves can flip: along each of the four
// lines through one, the line is full, or on one side lies the edge or a
// stable disc of its own; grown from none to the least such set.
function othelloStable(b, side) {
  const board = OTHELLO.board;
  const occupied = b.x | b.o;
  const full = [];
  for (let axis = 0; axis < 4; ++axis) {
    let both = board;
    for (let d = 2 * axis; d <= 2 * axis + 1; ++d) {
      const edge = board & ~shift(board, d ^ 1);
      let ray = occupied & edge;
      for (let i = 1; i < SIZE; ++i) ray |= occupied & shift(ray, d ^ 1);
      both &= ray;
    }
    full.push(both);
  }
  let stable = 0n;
  for (;;) {
    let next = discsOf(b, side);
    for (let axis = 0; axis < 4; ++axis) {
      const d = 2 * axis;
      const e = 2 * axis + 1;
      const heldD = (board & ~shift(board, e)) | shift(stable, e);
      const heldE = (board & ~shift(board, d)) | shift(stable, d);
      next &= full[axis] | heldD | heldE;
    }
    if (next === stable) return popcount(stable);
    stable = next;
  }
}

// sq(row, col): +1 X, -1 O, 0 empty or off the board.
const sq = (b, row, col) => (onBoard(row, col) ? b.at(row * SIZE + col) : 0);
