// Checkers for pages written by `evalsynth export --html`, as evalsynth's
// src/games/checkers/ defines it (the American Checkers Federation's rules):
// men move and jump diagonally forward, kings both ways; a jump must be
// taken when there is one and goes on while the piece can jump again; a man
// reaching the far row is crowned and its move ends; a side that cannot move
// has lost (with GAME.blockedDraws, one that still has pieces draws);
// GAME.quiet plies without a capture or a man's move draw the game. evalsynth writes GAME (the family and its parameters) just before
// this.
//
// Square s (0-based; people read s + 1) is on row floor(s / HALF) counted
// from X's back rank (X is Black, moves first and starts on the low
// numbers), in column 2 * (s % HALF) + 1 on even rows and 2 * (s % HALF) on
// odd ones. Each square holds +1 (X's man), +2 (X's king), -1, -2 (O's) or 0.

const SIZE = GAME.size;
const QUIET = GAME.quiet;
const HALF = SIZE / 2;
const SQUARES = SIZE * HALF;
const MEN_ROWS = SIZE === 8 ? 3 : SIZE === 6 ? 2 : 1;

const squareAt = (row, col) =>
  row >= 0 && row < SIZE && col >= 0 && col < SIZE && (row + col) % 2 === 1 ? row * HALF + Math.floor(col / 2) : -1;

// What depends on the board's size only: each square's row and column, its
// neighbour in each direction (0 and 1 towards O's side, X's men's way; 2
// and 3 back: evalsynth's order of directions), and the edge and centre
// squares of the features.
const BOARD = (() => {
  const row = [];
  const col = [];
  const step = [];
  const edge = [];
  const centre = [];
  const low = Math.floor(SIZE / 4);
  const high = SIZE - 1 - low;
  for (let s = 0; s < SQUARES; ++s) {
    const r = Math.floor(s / HALF);
    const c = 2 * (s % HALF) + (r % 2 === 0 ? 1 : 0);
    row.push(r);
    col.push(c);
    step.push([squareAt(r + 1, c - 1), squareAt(r + 1, c + 1), squareAt(r - 1, c + 1), squareAt(r - 1, c - 1)]);
    edge.push(r === 0 || r === SIZE - 1 || c === 0 || c === SIZE - 1);
    centre.push(r >= low && r <= high && c >= low && c <= high);
  }
  return { row, col, step, edge, centre };
})();

// Whether a piece of `side` may step in direction d: kings always, men forward.
const mayStep = (piece, d) => Math.abs(piece) === 2 || (d < 2) === (piece > 0);
const crownRow = (side) => (side === X ? SIZE - 1 : 0);

class Board {
  constructor() {
    this.cells = new Int8Array(SQUARES);
    for (let s = 0; s < SQUARES; ++s) {
      if (BOARD.row[s] < MEN_ROWS) this.cells[s] = X;
      if (BOARD.row[s] >= SIZE - MEN_ROWS) this.cells[s] = O;
    }
    this.plies = 0; // moves made
    this.quiet = 0; // plies since the last capture or man's move
    this.taken = []; // what undo() restores, a record per move made
  }

  // The board after a list of moves from the start.
  static fromMoves(moves) {
    const b = new Board();
    for (const m of moves) b.play(m);
    return b;
  }

  sideToMove() {
    return this.plies & 1 ? O : X;
  }
  // The legal moves in evalsynth's order: jumps if there are any, else
  // steps; by starting square, then direction (a jump sequence depth
  // first). A move: from, to, the landing squares (path), the squares
  // jumped (captured) and their bits (mask); two sequences with the same
  // ends and captures are one move.
  legalMoves() {
    const side = this.sideToMove();
    const moves = [];
    for (let s = 0; s < SQUARES; ++s) if (this.cells[s] * side > 0) this.extendJump(s, s, 0, [], moves);
    if (moves.length) return moves;
    for (let s = 0; s < SQUARES; ++s) {
      if (this.cells[s] * side <= 0) continue;
      for (let d = 0; d < 4; ++d) {
        const to = BOARD.step[s][d];
        if (mayStep(this.cells[s], d) && to >= 0 && this.cells[to] === 0)
          moves.push({ from: s, to, path: [to], captured: [], mask: 0 });
      }
    }
    return moves;
  }
  // Continues a jump of the piece from `from`, now at `at`, having jumped
  // the squares of `mask` (which stay on the board, blocking, until the
  // move ends).
  extendJump(from, at, mask, path, out) {
    const piece = this.cells[from];
    let jumped = false;
    for (let d = 0; d < 4; ++d) {
      if (!mayStep(piece, d)) continue;
      const over = BOARD.step[at][d];
      if (over < 0 || this.cells[over] * piece >= 0 || mask & (1 << over)) continue;
      const land = BOARD.step[over][d];
      if (land < 0 || (this.cells[land] !== 0 && land !== from)) continue;
      jumped = true;
      path.push(land);
      // A man crowned by this jump stops there.
      if (Math.abs(piece) === 1 && BOARD.row[land] === crownRow(Math.sign(piece)))
        addJump(from, land, mask | (1 << over), path, out);
      else this.extendJump(from, land, mask | (1 << over), path, out);
      path.pop();
    }
    if (!jumped && mask) addJump(from, at, mask, path, out);
  }
  searchMoves() {
    return this.legalMoves();
  }
  isLegal(m) {
    return this.legalMoves().some((n) => sameMove(n, m));
  }
  play(m) {
    const piece = this.cells[m.from];
    const man = Math.abs(piece) === 1;
    this.taken.push({ piece, quiet: this.quiet, removed: m.captured.map((s) => this.cells[s]) });
    this.cells[m.from] = 0;
    for (const s of m.captured) this.cells[s] = 0;
    this.cells[m.to] = man && BOARD.row[m.to] === crownRow(Math.sign(piece)) ? 2 * piece : piece;
    this.quiet = man || m.captured.length ? 0 : this.quiet + 1;
    ++this.plies;
  }
  undo(m) {
    const record = this.taken.pop();
    --this.plies;
    this.quiet = record.quiet;
    this.cells[m.to] = 0;
    m.captured.forEach((s, i) => (this.cells[s] = record.removed[i]));
    this.cells[m.from] = record.piece;
  }
  // null while the game goes on, else X, O or 'draw'.
  status() {
    if (this.legalMoves().length === 0) {
      const side = this.sideToMove();
      const hasPieces = this.cells.some((c) => c * side > 0);
      return GAME.blockedDraws && hasPieces ? 'draw' : -side;
    }
    return this.quiet >= QUIET ? 'draw' : null;
  }
}

function addJump(from, to, mask, path, out) {
  for (const seen of out) if (seen.from === from && seen.to === to && seen.mask === mask) return;
  const captured = [];
  for (let s = 0; s < SQUARES; ++s) if (mask & (1 << s)) captured.push(s);
  out.push({ from, to, path: [...path], captured, mask });
}

const sameMove = (a, b) => a.from === b.from && a.to === b.to && a.mask === b.mask;

// The search tests each position reached for the end of the game.
const FAST_WINS = false;

// Moves in the numbered squares: "11-15", a jump with every landing square
// "15x24x31" (evalsynth's move text); a list of them separated by commas.
const moveText = (m) => (m.mask === 0 ? `${m.from + 1}-${m.to + 1}` : [m.from, ...m.path].map((s) => s + 1).join('x'));
const movesText = (moves) => moves.map(moveText).join(',');
// Moves from their text, the legal prefix of them; a jump may name its two
// ends alone ("15x31") when one sequence joins them.
function parseMoves(text) {
  const moves = [];
  const b = new Board();
  for (const word of text.split(/[\s,]+/).filter((w) => w !== '')) {
    if (b.status() !== null) break;
    const legal = b.legalMoves();
    let m = legal.find((n) => moveText(n) === word.toLowerCase());
    const ends = /^(\d+)([-x])(\d+)$/i.exec(word);
    if (!m && ends) {
      const joined = legal.filter(
        (n) => n.from === Number(ends[1]) - 1 && n.to === Number(ends[3]) - 1 && (n.mask !== 0) === (ends[2] !== '-'),
      );
      if (joined.length === 1) m = joined[0];
    }
    if (!m) break;
    b.play(m);
    moves.push(m);
  }
  return moves;
}

// sq(row, col): +1 X's piece, -1 O's, 0 empty, a light square or off the board.
function sq(b, row, col) {
  const s = squareAt(row, col);
  return s < 0 ? 0 : Math.sign(b.cells[s]);
}
