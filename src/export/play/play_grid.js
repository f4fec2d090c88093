// The k-in-a-row boards (m,n,k-games, their fill variant, adjacent4, and the
// games files describe: stones that drop, lines in some directions only)
// for pages written by `evalsynth export --html`: the board's geometry and
// the game's rules, as evalsynth's src/games/grid/, src/games/mnk/ and
// src/games/adjacent4/ define them. evalsynth writes GAME (the family and
// its parameters) just before this.
//
// Cell index = row * COLUMNS + col, row 0 the bottom row, col 0 the left
// column (evalsynth's bit numbering); a cell is named by its column letter
// and row number from 1 ("b2"). Each cell holds +1 (X), -1 (O) or 0.

const COLUMNS = GAME.columns;
const ROWS = GAME.rows;
const LINE = GAME.line;
const CELLS = COLUMNS * ROWS;
const FILL = GAME.fill === true; // play to a full board, a point per line held
const PLACEMENT = GAME.placement ?? (GAME.family === 'adjacent4' ? 'adjacent' : 'anywhere');
const ADJACENCY = PLACEMENT === 'adjacent'; // a stone must touch one (after the first)
const DROP = PLACEMENT === 'drop'; // a stone goes to the lowest free cell of its column
// The directions lines run in, bits in the order below (evalsynth's grid::kAcross ...).
const DIRECTIONS = GAME.directions ?? 15;

const onBoard = (row, col) => row >= 0 && row < ROWS && col >= 0 && col < COLUMNS;
const cellName = (cell) => String.fromCharCode(97 + (cell % COLUMNS)) + String(Math.floor(cell / COLUMNS) + 1);

// What depends on the board's shape only (grid::Geometry).
const GRID = (() => {
  // Every line of LINE cells (across, up, both diagonals, those DIRECTIONS
  // has); a line met twice (the cells of LINE = 1 in every direction) counts once.
  const lines = [];
  const seen = new Set();
  for (const [bit, [dr, dc]] of [[0, 1], [1, 0], [1, 1], [1, -1]].entries())
    for (let row = 0; row < ROWS && DIRECTIONS & (1 << bit); ++row)
      for (let col = 0; col < COLUMNS; ++col) {
        if (!onBoard(row + (LINE - 1) * dr, col + (LINE - 1) * dc)) continue;
        const line = [];
        for (let i = 0; i < LINE; ++i) line.push((row + i * dr) * COLUMNS + col + i * dc);
        const key = [...line].sort((a, b) => a - b).join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        lines.push(line);
      }
  const through = Array.from({ length: CELLS }, () => []);
  for (const line of lines) for (const cell of line) through[cell].push(line);
  const rowOf = (cell) => Math.floor(cell / COLUMNS);
  const colOf = (cell) => cell % COLUMNS;
  const border = new Uint8Array(CELLS);
  const corner = new Uint8Array(CELLS);
  const around = [];
  for (let cell = 0; cell < CELLS; ++cell) {
    const row = rowOf(cell);
    const col = colOf(cell);
    const rowEdge = row === 0 || row === ROWS - 1;
    const colEdge = col === 0 || col === COLUMNS - 1;
    border[cell] = rowEdge || colEdge ? 1 : 0;
    corner[cell] = rowEdge && colEdge ? 1 : 0;
    const next = [];
    for (let dr = -1; dr <= 1; ++dr)
      for (let dc = -1; dc <= 1; ++dc)
        if ((dr || dc) && onBoard(row + dr, col + dc)) next.push((row + dr) * COLUMNS + col + dc);
    around.push(next);
  }
  // Below the root the search tries the cells on the most lines first, then
  // those nearest the centre (a stable sort of the cells in index order).
  const distance = (cell) => {
    const dr = 2 * rowOf(cell) - (ROWS - 1);
    const dc = 2 * colOf(cell) - (COLUMNS - 1);
    return dr * dr + dc * dc;
  };
  const order = Array.from({ length: CELLS }, (_, cell) => cell);
  order.sort((a, b) => through[b].length - through[a].length || distance(a) - distance(b));
  return { lines, through, border, corner, around, order };
})();

class Board {
  constructor() {
    this.cells = new Int8Array(CELLS);
    this.moves = 0; // stones on the board
  }

  // The board after a list of cells played from the empty board, X first.
  static fromMoves(cells) {
    const b = new Board();
    for (const cell of cells) b.play(cell);
    return b;
  }

  sideToMove() {
    return this.moves & 1 ? O : X;
  }
  // An empty cell next to a stone (8-neighbourhood).
  touches(cell) {
    for (const c of GRID.around[cell]) if (this.cells[c] !== 0) return true;
    return false;
  }
  isLegal(cell) {
    return (
      cell >= 0 &&
      cell < CELLS &&
      this.cells[cell] === 0 &&
      (!ADJACENCY || this.moves === 0 || this.touches(cell)) &&
      (!DROP || cell < COLUMNS || this.cells[cell - COLUMNS] !== 0)
    );
  }
  // The legal cells in evalsynth's natural (left-to-right) order: by index.
  legalMoves() {
    const moves = [];
    for (let cell = 0; cell < CELLS; ++cell) if (this.isLegal(cell)) moves.push(cell);
    return moves;
  }
  // The legal cells in the search's order below the root.
  searchMoves() {
    return GRID.order.filter((cell) => this.isLegal(cell));
  }
  play(cell) {
    this.cells[cell] = this.sideToMove();
    ++this.moves;
  }
  undo(cell) {
    this.cells[cell] = 0;
    --this.moves;
  }
  isFull() {
    return this.moves === CELLS;
  }
  // The lines `side` fills.
  linesFilled(side) {
    let count = 0;
    for (const line of GRID.lines) count += line.every((c) => this.cells[c] === side);
    return count;
  }
  // Would the side to move complete a line by playing `cell`?
  winsAtOnce(cell) {
    const side = this.sideToMove();
    return GRID.through[cell].some((line) => line.every((c) => c === cell || this.cells[c] === side));
  }
  // Can the side to move complete a line now (a line one short of it, free
  // of the other side, its empty cell playable: with DROP it may not be yet)?
  hasWinningMove() {
    const side = this.sideToMove();
    for (const line of GRID.lines) {
      let own = 0;
      let theirs = 0;
      for (const c of line) {
        own += this.cells[c] === side;
        theirs += this.cells[c] === -side;
      }
      if (own === LINE - 1 && theirs === 0 && (!DROP || this.isLegal(line.find((c) => this.cells[c] === 0))))
        return true;
    }
    return false;
  }
  isDrawn() {
    return this.isFull();
  }
  // null while the game goes on, else X, O or 'draw'. The first line wins;
  // with FILL the game goes on to a full board and more lines win.
  status() {
    if (FILL) {
      if (!this.isFull()) return null;
      const x = this.linesFilled(X);
      const o = this.linesFilled(O);
      return x > o ? X : o > x ? O : 'draw';
    }
    const last = -this.sideToMove();
    if (this.moves > 0 && this.linesFilled(last) > 0) return last;
    return this.isFull() ? 'draw' : null;
  }
  // The cells of the lines `side` fills, for the page to ring.
  lineCells(side) {
    const cells = new Set();
    for (const line of GRID.lines) if (line.every((c) => this.cells[c] === side)) line.forEach((c) => cells.add(c));
    return cells;
  }
}

// Only the mover wins, with a move that completes a line, and a full board
// ends the game: the search tests wins before moving (game/search.hpp). Not
// with FILL, where the score is known only at the end.
const FAST_WINS = !FILL;

// A move as text, and a list of moves ("b2a1c3").
const moveText = (cell) => cellName(cell);
const movesText = (moves) => moves.map(moveText).join('');
// Moves from their text ("b2a1c3"), the legal prefix of them; null for text that is not cells.
function parseMoves(text) {
  const moves = [];
  const b = new Board();
  for (const [, letter, number] of text.matchAll(/([a-p])(\d+)/g)) {
    const col = letter.charCodeAt(0) - 97;
    const row = Number(number) - 1;
    if (!onBoard(row, col) || b.status() !== null || !b.isLegal(row * COLUMNS + col)) break;
    b.play(row * COLUMNS + col);
    moves.push(row * COLUMNS + col);
  }
  return moves;
}

// sq(row, col): +1 X, -1 O, 0 empty or off the board (height() is Connect4's alone).
const sq = (b, row, col) => (onBoard(row, col) ? b.cells[row * COLUMNS + col] : 0);
