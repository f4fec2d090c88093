#include "games/connect4/opening_book.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>
#include <string>

#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/opening_book_text.hpp"
#include "support/source_text.hpp"

namespace evalsynth::connect4 {
namespace {

auto find(const OpeningBook& book, std::uint64_t key) {
  return std::lower_bound(book.entries.begin(), book.entries.end(), key,
                          [](const auto& entry, std::uint64_t k) { return entry.first < k; });
}

}  // namespace

bool OpeningBook::contains(const Position& p) const {
  const auto it = find(*this, p.canonical_key());
  return it != entries.end() && it->first == p.canonical_key();
}

int OpeningBook::score(const Position& p) const {
  assert(p.moves_played() == kOpeningBookPlies && contains(p));
  return find(*this, p.canonical_key())->second;
}

OpeningBook parse_opening_book(std::string_view text_view, std::string_view source_name) {
  const std::string text(text_view), name(source_name);
  const SourceText source(text, name);
  OpeningBook book;
  const std::vector<MovesLine> lines = parse_move_lines(text, name);
  for (const MovesLine& line : lines) {
    const std::size_t moves_at = line.rest - line.moves.size();
    if (line.position.moves_played() != kOpeningBookPlies)
      source.fail_at(moves_at, "a book position has " + std::to_string(kOpeningBookPlies) + " stones, this one " +
                                   std::to_string(line.position.moves_played()));
    std::size_t i = line.rest;
    auto skip = [&](bool space) {
      while (i < line.line_end && (std::isspace(static_cast<unsigned char>(text[i])) != 0) == space) ++i;
    };
    skip(true);
    const std::size_t score_at = i;
    skip(false);
    int score = 0;
    const char* first = text.data() + score_at + (i > score_at && text[score_at] == '+');
    const auto [end, error] = std::from_chars(first, text.data() + i, score);
    if (i == score_at || error != std::errc() || end != text.data() + i || score < -kMaxAbsScore ||
        score > kMaxAbsScore)
      source.fail_at(score_at, "expected the position's score, a whole number from -" + std::to_string(kMaxAbsScore) +
                                   " to " + std::to_string(kMaxAbsScore));
    skip(true);
    if (i < line.line_end) source.fail_at(i, "a book line is MOVES SCORE; this has more after the score");
    book.entries.emplace_back(line.position.canonical_key(), score);
  }
  // Sorted by key; a key met twice is reported where it is met the second time.
  std::vector<std::size_t> order(book.entries.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return book.entries[a].first < book.entries[b].first; });
  for (std::size_t k = 1; k < order.size(); ++k)
    if (book.entries[order[k]].first == book.entries[order[k - 1]].first)
      source.fail_at(lines[order[k]].rest - lines[order[k]].moves.size(),
                     "this position (or its mirror image) is already in the book");
  std::sort(book.entries.begin(), book.entries.end());
  return book;
}

const OpeningBook& builtin_opening_book() {
  static const OpeningBook book = parse_opening_book(opening_book_text::kOpenings3, "specs/positions/openings_3.book");
  return book;
}

int opening_score(const Position& p) {
  assert(p.moves_played() <= kOpeningBookPlies);
  if (p.moves_played() == kOpeningBookPlies) return builtin_opening_book().score(p);
  int best = -kMaxAbsScore;
  for (int col = 0; col < kColumns; ++col)
    if (p.can_play(col)) best = std::max(best, -opening_score(p.played(col)));
  return best;
}

}  // namespace evalsynth::connect4
