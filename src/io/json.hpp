#pragma once
// The one JSON library for everything the tool writes (nlohmann-json, from
// Debian): keys keep the order they are written in, so files read top-down.

#include <nlohmann/json.hpp>
#include <string>

namespace evalsynth {

using Json = nlohmann::ordered_json;

// Two-space indentation and a final newline, as every JSON file we write.
inline std::string json_text(const Json& j) { return j.dump(2) + "\n"; }

}  // namespace evalsynth
