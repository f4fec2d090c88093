#pragma once
// Syntax tree of a *.grammar file as X3 reads it: statements, each a `start`
// line or a production `name ::= alternative | alternative ...`, where an
// alternative is a list of tokens with an optional `@ weight`. What the tokens
// mean is worked out afterwards (grammar.cpp), with located errors.

#include <boost/optional.hpp>
#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>
#include <string>
#include <vector>

namespace evalsynth::lang::grammar_ast {

namespace x3 = boost::spirit::x3;

struct Token : x3::position_tagged {
  std::string text;
};

struct Alternative : x3::position_tagged {
  std::vector<Token> tokens;
  boost::optional<double> weight;
};

struct Production : x3::position_tagged {
  Token name;
  std::vector<Alternative> alternatives;
};

struct Start : x3::position_tagged {
  Token keyword;
  Token name;
};

struct Statement : x3::variant<Start, Production> {
  using base_type::base_type;
  using base_type::operator=;
};

}  // namespace evalsynth::lang::grammar_ast
