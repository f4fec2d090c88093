#pragma once
// Declaration of the X3 parser of grammar files; defined in
// grammar_parser_def.hpp and instantiated once in grammar_parser.cpp.

#include <vector>

#include "lang/grammar_ast.hpp"
#include "support/x3_parsing.hpp"

namespace evalsynth::lang::parser {

// The shared X3 plumbing (iterator, skipper, contexts, error capture).
using namespace evalsynth::parsing;

struct grammar_file_class;
using grammar_file_type = x3::rule<grammar_file_class, std::vector<grammar_ast::Statement>>;
BOOST_SPIRIT_DECLARE(grammar_file_type);

const grammar_file_type& grammar_file();

}  // namespace evalsynth::lang::parser
