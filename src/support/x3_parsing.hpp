#pragma once
// What the X3 parsers of programs and grammar files share: iterator, skipper
// (white space and '#' comments), context types, and the capture of the first
// expectation failure.

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/error_reporting.hpp>
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

// Where and what went wrong, filled by the outermost rule's on_error.
struct SyntaxErrorInfo {
  iterator_type where;
  std::string expected;
  bool set = false;
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

}  // namespace evalsynth::parsing
