#pragma once
// Small text helpers.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evalsynth {

inline std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// A number as a message shows it: the shortest of %g's forms ("0.5", "1e+06").
inline std::string short_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// `text` in single quotes for a message, cut to its first `keep` characters
// ("...") so a huge argument cannot flood the terminal.
inline std::string in_quotes(std::string_view text, std::size_t keep = 60) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
  // "literal" + std::string chains here.
  std::string out = "'";
  out.append(text.substr(0, keep));
  if (text.size() <= keep) return out.append("'");
  return out.append("...' (").append(std::to_string(text.size())).append(" characters)");
}

// A range as people write depths and plies: "A" or "A-B", each a whole
// number from min to max. Nothing if it is not one; an empty range (B < A)
// is returned as read, for the caller to name. A leading '-' is a (bad)
// negative number, not a range.
struct IntRange {
  int first = 0;
  int last = 0;
};
inline std::optional<IntRange> parse_int_range(std::string_view text, int min, int max) {
  auto bound = [&](std::string_view part) -> std::optional<int> {
    int v = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || error != std::errc() || end != part.data() + part.size() || v < min || v > max)
      return std::nullopt;
    return v;
  };
  const std::size_t dash = text.find('-', 1);
  const auto first = bound(text.substr(0, dash));
  const auto last = dash == std::string_view::npos ? first : bound(text.substr(dash + 1));
  if (!first || !last) return std::nullopt;
  return IntRange{*first, *last};
}

// Calls f(line, number) for each line of `text` (a final '\r' dropped, so
// files saved with Windows line ends read the same): `number` counts from 1.
template <class F>
void for_each_line(const std::string& text, F&& f) {
  std::size_t start = 0;
  int number = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    ++number;
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    f(line, number);
  }
}

// Calls f(line, number, first) for each line of `text` that holds more than
// blanks or a '#' comment: `number` counts from 1, `first` is the index of
// its first character. The line-oriented files (labelled positions) read so.
template <class F>
void for_each_content_line(const std::string& text, F&& f) {
  for_each_line(text, [&](const std::string& line, int number) {
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string::npos && line[first] != '#') f(line, number, first);
  });
}

// The lines of a text, without their line breaks (and a \r before one).
inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

// Where a line's first character other than white space is (its size if none).
inline std::size_t first_non_space(const std::string& line) {
  std::size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  return i;
}

// A line of white space, or one whose first character after it is '#'.
inline bool is_blank_or_comment(const std::string& line) {
  const std::size_t i = first_non_space(line);
  return i == line.size() || line[i] == '#';
}

}  // namespace evalsynth
