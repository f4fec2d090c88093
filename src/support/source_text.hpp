#pragma once
// A source text with its name, turning byte offsets into `file:line:col`
// errors that show the line and a caret.

#include <string>

#include "support/error.hpp"

namespace evalsynth {

// The whole of a text file; throws InputError ("cannot open the <what> file",
// or larger than `max_bytes`) located at the path.
std::string read_text_file(const std::string& path, const std::string& what, std::size_t max_bytes = std::size_t{1} << 26);

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
  const std::string& text_;
  std::string name_;
};

}  // namespace evalsynth
