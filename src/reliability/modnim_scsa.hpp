#pragma once
// M²ICAL's test (Oon 2007, chapter 6): the strict hill-climber SCSA over
// deterministic ModNim(K, M) players, modelled by the chain of
// markov_chain.hpp and checked against real runs of it.
//
// A player is a vector m_1..m_K: it takes m_i sticks when i are left (m_i
// in 1..i for i < M, else 1..M); random players draw each element
// uniformly. A player's strength is its win rate in two games (one moving
// first, one second) against each of `opponents` random players (one set,
// drawn once, for every player); its class is min(N, floor(N x rate) + 1).
// SCSA: a random challenger replaces the incumbent if it wins one game in
// which the incumbent moves first. The chain's inputs are estimated as the
// paper's Algorithms 4.1-4.3 do: class sizes from `sample` random players,
// W[i][j] (a player of class i moving first beats one of class j) from
// `wpm` games between random members, a challenger of class j drawn with
// probability gamma_j / Gamma, and replacing with probability 1 - W[i][j].
//
// Everything is seeded per task (player, class pair, run), so results are
// the same for any thread count.

#include <cstdint>
#include <vector>

#include "reliability/markov_chain.hpp"

namespace evalsynth::reliability {

struct ScsaSetup {
  int sticks = 100, take = 3;  // ModNim(K, M)
  int classes = 100;           // N
  int sample = 10000;          // M_sample: random players sorted into classes
  int opponents = 1000;        // M_opp: random opponents behind each strength
  int wpm = 1000;              // M_wpm: games per pair of classes
  int runs = 100, iterations = 1000;
  std::uint64_t seed = 1;
  int threads = 0;
};

struct ScsaStudy {
  std::vector<int> class_sizes;          // gamma_i, of the N classes
  std::vector<int> occupied;             // the classes with players (the chain's states), ascending
  Matrix win;                            // W over the occupied classes: row moves first
  StrengthChain chain;                   // F(i) = the middle of class i's rate bin, in percent
  Prediction model;                      // by iteration 0..setup.iterations
  std::vector<double> run_mean, run_sd;  // the real runs' incumbents' F, by iteration
};

// A random player's moves, index i = sticks left (index 0 unused).
using NimPlayer = std::vector<std::uint8_t>;

// Whether `first` wins moving first against `second` (the engine's ModNim rules).
bool first_wins(int sticks, int take, const NimPlayer& first, const NimPlayer& second);

ScsaStudy run_scsa_study(const ScsaSetup& setup);

}  // namespace evalsynth::reliability
