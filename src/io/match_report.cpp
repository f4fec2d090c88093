#include "io/match_report.hpp"

#include <algorithm>
#include <cstdio>

#include "io/csv.hpp"
#include "io/json.hpp"
#include "support/statistics.hpp"

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

namespace {

// "54.2% ± 3.1"; an interval that would pass 0% or 100% is clamped there
// and written with its ends: "4.3% [0.0, 12.8]" (a score is a share).
std::string interval_text(double mean, double half_width) {
  char buf[64];
  if (mean - half_width < 0 || mean + half_width > 1)
    std::snprintf(buf, sizeof buf, "%.1f%% [%.1f, %.1f]", 100 * mean, 100 * std::max(0.0, mean - half_width),
                  100 * std::min(1.0, mean + half_width));
  else
    std::snprintf(buf, sizeof buf, "%.1f%% \u00b1 %.1f", 100 * mean, 100 * half_width);
  return buf;
}

// The games' clusters: [begin, end) of each start board's games.
std::vector<std::pair<std::size_t, std::size_t>> board_groups(const PairingResult& r) {
  std::vector<std::pair<std::size_t, std::size_t>> groups;
  const std::size_t n = r.x_results.size();
  if (r.x_boards.size() == n) {
    for (std::size_t begin = 0; begin < n;) {
      std::size_t end = begin + 1;
      while (end < n && r.x_boards[end] == r.x_boards[begin]) ++end;
      groups.emplace_back(begin, end);
      begin = end;
    }
    return groups;
  }
  const std::size_t per = static_cast<std::size_t>(std::max(1, r.games_per_board));
  for (std::size_t begin = 0; begin < n; begin += per) groups.emplace_back(begin, std::min(n, begin + per));
  return groups;
}

// Whether a pairing's games are counted in clusters, one a start board:
// with the left-to-right order a board's repeats replay one game; under
// random tie-breaking, when the match has several boards, a board's games
// share it (a board that favours X favours it in every repeat), so taking
// them as independent draws would overstate what the games say of the
// players over the boards. With one board, the repeats are independent
// draws given it, and the interval speaks of that board.
bool clustered(const PairingResult& r) {
  const std::size_t boards = board_groups(r).size();
  return r.x_results.size() > boards && (!r.independent_repeats || boards > 1);
}

// The independent observations of a pairing: each game's `value`, or in
// clusters the mean of each start board's games.
template <class Value>
std::vector<double> observations(const PairingResult& r, const Value& value) {
  std::vector<double> out;
  if (!clustered(r)) {
    for (std::size_t k = 0; k < r.x_results.size(); ++k) out.push_back(value(k));
    return out;
  }
  for (const auto& [begin, end] : board_groups(r)) {
    double sum = 0;
    for (std::size_t k = begin; k < end; ++k) sum += value(k);
    out.push_back(sum / static_cast<double>(end - begin));
  }
  return out;
}

}  // namespace

std::string score_text(const PairingResult& r) {
  const std::vector<double> scores = observations(r, [&](std::size_t k) { return (r.x_results[k] + 1) / 2.0; });
  const stats::MeanInterval m = stats::mean_interval(scores);
  if (scores.size() < 2) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "X's score %.1f%% (one observation: no interval)", 100 * m.mean);
    return buf;
  }
  std::string text = "X's score " + interval_text(m.mean, m.half_width);
  if (clustered(r) && r.independent_repeats) text += " (by start board)";
  return text;
}

std::string paired_verdict(const PairingResult& a, const PairingResult& b) {
  const std::string& first = a.x_label;
  const std::string& second = a.o_label;
  // The first player's score over each pair of games (or each board's pairs), 0..1:
  // its wins minus losses in the pair, -2..2, mapped.
  const std::vector<double> scores =
      observations(a, [&](std::size_t k) { return (a.x_results[k] - b.x_results[k] + 2) / 4.0; });
  std::uint64_t better = 0, worse = 0;
  for (double s : scores) {
    better += s > 0.5;
    worse += s < 0.5;
  }
  const stats::MeanInterval m = stats::mean_interval(scores);
  const double p = stats::sign_test_p(better, worse);
  const std::string verdict = p >= stats::kSignificance ? "no significant difference"
                              : better > worse          ? first + " is stronger"
                                                        : second + " is stronger";
  const std::string over = !clustered(a) ? " pairs of games from the same start)"
                           : !a.independent_repeats
                               ? " start boards, their repeated games taken together: the left-to-right order "
                                 "repeats games)"
                               : " start boards, their pairs taken together: a board's games share it)";
  // One observation has a share but no spread: no interval to give.
  char mean[32];
  std::snprintf(mean, sizeof mean, "%.1f%%", 100 * m.mean);
  const std::string score =
      scores.size() < 2
          ? std::string("score ") + mean + " (no interval from one observation: over 1" + over
          : "score " + interval_text(m.mean, m.half_width) + " (95%, over " + std::to_string(scores.size()) + over;
  return score + "; sign test over them: +" + std::to_string(better) + " -" + std::to_string(worse) + ", " +
         stats::p_text(p) + ": " + verdict;
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
      std::string line = a.x_label + " vs " + a.o_label + ": +" + std::to_string(wins) + " =" + std::to_string(draws) +
                         " -" + std::to_string(losses) + " (" + format_percent(2 * wins + draws, 2 * games) + "%)";
      if (a.x_results.size() == b.x_results.size() && !a.x_results.empty())
        line.append("; ").append(paired_verdict(a, b));
      lines.push_back(line);
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
  for (const PairingResult& r : results) {
    Json pairing = {{"x", r.x_label},     {"o", r.o_label},   {"games", r.games}, {"x_wins", r.x_wins},
                    {"o_wins", r.o_wins}, {"draws", r.draws}, {"nodes", r.nodes}};
    // X's score (win 1, draw 1/2) and its 95% interval, as the text gives it.
    if (!r.x_results.empty()) {
      const stats::MeanInterval m =
          stats::mean_interval(observations(r, [&](std::size_t k) { return (r.x_results[k] + 1) / 2.0; }));
      pairing["x_score"] = m.mean;
      pairing["x_score_half_width"] = m.half_width;
    }
    pairings.push_back(std::move(pairing));
  }
  return json_text({{"seed", d.seed},
                    {"move_order", d.order},
                    {"rules", d.rules},
                    {"start_boards", d.boards},
                    {"games_per_board", d.games_per_board},
                    {"pairings", pairings}});
}

}  // namespace evalsynth
