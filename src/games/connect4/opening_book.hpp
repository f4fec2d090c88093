#pragma once
// Perfect-play scores of the first moves of a game. Solving a 3-stone
// position takes about a CPU-minute, so the 121 of them (one of each mirror
// pair) were solved once by evalsynth's own solver and the results are built
// into the tool (specs/positions/openings_3.book; how it was made is written
// in it). Shallower positions are valued from the book by negamax: no game
// ends before its 7th stone, so a position's score is the best of its
// children's negated scores. Scores follow solver/solver.hpp (positive: the
// side to move wins; the later the win, the closer to 0).

#include <cstdint>
#include <string_view>
#include <vector>

#include "games/connect4/position.hpp"

namespace evalsynth::connect4 {

inline constexpr int kOpeningBookPlies = 3;

// A book: (canonical key, score) of positions with kOpeningBookPlies stones,
// sorted by key.
struct OpeningBook {
  std::vector<std::pair<std::uint64_t, int>> entries;

  // Precondition: p has kOpeningBookPlies stones and is in the book (asserted;
  // the built-in book holds every such position, tested).
  int score(const Position& p) const;
  bool contains(const Position& p) const;
};

// Reads a book: '#' comment lines, then one `MOVES SCORE` a line, as
// `evalsynth solve` prints them. Throws InputError (source:line:col) for a
// malformed line, a position with another number of stones, a score out of
// range, or a position given twice (mirror images count as one).
OpeningBook parse_opening_book(std::string_view text, std::string_view source_name);

// The book built into the tool.
const OpeningBook& builtin_opening_book();

// The perfect-play score of a position with at most kOpeningBookPlies stones,
// from the built-in book. Precondition: p.moves_played() <= kOpeningBookPlies.
int opening_score(const Position& p);

}  // namespace evalsynth::connect4
