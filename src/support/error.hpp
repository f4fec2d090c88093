#pragma once
// Errors in user input (files, command-line arguments) carry where they happened,
// so every message can be printed as `file:line:col: error: ...`.

#include <algorithm>
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

  const TextLocation& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  static std::string format(const TextLocation& w, const std::string& message, const std::string& context_line,
                            int caret) {
    std::string text = w.source + ":" + std::to_string(w.line) + ":" + std::to_string(w.column) + ": error: " + message;
    if (context_line.empty()) return text;
    std::size_t at = static_cast<std::size_t>(caret >= 0 ? caret : std::max(w.column - 1, 0));
    at = std::min(at, context_line.size());
    // A window of the line around the caret: lines can be megabytes long.
    constexpr std::size_t kBefore = 60, kAfter = 40;
    const std::size_t first = at > kBefore ? at - kBefore : 0;
    const std::size_t last = std::min(context_line.size(), at + kAfter);
    std::string shown = (first > 0 ? "..." : "") + context_line.substr(first, last - first);
    std::size_t caret_column = at - first + (first > 0 ? 3 : 0);
    // Tabs and control bytes would shift or garble the caret line.
    for (char& c : shown)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = c == '\t' ? ' ' : '?';
    if (last < context_line.size()) shown += "...";
    return text + "\n  " + shown + "\n  " + std::string(caret_column, ' ') + "^";
  }

  TextLocation where_;
  std::string message_;
};

// A bad command-line argument: no location, the message names the option.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace evalsynth
