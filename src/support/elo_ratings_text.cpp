// The ratings table as text (support/elo_ratings.hpp): one line a player,
// then the advantage and draw_elo the fit found.
#include <algorithm>
#include <cstdio>
#include <string>

#include "support/elo_ratings.hpp"

namespace evalsynth::stats {

std::string ratings_text(const Ratings& ratings) {
  int width = 6;  // "player"
  for (const Rating& r : ratings.players) width = std::max(width, static_cast<int>(r.name.size()));
  std::string text;
  char buf[160];
  const auto add_line = [&](std::string line) {
    line.erase(line.find_last_not_of(' ') + 1);
    text += line + '\n';
  };
  std::snprintf(buf, sizeof buf, "rank  %-*s  %7s  %-18s  %7s  %5s  %8s", width, "player", "elo", "95% interval",
                "games", "score", "LOS next");
  add_line(buf);
  for (std::size_t k = 0; k < ratings.players.size(); ++k) {
    const Rating& r = ratings.players[k];
    char los[32] = "";
    if (k < ratings.los_next.size()) std::snprintf(los, sizeof los, "%.3f", ratings.los_next[k]);
    std::snprintf(buf, sizeof buf, "%4zu  ", k + 1);
    std::string line = buf + r.name + std::string(width - r.name.size(), ' ');
    std::snprintf(buf, sizeof buf, "  %7.1f  [%7.1f, %7.1f]  %7d  %5.3f  %8s", r.elo, r.low, r.high, r.games, r.score,
                  los);
    add_line(line + buf);
  }
  std::snprintf(buf, sizeof buf, "advantage %.1f (%s), draw_elo %.*f (%s)", ratings.advantage,
                ratings.advantage_fitted ? "fitted" : "not fitted: the table cannot tell it from the ratings",
                ratings.draw_elo_fitted ? 1 : 2, ratings.draw_elo,
                ratings.draw_elo_fitted ? "fitted" : "fixed: no draws");
  add_line(buf);
  if (!ratings.converged) add_line("the fit did not converge: these ratings are the best it found");
  return text;
}

}  // namespace evalsynth::stats
