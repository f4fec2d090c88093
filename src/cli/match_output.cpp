// The report every match ends with (cli/match_request.hpp), played or
// replayed: the cross-table's lines, the paired lines, the ratings and the
// files asked for.

#include <cstdio>
#include <stdexcept>

#include "cli/match_request.hpp"
#include "io/html_report.hpp"
#include "support/elo_ratings.hpp"
#include "support/error.hpp"
#include "support/files.hpp"

namespace evalsynth {

void print_random_moves_line(int percent) {
  if (percent > 0) std::printf("# random moves: %d%% of the moves, either player's, are made at random\n", percent);
}

void print_ratings(const std::vector<PairingResult>& results, const std::string& anchor) {
  std::vector<stats::PairingCounts> table;
  for (const PairingResult& r : results) table.push_back({r.x_label, r.o_label, r.x_wins, r.o_wins, r.draws});
  stats::RatingOptions options;
  options.anchor = anchor;
  stats::Ratings ratings;
  try {
    ratings = stats::fit_ratings(table, options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::printf(
      "# ratings: maximum-likelihood Elo (BayesElo's model: a first-move advantage and a draw parameter, two "
      "virtual draws between players that met), %s at 0, 95%% intervals; LOS: the likelihood that a player is "
      "stronger than the next\n%s",
      ratings.players.empty() ? "" : (anchor.empty() ? table.front().x : anchor).c_str(),
      stats::ratings_text(ratings).c_str());
}

void report_match(const MatchRequest& r, const std::vector<PairingResult>& results, const MatchDescription& d,
                  const std::vector<MatchGame>& games, const MatchRecordHeader& header) {
  for (const PairingResult& result : results)
    std::printf("%s   %s\n", thesis_line(result).c_str(), score_text(result).c_str());
  const std::vector<std::string> paired = paired_lines(results);
  if (!paired.empty())
    std::printf(
        "# both colours together: wins, draws, losses of the first, its score, and the paired test over start "
        "boards\n");
  for (const std::string& line : paired) std::printf("%s\n", line.c_str());
  if (r.ratings) print_ratings(results);

  if (!r.csv.empty()) write_file_atomically(r.csv, match_csv(results));
  if (!r.html.empty()) {
    ReportInputs page;
    page.title = r.replay.empty() ? "evalsynth match: " + r.x_text + " against " + r.o_text
                                  : "evalsynth match: the games of " + r.replay;
    page.match_csv = match_csv(results);
    write_file_atomically(r.html, html_page(page));
  }
  if (!r.json.empty()) write_file_atomically(r.json, match_json(results, d));
  if (!r.record.empty()) write_match_records(r.record, header, games);
}

}  // namespace evalsynth
