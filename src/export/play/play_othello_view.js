// How the page of Othello draws the board and takes moves
// (play_game_page.js): the board with row 1 on top, as Othello's diagrams
// have it, the cells the human may play highlighted and clickable, and a
// pass button when the human has no move (the other side has one).

const VIEW = {
  gameWords: GAME.title,
  boardClass: 'othello-board',
  prompt: 'click a highlighted cell (it brackets discs of the other side), or pass when you have no move',
  movesLabel: 'Moves (cells and passes from the start, X first): ',
  orderWords: 'cell order (a1, b1, … along row 1, then rows 2, 3, …)',
  hashExample: 'd3c3',
  playedWords: (m) => (m === PASS ? 'passed' : `played ${cellName(m)}`),
  hintWords: (m) => moveText(m),
  keyMove: () => null,

  resultText(over, you, b) {
    const score = `X (black) has ${popcount(b.x)} discs, O (white) ${popcount(b.o)}`;
    if (over === 'draw') return `Neither side can move: ${score}. A draw.`;
    return `Neither side can move: ${score}. ${over === you ? 'You win!' : 'The engine wins.'}`;
  },

  render(grid, b, yourTurn, last) {
    grid.replaceChildren();
    grid.style.gridTemplateColumns = `repeat(${SIZE}, auto)`;
    const legal = yourTurn ? b.legalMoves() : [];
    for (let cell = 0; cell < CELLS; ++cell) {
      const s = b.at(cell);
      const classes = ['cell'];
      if (legal.includes(cell)) classes.push('legal');
      if (cell === last) classes.push('last');
      const button = el('button', {
        class: classes.join(' '),
        type: 'button',
        'data-cell': String(cell),
        'aria-label': `cell ${cellName(cell)}${s === X ? ', X' : s === O ? ', O' : ''}`,
        title: cellName(cell),
      });
      if (s !== 0) button.append(el('span', { class: `disc ${s === X ? 'x' : 'o'}` }));
      button.disabled = !legal.includes(cell);
      button.addEventListener('click', () => humanMove(cell));
      grid.append(button);
    }
    if (legal.includes(PASS)) {
      const pass = el('button', { class: 'pass', type: 'button', 'data-cell': String(PASS) }, 'Pass (you have no move)');
      pass.addEventListener('click', () => humanMove(PASS));
      grid.append(pass);
    }
  },
};
