#pragma once
// What the X3 parsers of programs, grammar files and specs share: iterator,
// skipper (white space and '#' comments), context types, the capture of the
// first expectation failure, and the guard that bounds how deep rules recurse.

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/error_reporting.hpp>
#include <limits>
#include <string>

namespace evalsynth::parsing {

namespace x3 = boost::spirit::x3;

using iterator_type = std::string::const_iterator;

inline const auto skipper = x3::ascii::space | x3::lexeme['#' >> *(x3::char_ - x3::eol)];
using skipper_type = std::remove_cv_t<decltype(skipper)>;

using error_handler_type = x3::error_handler<iterator_type>;
using phrase_context_type = x3::phrase_parse_context<skipper_type>::type;
using context_type =
    x3::context<x3::error_handler_tag, std::reference_wrapper<error_handler_type>, phrase_context_type>;

// The state of one parse: where and what went wrong (filled by the outermost
// rule's on_error), and how deep the `nested[...]` parts currently recurse.
struct SyntaxErrorInfo {
  iterator_type where;
  std::string expected;
  bool set = false;
  int nesting = 0;
  int max_nesting = std::numeric_limits<int>::max();
};

// Thrown (past X3's expectation handling) when input nests deeper than the
// parse allows: a recursive-descent parser would otherwise run out of stack.
struct NestingTooDeep {
  iterator_type where;
};
struct syntax_error_tag;
using full_context_type = x3::context<syntax_error_tag, std::reference_wrapper<SyntaxErrorInfo>, context_type>;

// Base of the outermost rules' IDs: records the first expectation failure.
struct error_reporter {
  template <typename Iterator, typename Exception, typename Context>
  x3::error_handler_result on_error(Iterator&, Iterator const&, Exception const& x, Context const& context) {
    SyntaxErrorInfo& info = x3::get<syntax_error_tag>(context).get();
    if (!info.set) {
      info.where = x.where();
      info.expected = x.which();
      info.set = true;
    }
    return x3::error_handler_result::fail;
  }
};

// nested[p] parses p one level deeper; past SyntaxErrorInfo::max_nesting it
// throws NestingTooDeep at the current position. Wrap every rule through
// which the grammar recurses, so that recursion depth is bounded by the input
// check rather than by the stack.
template <class Subject>
struct nesting_directive : x3::unary_parser<Subject, nesting_directive<Subject>> {
  using base_type = x3::unary_parser<Subject, nesting_directive<Subject>>;
  static bool const is_pass_through_unary = true;
  static bool const handles_container = Subject::handles_container;
  constexpr nesting_directive(Subject const& subject) : base_type(subject) {}

  template <class Iterator, class Context, class RContext, class Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext,
             Attribute& attribute) const {
    SyntaxErrorInfo& info = x3::get<syntax_error_tag>(context).get();
    if (info.nesting >= info.max_nesting) throw NestingTooDeep{first};
    ++info.nesting;
    const bool ok = this->subject.parse(first, last, context, rcontext, attribute);
    --info.nesting;
    return ok;
  }
};

struct nesting_gen {
  template <class Subject>
  constexpr nesting_directive<typename x3::extension::as_parser<Subject>::value_type> operator[](
      Subject const& subject) const {
    return {x3::as_parser(subject)};
  }
};
inline constexpr nesting_gen nested{};

}  // namespace evalsynth::parsing

// What an expectation failure at nested[p] says was expected: what p says
// (X3 would otherwise name the directive's mangled type).
template <class Subject>
struct boost::spirit::x3::get_info<evalsynth::parsing::nesting_directive<Subject>> {
  using result_type = std::string;
  std::string operator()(const evalsynth::parsing::nesting_directive<Subject>& p) const { return what(p.subject); }
};
