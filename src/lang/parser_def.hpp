#pragma once
// Definition of the program grammar (see grammar/README.md for the language).
// Included only by parser.cpp, which instantiates it once.

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/annotate_on_success.hpp>

#include "lang/ast.hpp"
#include "lang/ast_adapted.hpp"
#include "lang/parser.hpp"

namespace evalsynth::lang::parser {

using x3::alnum;
using x3::alpha;
using x3::char_;
using x3::lexeme;
using x3::lit;
using x3::string;

struct program_class : error_reporter, x3::annotate_on_success {};
struct expression_class : x3::annotate_on_success {};
struct or_class : x3::annotate_on_success {};
struct and_class : x3::annotate_on_success {};
struct not_class : x3::annotate_on_success {};
struct not_unary_class : x3::annotate_on_success {};
struct comparison_class : x3::annotate_on_success {};
struct sum_class : x3::annotate_on_success {};
struct product_class : x3::annotate_on_success {};
struct unary_class : x3::annotate_on_success {};
struct negation_class : x3::annotate_on_success {};
struct primary_class : x3::annotate_on_success {};
struct call_class : x3::annotate_on_success {};
struct if_class : x3::annotate_on_success {};
struct let_class : x3::annotate_on_success {};
struct name_class : x3::annotate_on_success {};
struct number_class : x3::annotate_on_success {};
struct or_operation_class : x3::annotate_on_success {};
struct and_operation_class : x3::annotate_on_success {};
struct comparison_operation_class : x3::annotate_on_success {};
struct sum_operation_class : x3::annotate_on_success {};
struct product_operation_class : x3::annotate_on_success {};

const program_type program_rule = "program";
const x3::rule<expression_class, ast::Expression> expression = "expression";
const x3::rule<or_class, ast::Expression> or_expression = "expression";
const x3::rule<and_class, ast::Expression> and_expression = "expression";
const x3::rule<not_class, ast::Operand> not_expression = "expression";
const x3::rule<not_unary_class, ast::Unary> not_unary = "'not'";
const x3::rule<comparison_class, ast::Expression> comparison = "expression";
const x3::rule<sum_class, ast::Expression> sum = "expression";
const x3::rule<product_class, ast::Expression> product = "operand";
const x3::rule<unary_class, ast::Operand> unary = "operand";
const x3::rule<negation_class, ast::Unary> negation = "operand";
const x3::rule<primary_class, ast::Operand> primary = "operand";
const x3::rule<call_class, ast::Call> call = "call";
const x3::rule<if_class, ast::IfThenElse> if_then_else = "'if'";
const x3::rule<let_class, ast::LetIn> let_in = "'let'";
const x3::rule<name_class, ast::Name> name = "name";
const x3::rule<number_class, ast::Number> number = "number";
const x3::rule<or_operation_class, ast::Operation> or_operation = "'or'";
const x3::rule<and_operation_class, ast::Operation> and_operation = "'and'";
const x3::rule<comparison_operation_class, ast::Operation> comparison_operation = "comparison";
const x3::rule<sum_operation_class, ast::Operation> sum_operation = "'+' or '-'";
const x3::rule<product_operation_class, ast::Operation> product_operation = "'*', '/' or '%'";

const auto word_end = !(alnum | '_');
// Keywords are rules so an expectation failure names them: "expected 'else'".
const x3::rule<class if_keyword_class> if_keyword = "'if'";
const x3::rule<class then_keyword_class> then_keyword = "'then'";
const x3::rule<class else_keyword_class> else_keyword = "'else'";
const x3::rule<class let_keyword_class> let_keyword = "'let'";
const x3::rule<class in_keyword_class> in_keyword = "'in'";
const auto if_keyword_def = lexeme[lit("if") >> word_end];
const auto then_keyword_def = lexeme[lit("then") >> word_end];
const auto else_keyword_def = lexeme[lit("else") >> word_end];
const auto let_keyword_def = lexeme[lit("let") >> word_end];
const auto in_keyword_def = lexeme[lit("in") >> word_end];
const auto reserved = lexeme[(lit("let") | "in" | "if" | "then" | "else" | "and" | "or" | "not") >> word_end];

const auto program_rule_def = expression > x3::eoi;
// nested[...] marks where the grammar recurses: parse() bounds it by kMaxProgramDepth.
const auto expression_def = parsing::nested[or_expression];
const auto or_expression_def = and_expression >> *or_operation;
const auto or_operation_def = lexeme[string("or") >> word_end] > and_expression;
const auto and_expression_def = not_expression >> *and_operation;
const auto and_operation_def = lexeme[string("and") >> word_end] > not_expression;
const auto not_expression_def = not_unary | comparison;
const auto not_unary_def = lexeme[string("not") >> word_end] > parsing::nested[not_expression];
const auto comparison_def = sum >> *comparison_operation;
const auto comparison_operation_def =
    (string("<=") | string(">=") | string("!=") | string("==") | string("<") | string(">") | string("=")) > sum;
const auto sum_def = product >> *sum_operation;
const auto sum_operation_def = (string("+") | string("-")) > product;
const auto product_def = unary >> *product_operation;
const auto product_operation_def = (string("*") | string("/") | string("%")) > unary;
const auto unary_def = negation | primary;
const auto negation_def = string("-") > parsing::nested[unary];
const auto primary_def = number | if_then_else | let_in | call | name | (lit('(') > expression > lit(')'));
const auto call_def = name >> lit('(') >> -(expression % ',') > lit(')');
const auto if_then_else_def = if_keyword > expression > then_keyword > expression > else_keyword > expression;
const auto let_in_def = let_keyword > name > lit('=') > expression > in_keyword > expression;
// Name and Number are single-member structs, which X3 fills only from a rule
// whose attribute is the member's type.
const x3::rule<class name_text_class, std::string> name_text = "name";
const x3::rule<class digits_class, std::string> digits = "number";
const auto name_text_def = lexeme[(alpha | char_('_')) >> *(alnum | char_('_'))] - reserved;
const auto digits_def = lexeme[+x3::digit >> word_end];
const auto name_def = name_text;
const auto number_def = digits;

BOOST_SPIRIT_DEFINE(program_rule, expression, or_expression, or_operation, and_expression, and_operation,
                    not_expression, not_unary, comparison, comparison_operation, sum, sum_operation, product,
                    product_operation, unary, negation, primary, call, if_then_else, let_in, name, number, name_text,
                    digits, if_keyword, then_keyword, else_keyword, let_keyword, in_keyword)

const program_type& program() { return program_rule; }

}  // namespace evalsynth::lang::parser
