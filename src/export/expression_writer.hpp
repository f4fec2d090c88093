#pragma once
// The program-specific part of an exported header: a non-linear program as
// C++ statements over the runtime's wrapping integer type (its lets as named
// constants, brackets only where C++ precedence or -Wparentheses need them),
// and the C++ expression of each feature it uses.

#include <set>
#include <string>
#include <utility>

#include "lang/program.hpp"

namespace evalsynth::exporter {

struct ProgramBody {
  std::string statements;                  // the lets, then `return result.v;`
  std::set<std::pair<int, int>> features;  // (feature id in the program's library, player) used
  bool uses_sq = false, uses_height = false;
};

ProgramBody write_program_body(const lang::Program& program);

// The local constant a feature of `library` is computed into: windows2_x,
// moves, ...
std::string feature_local(const FeatureLibrary& library, int feature, int player);
// A Connect4 feature's value, in terms of the runtime (export/runtime/board_features.hpp).
std::string feature_expression(lang::Feature f, int player);
bool is_threat_feature(lang::Feature f);
bool is_cpp_keyword(const std::string& word);

}  // namespace evalsynth::exporter
