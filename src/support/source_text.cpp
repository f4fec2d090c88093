#include "support/source_text.hpp"

#include <algorithm>
#include <cctype>

namespace evalsynth {

const std::vector<std::size_t>& SourceText::line_starts() const {
  if (line_starts_.empty()) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
  return line_starts_;
}

TextLocation SourceText::location(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  const auto& starts = line_starts();
  // The last line start at or before the offset (starts[0] == 0).
  const auto after = std::upper_bound(starts.begin(), starts.end(), offset);
  const std::size_t line_start = *(after - 1);
  return TextLocation{name_, static_cast<int>(after - starts.begin()), static_cast<int>(offset - line_start) + 1};
}

void SourceText::fail_at(std::size_t offset, const std::string& message) const {
  offset = std::min(offset, text_.size());
  const auto& starts = line_starts();
  const std::size_t line_start = *(std::upper_bound(starts.begin(), starts.end(), offset) - 1);
  std::size_t line_end = offset;
  while (line_end < text_.size() && text_[line_end] != '\n') ++line_end;
  std::string source_line = text_.substr(line_start, line_end - line_start);
  if (!source_line.empty() && source_line.back() == '\r') source_line.pop_back();
  throw InputError(location(offset), message, source_line, static_cast<int>(offset - line_start));
}

std::size_t SourceText::end_of_content() const {
  std::size_t end = 0;
  for (std::size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '#') {
      while (i < text_.size() && text_[i] != '\n') ++i;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(text_[i]))) end = i + 1;
  }
  return end;
}

}  // namespace evalsynth
