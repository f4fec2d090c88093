// How the page of ModNim draws the table and takes moves
// (play_game_page.js): the sticks left, and a button per number of sticks
// the human may take (keys 1-9 too).

const VIEW = {
  gameWords: GAME.title,
  boardClass: 'nim-board',
  prompt: `take 1 to ${LIMIT} sticks (whoever takes the last stick loses)`,
  movesLabel: 'Moves (sticks taken, X first): ',
  orderWords: 'the order take 1, take 2, …',
  hashExample: '3,1,2',
  playedWords: (taken) => `took ${taken} stick${taken === 1 ? '' : 's'}`,
  hintWords: (taken) => `take ${taken}`,
  keyMove: (key) => (/^[1-9]$/.test(key) && Number(key) <= LIMIT ? Number(key) : null),

  resultText(over, you) {
    // The side to move when no sticks are left wins: the other took the last.
    return over === you ? 'The engine took the last stick: you win!' : 'You took the last stick: the engine wins.';
  },

  render(table, b, yourTurn, last) {
    table.replaceChildren();
    const sticks = el('div', { class: 'sticks', 'aria-label': `${b.sticks} sticks left` });
    for (let i = 0; i < b.sticks; ++i) sticks.append(el('span', { class: 'stick' }));
    const left = `${b.sticks} stick${b.sticks === 1 ? '' : 's'} left`;
    table.append(el('p', { class: 'sticks-left' }, left + (last !== null ? ` (${last} just taken)` : '')), sticks);
    const takes = el('div', { class: 'takes' });
    for (let taken = 1; taken <= LIMIT; ++taken) {
      const button = el('button', { class: 'take', type: 'button', 'data-take': String(taken) }, `Take ${taken}`);
      button.disabled = !yourTurn || !b.isLegal(taken);
      button.addEventListener('click', () => humanMove(taken));
      takes.append(button);
    }
    table.append(takes);
  },
};
