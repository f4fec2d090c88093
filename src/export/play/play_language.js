// Connect4 in the evaluator language's JavaScript, for pages written by
// `evalsynth export --html`: the board and the board features, with exactly
// the values of evalsynth's interpreter (src/lang/semantics.hpp,
// src/games/connect4/features.hpp), over the integer operations of
// play_core.js. Browser tests compare the two on random programs and
// positions.
//
// The board keeps one cell per square at index 7 * col + row (row 0 = the
// bottom), as evalsynth's bitboards number their bits: +1 an X stone, -1 an
// O stone, 0 empty.

const ROWS = 6;
const COLUMNS = 7;

const cellIndex = (row, col) => 7 * col + row;

// Every window of four squares in a line: 69 of them, as lists of cell indices.
const WINDOWS = (() => {
  const windows = [];
  const directions = [[1, 0], [0, 1], [1, 1], [-1, 1]]; // (row, col) steps
  for (const [dr, dc] of directions)
    for (let row = 0; row < ROWS; ++row)
      for (let col = 0; col < COLUMNS; ++col) {
        const endRow = row + 3 * dr;
        const endCol = col + 3 * dc;
        if (endRow < 0 || endRow >= ROWS || endCol >= COLUMNS) continue;
        windows.push([0, 1, 2, 3].map((k) => cellIndex(row + k * dr, col + k * dc)));
      }
  return windows;
})();

// The windows through each cell, for the win test.
const WINDOWS_THROUGH = (() => {
  const through = Array.from({ length: 7 * COLUMNS }, () => []);
  for (const w of WINDOWS) for (const cell of w) through[cell].push(w);
  return through;
})();

const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6];
// Only the mover wins, with a move that completes four; a full board draws.
const FAST_WINS = true;

class Board {
  constructor() {
    this.cells = new Int8Array(7 * COLUMNS);
    this.heights = new Int8Array(COLUMNS);
    this.moves = 0;
  }

  // The board after a Pons move string ("4453": columns 1-7 from the empty
  // board, X first). Precondition: every column has room.
  static fromMoves(text) {
    const b = new Board();
    for (const c of text) b.play(Number(c) - 1);
    return b;
  }

  sideToMove() {
    return this.moves & 1 ? O : X;
  }
  canPlay(col) {
    return this.heights[col] < ROWS;
  }
  isFull() {
    return this.moves === ROWS * COLUMNS;
  }
  play(col) {
    this.cells[cellIndex(this.heights[col]++, col)] = this.sideToMove();
    ++this.moves;
  }
  undo(col) {
    this.cells[cellIndex(--this.heights[col], col)] = 0;
    --this.moves;
  }
  // Would the side to move complete four in a row by playing `col`?
  isWinningMove(col) {
    const side = this.sideToMove();
    const cell = cellIndex(this.heights[col], col);
    for (const w of WINDOWS_THROUGH[cell]) {
      let own = 0;
      for (const c of w) own += this.cells[c] === side;
      if (own === 3) return true;
    }
    return false;
  }
  canWinNow() {
    for (let col = 0; col < COLUMNS; ++col) if (this.canPlay(col) && this.isWinningMove(col)) return true;
    return false;
  }
  // The search's view of a game (play_game_search.js, as every game's Board
  // offers it): a move is a column; the natural order is left to right, the
  // search's below the root the centre first.
  legalMoves() {
    const moves = [];
    for (let col = 0; col < COLUMNS; ++col) if (this.canPlay(col)) moves.push(col);
    return moves;
  }
  searchMoves() {
    return CENTRE_FIRST.filter((col) => this.canPlay(col));
  }
  winsAtOnce(col) {
    return this.isWinningMove(col);
  }
  hasWinningMove() {
    return this.canWinNow();
  }
  isDrawn() {
    return this.isFull();
  }
  // The side with four in a row, or 0.
  winner() {
    for (const w of WINDOWS) {
      const s = this.cells[w[0]];
      if (s !== 0 && this.cells[w[1]] === s && this.cells[w[2]] === s && this.cells[w[3]] === s) return s;
    }
    return 0;
  }
  // The page's view of a game (play_game_page.js, as every game's Board
  // offers it): null while the game goes on, else X, O or 'draw'.
  status() {
    const w = this.winner();
    return w !== 0 ? w : this.isFull() ? 'draw' : null;
  }
  isLegal(col) {
    return Number.isInteger(col) && col >= 0 && col < COLUMNS && this.canPlay(col);
  }
}

// A move as text (its column, 1-7), and a list of moves as Pons writes
// them ("4453").
const moveText = (col) => String(col + 1);
const movesText = (moves) => moves.map(moveText).join('');
// Moves from their text ("4453"): the legal prefix of them.
function parseMoves(text) {
  const moves = [];
  const b = new Board();
  for (const c of text) {
    const col = c.charCodeAt(0) - 49;
    if (!b.isLegal(col) || b.status() !== null) break;
    b.play(col);
    moves.push(col);
  }
  return moves;
}

// sq and height: 0 off the board.
const onBoard = (row, col) => row >= 0 && row < ROWS && col >= 0 && col < COLUMNS;
const sq = (b, row, col) => (onBoard(row, col) ? b.cells[cellIndex(row, col)] : 0);
const height = (b, col) => (col >= 0 && col < COLUMNS ? b.heights[col] : 0);

// The features. `side` is X or O.
function openWindows(b, side, k) {
  let count = 0;
  for (const w of WINDOWS) {
    let own = 0;
    let theirs = 0;
    for (const c of w) {
      own += b.cells[c] === side;
      theirs += b.cells[c] === -side;
    }
    count += own === k && theirs === 0;
  }
  return count;
}
// Empty cells where a stone of `side` would complete four in a row: one flag per cell.
function threatCells(b, side) {
  const cells = new Uint8Array(7 * COLUMNS);
  for (const w of WINDOWS) {
    let own = 0;
    let empty = -1;
    for (const c of w) {
      if (b.cells[c] === side) ++own;
      else if (b.cells[c] === 0) empty = c;
    }
    if (own === 3 && empty >= 0) cells[empty] = 1;
  }
  return cells;
}
// Threat cells of the given row parity (0: rows 1, 3, 5 counted from 1; 1: rows 2, 4, 6), or all.
function countThreats(t, parity = -1) {
  let count = 0;
  for (let col = 0; col < COLUMNS; ++col)
    for (let row = 0; row < ROWS; ++row) count += t[cellIndex(row, col)] && (parity < 0 || row % 2 === parity);
  return count;
}
// Threats the side could fill with its next stone.
function playableThreats(b, t) {
  let count = 0;
  for (let col = 0; col < COLUMNS; ++col) count += b.heights[col] < ROWS && t[cellIndex(b.heights[col], col)] === 1;
  return count;
}
// Threats directly above another threat of the same side.
function stackedThreats(t) {
  let count = 0;
  for (let col = 0; col < COLUMNS; ++col)
    for (let row = 1; row < ROWS; ++row) count += t[cellIndex(row, col)] && t[cellIndex(row - 1, col)];
  return count;
}
function stonesIn(b, side, firstCol, lastCol) {
  let count = 0;
  for (let col = firstCol; col <= lastCol; ++col)
    for (let row = 0; row < ROWS; ++row) count += b.cells[cellIndex(row, col)] === side;
  return count;
}
const centreStones = (b, side) => stonesIn(b, side, 3, 3);
const stones = (b, side) => stonesIn(b, side, 0, COLUMNS - 1);
const toMove = (b) => (b.moves & 1 ? -1 : 1);
function openColumns(b) {
  let open = 0;
  for (let col = 0; col < COLUMNS; ++col) open += b.heights[col] < ROWS;
  return open;
}
// Columns whose lowest threat, of either side, is one of `mine`.
function lowestThreats(mine, theirs) {
  let count = 0;
  for (let col = 0; col < COLUMNS; ++col)
    for (let row = 0; row < ROWS; ++row) {
      const cell = cellIndex(row, col);
      if (mine[cell] || theirs[cell]) {
        count += mine[cell];
        break;
      }
    }
  return count;
}
// Threats of `mine` on rows of the given parity with no threat of `theirs` below them.
function goodThreats(mine, theirs, parity) {
  let count = 0;
  for (let col = 0; col < COLUMNS; ++col)
    for (let row = 0; row < ROWS && !theirs[cellIndex(row, col)]; ++row)
      count += mine[cellIndex(row, col)] && row % 2 === parity;
  return count;
}
