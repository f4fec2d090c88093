#include "export/board_net_export.hpp"

#include <cstdio>

#include "model/model_value.hpp"

namespace evalsynth::exporter {

std::string exact(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

std::string board_net_namespace(std::string_view feature) { return std::string(feature) + "_net"; }

std::string othello_board_net_definitions(const model::BoardNTupleNet& net, std::string_view feature,
                                          std::string_view origin) {
  const std::size_t instances = net.instance_count();
  const int length = net.length(), states = net.board().states;
  std::string out = "// " + std::string(feature) + "(): an n-tuple network built into evalsynth (" +
                    std::string(origin) +
                    "),\n"
                    "// each of its tuples read under each of the board's symmetries (an instance),\n"
                    "// a cell's state 0 empty, 1 X, 2 O; the selected weights added in this order.\n";
  out += "namespace " + board_net_namespace(feature) + " {\n";
  out += "inline constexpr int kNetInstances = " + std::to_string(instances) +
         ", kNetLength = " + std::to_string(length) + ", kNetStates = " + std::to_string(states) + ";\n";
  out += "inline constexpr unsigned char kNetCells[kNetInstances][kNetLength] = {";
  for (std::size_t i = 0; i < instances; ++i) {
    out += i % 8 == 0 ? "\n    {" : " {";
    for (int k = 0; k < length; ++k) out += (k ? ", " : "") + std::to_string(net.instance_cells(i)[k]);
    out += "},";
  }
  out += "\n};\n// Where each instance's table starts: with X to move, with O to move.\n";
  out += "inline constexpr std::uint32_t kNetTable[kNetInstances][2] = {";
  for (std::size_t i = 0; i < instances; ++i) {
    out += i % 6 == 0 ? "\n    {" : " {";
    out += std::to_string(net.table_offset(i, Side::X)) + ", " + std::to_string(net.table_offset(i, Side::O)) + "},";
  }
  const std::vector<float>& weights = net.weights();
  out += "\n};\ninline constexpr float kNetWeights[" + std::to_string(weights.size()) + "] = {";
  for (std::size_t w = 0; w < weights.size(); ++w) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(weights[w]));  // a float that reads back as itself
    std::string literal = text;
    if (literal.find_first_of(".e") == std::string::npos) literal += ".0";  // 0f is no literal; 0.0f is
    out += (w % 8 == 0 ? "\n    " : " ") + literal + "f,";
  }
  out += "\n};\n";
  out +=
      "inline int value(std::uint64_t x, std::uint64_t o, bool o_to_move) {\n"
      "  double sum = 0;\n"
      "  for (int i = 0; i < kNetInstances; ++i) {\n"
      "    std::uint32_t index = 0;\n"
      "    for (int k = kNetLength - 1; k >= 0; --k) {\n"
      "      const int c = kNetCells[i][k];\n"
      "      index = index * kNetStates + static_cast<std::uint32_t>((x >> c & 1) | (o >> c & 1) << 1);\n"
      "    }\n"
      "    sum += kNetWeights[kNetTable[i][o_to_move ? 1 : 0] + index];\n"
      "  }\n"
      "  // X's prospects on the evaluation scale: tanh(sum), and linear in the sum\n"
      "  // beyond |tanh| = " +
      exact(model::kTanhKept) +
      ", so that the tails keep their order.\n"
      "  const double magnitude = std::fabs(sum);\n"
      "  if (magnitude <= " +
      exact(model::kKeptSum) + ") return static_cast<int>(std::lround(std::tanh(sum) * " + exact(model::kModelScale) +
      "));\n"
      "  const double tail = " +
      exact(model::kTanhKept) + " * " + exact(model::kModelScale) + " + " + exact(model::kTailStep) +
      " * (std::fmin(magnitude, " + exact(model::kMaxSum) + ") - " + exact(model::kKeptSum) +
      ");\n"
      "  return static_cast<int>(std::lround(sum < 0 ? -tail : tail));\n"
      "}\n}  // namespace " +
      board_net_namespace(feature) + "\n";
  return out;
}

}  // namespace evalsynth::exporter
