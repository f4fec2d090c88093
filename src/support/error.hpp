#pragma once
// Errors in user input (files, command-line arguments) carry where they happened,
// so every message can be printed as `file:line:col: error: ...`.

#include <stdexcept>
#include <string>

namespace evalsynth {

struct TextLocation {
  std::string source = "<input>";  // a file name, or a description such as "--position"
  int line = 1;                    // 1-based
  int column = 1;                  // 1-based
};

class InputError : public std::runtime_error {
 public:
  // `context_line` is the source line shown under the message; `caret` is the
  // 0-based index in it to point at (defaults to the location's column).
  InputError(TextLocation where, std::string message, std::string context_line = {}, int caret = -1)
      : std::runtime_error(format(where, message, context_line, caret)),
        where_(std::move(where)),
        message_(std::move(message)) {}

  // The same error with a note below it, at another place: where a file
  // with the mistake was named ("spec:1:8: note: the game file named here").
  InputError(const InputError& error, const TextLocation& note_at, const std::string& note)
      : std::runtime_error(std::string(error.what()) + "\n" + note_at.source + ":" + std::to_string(note_at.line) +
                           ":" + std::to_string(note_at.column) + ": note: " + note),
        where_(error.where_),
        message_(error.message_) {}

  const TextLocation& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  // `file:line:col: error: message`, with the context line and a caret
  // under the place (support/error.cpp: out of line, since nearly every file
  // throws one).
  static std::string format(const TextLocation& w, const std::string& message, const std::string& context_line,
                            int caret);

  TextLocation where_;
  std::string message_;
};

// A bad command-line argument: no location, the message names the option.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace evalsynth
