#pragma once
// Internal to lang/: the operators a grammar's alternatives may name, with
// their operand and result types (grammar.cpp checks alternatives by them).

#include <map>
#include <string>
#include <vector>

#include "lang/grammar.hpp"

namespace evalsynth::lang::grammar_detail {

struct OperatorSignature {
  Op op;
  std::vector<SymbolType> operands;
  SymbolType result;
};

// `A OP B` forms: + - * / % < <= = != > >= and or.
const std::map<std::string, OperatorSignature>& binary_operators();
// `NAME(A, ...)` forms: sq, height, min, max, abs.
const std::map<std::string, OperatorSignature>& function_operators();

}  // namespace evalsynth::lang::grammar_detail
