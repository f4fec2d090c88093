#pragma once
// A source text with its name, turning byte offsets into `file:line:col`
// errors that show the line and a caret.

#include <string>
#include <vector>

#include "support/error.hpp"

namespace evalsynth {

class SourceText {
 public:
  SourceText(const std::string& text, std::string name) : text_(text), name_(std::move(name)) {}

  const std::string& text() const { return text_; }
  const std::string& name() const { return name_; }
  TextLocation location(std::size_t offset) const;
  [[noreturn]] void fail_at(std::size_t offset, const std::string& message) const;
  // Offset just after the last character that is neither white space nor in a
  // '#' comment.
  std::size_t end_of_content() const;

 private:
  // Where each line starts, found on first use: parsers locate every node
  // they tag, and a scan per lookup would make big inputs quadratic.
  const std::vector<std::size_t>& line_starts() const;

  const std::string& text_;
  std::string name_;
  mutable std::vector<std::size_t> line_starts_;
};

}  // namespace evalsynth
