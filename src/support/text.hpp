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
inline std::string in_quotes(std::string_view text, std::size_t keep = 60) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
  // "literal" + std::string chains here.
  std::string out = "'";
  out.append(text.substr(0, keep));
  if (text.size() <= keep) return out.append("'");
  return out.append("...' (").append(std::to_string(text.size())).append(" characters)");
}

}  // namespace evalsynth
