#pragma once
// The playable page of `evalsynth export --html`: one self-contained HTML file
// (no server, no network) where anyone plays against an evaluator in a
// browser. The program runs as JavaScript with the language's exact
// semantics (js_export.hpp) inside the search of evalsynth's players with the
// left-to-right move order, so the page's moves are evalsynth's. One page for
// every game (export/play/play_game_page.js), searched by
// play_game_search.js (each game's Board offers it the same view); what
// differs is the game's part (game_play_page.cpp): its rules and features
// and the view that draws its board — Connect4 (standard rules;
// play_language.js, play_connect4_view.js), the m,n,k-games with
// tic-tac-toe, the fill variant and the games files describe, and adjacent4
// (a clickable grid: play_grid*.js), ModNim (buttons taking sticks:
// play_modnim.js, play_nim_view.js), checkers (its board, a piece and
// then its square clicked: play_checkers*.js) and Othello (its board, a
// cell clicked or a pass: play_othello*.js).

#include <string>
#include <vector>

#include "games/registry.hpp"
#include "lang/program.hpp"
#include "model/win_net.hpp"

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
// The same against the four-in-a-row design's network (model/win_net.hpp),
// its weights in the page. Precondition: the network is of the game.
std::string play_page(const model::WinNet& net, const PlayPageInfo& info);

// The network as the page's evaluate(board) (win_net_js.cpp): evalsynth's
// forward pass in its order of additions, so the same doubles and the
// same rounded value.
std::string js_win_net(const model::WinNet& net);

// The game's part of the page (game_play_page.cpp): the words that name
// it, GAME (a JavaScript object of its family and parameters), the script
// of its rules and features, and its view.
struct PageGame {
  std::string title, object, rules, view;
};
PageGame page_game(const GameDescriptor& game);
// Whether the page plays the family: its rules, features and view exist in
// JavaScript. A family without them is refused before anything is written.
bool page_plays_family(GameFamily family);

// Text as a JSON string, safe inside a <script> element.
std::string json_string(const std::string& text);

}  // namespace evalsynth::exporter
