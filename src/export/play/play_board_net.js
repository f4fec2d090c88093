// The n-tuple networks built into evalsynth for Othello, tuples() and
// wpc_td() (src/lang/builtin_board_net.hpp), for pages whose program reads
// one. evalsynth writes each network's data just before the evaluator: its
// instances' cells, where each instance's tables start (X to move, O to
// move), the weights and the scale's constants. The value is exactly
// evalsynth's: the weights added in the same order in double precision (a
// float32 converts exactly), then model_value.hpp's evaluation_from_tanh_sum,
// rounded halves away from zero as C's lround.

const boardNets = {}; // by feature name: boardNets.tuples

function boardNet(data) {
  const text = atob(data.weights);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
  // Little-endian float32, as evalsynth wrote them (and every browser reads).
  return {
    ...data,
    cells: Uint8Array.from(data.cells),
    tables: Uint32Array.from(data.tables),
    weights: new Float32Array(bytes.buffer),
  };
}

function boardNetValue(b, net) {
  // A cell's state: 0 empty, 1 X, 2 O (othello::Game::cell_state).
  const states = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; ++c) states[c] = b.x & BIT[c] ? 1 : b.o & BIT[c] ? 2 : 0;
  const side = b.plies & 1;
  let sum = 0;
  for (let i = 0; i < net.instances; ++i) {
    let index = 0;
    for (let k = net.length - 1; k >= 0; --k) index = index * net.states + states[net.cells[i * net.length + k]];
    sum += net.weights[net.tables[2 * i + side] + index];
  }
  // tanh(sum) on the evaluation scale, and linear in the sum beyond
  // |tanh| = tanhKept, so that the tails keep their order.
  const magnitude = Math.abs(sum);
  let v;
  if (magnitude <= net.keptSum) v = Math.tanh(sum) * net.scale;
  else {
    const tail = net.tanhKept * net.scale + net.tailStep * (Math.min(magnitude, net.maxSum) - net.keptSum);
    v = sum < 0 ? -tail : tail;
  }
  const rounded = Math.round(Math.abs(v));
  return (v < 0 ? -rounded : rounded) | 0;
}
