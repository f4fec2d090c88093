#include "export/ntuple_export.hpp"

#include <cassert>
#include <charconv>
#include <cstddef>
#include <string_view>

#include "lang/builtin_ntuple.hpp"
#include "model/ntuple_net.hpp"

namespace evalsynth::exporter {

namespace {

// Which of a tuple's tables the position reads (model::NTupleNet::table_set).
std::string table_set_line(const model::NTupleNet& net) {
  if (net.stage_split() == 0)
    return "  const int table_of_side = kTablesPerTuple == 2 ? popcount(occupied) & 1 : 0;  // 1: O to move\n";
  const std::string sides = net.per_side_tables() ? "2" : "1";
  return "  const int stones = popcount(occupied);\n"
         "  // The second stage's tables from " +
         std::to_string(net.stage_split()) + " stones on; O to move: the next table.\n" +
         "  const int table_of_side = (stones >= " + std::to_string(net.stage_split()) + " ? " + sides + " : 0) + " +
         (net.per_side_tables() ? "(stones & 1)" : "0") + ";\n";
}

}  // namespace

std::string ntuple_definitions(lang::BuiltinNetwork network) {
  return ntuple_definitions(lang::builtin_ntuple(network), std::string(lang::network_name(network)) +
                                                               "(): evalsynth's built-in n-tuple network (" +
                                                               std::string(lang::network_model_path(network)) + ").");
}

std::string ntuple_definitions(const model::NTupleNet& net, const std::string& origin) {
  const std::size_t instances = net.instance_count();
  const int length = net.length();
  std::string out = "// " + origin +
                    "\n"
                    "// Instance i is tuple i / 2, read mirrored when i is odd; its cells are bit\n"
                    "// numbers 7 * col + row, its table index the sum of state_k * states^k.\n"
                    "inline constexpr int kTupleInstances = " +
                    std::to_string(instances) + ", kTupleLength = " + std::to_string(length) +
                    ", kCellStates = " + std::to_string(net.states()) +
                    ", kTablesPerTuple = " + std::to_string(net.table_sets()) +
                    ";\ninline constexpr std::uint32_t kTableSize = " + std::to_string(net.table_size()) +
                    ";\ninline constexpr unsigned char kTupleCells[" + std::to_string(instances) + "][" +
                    std::to_string(length) + "] = {\n";
  for (std::size_t i = 0; i < instances; ++i) {
    out += "    {";
    for (int k = 0; k < length; ++k) out += (k ? ", " : "") + std::to_string(net.instance_bit(i, k));
    out += "},\n";
  }
  const std::vector<float>& weights = net.weights();
  const bool staged = net.stage_split() > 0;
  out += std::string("};\n// The tables, one after the other (for each tuple: ") +
         (staged ? "the first stage's, then the second's; in each, " : "") +
         "X to move, then O).\ninline constexpr float kTupleWeights[" + std::to_string(weights.size()) + "] = {\n";
  std::size_t line_start = out.size();
  for (const float w : weights) {
    // The shortest text that reads back as exactly this float.
    char text[32];
    const auto [end, error] = std::to_chars(text, text + sizeof text, w);
    assert(error == std::errc());
    out.append(text, end);
    const std::string_view written(text, static_cast<std::size_t>(end - text));
    if (written.find_first_of(".e") == std::string_view::npos) out += ".0";  // 0f is no float literal; 0.0f is
    out += "f,";
    if (out.size() - line_start > 110) {
      out += "\n";
      line_start = out.size();
    }
  }
  out +=
      "};\n"
      "// Exactly evalsynth's ntuple(): the weights added in instance order in double\n"
      "// precision, then tanh, scaled to -1000..1000 and rounded.\n"
      "inline std::int32_t ntuple_value(std::uint64_t x, std::uint64_t o) {\n"
      "  const std::uint64_t occupied = x | o;\n"
      "  const std::uint64_t playable = (occupied + kBottomRow) & kBoard;  // the lowest empty cell of each column\n" +
      table_set_line(net) +
      "  double sum = 0;\n"
      "  for (int i = 0; i < kTupleInstances; ++i) {\n"
      "    std::uint32_t index = 0;\n"
      "    for (int k = kTupleLength - 1; k >= 0; --k) {\n"
      "      const std::uint64_t bit = std::uint64_t{1} << kTupleCells[i][k];\n"
      "      const std::uint32_t state = (x & bit)                               ? 1u\n"
      "                                  : (o & bit)                             ? 2u\n"
      "                                  : (kCellStates == 4 && (playable & bit)) ? 3u\n"
      "                                                                          : 0u;\n"
      "      index = index * static_cast<std::uint32_t>(kCellStates) + state;\n"
      "    }\n"
      "    sum += kTupleWeights[(static_cast<std::uint32_t>(i / 2 * kTablesPerTuple + table_of_side)) * kTableSize + "
      "index];\n"
      "  }\n"
      "  return static_cast<std::int32_t>(std::lround(" +
      std::to_string(lang::kNTupleFeatureScale) +
      " * std::tanh(sum)));\n"
      "}\n";
  return out;
}

}  // namespace evalsynth::exporter
