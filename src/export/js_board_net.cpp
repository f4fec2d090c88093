// Othello's built-in networks on the playable page: the data play_board_net.js
// reads, written from the network the tool itself evaluates with, so the page's
// value is evalsynth's (the browser test compares them).

#include <string>
#include <vector>

#include "export/board_net_export.hpp"
#include "export/js_export.hpp"
#include "export/play_assets.hpp"
#include "lang/builtin_board_net.hpp"
#include "model/model_value.hpp"

namespace evalsynth::exporter {
namespace {

// One network's data, as boardNets.FEATURE.
std::string board_net_data(const model::BoardNTupleNet& net, std::string_view feature, std::string_view origin) {
  std::string cells, tables;
  for (std::size_t i = 0; i < net.instance_count(); ++i) {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict, its bug
    // 105329) on "," + std::string chains.
    for (int k = 0; k < net.length(); ++k) {
      if (!cells.empty()) cells += ',';
      cells += std::to_string(net.instance_cells(i)[k]);
    }
    if (!tables.empty()) tables += ',';
    tables.append(std::to_string(net.table_offset(i, Side::X))).append(",");
    tables += std::to_string(net.table_offset(i, Side::O));
  }
  std::string out =
      "// " + std::string(feature) + "(): the network built into evalsynth (" + std::string(origin) + ").\n";
  out += "boardNets." + std::string(feature) + " = boardNet({instances: " + std::to_string(net.instance_count()) +
         ", length: " + std::to_string(net.length()) + ", states: " + std::to_string(net.board().states) +
         ",\n  scale: " + exact(model::kModelScale) + ", keptSum: " + exact(model::kKeptSum) +
         ", tanhKept: " + exact(model::kTanhKept) + ", tailStep: " + exact(model::kTailStep) +
         ", maxSum: " + exact(model::kMaxSum) + ",\n  cells: [" + cells + "],\n  tables: [" + tables +
         "],\n  weights: '" + float32_base64(net.weights()) + "'});\n";
  return out;
}

}  // namespace

std::string js_board_nets(const lang::Program& program) {
  const std::vector<const lang::BuiltinBoardNet*> nets = lang::builtin_board_nets_read(program);
  if (nets.empty()) return "";
  std::string out = "\n" + std::string(play_assets::kPlayBoardNet);
  for (const lang::BuiltinBoardNet* net : nets)
    out += board_net_data(lang::builtin_board_model(*net), net->feature, net->path);
  return out;
}

}  // namespace evalsynth::exporter
