#include "lang/builtin_board_net.hpp"

#include <array>
#include <variant>

#include "lang/builtin_othello_tuples_bytes.hpp"
#include "model/model_file.hpp"

namespace evalsynth::lang {

namespace {

constexpr std::array<BuiltinBoardNet, 1> kNets = {{
    {"othello", "tuples", "grammar/models/othello_tuples.model"},
}};

model::BoardNTupleNet decode(const BuiltinBoardNet& net, std::string_view bytes) {
  model::Model m = model::decode_model(std::string(bytes), std::string(net.path));
  // The build embeds a board network (tested); anything else is a broken build.
  return std::get<model::BoardNTupleNet>(std::move(m.network));
}

}  // namespace

const BuiltinBoardNet* builtin_board_net(std::string_view family, std::string_view feature) {
  for (const BuiltinBoardNet& net : kNets)
    if (net.family == family && net.feature == feature) return &net;
  return nullptr;
}

const BuiltinBoardNet* reads_builtin_board_net(const Program& program) {
  const FeatureLibrary& library = program.features();
  for (const Node& node : program.nodes)
    if (node.op == Op::Feature)
      if (const BuiltinBoardNet* net = builtin_board_net(library.family, library[node.value].name)) return net;
  return nullptr;
}

const model::BoardNTupleNet& builtin_board_model(const BuiltinBoardNet& net) {
  static_assert(kNets.size() == 1, "a network added to kNets needs its decoded model here");
  (void)net;
  static const model::BoardNTupleNet othello_tuples = decode(kNets[0], builtin_othello_tuples_bytes::kModel);
  return othello_tuples;
}

}  // namespace evalsynth::lang
