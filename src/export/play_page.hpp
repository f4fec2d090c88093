#pragma once
// The playable page of `evalsynth export --html`: one self-contained HTML file
// (no server, no network) where anyone plays against an evaluator in a
// browser. The program runs as JavaScript with the language's exact
// semantics (js_export.hpp) inside the search of evalsynth's players with the
// left-to-right move order, so the page's moves are evalsynth's. Every game:
// Connect4 (standard rules; export/play/play_language.js, play_page.js), the
// m,n,k-games with tic-tac-toe, the fill variant and the games files
// describe, and adjacent4 (a clickable grid: play_grid*.js) and ModNim
// (buttons taking sticks: play_modnim.js, play_nim_view.js) and checkers (its
// board, a piece and then its square clicked: play_checkers*.js). Every game
// is searched by play_game_search.js (each Board offers it the same view);
// all but Connect4 play on the page of play_game_page.js (game_play_page.cpp).

#include <string>
#include <vector>

#include "games/registry.hpp"
#include "lang/program.hpp"

namespace evalsynth::exporter {

struct PlayPageInfo {
  std::string name;                     // shown as "Play NAME"
  std::vector<std::string> provenance;  // where the program came from, one line each
  int depth = 4;                        // the engine's depth when the page opens
  GameDescriptor game{};                // the game played: the program's family (not connect4(thesis-java))
};

inline constexpr int kPlayPageMaxDepth = 8;  // the page's depth choice: 1..this

// Precondition: the program is of the game's family.
std::string play_page(const lang::Program& program, const PlayPageInfo& info);

// The page of a game other than Connect4 (play_page() calls it).
std::string game_play_page(const lang::Program& program, const PlayPageInfo& info);

// What both kinds of page share: text as a JSON string safe inside a
// <script> element, and the page's facts as a JSON object (`extra`: more
// members, each written `, "key": value`).
std::string json_string(const std::string& text);
std::string play_page_facts(const lang::Program& simplified, const lang::Program& source, const PlayPageInfo& info,
                            const std::string& extra = "");

}  // namespace evalsynth::exporter
