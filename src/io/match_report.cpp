#include "io/match_report.hpp"

#include <cstdio>

namespace evalsynth {
namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::string format_percent(int count, int total) {
  if (total == 0) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", 100.0 * count / total);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

std::string thesis_line(const PairingResult& r) {
  return r.x_label + " - " + r.o_label + " " + format_percent(r.x_wins, r.games) + " - " + format_percent(r.o_wins, r.games) +
         " (" + format_percent(r.draws, r.games) + ")";
}

std::string match_csv(const std::vector<PairingResult>& results) {
  std::string out = "x_player,o_player,games,x_wins,o_wins,draws,x_win_pct,o_win_pct,draw_pct,nodes\n";
  for (const PairingResult& r : results) {
    out += r.x_label + "," + r.o_label + "," + std::to_string(r.games) + "," + std::to_string(r.x_wins) + "," +
           std::to_string(r.o_wins) + "," + std::to_string(r.draws) + "," + format_percent(r.x_wins, r.games) + "," +
           format_percent(r.o_wins, r.games) + "," + format_percent(r.draws, r.games) + "," + std::to_string(r.nodes) + "\n";
  }
  return out;
}

std::string match_json(const std::vector<PairingResult>& results, const MatchDescription& d) {
  std::string out = "{\n  \"seed\": " + std::to_string(d.seed) + ",\n  \"move_order\": " + json_string(d.order) +
                    ",\n  \"rules\": " + json_string(d.rules) +
                    ",\n  \"start_boards\": " + json_string(d.boards) +
                    ",\n  \"games_per_board\": " + std::to_string(d.games_per_board) + ",\n  \"pairings\": [";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const PairingResult& r = results[i];
    out += std::string(i ? "," : "") + "\n    {\"x\": " + json_string(r.x_label) + ", \"o\": " + json_string(r.o_label) +
           ", \"games\": " + std::to_string(r.games) + ", \"x_wins\": " + std::to_string(r.x_wins) +
           ", \"o_wins\": " + std::to_string(r.o_wins) + ", \"draws\": " + std::to_string(r.draws) +
           ", \"nodes\": " + std::to_string(r.nodes) + "}";
  }
  return out + "\n  ]\n}\n";
}

}  // namespace evalsynth
