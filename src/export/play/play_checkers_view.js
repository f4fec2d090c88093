// How the page of checkers draws the board and takes moves
// (play_game_page.js): the N x N board with square 1 at the top left, as
// checkers diagrams draw it (X's men start at the top, O's at the bottom).
// Click one of your pieces that can move, then the square it goes to; when
// two jump sequences join the same squares, buttons name each.

const VIEW = {
  gameWords: GAME.title,
  boardClass: 'checkers-board',
  prompt: 'click a highlighted piece, then the square it goes to',
  movesLabel: 'Moves (numbered squares, X first): ',
  orderWords: "evalsynth's move order (by starting square, then direction)",
  hashExample: movesText([new Board().legalMoves()[0]]),
  playedWords: (m) => `played ${moveText(m)}`,
  hintWords: (m) => moveText(m),
  keyMove: () => null,
  selected: null, // the square of the piece chosen, at ply `selectedAt`
  selectedAt: -1,

  resultText(over, you, b) {
    if (over === 'draw') return `${QUIET} plies without a capture or a man's move: a draw.`;
    const loser = b.sideToMove() === you ? 'You have' : 'The engine has';
    return `${loser} no move left: ${over === you ? 'you win!' : 'the engine wins.'}`;
  },

  choose(square) {
    this.selected = square;
    this.selectedAt = state.board.plies;
    render();
  },

  render(table, b, yourTurn, last) {
    const legal = yourTurn ? b.legalMoves() : [];
    if (this.selectedAt !== b.plies || !legal.some((m) => m.from === this.selected)) this.selected = null;
    const chosen = legal.filter((m) => m.from === this.selected);
    table.replaceChildren();
    const grid = el('div', { class: 'squares' });
    grid.style.gridTemplateColumns = `repeat(${SIZE}, auto)`;
    for (let row = 0; row < SIZE; ++row)
      for (let col = 0; col < SIZE; ++col) {
        const s = squareAt(row, col);
        if (s < 0) {
          grid.append(el('span', { class: 'square light' }));
          continue;
        }
        const piece = b.cells[s];
        const classes = ['square'];
        if (last && (s === last.from || s === last.to)) classes.push('last');
        const movable = legal.some((m) => m.from === s);
        const targets = chosen.filter((m) => m.to === s);
        if (movable) classes.push('legal');
        if (s === this.selected) classes.push('selected');
        if (targets.length) classes.push('target');
        const button = el('button', {
          class: classes.join(' '),
          type: 'button',
          'data-square': String(s + 1),
          'aria-label': `square ${s + 1}`,
          title: String(s + 1),
        });
        if (piece !== 0)
          button.append(
            el('span', { class: `piece ${piece > 0 ? 'x' : 'o'}${Math.abs(piece) === 2 ? ' king' : ''}` }, Math.abs(piece) === 2 ? 'K' : ''),
          );
        // Two sequences ending here: the buttons below the board choose.
        button.disabled = targets.length > 1 || (!movable && targets.length === 0);
        button.addEventListener('click', () => {
          if (targets.length === 1) humanMove(targets[0]);
          else this.choose(s === this.selected ? null : s);
        });
        grid.append(button);
      }
    table.append(grid);
    // Jump sequences that join the same two squares: one button each.
    const ends = new Map();
    for (const m of chosen) ends.set(m.to, [...(ends.get(m.to) || []), m]);
    const choices = el('div', { class: 'sequences' });
    for (const same of ends.values())
      if (same.length > 1)
        for (const m of same) {
          const button = el('button', { class: 'sequence', type: 'button', 'data-move': moveText(m) }, moveText(m));
          button.addEventListener('click', () => humanMove(m));
          choices.append(button);
        }
    if (choices.childElementCount) table.append(choices);
  },
};
