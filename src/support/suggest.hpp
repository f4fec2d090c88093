#pragma once
// "Did you mean ...?" for misspelled names.

#include <string>
#include <string_view>
#include <vector>

namespace evalsynth {

int edit_distance(std::string_view a, std::string_view b);

// The closest candidate within a small edit distance, or "" if none is close.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace evalsynth
