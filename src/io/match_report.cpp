#include "io/match_report.hpp"

#include <cstdio>

#include "io/csv.hpp"
#include "io/json.hpp"

namespace evalsynth {
std::string format_percent(int count, int total) {
  if (total == 0) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", 100.0 * count / total);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

std::string thesis_line(const PairingResult& r) {
  return r.x_label + " - " + r.o_label + " " + format_percent(r.x_wins, r.games) + " - " +
         format_percent(r.o_wins, r.games) + " (" + format_percent(r.draws, r.games) + ")";
}

std::vector<std::string> paired_lines(const std::vector<PairingResult>& results) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < results.size(); ++i)
    for (std::size_t j = i + 1; j < results.size(); ++j) {
      const PairingResult& a = results[i];  // first player as X
      const PairingResult& b = results[j];  // first player as O
      if (a.x_label != b.o_label || a.o_label != b.x_label) continue;
      const int wins = a.x_wins + b.o_wins, losses = a.o_wins + b.x_wins, draws = a.draws + b.draws;
      const int games = a.games + b.games;
      lines.push_back(a.x_label + " vs " + a.o_label + ": +" + std::to_string(wins) + " =" + std::to_string(draws) +
                      " -" + std::to_string(losses) + " (" + format_percent(2 * wins + draws, 2 * games) + "%)");
      break;
    }
  return lines;
}

std::string match_csv(const std::vector<PairingResult>& results) {
  CsvWriter csv(
      {"x_player", "o_player", "games", "x_wins", "o_wins", "draws", "x_win_pct", "o_win_pct", "draw_pct", "nodes"});
  for (const PairingResult& r : results)
    csv.row({r.x_label, r.o_label, std::to_string(r.games), std::to_string(r.x_wins), std::to_string(r.o_wins),
             std::to_string(r.draws), format_percent(r.x_wins, r.games), format_percent(r.o_wins, r.games),
             format_percent(r.draws, r.games), std::to_string(r.nodes)});
  return csv.text();
}

std::string match_json(const std::vector<PairingResult>& results, const MatchDescription& d) {
  Json pairings = Json::array();
  for (const PairingResult& r : results)
    pairings.push_back({{"x", r.x_label},
                        {"o", r.o_label},
                        {"games", r.games},
                        {"x_wins", r.x_wins},
                        {"o_wins", r.o_wins},
                        {"draws", r.draws},
                        {"nodes", r.nodes}});
  return json_text({{"seed", d.seed},
                    {"move_order", d.order},
                    {"rules", d.rules},
                    {"start_boards", d.boards},
                    {"games_per_board", d.games_per_board},
                    {"pairings", pairings}});
}

}  // namespace evalsynth
