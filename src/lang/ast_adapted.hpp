#pragma once
// Fusion adaptation of the syntax tree, kept apart so only the parser's
// definition file pays for it.

#include <boost/fusion/include/adapt_struct.hpp>

#include "lang/ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::Number, digits)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::Name, text)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::Unary, op, operand)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::Operation, op, operand)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::Expression, first, rest)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::Call, name, arguments)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::IfThenElse, condition, then_branch, else_branch)
BOOST_FUSION_ADAPT_STRUCT(evalsynth::lang::ast::LetIn, name, bound, body)
