#pragma once
// The grammar of spec files (documented in specs/README.md).

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/annotate_on_success.hpp>

#include "io/spec_parser.hpp"

BOOST_FUSION_ADAPT_STRUCT(evalsynth::spec_ast::Word, text, quoted)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::spec_ast::Sum, terms)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::spec_ast::Call, name, arguments)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::spec_ast::Entry, key, values)

namespace evalsynth::spec_parser {

struct spec_file_class : error_reporter {};
struct spec_entry_class : x3::annotate_on_success {};
struct spec_sum_class : x3::annotate_on_success {};
struct spec_call_class : x3::annotate_on_success {};
struct spec_word_class : x3::annotate_on_success {};
struct spec_key_class : x3::annotate_on_success {};

const spec_file_type spec_file_rule = "spec";
const x3::rule<spec_entry_class, spec_ast::Entry> spec_entry = "an entry (key = value)";
const x3::rule<spec_sum_class, spec_ast::Sum> spec_sum = "a value";
const x3::rule<spec_call_class, spec_ast::Call> spec_call = "a call";
const x3::rule<spec_word_class, spec_ast::Word> spec_word = "a value";
const x3::rule<spec_key_class, spec_ast::Word> spec_key = "a key";
const x3::rule<class spec_bare_class, std::string> spec_bare = "a value";
const x3::rule<class spec_quoted_class, std::string> spec_quoted = "a quoted string";
const x3::rule<class spec_key_text_class, std::string> spec_key_text = "a key";
const x3::rule<class spec_term_class, spec_ast::Term> spec_term = "a value";
const x3::rule<class spec_values_class, std::vector<spec_ast::Sum>> spec_values = "a value";

const auto bare_char = x3::alnum | x3::char_("_./@:~-");
const auto spec_bare_def = x3::lexeme[+bare_char];
const auto spec_quoted_def = x3::lexeme['"' > *(x3::char_ - '"' - x3::eol) > '"'];
const auto spec_key_text_def = x3::lexeme[(x3::alpha | x3::char_('_')) >> *(x3::alnum | x3::char_("_-"))];
const auto spec_word_def = (spec_quoted >> x3::attr(true)) | (spec_bare >> x3::attr(false));
const auto spec_key_def = spec_key_text >> x3::attr(false);
const auto spec_call_def = spec_word >> '(' >> -(parsing::nested[spec_sum] % ',') > ')';
const auto spec_term_def = spec_call | spec_word;
const auto spec_sum_def = spec_term % '+';
const auto spec_values_def = spec_sum % ',';
const auto spec_entry_def = spec_key > '=' > spec_values;
const auto spec_file_rule_def = *spec_entry > x3::eoi;

BOOST_SPIRIT_DEFINE(spec_file_rule, spec_entry, spec_sum, spec_call, spec_word, spec_key, spec_bare, spec_quoted,
                    spec_key_text, spec_term, spec_values)

const spec_file_type& spec_file() { return spec_file_rule; }

}  // namespace evalsynth::spec_parser
