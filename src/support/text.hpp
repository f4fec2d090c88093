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

}  // namespace evalsynth
