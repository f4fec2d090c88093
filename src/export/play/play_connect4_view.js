// How the page (play_game_page.js) draws Connect4 and takes its moves: seven
// columns, each a button that drops a stone, the top row first; the digits
// 1-7 typed on the page play those columns.

const VIEW = {
  gameWords: 'Connect4',
  boardClass: 'board',
  prompt: 'click a column or type 1-7',
  movesLabel: 'Moves (columns 1-7 from the empty board): ',
  orderWords: 'column order, from left to right',
  hashExample: '4453',
  playedWords: (col) => `played column ${col + 1}`,
  hintWords: (col) => `column ${col + 1}`,
  keyMove: (key) => (key >= '1' && key <= '7' ? Number(key) - 1 : null),

  resultText(over, you) {
    if (over === 'draw') return 'The board is full: a draw.';
    return over === you ? 'Four in a row: you win!' : 'Four in a row: the engine wins.';
  },

  render(grid, b, yourTurn, last, over) {
    // The four in a row that ended the game, ringed.
    const winning = new Set();
    if (over === X || over === O)
      for (const w of WINDOWS) if (w.every((c) => b.cells[c] === over)) w.forEach((c) => winning.add(c));
    grid.replaceChildren();
    for (let col = 0; col < COLUMNS; ++col) {
      const column = el('button', { class: 'column', 'data-col': String(col), 'aria-label': `column ${col + 1}` });
      column.disabled = !yourTurn || !b.canPlay(col);
      for (let row = ROWS - 1; row >= 0; --row) {
        const s = b.cells[cellIndex(row, col)];
        const isLast = col === last && row === b.heights[col] - 1;
        const classes = `cell${s === X ? ' x' : s === O ? ' o' : ''}${isLast ? ' last' : ''}`;
        column.append(el('span', { class: classes + (winning.has(cellIndex(row, col)) ? ' win' : '') }));
      }
      column.addEventListener('click', () => humanMove(col));
      grid.append(column);
    }
  },
};
