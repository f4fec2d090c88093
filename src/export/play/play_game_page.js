// The page of `evalsynth export --html`, for every game: play against the
// exported evaluator. Uses the game's Board, moves as text (moveText,
// movesText, parseMoves) and VIEW (how the board is drawn and moves are
// made: play_connect4_view.js, play_grid_view.js, play_nim_view.js or
// play_checkers_view.js), the search
// (play_game_search.js) and `evaluate` (the program, written by the
// exporter); reads the program's facts from the JSON in #play-data.

const data = JSON.parse(document.getElementById('play-data').textContent);

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

const state = {
  board: new Board(),
  history: [], // the moves, in order
  you: X,
  depth: data.depth,
  over: null, // null while playing, then X, O or 'draw'
  pending: null, // the timer of the engine's next move
  lastEngine: null, // { move, value } of the engine's last move
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

function play(move) {
  state.board.play(move);
  state.history.push(move);
  state.hint = null;
  state.over = state.board.status();
}

function engineMove() {
  state.pending = null;
  const chosen = chooseMove(state.board, state.depth);
  state.lastEngine = chosen;
  play(chosen.move);
  render();
}

function scheduleEngine() {
  // After a short pause, so the board shows the human's move first.
  if (turn() === 'engine') state.pending = setTimeout(engineMove, 20);
}

// A new game from the position after the moves written in `text` (the
// legal prefix of them is played).
function newGame(text = '') {
  clearTimeout(state.pending);
  Object.assign(state, { board: new Board(), history: [], over: null, pending: null, lastEngine: null, hint: null });
  for (const move of parseMoves(text)) play(move);
  scheduleEngine();
  render();
}

function humanMove(move) {
  if (turn() !== 'you' || !state.board.isLegal(move)) return;
  play(move);
  scheduleEngine();
  render();
}

const yours = (i) => ((i & 1) === 0 ? X : O) === state.you;

// Back to the position before your last move.
function undo() {
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
  if (t === 'over') return VIEW.resultText(state.over, state.you, state.board);
  let text = '';
  if (state.lastEngine)
    text += `The engine ${VIEW.playedWords(state.lastEngine.move)} and sees ${valueWords(state.lastEngine.value)} for itself. `;
  if (t === 'engine') return text + 'The engine is thinking…';
  text += `Your move (${sideName(state.you)}): ${VIEW.prompt}.`;
  if (state.hint)
    text += ` Hint: ${VIEW.hintWords(state.hint.move)} (${valueWords(state.hint.value)} for you at depth ${state.depth}).`;
  return text;
}

function render() {
  const last = state.history.length ? state.history[state.history.length - 1] : null;
  VIEW.render(document.getElementById('board'), state.board, turn() === 'you', last, state.over);
  const moves = movesText(state.history);
  document.getElementById('moves').textContent = moves || '(none yet)';
  document.getElementById('status').textContent = statusText();
  document.getElementById('undo').disabled = !state.history.some((_, i) => yours(i));
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
    el('p', { class: 'note' }, `${VIEW.gameWords} against an evaluator evolved by evalsynth, searching in your browser.`),
    el(
      'div',
      { class: 'controls' },
      el('label', {}, 'First move: ', first),
      el('label', {}, 'Engine depth: ', depth),
      button('new-game', 'New game', () => newGame()),
      button('undo', 'Undo', undo),
      button('hint', 'Hint', hint),
    ),
    el('div', { id: 'board', class: VIEW.boardClass }),
    el('p', { id: 'status', role: 'status' }),
    el('p', {}, VIEW.movesLabel, el('code', { id: 'moves' })),
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
        "100000 at any depth, the program's values clamped to ±99999, and the first best move in " +
        `${VIEW.orderWords}: the same move as evalsynth's own players with the left-to-right move order, e.g. ` +
        `evalsynth play PROGRAM@${data.depth} --game ${data.game} --order left-to-right. ` +
        `Open this file with #${VIEW.hashExample} after its name to start from the position after those moves.`,
    ),
  );
  document.addEventListener('keydown', (e) => {
    // Keys typed into a menu (the depth) choose there, not a move.
    if (e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    const move = VIEW.keyMove(e.key);
    if (move !== null) humanMove(move);
  });
  // play.html#MOVES starts from the position after those moves.
  let moves = '';
  try {
    moves = decodeURIComponent(location.hash.slice(1));
  } catch (e) {
    // A malformed fragment (play.html#%) starts from the empty board.
  }
  newGame(moves);
}

build();
// For the console and for tests: the page's board, search and evaluator.
window.evalsynthPlay = { Board, chooseMove, evaluate, state };
