#pragma once
// Declaration of the X3 program parser. The rules are defined in
// parser_def.hpp and instantiated once, in parser.cpp; everything else
// includes only this light header.

#include "lang/ast.hpp"
#include "lang/parser_support.hpp"

namespace evalsynth::lang::parser {

struct program_class;
using program_type = x3::rule<program_class, ast::Expression>;
BOOST_SPIRIT_DECLARE(program_type);

const program_type& program();

}  // namespace evalsynth::lang::parser
