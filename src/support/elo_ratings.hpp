#pragma once
// Maximum-likelihood Elo ratings of every player of a cross-table, in the
// spirit of Rémi Coulom's BayesElo: one model fits the ratings together with
// the first mover's advantage and the draw rate, so that a player is not
// credited for having moved first more often than the others, and a draw
// counts as the evidence of closeness it is.
//
// The model (BayesElo's): with f(d) = 1 / (1 + 10^(-d/400)) and
// D = r_x - r_o + advantage,
//   P(X wins) = f(D - draw_elo), P(O wins) = f(-D - draw_elo),
//   P(draw) = 1 - the two.
// The 95% interval of a rating comes from the observed information (the
// negative Hessian of the log-likelihood at the fit), as does the likelihood
// of superiority (LOS) of one player over the next.

#include <string>
#include <vector>

namespace evalsynth::stats {

// The games of one ordered pairing: x moved first in each of them.
struct PairingCounts {
  std::string x, o;
  int x_wins = 0, o_wins = 0, draws = 0;
};

struct RatingOptions {
  // The player rated 0 (empty: the first player of the table). The fit holds
  // this rating at 0, so its interval is [0, 0]: the other intervals say how
  // well each player is known relative to the anchor.
  std::string anchor;
  // Shift the ratings so that their mean is 0 instead; each interval is then
  // that of the player's distance from the mean.
  bool anchor_mean = false;
  // The prior that keeps every rating finite (a player who won every game
  // would otherwise be rated +infinity), BayesElo's default: this many
  // virtual draws between every two players that met, half of them with each
  // player moving first. 0 fits the pure maximum-likelihood ratings, which
  // are finite only when every group of players has both taken and given up
  // points against the rest.
  double virtual_draws = 2.0;
};

struct Rating {
  std::string name;
  double elo = 0, low = 0, high = 0;  // the rating and its 95% interval
  int games = 0;                      // real games, not the prior's
  double score = 0;                   // points per real game, a draw half a point
};

struct Ratings {
  std::vector<Rating> players;  // best first
  double advantage = 0;         // Elo added to the first mover's rating
  double draw_elo = 0;
  // False when the table cannot tell the first mover's advantage from the
  // ratings (advantage then 0): when the players can be put on levels with
  // every first mover one level above its opponent, as when one pairing is
  // played one way only.
  bool advantage_fitted = false;
  // False when the table has no draws: draw_elo is then fixed at a tiny value
  // (its maximum-likelihood value would be 0, where P(draw) = 0 is singular).
  bool draw_elo_fitted = false;
  // False when Newton's method found no top of the likelihood: where it has
  // none (without the prior, a player who won every game; every game drawn,
  // with draw_elo running to infinity) or, rarely, where rounding stopped
  // it. The ratings are then the best found, and an iteration cap keeps
  // every table finite in time.
  bool converged = false;
  // los_next[i]: the likelihood that players[i] is stronger than players[i+1],
  // Phi((r_i - r_j) / sd(r_i - r_j)); one fewer entry than players.
  std::vector<double> los_next;
};

// The ratings of the players of `table` (players in order of first
// appearance, listed best first). Throws std::invalid_argument (its message
// written for a usage error) on an empty table, a negative count, a player
// without games, an anchor that is not a player, a negative virtual_draws, or
// players in groups that never met one another.
Ratings fit_ratings(const std::vector<PairingCounts>& table, const RatingOptions& options = {});

// The ratings as a text table, one line a player, and a last line with the
// advantage and draw_elo.
std::string ratings_text(const Ratings& ratings);

}  // namespace evalsynth::stats
