#pragma once
// Declaration of the X3 program parser. The rules are defined in
// parser_def.hpp and instantiated once, in parser.cpp; everything else
// includes only this light header.

#include "lang/ast.hpp"
#include "support/x3_parsing.hpp"

namespace evalsynth::lang::parser {

// The shared X3 plumbing (iterator, skipper, contexts, error capture).
using namespace evalsynth::parsing;

struct program_class;
using program_type = x3::rule<program_class, ast::Expression>;
BOOST_SPIRIT_DECLARE(program_type);

const program_type& program();

}  // namespace evalsynth::lang::parser
