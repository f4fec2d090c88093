#pragma once
// The playable page of `evalsynth export --html`: one self-contained HTML file
// (no server, no network) where anyone plays Connect4 against an evaluator in
// a browser. The program runs as JavaScript with the language's exact
// semantics (js_export.hpp) inside the search of evalsynth's players with the
// left-to-right move order, so the page's moves are evalsynth's.

#include <string>
#include <vector>

#include "lang/program.hpp"

namespace evalsynth::exporter {

struct PlayPageInfo {
  std::string name;                     // shown as "Play NAME"
  std::vector<std::string> provenance;  // where the program came from, one line each
  int depth = 4;                        // the engine's depth when the page opens
};

inline constexpr int kPlayPageMaxDepth = 8;  // the page's depth choice: 1..this

std::string play_page(const lang::Program& program, const PlayPageInfo& info);

}  // namespace evalsynth::exporter
