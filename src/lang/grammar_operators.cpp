#include "lang/grammar_operators.hpp"

namespace evalsynth::lang::grammar_detail {

const std::map<std::string, OperatorSignature>& binary_operators() {
  static const std::map<std::string, OperatorSignature> table = {
      {"+", {Op::Add, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"-", {Op::Sub, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"*", {Op::Mul, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"/", {Op::Div, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"%", {Op::Mod, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"<", {Op::Lt, {SymbolType::Int, SymbolType::Int}, SymbolType::Bool}},
      {"<=", {Op::Le, {SymbolType::Int, SymbolType::Int}, SymbolType::Bool}},
      {"=", {Op::Eq, {SymbolType::Int, SymbolType::Int}, SymbolType::Bool}},
      {"!=", {Op::Ne, {SymbolType::Int, SymbolType::Int}, SymbolType::Bool}},
      {">", {Op::Gt, {SymbolType::Int, SymbolType::Int}, SymbolType::Bool}},
      {">=", {Op::Ge, {SymbolType::Int, SymbolType::Int}, SymbolType::Bool}},
      {"and", {Op::And, {SymbolType::Bool, SymbolType::Bool}, SymbolType::Bool}},
      {"or", {Op::Or, {SymbolType::Bool, SymbolType::Bool}, SymbolType::Bool}},
  };
  return table;
}

const std::map<std::string, OperatorSignature>& function_operators() {
  static const std::map<std::string, OperatorSignature> table = {
      {"sq", {Op::Sq, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"height", {Op::Height, {SymbolType::Int}, SymbolType::Int}},
      {"min", {Op::Min, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"max", {Op::Max, {SymbolType::Int, SymbolType::Int}, SymbolType::Int}},
      {"abs", {Op::Abs, {SymbolType::Int}, SymbolType::Int}},
  };
  return table;
}

}  // namespace evalsynth::lang::grammar_detail
