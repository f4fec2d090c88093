#include "lang/builtin_board_net.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <utility>
#include <variant>

#include "lang/builtin_othello_tuples2_bytes.hpp"
#include "lang/builtin_othello_tuples_bytes.hpp"
#include "lang/builtin_othello_wpc_td_bytes.hpp"
#include "model/model_file.hpp"

namespace evalsynth::lang {

namespace {

constexpr std::array<BuiltinBoardNet, kBuiltinBoardNets> kNets = {{
    {"othello", "tuples", "grammar/models/othello_tuples.model"},
    {"othello", "wpc_td", "grammar/models/othello_wpc_td.model"},
    {"othello", "tuples2", "grammar/models/othello_tuples2.model"},
}};
// Each network's bytes, as the build embeds them, in kNets' order.
constexpr std::array<std::string_view, kNets.size()> kBytes = {
    builtin_othello_tuples_bytes::kModel, builtin_othello_wpc_td_bytes::kModel, builtin_othello_tuples2_bytes::kModel};

model::BoardNTupleNet decode(std::size_t index) {
  model::Model m = model::decode_model(std::string(kBytes[index]), std::string(kNets[index].path));
  // The build embeds board networks (tested); anything else is a broken build.
  return std::get<model::BoardNTupleNet>(std::move(m.network));
}

}  // namespace

const BuiltinBoardNet* builtin_board_net(std::string_view family, std::string_view feature) {
  for (const BuiltinBoardNet& net : kNets)
    if (net.family == family && net.feature == feature) return &net;
  return nullptr;
}

std::vector<const BuiltinBoardNet*> builtin_board_nets_read(const Program& program) {
  const FeatureLibrary& library = program.features();
  std::vector<const BuiltinBoardNet*> read;
  for (const BuiltinBoardNet& net : kNets)
    for (const Node& node : program.nodes)
      if (node.op == Op::Feature && builtin_board_net(library.family, library[node.value].name) == &net) {
        read.push_back(&net);
        break;
      }
  return read;
}

const model::BoardNTupleNet& builtin_board_model(const BuiltinBoardNet& net) {
  const auto index = static_cast<std::size_t>(&net - kNets.data());
  assert(index < kNets.size() && "a network of kNets");
  // All decoded on first use (thread-safe): together a few kB.
  static const std::array<model::BoardNTupleNet, kNets.size()> models = [] {
    return [&]<std::size_t... i>(std::index_sequence<i...>) {
      return std::array<model::BoardNTupleNet, kNets.size()>{decode(i)...};
    }
    (std::make_index_sequence<kNets.size()>{});
  }();
  return models[index];
}

}  // namespace evalsynth::lang
