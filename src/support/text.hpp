#pragma once
// Small text helpers.

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace evalsynth {

inline std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// `text` in single quotes for a message, cut to its first `keep` characters
// ("...") so a huge argument cannot flood the terminal.
inline std::string quoted(std::string_view text, std::size_t keep = 60) {
  if (text.size() <= keep) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, keep)) + "...' (" + std::to_string(text.size()) + " characters)";
}

}  // namespace evalsynth
