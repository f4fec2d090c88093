#include "support/error.hpp"

#include <algorithm>

namespace evalsynth {

std::string InputError::format(const TextLocation& w, const std::string& message, const std::string& context_line,
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

}  // namespace evalsynth
