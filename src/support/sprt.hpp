#pragma once
// The sequential probability ratio test of engine testers (fishtest's
// generalized SPRT, after Michel Van den Bergh): two hypotheses on the
// expected score of A against B, H0: Elo = elo0 and H1: Elo = elo1
// (logistic Elo: score = 1 / (1 + 10^(-Elo/400))), tested on the games
// played so far, one at a time, until the log-likelihood ratio crosses
// log(beta / (1 - alpha)) (H0 accepted) or log((1 - beta) / alpha) (H1).
//
// The outcomes are a multinomial over equally spaced scores in [0, 1]:
// the trinomial (loss, draw, win) for single games, the pentanomial (a
// pair's 0, 1/2, 1, 3/2 or 2 points, halved) for the two games of a pair
// played from one opening with the colours swapped, whose results are not
// independent. Each hypothesis' distribution is the maximum-likelihood one
// whose mean is that hypothesis' score (the observed frequencies reweighted
// as q_i = p_i / (1 + lambda (a_i - s))), and the LLR is the games' log
// likelihood under H1's minus H0's. Counts of 0 are taken as 1e-3, as
// fishtest does, so that a category not seen yet is possible.

#include <cstdint>
#include <string>
#include <vector>

namespace evalsynth::stats {

struct SprtBounds {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower() const;  // log(beta / (1 - alpha))
  double upper() const;  // log((1 - beta) / alpha)
};

// The expected score of logistic Elo `elo`, and back (the score clamped
// inside (0, 1), so that 0 and 1 give finite Elo).
double score_of_elo(double elo);
double elo_of_score(double score);

// The LLR of H1 against H0 for `counts[i]` outcomes of score i / (n - 1)
// (n = counts.size() >= 2: 3 trinomial, 5 pentanomial).
double sprt_llr(const std::vector<std::uint64_t>& counts, const SprtBounds& bounds);

// The maximum-likelihood distribution over scores i / (n - 1) closest to
// `frequencies` (positive, summing to 1) whose mean is `score` (strictly
// between the least and the greatest score).
std::vector<double> distribution_with_mean(const std::vector<double>& frequencies, double score);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
SprtVerdict sprt_verdict(double llr, const SprtBounds& bounds);

// The Elo of the mean score of the outcomes with its 95% interval, from
// the outcomes' variance (pairs: each pair one observation); a bound past a
// score of 0 or 1 is infinite.
struct EloInterval {
  double elo = 0, low = 0, high = 0;
};
EloInterval elo_interval(const std::vector<std::uint64_t>& counts);

// "elo0,elo1[,alpha,beta]" (as --sprt takes it); throws std::invalid_argument
// with a message saying what is wrong.
SprtBounds parse_sprt_bounds(const std::string& text);

}  // namespace evalsynth::stats
