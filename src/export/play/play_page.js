// The page of `evalsynth export --html`: play Connect4 against the exported
// evaluator. Uses the board and language (play_language.js), the search
// (play_search.js) and `evaluate` (the program, written by the exporter);
// reads the program's facts from the JSON in #play-data.

const data = JSON.parse(document.getElementById('play-data').textContent);

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

const state = {
  board: new Board(),
  history: [], // columns 0-6, in order
  you: X,
  depth: data.depth,
  over: null, // null while playing, then X, O or 'draw'
  pending: null, // the timer of the engine's next move
  lastEngine: null, // { col, value } of the engine's last move
  hint: null,
};

const sideName = (side) => (side === X ? 'X' : 'O');
const turn = () => (state.over !== null ? 'over' : state.board.sideToMove() === state.you ? 'you' : 'engine');

// A search value, from the searching side's view, in words.
function valueWords(v) {
  if (v >= WIN_VALUE) return 'a forced win';
  if (v <= -WIN_VALUE) return 'a forced loss';
  return `${v > 0 ? '+' : ''}${v}`;
}

function play(col) {
  const mover = state.board.sideToMove();
  const wins = state.board.isWinningMove(col);
  state.board.play(col);
  state.history.push(col);
  state.hint = null;
  if (wins) state.over = mover;
  else if (state.board.isFull()) state.over = 'draw';
}

function engineMove() {
  state.pending = null;
  const chosen = chooseMove(state.board, state.depth);
  state.lastEngine = chosen;
  play(chosen.move);
  render();
}

function scheduleEngine() {
  // After a short pause, so the board shows the human's stone first.
  if (turn() === 'engine') state.pending = setTimeout(engineMove, 20);
}

// A new game from the position after `moves` (Pons columns "4453"; the
// legal prefix of them is played).
function newGame(moves = '') {
  clearTimeout(state.pending);
  Object.assign(state, { board: new Board(), history: [], over: null, pending: null, lastEngine: null, hint: null });
  for (const c of moves) {
    const col = Number(c) - 1;
    if (state.over !== null || !state.board.canPlay(col)) break;
    play(col);
  }
  scheduleEngine();
  render();
}

function humanMove(col) {
  if (turn() !== 'you' || !state.board.canPlay(col)) return;
  play(col);
  scheduleEngine();
  render();
}

// Back to the position before your last move.
function undo() {
  const yours = (i) => ((i & 1) === 0 ? X : O) === state.you;
  if (!state.history.some((_, i) => yours(i))) return;
  clearTimeout(state.pending);
  state.pending = null;
  for (;;) {
    const i = state.history.length - 1;
    state.board.undo(state.history.pop());
    if (yours(i)) break;
  }
  Object.assign(state, { over: null, lastEngine: null, hint: null });
  render();
}

function hint() {
  if (turn() !== 'you') return;
  state.hint = chooseMove(state.board, state.depth);
  render();
}

function statusText() {
  const t = turn();
  if (t === 'over') {
    if (state.over === 'draw') return 'The board is full: a draw.';
    return state.over === state.you ? 'Four in a row: you win!' : 'Four in a row: the engine wins.';
  }
  let text = '';
  if (state.lastEngine)
    text += `The engine played column ${state.lastEngine.move + 1} and sees ${valueWords(state.lastEngine.value)} for itself. `;
  if (t === 'engine') return text + 'The engine is thinking…';
  text += `Your move (${sideName(state.you)}): click a column or type 1-7.`;
  if (state.hint)
    text += ` Hint: column ${state.hint.move + 1} (${valueWords(state.hint.value)} for you at depth ${state.depth}).`;
  return text;
}

function render() {
  const b = state.board;
  const last = state.history.length ? state.history[state.history.length - 1] : -1;
  // The four in a row that ended the game, drawn ringed.
  const winning = new Set();
  if (state.over === X || state.over === O)
    for (const w of WINDOWS) if (w.every((c) => b.cells[c] === state.over)) w.forEach((c) => winning.add(c));
  const grid = document.getElementById('board');
  grid.replaceChildren();
  for (let col = 0; col < COLUMNS; ++col) {
    const column = el('button', {
      class: 'column',
      'data-col': String(col),
      'aria-label': `column ${col + 1}`,
    });
    column.disabled = turn() !== 'you' || !b.canPlay(col);
    for (let row = ROWS - 1; row >= 0; --row) {
      const s = b.cells[cellIndex(row, col)];
      const isLast = col === last && row === b.heights[col] - 1;
      const classes = `cell${s === X ? ' x' : s === O ? ' o' : ''}${isLast ? ' last' : ''}`;
      column.append(el('span', { class: classes + (winning.has(cellIndex(row, col)) ? ' win' : '') }));
    }
    column.addEventListener('click', () => humanMove(col));
    grid.append(column);
  }
  const moves = state.history.map((c) => c + 1).join('');
  document.getElementById('moves').textContent = moves || '(none yet)';
  document.getElementById('status').textContent = statusText();
  document.getElementById('undo').disabled = !state.history.some((_, i) => ((i & 1) === 0 ? X : O) === state.you);
  document.getElementById('hint').disabled = turn() !== 'you';
  document.body.dataset.turn = turn();
  document.body.dataset.moves = moves;
}

function build() {
  const main = document.getElementById('play');
  const depth = el('select', { id: 'depth' });
  for (let d = 1; d <= data.maxDepth; ++d) depth.append(el('option', { value: String(d) }, String(d)));
  depth.value = String(state.depth);
  depth.addEventListener('change', () => {
    state.depth = Number(depth.value);
    state.hint = null;
    render();
  });
  const first = el('select', { id: 'first' }, el('option', { value: 'you' }, 'you (X)'), el('option', { value: 'engine' }, 'the engine (X)'));
  first.addEventListener('change', () => {
    state.you = first.value === 'you' ? X : O;
    newGame();
  });
  const button = (id, text, action) => {
    const b = el('button', { id, type: 'button' }, text);
    b.addEventListener('click', action);
    return b;
  };
  main.append(
    el('h1', {}, `Play against ${data.name}`),
    el('p', { class: 'note' }, 'Connect4 against an evaluator evolved by evalsynth, searching in your browser.'),
    el(
      'div',
      { class: 'controls' },
      el('label', {}, 'First move: ', first),
      el('label', {}, 'Engine depth: ', depth),
      button('new-game', 'New game', () => newGame()),
      button('undo', 'Undo', undo),
      button('hint', 'Hint', hint),
    ),
    el('div', { id: 'board', class: 'board' }),
    el('p', { id: 'status', role: 'status' }),
    el('p', {}, 'Moves (columns 1-7 from the empty board): ', el('code', { id: 'moves' })),
    el('h2', {}, 'The evaluator'),
    ...data.provenance.map((line) => el('p', { class: 'provenance' }, line)),
    // One term of the top-level sum per line, as the run's report shows it.
    el('pre', {}, data.program.replace(/ ([+-]) (?![^()]*\))/g, '\n  $1 ')),
  );
  if (data.original)
    main.append(el('details', {}, el('summary', {}, 'as evolved (before simplification)'), el('pre', {}, data.original)));
  main.append(
    el('h2', {}, 'How the engine plays'),
    el(
      'p',
      { class: 'note' },
      'Alpha-beta to the chosen depth (depth 1 looks at the positions after each of its moves), a win worth ' +
        '100000 at any depth, the program\'s values clamped to ±99999, and the first best column from left to ' +
        'right: the same move as evalsynth\'s own players with the left-to-right move order, e.g. ' +
        `evalsynth play PROGRAM@${data.depth} --order left-to-right. ` +
        'Open this file with #4453 after its name to start from the position after those columns.',
    ),
  );
  document.addEventListener('keydown', (e) => {
    // Digits typed into a menu (the depth) choose there, not a column.
    if (e.target instanceof HTMLSelectElement) return;
    if (e.key >= '1' && e.key <= '7' && !e.ctrlKey && !e.metaKey && !e.altKey) humanMove(Number(e.key) - 1);
  });
  // play.html#4453 starts from the position after those moves.
  const start = /^#([1-7]*)$/.exec(location.hash);
  newGame(start ? start[1] : '');
}

build();
// For the console and for tests: the page's board, search and evaluator.
window.evalsynthPlay = { Board, chooseMove, evaluate, state };
