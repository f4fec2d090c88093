#pragma once
// Declaration of the X3 spec-file parser (defined in spec_parser_def.hpp,
// instantiated once in spec_parser.cpp).

#include <vector>

#include "io/spec_ast.hpp"
#include "support/x3_parsing.hpp"

namespace evalsynth::spec_parser {

// The shared X3 plumbing (iterator, skipper, contexts, error capture).
using namespace evalsynth::parsing;

struct spec_file_class;
using spec_file_type = x3::rule<spec_file_class, std::vector<spec_ast::Entry>>;
BOOST_SPIRIT_DECLARE(spec_file_type);

const spec_file_type& spec_file();

}  // namespace evalsynth::spec_parser
