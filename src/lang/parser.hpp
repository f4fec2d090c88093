#pragma once
// Declaration of the X3 program parser. The rules are defined in
// parser_def.hpp and instantiated once, in parser.cpp; everything else
// includes only this light header.

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/error_reporting.hpp>
#include <string>

#include "lang/ast.hpp"

namespace evalsynth::lang::parser {

namespace x3 = boost::spirit::x3;

using iterator_type = std::string::const_iterator;

// White space and comments from '#' to the end of the line.
inline const auto skipper = x3::ascii::space | x3::lexeme['#' >> *(x3::char_ - x3::eol)];
using skipper_type = std::remove_cv_t<decltype(skipper)>;

using error_handler_type = x3::error_handler<iterator_type>;
using phrase_context_type = x3::phrase_parse_context<skipper_type>::type;
using context_type = x3::context<x3::error_handler_tag, std::reference_wrapper<error_handler_type>, phrase_context_type>;

// Where and what went wrong, filled by the rules' on_error.
struct SyntaxErrorInfo {
  iterator_type where;
  std::string expected;
  bool set = false;
};
struct syntax_error_tag;
using full_context_type = x3::context<syntax_error_tag, std::reference_wrapper<SyntaxErrorInfo>, context_type>;

struct program_class;
using program_type = x3::rule<program_class, ast::Expression>;
BOOST_SPIRIT_DECLARE(program_type);

const program_type& program();

}  // namespace evalsynth::lang::parser
