#pragma once
// The grammar of *.grammar files (documented in grammar/README.md).

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/annotate_on_success.hpp>

#include "lang/grammar_ast.hpp"
#include "lang/grammar_parser.hpp"

BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::grammar_ast::Token, text)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::grammar_ast::Alternative, tokens, weight)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::grammar_ast::Production, name, alternatives)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::grammar_ast::Start, keyword, name)

namespace evalsynth::lang::parser {

using x3::alnum;
using x3::alpha;
using x3::char_;
using x3::lexeme;
using x3::lit;

struct grammar_file_class : error_reporter {};
struct statement_class : x3::annotate_on_success {};
struct start_class : x3::annotate_on_success {};
struct production_class : x3::annotate_on_success {};
struct alternative_class : x3::annotate_on_success {};
struct token_class : x3::annotate_on_success {};
struct name_token_class : x3::annotate_on_success {};
struct start_token_class : x3::annotate_on_success {};

const grammar_file_type grammar_file_rule = "grammar file";
const x3::rule<statement_class, grammar_ast::Statement> statement = "a production (name ::= ...) or 'start name'";
const x3::rule<start_class, grammar_ast::Start> start_line = "'start'";
const x3::rule<production_class, grammar_ast::Production> production = "production";
const x3::rule<alternative_class, grammar_ast::Alternative> alternative = "an alternative";
const x3::rule<token_class, grammar_ast::Token> token = "a token";
const x3::rule<name_token_class, grammar_ast::Token> name_token = "a name";
const x3::rule<class word_class, std::string> word = "a name";
const x3::rule<class token_text_class, std::string> token_text = "a token";
const x3::rule<class start_word_class, std::string> start_word = "'start'";

const auto word_boundary = !(alnum | '_');
const auto word_def = lexeme[(alpha | char_('_')) >> *(alnum | char_('_'))];
const auto start_word_def = lexeme[x3::string("start") >> word_boundary];
const x3::rule<class number_text_class, std::string> number_text = "a number";
const x3::rule<class symbol_text_class, std::string> symbol_text = "a symbol";
// The lookahead keeps a lone '-' from leaking into the token: X3 does not undo
// what a failed alternative already wrote into a string attribute.
const auto number_text_def = &lexeme[-lit('-') >> x3::digit] >> lexeme[-char_('-') >> +x3::digit];
const auto symbol_text_def = x3::string("..") | x3::string("<=") | x3::string(">=") | x3::string("!=") |
                             x3::string("<") | x3::string(">") | x3::string("=") | x3::string("+") | x3::string("-") |
                             x3::string("*") | x3::string("/") | x3::string("%") | x3::string("(") | x3::string(")") |
                             x3::string(",");
// A token never begins the next statement: a name followed by "::=", or 'start'.
const auto token_text_def = !(word >> "::=") >> !start_word >> (word | number_text | symbol_text);
const auto token_def = token_text;
const auto name_token_def = word;

const auto grammar_file_rule_def = *statement > x3::eoi;
const auto statement_def = start_line | production;
// The keyword is a Token rule of its own so that errors can point at it.
const x3::rule<start_token_class, grammar_ast::Token> start_token = "'start'";
const auto start_token_def = start_word;
const auto start_line_def = (start_token >> name_token);
const x3::rule<class alternatives_class, std::vector<grammar_ast::Alternative>> alternatives = "an alternative";
const auto alternatives_def = alternative >> *(lit('|') > alternative);
const auto production_def = name_token >> lit("::=") > alternatives;
const x3::rule<class weight_class, double> weight = "a weight (a number such as 2 or 0.5)";
const auto weight_def = x3::double_;
const auto alternative_def = +token > -(lit('@') > weight);

BOOST_SPIRIT_DEFINE(grammar_file_rule, statement, start_line, production, alternative, token, name_token, word,
                    token_text, start_word, number_text, symbol_text, alternatives, start_token, weight)

const grammar_file_type& grammar_file() { return grammar_file_rule; }

}  // namespace evalsynth::lang::parser
