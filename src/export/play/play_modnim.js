// ModNim for pages written by `evalsynth export --html`, as evalsynth's
// src/games/modnim/ defines it: GAME.sticks sticks on the table, a move takes
// 1 to GAME.take of them, whoever takes the last stick loses. evalsynth
// writes GAME (the family and its parameters) just before this.

const STICKS = GAME.sticks;
const LIMIT = GAME.take;

class Board {
  constructor() {
    this.sticks = STICKS; // left on the table
    this.moves = 0; // moves made
  }

  // The board after a list of moves (sticks taken), X first.
  static fromMoves(moves) {
    const b = new Board();
    for (const taken of moves) b.play(taken);
    return b;
  }

  sideToMove() {
    return this.moves & 1 ? O : X;
  }
  isLegal(taken) {
    return taken >= 1 && taken <= LIMIT && taken <= this.sticks;
  }
  // Take 1, 2, ... up to LIMIT: evalsynth's natural order, below the root too.
  legalMoves() {
    const moves = [];
    for (let taken = 1; taken <= LIMIT && taken <= this.sticks; ++taken) moves.push(taken);
    return moves;
  }
  searchMoves() {
    return this.legalMoves();
  }
  play(taken) {
    this.sticks -= taken;
    ++this.moves;
  }
  undo(taken) {
    this.sticks += taken;
    --this.moves;
  }
  // null while sticks are left; then the side to move wins (the other took the last).
  status() {
    return this.sticks > 0 ? null : this.sideToMove();
  }
}

// The search tests each position reached for the end of the game.
const FAST_WINS = false;

const moveText = (taken) => String(taken);
const movesText = (moves) => moves.map(moveText).join(',');
// Moves from their text ("3,1,2"), the legal prefix of them.
function parseMoves(text) {
  const moves = [];
  const b = new Board();
  for (const word of text.split(',')) {
    const taken = /^\d+$/.test(word) ? Number(word) : 0;
    if (b.status() !== null || !b.isLegal(taken)) break;
    b.play(taken);
    moves.push(taken);
  }
  return moves;
}

// The language's features: sticks(), limit(), moves(), to_move(); no cells.
const toMove = (b) => (b.moves & 1 ? -1 : 1);
const sq = () => 0;
