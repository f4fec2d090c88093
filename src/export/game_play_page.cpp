// The playable page (play_page.hpp) of the games other than Connect4: the
// m,n,k-games (tic-tac-toe and the fill variant among them) and adjacent4 on
// a clickable grid, ModNim with buttons taking sticks, checkers on its
// board. The game's parameters go into the page as GAME, read by its rules
// (play_grid.js, play_modnim.js, play_checkers.js).

#include <cassert>

#include "export/js_export.hpp"
#include "export/play_assets.hpp"
#include "export/play_page.hpp"
#include "lang/simplify.hpp"
#include "support/html_page.hpp"

namespace evalsynth::exporter {
namespace {

// The game's words on the page, and GAME: its family and parameters.
struct GameFacts {
  std::string title, object;
};

GameFacts game_facts(const GameDescriptor& game) {
  const auto& a = game.params;
  const auto n = [](int v) { return std::to_string(v); };
  switch (game.family) {
    case GameFamily::Mnk: {
      const mnk::Rules rules = mnk::Rules::unpacked(a[3]);
      const bool fill = rules.fill;
      const std::string placement = mnk::kPlacementWords[static_cast<int>(rules.placement)];
      const std::string title =
          game == parse_game("tictactoe")
              ? "Tic-tac-toe"
              : "The m,n,k-game " + game.text() + " (" + n(a[2]) + " in a row on " + n(a[0]) + " x " + n(a[1]) +
                    (rules.placement == mnk::Placement::Drop       ? ", stones drop to the lowest free cell"
                     : rules.placement == mnk::Placement::Adjacent ? ", each stone next to one already played"
                                                                   : "") +
                    (fill ? ", played to a full board: a point per line of " + n(a[2]) + " held)" : ")");
      return {title, "{family: 'mnk', columns: " + n(a[0]) + ", rows: " + n(a[1]) + ", line: " + n(a[2]) +
                         ", fill: " + (fill ? "true" : "false") + ", placement: '" + placement +
                         "', directions: " + n(rules.directions) + ", title: " + json_string(title) + "}"};
    }
    case GameFamily::Adjacent4: {
      const std::string title =
          "Adjacent four in a row (" + n(a[0]) + " x " + n(a[1]) + ", each stone next to one already played)";
      return {title, "{family: 'adjacent4', columns: " + n(a[0]) + ", rows: " + n(a[1]) +
                         ", line: 4, fill: false, title: " + json_string(title) + "}"};
    }
    case GameFamily::ModNim: {
      const std::string title =
          "ModNim (" + n(a[0]) + " sticks, take 1 to " + n(a[1]) + ", whoever takes the last stick loses)";
      return {title,
              "{family: 'modnim', sticks: " + n(a[0]) + ", take: " + n(a[1]) + ", title: " + json_string(title) + "}"};
    }
    case GameFamily::Checkers: {
      const std::string title = "Checkers (" + n(a[0]) + " x " + n(a[0]) +
                                ", the American Checkers Federation's rules; " + n(a[1]) +
                                " plies without a capture or a man's move draw)";
      return {title,
              "{family: 'checkers', size: " + n(a[0]) + ", quiet: " + n(a[1]) + ", title: " + json_string(title) + "}"};
    }
    case GameFamily::Connect4:
      break;
  }
  return {};
}

}  // namespace

std::string game_play_page(const lang::Program& source, const PlayPageInfo& info) {
  assert(info.game.family != GameFamily::Connect4 && source.family() == info.game.family);
  // Shown with the game the page plays as their first line.
  lang::Program shown = source;
  shown.game = info.game;
  lang::Program program = lang::simplify(source);
  program.game = shown.game;
  const GameFacts game = game_facts(info.game);
  const GameFamily family = info.game.family;
  const std::string facts = play_page_facts(program, shown, info, ", \"game\": " + json_string(info.game.text()));
  std::string style(play_assets::kPlayStyle);
  style += play_assets::kPlayGameStyle;
  std::string page = html_page_opening("Play against " + info.name + " (evalsynth)", "evalsynth export", style);
  page += "<main id=\"play\"></main>\n";
  page += "<script type=\"application/json\" id=\"play-data\">" + facts + "</script>\n";
  page += "<script>\n'use strict';\n";
  page += play_assets::kPlayCore;
  page += "\n// The game, written by evalsynth: " + info.game.text() + ".\nconst GAME = " + game.object + ";\n\n";
  // The game's rules and features, its search, then how its board is drawn.
  const auto rules = family == GameFamily::ModNim ? std::string(play_assets::kPlayModnim)
                     : family == GameFamily::Checkers
                         ? std::string(play_assets::kPlayCheckers).append(play_assets::kPlayCheckersFeatures)
                         : std::string(play_assets::kPlayGrid).append(play_assets::kPlayGridFeatures);
  page += rules;
  page += "\n// The evaluator, exported by evalsynth from the program shown on the page.\n";
  page += js_evaluator(program, "evaluate");
  page += "\n";
  page += play_assets::kPlayGameSearch;
  page += "\n";
  page += family == GameFamily::ModNim     ? play_assets::kPlayNimView
          : family == GameFamily::Checkers ? play_assets::kPlayCheckersView
                                           : play_assets::kPlayGridView;
  page += "\n";
  page += play_assets::kPlayGamePage;
  page += "</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace evalsynth::exporter
