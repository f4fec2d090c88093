// How the page of a k-in-a-row board (mnk, adjacent4) draws the board and
// takes moves (play_game_page.js): a grid of cells, top row first, the cells
// the human may play highlighted and clickable.

const VIEW = {
  gameWords: GAME.title,
  boardClass: 'grid-board',
  prompt: ADJACENCY ? 'click a highlighted cell (next to a stone)' : 'click a highlighted cell',
  movesLabel: 'Moves (cells from the empty board, X first): ',
  orderWords: 'cell order (a1, b1, … along the bottom row, then the rows above)',
  hashExample: ROWS >= 2 && COLUMNS >= 2 ? 'a1b2' : 'a1',
  playedWords: (cell) => `played ${cellName(cell)}`,
  hintWords: (cell) => cellName(cell),
  keyMove: () => null,

  resultText(over, you, b) {
    if (FILL) {
      const score = `X holds ${b.linesFilled(X)} line${b.linesFilled(X) === 1 ? '' : 's'} of ${LINE}, O ${b.linesFilled(O)}`;
      if (over === 'draw') return `The board is full: ${score}. A draw.`;
      return `The board is full: ${score}. ${over === you ? 'You win!' : 'The engine wins.'}`;
    }
    if (over === 'draw') return 'The board is full: a draw.';
    return `${LINE} in a row: ${over === you ? 'you win!' : 'the engine wins.'}`;
  },

  render(grid, b, yourTurn, last, over) {
    // The line that ended the game, ringed (with FILL, the winner's lines).
    const winning = over === X || over === O ? b.lineCells(over) : new Set();
    grid.replaceChildren();
    grid.style.gridTemplateColumns = `repeat(${COLUMNS}, auto)`;
    for (let row = ROWS - 1; row >= 0; --row)
      for (let col = 0; col < COLUMNS; ++col) {
        const cell = row * COLUMNS + col;
        const s = b.cells[cell];
        const legal = yourTurn && b.isLegal(cell);
        const classes = ['cell'];
        if (s === X) classes.push('x');
        if (s === O) classes.push('o');
        if (legal) classes.push('legal');
        if (cell === last) classes.push('last');
        if (winning.has(cell)) classes.push('win');
        const button = el('button', {
          class: classes.join(' '),
          type: 'button',
          'data-cell': String(cell),
          'aria-label': `cell ${cellName(cell)}`,
          title: cellName(cell),
        });
        button.disabled = !legal;
        button.addEventListener('click', () => humanMove(cell));
        grid.append(button);
      }
  },
};
