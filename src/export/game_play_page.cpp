// What the playable page (play_page.hpp) takes from its game: the words
// that name it, GAME (its family and parameters, read by its rules: the
// grid's, ModNim's and checkers' scripts), the script of its rules and
// features and the view that draws its board: Connect4's columns, the
// m,n,k-games (tic-tac-toe, the fill variant, the games files describe) and
// adjacent4 on a clickable grid, ModNim with buttons taking sticks, checkers
// on its board, Othello on its board with a pass button.

#include "export/js_export.hpp"
#include "export/play_assets.hpp"
#include "export/play_page.hpp"

namespace evalsynth::exporter {
namespace {

std::string grid_rules() { return std::string(play_assets::kPlayGrid).append(play_assets::kPlayGridFeatures); }

}  // namespace

bool page_plays_family(GameFamily family) {
  return family == connect4::kFamily || family == mnk::kFamily || family == adjacent4::kFamily ||
         family == modnim::kFamily || family == checkers::kFamily || family == othello::kFamily;
}

PageGame page_game(const GameDescriptor& game) {
  const auto& a = game.params;
  const auto n = [](int v) { return std::to_string(v); };
  switch (game.family) {
    case connect4::kFamily:
      return {"Connect4", "{family: 'connect4', columns: 7, rows: 6, line: 4, title: 'Connect4'}",
              std::string(play_assets::kPlayLanguage), std::string(play_assets::kPlayConnect4View)};
    case mnk::kFamily: {
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
      return {title,
              "{family: 'mnk', columns: " + n(a[0]) + ", rows: " + n(a[1]) + ", line: " + n(a[2]) +
                  ", fill: " + (fill ? "true" : "false") + ", placement: '" + placement +
                  "', directions: " + n(rules.directions) + ", title: " + json_string(title) + "}",
              grid_rules(), std::string(play_assets::kPlayGridView)};
    }
    case adjacent4::kFamily: {
      const std::string title =
          "Adjacent four in a row (" + n(a[0]) + " x " + n(a[1]) + ", each stone next to one already played)";
      return {title,
              "{family: 'adjacent4', columns: " + n(a[0]) + ", rows: " + n(a[1]) +
                  ", line: 4, fill: false, title: " + json_string(title) + "}",
              grid_rules(), std::string(play_assets::kPlayGridView)};
    }
    case modnim::kFamily: {
      const std::string title =
          "ModNim (" + n(a[0]) + " sticks, take 1 to " + n(a[1]) + ", whoever takes the last stick loses)";
      return {title,
              "{family: 'modnim', sticks: " + n(a[0]) + ", take: " + n(a[1]) + ", title: " + json_string(title) + "}",
              std::string(play_assets::kPlayModnim), std::string(play_assets::kPlayNimView)};
    }
    case checkers::kFamily: {
      const std::string title = "Checkers (" + n(a[0]) + " x " + n(a[0]) +
                                ", the American Checkers Federation's rules; " + n(a[1]) +
                                " plies without a capture or a man's move draw" +
                                (a[2] ? "; a side that has pieces but cannot move draws)" : ")");
      return {title,
              "{family: 'checkers', size: " + n(a[0]) + ", quiet: " + n(a[1]) +
                  ", blockedDraws: " + (a[2] ? "true" : "false") + ", title: " + json_string(title) + "}",
              std::string(play_assets::kPlayCheckers).append(play_assets::kPlayCheckersFeatures),
              std::string(play_assets::kPlayCheckersView)};
    }
    case othello::kFamily: {
      const std::string title = "Othello (" + n(a[0]) + " x " + n(a[0]) +
                                ": a disc must bracket the other side's discs and flips them; a side without a move "
                                "passes; most discs wins)";
      return {title, "{family: 'othello', size: " + n(a[0]) + ", title: " + json_string(title) + "}",
              std::string(play_assets::kPlayOthello), std::string(play_assets::kPlayOthelloView)};
    }
  }
  return {};
}

}  // namespace evalsynth::exporter
