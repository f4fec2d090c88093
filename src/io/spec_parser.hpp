#pragma once
// Declaration of the X3 spec-file parser (defined in spec_parser_def.hpp,
// instantiated once in spec_parser.cpp).

#include <vector>

#include "io/spec_ast.hpp"
#include "lang/parser_support.hpp"

namespace evalsynth::lang::parser {

struct spec_file_class;
using spec_file_type = x3::rule<spec_file_class, std::vector<spec_ast::Entry>>;
BOOST_SPIRIT_DECLARE(spec_file_type);

const spec_file_type& spec_file();

}  // namespace evalsynth::lang::parser
