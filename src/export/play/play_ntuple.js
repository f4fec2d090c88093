// ntuple() in JavaScript: evalsynth's built-in n-tuple network
// (src/lang/builtin_ntuple.hpp), for pages whose program reads it. evalsynth
// writes NTUPLE_DATA (the tuples' cells and the weights) just before this.
// The value is exactly evalsynth's: the weights added in the same order in
// double precision (a float32 converts exactly), then tanh, scaled and
// rounded halves away from zero as C's lround.

const NTUPLE = (() => {
  const text = atob(NTUPLE_DATA.weights);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
  // Little-endian float32, as evalsynth wrote them (and every browser reads).
  return { ...NTUPLE_DATA, cells: Uint8Array.from(NTUPLE_DATA.cells), weights: new Float32Array(bytes.buffer) };
})();

// A cell's state: 1 X, 2 O; empty 0, or 3 where the network tells the empty
// cell a stone can drop into now (four-state networks).
function ntupleCellState(b, cell) {
  const stone = b.cells[cell];
  if (stone === X) return 1;
  if (stone === O) return 2;
  return NTUPLE.states === 4 && b.heights[Math.floor(cell / 7)] === cell % 7 ? 3 : 0;
}

function ntupleValue(b) {
  const n = NTUPLE;
  // The position's tables: O to move reads the next one; a staged network
  // reads its second stage's from stageSplit stones on.
  const sides = n.stageSplit ? n.sides : n.tablesPerTuple;
  const tableOfSide = (sides === 2 ? b.moves & 1 : 0) + (n.stageSplit && b.moves >= n.stageSplit ? sides : 0);
  let sum = 0;
  for (let i = 0; i < n.instances; ++i) {
    let index = 0;
    for (let k = n.length - 1; k >= 0; --k) index = index * n.states + ntupleCellState(b, n.cells[i * n.length + k]);
    sum += n.weights[(Math.floor(i / 2) * n.tablesPerTuple + tableOfSide) * n.tableSize + index];
  }
  const v = n.scale * Math.tanh(sum);
  const rounded = Math.round(Math.abs(v));
  return (v < 0 ? -rounded : rounded) | 0;
}
