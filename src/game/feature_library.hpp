#pragma once
// A game's feature library: the board features the evaluator language offers
// for that game (`threats(x)`, `windows(o, 2)`, `sticks()`...), as data the
// language's parser, printer, grammar files and program generators read.
// Each game family (games/registry.hpp) has one; a feature's id is its index
// in the library, which is what a program's feature node stores, so ids of a
// published library never change (new features are appended).

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace evalsynth {

struct FeatureInfo {
  std::string_view name;  // "windows", "threats", ...
  bool takes_player;      // written f(x) / f(o)
  int parameter;          // the k of f(p, k) (one entry per k), 0 for none
  std::string_view description;
};

struct FeatureLibrary {
  std::string_view family;  // the family's name ("connect4", "mnk", ...)
  std::span<const FeatureInfo> features;
  // Random programs and point mutations draw from the first `drawn` features
  // unless a grammar names the others (a costly learned feature added later
  // must not change how older runs draw).
  int drawn;
  // sq(row, col) and height(col): whether the family's positions have cells
  // and columns; `rows` and `columns` bound them where every game of the
  // family has the same board (0: the game's parameters decide, so `sq` off
  // a board cannot be folded to 0 before the game is known).
  bool has_squares;
  bool has_height;
  int rows;
  int columns;

  int size() const { return static_cast<int>(features.size()); }
  const FeatureInfo& operator[](int id) const { return features[static_cast<std::size_t>(id)]; }
  // The id of `name` with `parameter` (0 for features without one), or -1.
  int find(std::string_view name, int parameter) const {
    for (int id = 0; id < size(); ++id)
      if (features[static_cast<std::size_t>(id)].name == name &&
          features[static_cast<std::size_t>(id)].parameter == parameter)
        return id;
    return -1;
  }
  // Whether some feature has this name (with any parameter).
  bool has_name(std::string_view name) const {
    for (const FeatureInfo& f : features)
      if (f.name == name) return true;
    return false;
  }
  // The parameters a parameterized feature takes, as words: "1, 2 or 3".
  std::string parameter_words(std::string_view name) const {
    std::string words;
    const auto [low, high] = parameter_range(name);
    for (int k = low; k <= high; ++k)
      if (find(name, k) >= 0) words += (words.empty() ? "" : k == high ? " or " : ", ") + std::to_string(k);
    return words;
  }
  // The parameters a parameterized feature takes, lowest and highest.
  std::pair<int, int> parameter_range(std::string_view name) const {
    int low = 0, high = 0;
    for (const FeatureInfo& f : features)
      if (f.name == name && f.parameter > 0) {
        low = low == 0 ? f.parameter : std::min(low, f.parameter);
        high = std::max(high, f.parameter);
      }
    return {low, high};
  }
};

// A game's reference evaluator written in the language: a built-in player
// (`match --game adjacent4 --x open-lines@4`).
struct ReferenceProgram {
  std::string_view name;  // lower case, as players name it
  std::string_view description;
  std::string_view text;  // the program, its `game` line first
};

// One feature a compiled program reads: its id and the player it counts
// (0 = x, 1 = o; 0 for features without a player).
struct FeatureRequest {
  std::uint8_t id;
  std::uint8_t player;
  friend bool operator==(const FeatureRequest&, const FeatureRequest&) = default;
};

}  // namespace evalsynth
