#pragma once
// M²ICAL (Oon 2007): a search driven by noisy comparisons modelled as a
// Markov chain over strength classes. The search's current answer is in
// class i with probability v_t[i] after t iterations; v_{t+1} = v_t P. The
// chain predicts the answer's expected strength by iteration, its spread,
// and when the distribution stops changing, without running the search.
// Knows nothing of any game: classes are numbers (reliability/ builds them).

#include <cstddef>
#include <vector>

namespace evalsynth::reliability {

using Matrix = std::vector<std::vector<double>>;

struct StrengthChain {
  std::vector<double> strength;  // F(i): the strength of class i
  Matrix transition;             // P[i][j]: from class i to class j in one iteration (rows sum to 1)
  std::vector<double> start;     // v_0: the first answer's class distribution
  // The variance of strength among a class's members, if known (empty: 0,
  // as the paper takes it); the spread of the answer's strength adds it.
  std::vector<double> within_variance = {};
};

// The chain of a strict hill-climber (the paper's SCSA): each iteration a
// challenger of class j is drawn with probability `draw[j]` and replaces an
// incumbent of class i with probability `replace[i][j]`; P[i][i] takes the
// rest. The first answer is drawn as challengers are (v_0 = draw).
// Preconditions: draw sums to 1; replace is square, of draw's size, entries in [0, 1].
StrengthChain hill_climber_chain(const std::vector<double>& strength, const std::vector<double>& draw,
                                 const Matrix& replace);

// The chain of a search that moves from class i to class j (j != i) with
// probability move[i][j] in one iteration and stays with the rest; v_0 =
// start. A hill-climber whose challengers are neighbours of its incumbent:
// move[i][j] = lambda_ij delta_ij (reliability/class_model.hpp).
// Preconditions: square, of strength's size; each row's off-diagonal sum <= 1.
StrengthChain moving_chain(const std::vector<double>& strength, const std::vector<double>& start, const Matrix& move);

// v_{t+1} = v_t P.
std::vector<double> step(const StrengthChain& chain, const std::vector<double>& v);

struct Prediction {
  std::vector<double> mean, sd;  // by iteration 0..iterations: E_t and the standard deviation of F
};
Prediction predict(const StrengthChain& chain, int iterations);

// The mean and standard deviation of F under a class distribution v (the
// latter with the classes' within_variance, if given).
double mean_strength(const StrengthChain& chain, const std::vector<double>& v);
double sd_strength(const StrengthChain& chain, const std::vector<double>& v);

// The paper's time to convergence to k decimal places (its Algorithm 5.2):
// the first t at which every class's probability in v_t and v_{t+1}, cut
// (not rounded) to k decimals, is the same; -1 if that does not happen
// within `limit` iterations.
int convergence_time(const StrengthChain& chain, int decimals, int limit);

// The same for the expected strength alone: the first t at which E_t and
// E_{t+1}, cut to k decimals (in F's units), are the same.
int mean_convergence_time(const StrengthChain& chain, int decimals, int limit);

}  // namespace evalsynth::reliability
