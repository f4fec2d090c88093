#include "export/play_page.hpp"

#include <cassert>
#include <cstdio>

#include "export/js_export.hpp"
#include "export/play_assets.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"
#include "support/html_page.hpp"

namespace evalsynth::exporter {

// Text as a JSON string (the page reads its facts with JSON.parse), safe
// inside a <script> element: "<" is escaped, so "</script>" cannot occur.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\')
      out += std::string("\\") + ch;
    else if (c < 0x20 || c == '<' || c == '>' || c == '&') {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else
      out += ch;  // UTF-8 bytes pass through
  }
  return out + "\"";
}

namespace {

std::string provenance_json(const PlayPageInfo& info) {
  std::string provenance = "[";
  for (std::size_t i = 0; i < info.provenance.size(); ++i)
    provenance += (i ? ", " : "") + json_string(info.provenance[i]);
  return provenance + "]";
}

// The page's facts as a JSON object: `shown` the evaluator as the page shows
// it, `original` the program before simplification (or null).
std::string play_page_facts(const std::string& shown, const std::string& original, const PlayPageInfo& info) {
  return "{\"name\": " + json_string(info.name) + ", \"depth\": " + std::to_string(info.depth) +
         ", \"maxDepth\": " + std::to_string(kPlayPageMaxDepth) + ", \"program\": " + json_string(shown) +
         ", \"original\": " + original + ", \"provenance\": " + provenance_json(info) +
         ", \"game\": " + json_string(info.game.text()) + "}";
}

// The page around an evaluator: `evaluator` the script defining
// evaluate(board) (and what it needs).
std::string page_around(const std::string& facts, const PlayPageInfo& info, const std::string& evaluator) {
  const PageGame game = page_game(info.game);
  std::string style(play_assets::kPlayStyle);
  style += play_assets::kPlayGameStyle;
  std::string page = html_page_opening("Play against " + info.name + " (evalsynth)", "evalsynth export", style);
  page += "<main id=\"play\"></main>\n";
  page += "<script type=\"application/json\" id=\"play-data\">" + facts + "</script>\n";
  page += "<script>\n'use strict';\n";
  page += play_assets::kPlayCore;
  page += "\n// The game, written by evalsynth: " + info.game.text() + ".\nconst GAME = " + game.object + ";\n\n";
  // The game's rules and features, its search, then how its board is drawn.
  page += game.rules;
  page += evaluator;
  page += "\n";
  page += play_assets::kPlayGameSearch;
  page += "\n";
  page += game.view;
  page += "\n";
  page += play_assets::kPlayGamePage;
  page += "</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace

std::string play_page(const lang::Program& source, const PlayPageInfo& info) {
  assert(info.depth >= 1 && info.depth <= kPlayPageMaxDepth);
  assert(source.family() == info.game.family);
  // Shown with the game the page plays as their first line.
  lang::Program shown = source;
  shown.game = info.game;
  lang::Program program = lang::simplify(source);
  program.game = shown.game;
  const std::string facts = play_page_facts(
      lang::to_text(program), program == shown ? std::string("null") : json_string(lang::to_text(shown)), info);
  std::string evaluator;
  if (const auto network = lang::network_read(program)) evaluator += js_ntuple_runtime(*network);
  evaluator += js_board_nets(program);
  evaluator += "\n// The evaluator, exported by evalsynth from the program shown on the page.\n";
  evaluator += js_evaluator(program, "evaluate");
  return page_around(facts, info, evaluator);
}

std::string play_page(const model::WinNet& net, const PlayPageInfo& info) {
  assert(info.depth >= 1 && info.depth <= kPlayPageMaxDepth);
  assert(info.game.text() == net.game());
  const std::string shown = "the four-in-a-row design's network: " + std::to_string(net.cells()) + " inputs, " +
                            std::to_string(net.hidden()) +
                            " sigmoid hidden units, 2 sigmoid outputs (X wins, O wins); the value is their "
                            "difference times 50000";
  return page_around(play_page_facts(shown, "null", info), info, js_win_net(net));
}

}  // namespace evalsynth::exporter
