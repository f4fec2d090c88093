// Draws the report from the data the page carries (script#report-data):
// the run's summary.json, log.csv, spec, answer and, when present, match.csv
// and strength-*.csv. Charts by Chart.js (inlined above this script).
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const el = (tag, attrs, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children) e.append(c);
    return e;
  };
  const section = (title) => {
    const s = el('section', {}, el('h2', {}, title));
    document.getElementById('report').append(s);
    return s;
  };

  // RFC 4180 CSV, as the tool writes it: rows of fields, quotes doubled.
  function parseCsv(text) {
    const rows = [];
    let row = [], field = '', quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
        else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') { row.push(field); field = ''; }
      else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; }
      else if (c !== '\r') field += c;
    }
    if (field !== '' || row.length) { row.push(field); rows.push(row); }
    const header = rows.shift() || [];
    return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
  }

  const palette = ['#0969da', '#cf222e', '#1a7f37', '#8250df', '#bf8700', '#6e7781', '#e16f24', '#0a3069'];
  function lineChart(parent, title, labels, datasets, yTitle, xTitle = 'generation') {
    const canvas = el('canvas', { role: 'img', 'aria-label': title });
    parent.append(el('div', { class: 'chart' }, canvas));
    new Chart(canvas, {
      type: 'line',
      data: {
        labels,
        datasets: datasets.map((d, i) => Object.assign({
          borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length],
          pointRadius: 0, borderWidth: 2, spanGaps: true,
        }, d)),
      },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, interaction: { mode: 'index', intersect: false },
        plugins: { title: { display: true, text: title } },
        scales: { x: { title: { display: true, text: xTitle } }, y: { title: { display: !!yTitle, text: yTitle || '' } } },
      },
    });
  }

  // A run's page (match and strength pages carry only their tables).
  const s = data.summary;
  document.title = data.title;
  if (s) {
    // Provenance.
    const head = section('Run ' + s.run);
    const facts = el('div', { class: 'facts' });
    const fact = (name, value) => facts.append(el('div', {}, el('span', {}, name), String(value)));
    fact('spec', s.spec);
    fact('spec hash', s.spec_hash);
    if (s.game) fact('game', s.game);
    fact('seed', s.seed);
    fact('stopped by', s.stopped_by);
    fact('generations', s.generations);
    fact('distinct programs scored', s.evaluations);
    fact('time', (s.elapsed_seconds / 60).toFixed(1) + ' min');
    fact('training / validation boards', s.training_boards + ' / ' + s.validation_boards);
    head.append(facts);

    // The answer, readable: the simplified program, one term per line, highlighted.
    const answer = section('The answer');
    const a = s.answer;
    // The game's reference evaluators, scored on the same validation games
    // (Connect4: IBEF, then ADATE-2005).
    const baselines = Object.entries(s.baselines || {}).sort(([x], [y]) => (x === 'IBEF' ? -1 : y === 'IBEF' ? 1 : 0));
    answer.append(el('p', {}, 'Generation ' + a.generation + ', ' + a.size + ' nodes. Training score ' + a.training.score +
      ', validation score ' + a.validation.score + ' (' + baselines.map(([name, b]) => name + ' ' + b.score).join(', ') +
      ' on the same validation games).'));
    const pre = el('pre', { class: 'program' });
    const pretty = (a.simplified || a.program).replace(/ ([+-]) (?![^()]*\))/g, '\n  $1 ');
    const token = /(#[^\n]*)|\b(if|then|else|let|in|not|and|or|true|false)\b|\b([a-z_][a-z0-9_]*)(?=\()|(\b\d+\b)/g;
    let last = 0;
    for (const m of pretty.matchAll(token)) {
      pre.append(pretty.slice(last, m.index));
      const cls = m[1] ? 'comment' : m[2] ? 'kw' : m[3] ? 'fn' : 'num';
      pre.append(el('span', { class: cls }, m[0]));
      last = m.index + m[0].length;
    }
    pre.append(pretty.slice(last));
    answer.append(pre);

    // Curves over the run.
    const log = parseCsv(data.log_csv);
    const gens = log.map((r) => r.generation);
    const num = (r, k) => (r[k] === undefined || r[k] === '' ? null : Number(r[k]));
    const curves = section('The run, generation by generation');
    const grid = el('div', { class: 'charts' });
    curves.append(grid);
    lineChart(grid, 'Score of the best program', gens, [
      { label: 'training', data: log.map((r) => num(r, 'best_training')) },
      { label: 'validation', data: log.map((r) => num(r, 'best_validation')) },
      ...baselines.map(([name, b], i) => ({
        label: name + ' (validation)', data: log.map(() => b.score), borderDash: i % 2 ? [2, 3] : [6, 4], borderWidth: 1,
      })),
    ], 'score');
    lineChart(grid, 'Program size (nodes)', gens, [
      { label: 'mean of the population', data: log.map((r) => num(r, 'mean_size')) },
      { label: 'best program', data: log.map((r) => num(r, 'best_size')) },
    ], 'nodes');
    lineChart(grid, 'Fitness cache hit rate', gens, [{ label: 'hit rate', data: log.map((r) => num(r, 'cache_hit_rate')) }], 'share');
    const perSecond = log.map((r, i) => {
      if (i === 0) return null;
      const dt = num(r, 'elapsed_seconds') - num(log[i - 1], 'elapsed_seconds');
      return dt > 0 ? (num(r, 'evaluations') - num(log[i - 1], 'evaluations')) / dt : null;
    });
    lineChart(grid, 'Games per second', gens, [{ label: 'games per second', data: log.map((r) => num(r, 'games_per_second')) }],
      'games / s');
    lineChart(grid, 'New programs scored per second', gens, [{ label: 'programs per second', data: perSecond }], 'programs / s');
    if (log.some((r) => num(r, 'answer_mistake_rate') !== null))
      lineChart(grid, "The answer's mistake rate against perfect play", gens,
        [{ label: 'mistake rate (strength positions)', data: log.map((r) => num(r, 'answer_mistake_rate')) }], 'share of positions');


  } else if (data.learn_summary) {
    // A learning run: what was trained, and its curve over the games.
    const l = data.learn_summary;
    const head = section('Learning run ' + l.run);
    const facts = el('div', { class: 'facts' });
    const fact = (name, value) => facts.append(el('div', {}, el('span', {}, name), String(value)));
    fact('learner', l.learner);
    fact('spec', l.spec);
    // Regression without games (play_games false) counts rounds of steps.
    const playsGames = l.play_games !== false;
    const unit = playsGames ? 'games' : 'rounds';
    fact(unit, l.games + (l.finished ? '' : ' of ' + l.games_planned));
    fact('time', (l.seconds / 60).toFixed(1) + ' min');
    fact(unit + ' per second', Math.round(playsGames ? l.games_per_second : l.rounds_per_second));
    if (playsGames) fact('opponents', Array.isArray(l.opponents) ? l.opponents.join(', ') : l.opponents);
    if (l.labelled_positions)
      fact('regression', l.labelled_steps + ' labelled positions ' + (playsGames ? 'after each game' : 'a round') +
        ', from ' + l.labelled_positions.join(', '));
    fact('network', Object.entries(l.network).map(([k, v]) => k.replace(/_/g, ' ') + ' ' + v).join(', '));
    fact('seed', l.seed);
    head.append(facts);
    const curve = parseCsv(data.curve_csv);
    const games = curve.map((r) => r.games);
    const share = (r, k) => Number(r[k]) / (Number(r.wins) + Number(r.draws) + Number(r.losses));
    const selfPlay = l.opponents === 'self';
    const grid = el('div', { class: 'charts' });
    section('The learning curve').append(grid);
    if (playsGames)
      lineChart(grid, selfPlay ? 'Self-play results since the previous row' : "The learner's results since the previous row", games, [
        { label: selfPlay ? 'X wins' : 'wins', data: curve.map((r) => share(r, 'wins')) },
        { label: 'draws', data: curve.map((r) => share(r, 'draws')) },
        { label: selfPlay ? 'O wins' : 'losses', data: curve.map((r) => share(r, 'losses')) },
      ], 'share of games', unit);
    if (curve.some((r) => r.mistake_rate !== ''))
      lineChart(grid, 'Mistake rate against perfect play (curve positions)', games,
        [{ label: 'mistake rate', data: curve.map((r) => (r.mistake_rate === '' ? null : Number(r.mistake_rate))) }],
        'share of positions', unit);
    const rates = [{ label: 'alpha', data: curve.map((r) => Number(r.alpha)) }];
    if (playsGames) rates.push({ label: 'epsilon', data: curve.map((r) => Number(r.epsilon)) });
    lineChart(grid, playsGames ? 'Learning rate and exploration' : 'Learning rate', games, rates, '', unit);
  } else {
    section(data.title);
  }

  // Cross-table as a heat map: the X player's score (wins + draws / 2).
  if (data.match_csv) {
    const rows = parseCsv(data.match_csv);
    const xs = [...new Set(rows.map((r) => r.x_player))], os = [...new Set(rows.map((r) => r.o_player))];
    const table = el('table', { class: 'heat' });
    table.append(el('tr', {}, el('th', {}, 'X \\ O'), ...os.map((o) => el('th', {}, o))));
    for (const x of xs) {
      const tr = el('tr', {}, el('th', {}, x));
      for (const o of os) {
        const r = rows.find((q) => q.x_player === x && q.o_player === o);
        if (!r) { tr.append(el('td', {}, '')); continue; }
        const score = (Number(r.x_wins) + Number(r.draws) / 2) / Number(r.games);
        const td = el('td', { title: r.x_win_pct + ' - ' + r.o_win_pct + ' (' + r.draw_pct + ')' }, (100 * score).toFixed(0));
        td.style.background = 'hsl(' + (score * 120).toFixed(0) + ', 70%, ' + (85 - 20 * Math.abs(score - 0.5)).toFixed(0) + '%)';
        tr.append(td);
      }
      table.append(tr);
    }
    const m = section('Cross-table (match.csv)');
    m.append(el('p', { class: 'note' }, "The X player's score in % (wins + half the draws); hover for X wins - O wins (draws)."),
      el('div', { class: 'scroll' }, table));
  }

  // Mistakes by depth, summed over every set of each strength file.
  const strength = Object.entries(data.strength_csv || {});
  if (strength.length) {
    const sets = strength.map(([name, text]) => {
      const byDepth = {};
      for (const r of parseCsv(text)) {
        const d = (byDepth[r.depth] = byDepth[r.depth] || [0, 0]);
        d[0] += Number(r.mistakes); d[1] += Number(r.positions);
      }
      return [name, byDepth];
    });
    const depths = [...new Set(sets.flatMap(([, b]) => Object.keys(b)))].sort((p, q) => p - q);
    const st = section('Mistakes against perfect play by search depth');
    const g = el('div', { class: 'charts' });
    st.append(g);
    lineChart(g, 'Mistake rate, all sets together', depths, sets.map(([name, b]) => ({
      label: name, data: depths.map((d) => (b[d] ? b[d][0] / b[d][1] : null)), pointRadius: 3,
    })), 'share of positions', 'search depth');
  }

  // M2ICAL (evalsynth reliability): the chain's prediction against real
  // runs, mean and mean +- one standard deviation by iteration, as Oon's
  // Figure 6.2 draws them.
  if (data.reliability_csv) {
    const rows = parseCsv(data.reliability_csv);
    const column = (name, sign = 0, sd = '') => rows.map((r) => Number(r[name]) + sign * (sd ? Number(r[sd]) : 0));
    const rl = section('Predicted and real strength by iteration');
    rl.append(el('p', { class: 'note' }, 'The Markov chain of M2ICAL (solid) against the real runs (dashed): the mean strength of the answer, and the mean plus and minus one standard deviation.'));
    const g = el('div', { class: 'charts' });
    rl.append(g);
    const line = (label, values, colour, dashed) => ({ label, data: values, borderColor: colour, backgroundColor: colour, borderDash: dashed ? [6, 4] : [], pointRadius: 0 });
    // A spec's hill-climber adds the paired chain; a model without runs has no runs columns.
    const has = (name) => rows.length > 0 && name in rows[0];
    const model = has('paired_mean') ? "strength classes, paper's chain" : 'model';
    const lines = [
      line(model + ' mean', column('model_mean'), palette[0], false),
      line(model + ' mean + sd', column('model_mean', 1, 'model_sd'), palette[5], false),
      line(model + ' mean - sd', column('model_mean', -1, 'model_sd'), palette[5], false),
    ];
    if (has('paired_mean')) lines.push(line('strength classes, paired chain mean', column('paired_mean'), palette[2], false));
    if (has('score_mean')) lines.push(line('score classes mean', column('score_mean'), palette[3], false));
    if (has('runs_mean')) {
      lines.push(line('runs mean', column('runs_mean'), palette[1], true),
        line('runs mean + sd', column('runs_mean', 1, 'runs_sd'), palette[4], true),
        line('runs mean - sd', column('runs_mean', -1, 'runs_sd'), palette[4], true));
    }
    lineChart(g, 'Expected strength of the answer (%)', rows.map((r) => r.iteration), lines, 'strength (%)', 'iteration');
  }

  // evalsynth experiment: each measure's spread over the seeds, a column of
  // points per spec (each point a run, its seed on hover).
  if (data.experiment_csv) {
    const rows = parseCsv(data.experiment_csv);
    const specs = [...new Set(rows.map((r) => r.spec))];
    const ex = section('Answers by spec, one point per seed');
    const g = el('div', { class: 'charts' });
    ex.append(g);
    for (const [column, title] of [['validation_score', 'Validation score'], ['mistake_rate', 'Mistake rate on the test set']]) {
      if (rows.every((r) => r[column] === '')) continue; // a game beyond the solver's reach: no mistakes measured
      const canvas = el('canvas', { role: 'img', 'aria-label': title });
      g.append(el('div', { class: 'chart' }, canvas));
      new Chart(canvas, {
        type: 'scatter',
        data: {
          datasets: specs.map((spec, i) => ({
            label: spec, borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length], pointRadius: 4,
            data: rows.filter((r) => r.spec === spec).map((r) => ({ x: i + 1, y: Number(r[column]), seed: r.seed })),
          })),
        },
        options: {
          animation: false, responsive: true, maintainAspectRatio: false,
          plugins: {
            title: { display: true, text: title },
            tooltip: { callbacks: { label: (c) => `${c.dataset.label}, seed ${c.raw.seed}: ${c.raw.y}` } },
          },
          scales: {
            x: { min: 0.5, max: specs.length + 0.5, ticks: { stepSize: 1, callback: (v) => specs[v - 1] || '' } },
            y: { title: { display: true, text: title } },
          },
        },
      });
    }
  }

  if (data.spec_text) {
    const spec = section('The spec');
    spec.append(el('details', {}, el('summary', {}, 'spec.spec as run'), el('pre', {}, data.spec_text)));
  }

  // For the browser test and anyone checking: how many charts have pixels.
  const canvases = [...document.querySelectorAll('canvas')];
  const drawn = canvases.filter((c) => {
    const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  }).length;
  document.body.dataset.charts = drawn + '/' + canvases.length;
})();
