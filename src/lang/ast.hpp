#pragma once
// Syntax tree of the evaluator language as the X3 parser builds it. Binary
// operators of one precedence level are a flat list (first, then (op, operand)
// pairs); lowering (lower.hpp) turns it into a typed postfix Program.

#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>
#include <string>
#include <vector>

namespace evalsynth::lang::ast {

namespace x3 = boost::spirit::x3;

struct Expression;
struct Unary;
struct Call;
struct IfThenElse;
struct LetIn;

struct Number : x3::position_tagged {
  std::string digits;
};

struct Name : x3::position_tagged {
  std::string text;
};

struct Operand : x3::variant<Number, Name, x3::forward_ast<Unary>, x3::forward_ast<Call>, x3::forward_ast<IfThenElse>,
                             x3::forward_ast<LetIn>, x3::forward_ast<Expression>> {
  using base_type::base_type;
  using base_type::operator=;
};

struct Unary : x3::position_tagged {
  std::string op;  // "-" or "not"
  Operand operand;
};

struct Operation : x3::position_tagged {
  std::string op;
  Operand operand;
};

struct Expression : x3::position_tagged {
  Operand first;
  std::vector<Operation> rest;
};

struct Call : x3::position_tagged {
  Name name;
  std::vector<Expression> arguments;
};

struct IfThenElse : x3::position_tagged {
  Expression condition;
  Expression then_branch;
  Expression else_branch;
};

struct LetIn : x3::position_tagged {
  Name name;
  Expression bound;
  Expression body;
};

}  // namespace evalsynth::lang::ast
