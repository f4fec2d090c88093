#pragma once
// Syntax tree of a spec file: `key = value` entries. A value is a
// comma-separated list of sums of terms; a term is a word (names, paths,
// numbers, `ibef@2`), a quoted string, or a call `name(values)`. What each key
// means is decided afterwards (spec.cpp), with located errors.

#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>
#include <string>
#include <vector>

namespace evalsynth::spec_ast {

namespace x3 = boost::spirit::x3;

struct Call;

struct Word : x3::position_tagged {
  std::string text;
  bool quoted = false;
};

struct Term : x3::variant<Word, x3::forward_ast<Call>> {
  using base_type::base_type;
  using base_type::operator=;
};

struct Sum : x3::position_tagged {
  std::vector<Term> terms;  // joined by '+'
};

struct Call : x3::position_tagged {
  Word name;
  std::vector<Sum> arguments;
};

struct Entry : x3::position_tagged {
  Word key;
  std::vector<Sum> values;  // comma-separated
};

}  // namespace evalsynth::spec_ast
