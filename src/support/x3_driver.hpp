#pragma once
// Running an X3 rule over a whole source text, and locating the syntax-tree
// nodes it tagged: what the parsers of programs, grammar files and specs share.

#include <algorithm>
#include <cassert>
#include <limits>
#include <sstream>
#include <string>

#include "support/source_text.hpp"
#include "support/x3_parsing.hpp"

namespace evalsynth::parsing {

// Turns nodes tagged by annotate_on_success into file:line:col errors.
class NodeLocator {
 public:
  NodeLocator(const error_handler_type& handler, const SourceText& source) : handler_(handler), source_(source) {}

  template <class Tagged>
  std::size_t offset(const Tagged& node) const {
    // A node no annotate_on_success rule produced has no position; pointing
    // at the start of the text beats an out-of-range exception.
    assert(node.id_first >= 0 && "the node's rule does not derive from annotate_on_success");
    if (node.id_first < 0) return 0;
    return static_cast<std::size_t>(handler_.position_of(node).begin() - source_.text().cbegin());
  }
  template <class Tagged>
  TextLocation where(const Tagged& node) const {
    return source_.location(offset(node));
  }
  template <class Tagged>
  [[noreturn]] void fail(const Tagged& node, const std::string& message) const {
    source_.fail_at(offset(node), message);
  }
  const SourceText& source() const { return source_; }

 private:
  const error_handler_type& handler_;
  const SourceText& source_;
};

// What to say when a parse fails.
struct ExpectationWords {
  std::string at_end_of_input;  // what X3's "eoi" expectation means here
  std::string fallback;         // when no expectation failed
  std::string when_text_ends;   // appended when the text ended too early, e.g. " but the program ends here"
  // How deep the grammar's nested[...] parts may recurse, and what to say past
  // that, e.g. "expressions nested more than 500 deep".
  int max_nesting = std::numeric_limits<int>::max();
  std::string too_deep = "input nested too deep";
};

// Parses all of `source` with `rule` into `out`, tagging nodes in `handler`;
// throws InputError at the first expectation failure. An error past the last
// real character points just after it.
template <class Rule, class Attribute>
void parse_whole(const Rule& rule, const SourceText& source, error_handler_type& handler, Attribute& out,
                 const ExpectationWords& words) {
  SyntaxErrorInfo error;
  error.max_nesting = words.max_nesting;
  const auto grammar =
      x3::with<x3::error_handler_tag>(std::ref(handler))[x3::with<syntax_error_tag>(std::ref(error))[rule]];
  iterator_type first = source.text().cbegin();
  try {
    if (x3::phrase_parse(first, source.text().cend(), grammar, skipper, out)) return;
  } catch (const NestingTooDeep& e) {
    source.fail_at(static_cast<std::size_t>(e.where - source.text().cbegin()), words.too_deep);
  }
  // Point at the next token, not at the white space before it.
  iterator_type at = error.set ? error.where : first;
  x3::parse(at, source.text().cend(), *skipper);
  std::size_t where = static_cast<std::size_t>(at - source.text().cbegin());
  const bool at_end = where >= source.end_of_content();
  where = std::min(where, source.end_of_content());
  std::string expected = error.set ? error.expected : words.fallback;
  if (expected == "eoi" || expected == "end of input") expected = words.at_end_of_input;
  source.fail_at(where, "expected " + expected + (at_end ? words.when_text_ends : ""));
}

// What every parser sets up around a text: the text with its name (for
// file:line:col errors) and X3's error handler, which tags syntax-tree nodes
// with their positions.
class SourceParse {
 public:
  SourceParse(const std::string& text, const std::string& name)
      : source(text, name), handler(text.cbegin(), text.cend(), messages_, name) {}
  SourceParse(const SourceParse&) = delete;
  SourceParse& operator=(const SourceParse&) = delete;

  template <class Rule, class Attribute>
  void whole(const Rule& rule, Attribute& out, const ExpectationWords& words) {
    parse_whole(rule, source, handler, out, words);
  }
  NodeLocator locator() const { return NodeLocator(handler, source); }

 private:
  std::ostringstream messages_;  // X3 wants a stream; our errors come from SourceText

 public:
  const SourceText source;
  error_handler_type handler;
};

}  // namespace evalsynth::parsing
