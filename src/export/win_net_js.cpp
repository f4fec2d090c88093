// The four-in-a-row design's network (model/win_net.hpp) as the playable
// page's evaluate(board): the weights written with 17 significant digits
// (which JavaScript reads back as the same doubles) and the forward pass
// adding in evalsynth's order (the bias, X's stones by cell, then O's), so
// the page's value is evalsynth's.

#include <cstdio>

#include "export/play_page.hpp"

namespace evalsynth::exporter {

std::string js_win_net(const model::WinNet& net) {
  std::string weights;
  char number[32];
  for (std::size_t i = 0; i < net.parameters().size(); ++i) {
    std::snprintf(number, sizeof number, "%.17g", net.parameters()[i]);
    weights += (i ? (i % 8 ? ", " : ",\n  ") : "") + std::string(number);
  }
  return "\n// The evaluator: the four-in-a-row design's network, exported by evalsynth\n"
         "// (its model/win_net.hpp): one input per cell (+1 X, -1 O, 0 empty), " +
         std::to_string(net.hidden()) +
         " sigmoid\n"
         "// hidden units, two sigmoid outputs (X wins, O wins). Hidden unit j's\n"
         "// weights at j * (CELLS + 1): bias, then a weight per cell; then each\n"
         "// output's: bias, then a weight per hidden unit.\n"
         "const WIN_NET_HIDDEN = " +
         std::to_string(net.hidden()) + ";\nconst WIN_NET_WEIGHTS = new Float64Array([\n  " + weights +
         "]);\n"
         "function evaluate(b) {\n"
         "  const w = WIN_NET_WEIGHTS;\n"
         "  const hidden = new Float64Array(WIN_NET_HIDDEN);\n"
         "  for (let j = 0; j < WIN_NET_HIDDEN; ++j) {\n"
         "    const unit = j * (CELLS + 1);\n"
         "    let z = w[unit];\n"
         "    for (let c = 0; c < CELLS; ++c) if (b.cells[c] === 1) z += w[unit + 1 + c];\n"
         "    for (let c = 0; c < CELLS; ++c) if (b.cells[c] === -1) z -= w[unit + 1 + c];\n"
         "    hidden[j] = 1 / (1 + Math.exp(-z));\n"
         "  }\n"
         "  const out = [0, 0];\n"
         "  for (let k = 0; k < 2; ++k) {\n"
         "    const unit = WIN_NET_HIDDEN * (CELLS + 1) + k * (WIN_NET_HIDDEN + 1);\n"
         "    let z = w[unit];\n"
         "    for (let j = 0; j < WIN_NET_HIDDEN; ++j) z += w[unit + 1 + j] * hidden[j];\n"
         "    out[k] = 1 / (1 + Math.exp(-z));\n"
         "  }\n"
         "  // evalsynth's lround: halves away from zero.\n"
         "  const v = (out[0] - out[1]) * 50000;\n"
         "  return v < 0 ? -Math.round(-v) : Math.round(v);\n"
         "}\n";
}

}  // namespace evalsynth::exporter
