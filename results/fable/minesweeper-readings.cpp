// Random play on FABLE's minesweeper under readings of its rules (Jackson
// 2009, §3.2.1), to find which reproduce the thesis's Table 4.1 (random
// wins per 100 over 10,000 games: 3x3 2 mines 12.5, 4x4 3 mines 2.5, 5x5
// 5 mines 0.8) and its exact 3x3 figure (15%).
// A standalone experiment, not part of evalsynth. Build and run (the output
// is results/fable/minesweeper-readings.txt):
//   c++ -O2 -std=c++20 results/fable/minesweeper-readings.cpp -o /tmp/minesweeper-readings
//   /tmp/minesweeper-readings > results/fable/minesweeper-readings.txt
// For each reading: the random clicker's win probability, exact on 3x3 and
// 4x4 (every mine placement, every click order: a memo over the cells
// revealed), and over 1,000,000 simulated games (seed 1) on all three.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

struct Reading {
  const char* name;
  const char* what;
  int count_adjacency = 8;         // neighbours a count covers: 8 or 4
  int cascade_adjacency = 8;       // neighbours a 0 opens: 8 or 4
  int cascade_depth = 99;          // 0 none, 1 the clicked cell's neighbours only, 99 full
  bool row_wrap = false;           // neighbours by index (c +- 1, c +- N...): rows wrap
  bool opened_mine_loses = false;  // a cascade may open a mine (count 4, cascade 8): a loss
  bool first_click_safe = false;   // mines placed after the first click, away from it
  bool with_replacement = false;   // M mines drawn with replacement (duplicates merge)
  int mines_delta = 0;             // M + this
  // Mines never in the last row and column (a row and a column each drawn
  // from 0 to N - 2: an exclusive upper bound taken for an inclusive one),
  // or never on the last cell (a cell drawn from 0 to N^2 - 2).
  bool mines_skip_last_line = false, mines_skip_last_cell = false;
  // The random clicker never picks the last of its choices (cells in order)
  // while it has two or more: the same off-by-one in the random agent.
  bool random_skips_last = false;
  // The engine counts cells opened, and a cascade opens (and counts) a cell
  // once for every 0 that queued it before it was opened; a win is the
  // count equal to the safe cells (perhaps before all are open), and a count
  // past them cannot win.
  bool double_count = false;
};

const Reading kReadings[] = {
    {"ours", "8 neighbours, full cascade, M distinct mines, the first click may lose (evalsynth's rules)"},
    {"no-cascade", "a 0 opens nothing", 8, 8, 0},
    {"cascade-one-level", "a 0 opens its neighbours, which open nothing more", 8, 8, 1},
    {"four-neighbours", "counts and cascade over the 4 orthogonal neighbours", 4, 4},
    {"count8-cascade4", "counts over 8 neighbours, a 0 opens its 4 orthogonal ones", 8, 4},
    {"count4-cascade8", "counts over 4 neighbours, a 0 opens all 8 (an opened mine loses)", 4, 8, 99, false, true},
    {"row-wrap", "neighbours by index: c +- 1 and c +- N +- 1 without column checks", 8, 8, 99, true},
    {"first-click-safe", "the mines placed after the first click, never on it", 8, 8, 99, false, false, true},
    {"with-replacement", "M mines drawn with replacement (a repeat is lost)", 8, 8, 99, false, false, false, true},
    {"one-mine-more", "M + 1 mines (3, 4, 6)", 8, 8, 99, false, false, false, false, 1},
    {"one-mine-fewer", "M - 1 mines (1, 2, 4)", 8, 8, 99, false, false, false, false, -1},
    {"mines-not-last-row-column", "mines never in the last row or column", 8, 8, 99, false, false, false, false, 0,
     true},
    {"mines-not-last-cell", "mines never on the last cell", 8, 8, 99, false, false, false, false, 0, false, true},
    {"random-skips-last", "the random clicker never picks the last free cell while two or more are free", 8, 8, 99,
     false, false, false, false, 0, false, false, true},
    {"cascade-double-count",
     "cells opened counted, a cell queued by two 0s counted twice; the count equal to the safe cells wins (early), "
     "past them cannot",
     8, 8, 99, false, false, false, false, 0, false, false, false, true},
};

struct Board {
  int n, cells;
  std::vector<std::uint32_t> count_nb, cascade_nb;
  Board(int size, const Reading& r) : n(size), cells(size * size), count_nb(cells), cascade_nb(cells) {
    for (int c = 0; c < cells; ++c) {
      const int row = c / n, col = c % n;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          if (!dr && !dc) continue;
          int other;
          if (r.row_wrap) {
            other = c + dr * n + dc;
            if (other < 0 || other >= cells) continue;
          } else {
            const int nr = row + dr, nc = col + dc;
            if (nr < 0 || nr >= n || nc < 0 || nc >= n) continue;
            other = nr * n + nc;
          }
          const std::uint32_t bit = std::uint32_t{1} << other;
          const bool orthogonal = !dr || !dc;
          if (r.count_adjacency == 8 || orthogonal) count_nb[c] |= bit;
          if (r.cascade_adjacency == 8 || orthogonal) cascade_nb[c] |= bit;
        }
    }
  }
  // The cells revealed by clicking safe `cell`; sets `lost` if a cascade opens a mine.
  std::uint32_t click(std::uint32_t mines, std::uint32_t revealed, int cell, const Reading& r, bool& lost) const {
    revealed |= std::uint32_t{1} << cell;
    std::vector<std::pair<int, int>> todo{{cell, 0}};
    while (!todo.empty()) {
      const auto [c, depth] = todo.back();
      todo.pop_back();
      if (std::popcount(mines & count_nb[c]) != 0 || depth >= r.cascade_depth) continue;
      for (std::uint32_t open = cascade_nb[c] & ~revealed; open; open &= open - 1) {
        const int o = std::countr_zero(open);
        revealed |= std::uint32_t{1} << o;
        if (mines >> o & 1) {
          if (r.opened_mine_loses) lost = true;
          continue;
        }
        todo.push_back({o, depth + 1});
      }
    }
    return revealed;
  }
};

// The cells a mine may be placed on.
std::uint32_t mine_cells(int size, const Reading& r) {
  std::uint32_t allowed = 0;
  for (int c = 0; c < size * size; ++c) {
    if (r.mines_skip_last_line && (c / size == size - 1 || c % size == size - 1)) continue;
    if (r.mines_skip_last_cell && c == size * size - 1) continue;
    allowed |= std::uint32_t{1} << c;
  }
  return allowed;
}

int mines_of(int size, const Reading& r) { return static_cast<int>(std::lround(size * size / 5.0)) + r.mines_delta; }

// Exact: the random clicker (uniform over cells not revealed) on every
// placement of M distinct mines; first-click-safe: mines uniform over the
// placements avoiding the first click.
double exact(int size, const Reading& r) {
  const Board b(size, r);
  const int m = mines_of(size, r);
  const std::uint32_t all = (std::uint32_t{1} << b.cells) - 1;
  std::vector<double> memo(std::size_t{1} << b.cells);
  std::vector<char> known(memo.size());
  std::uint32_t mines = 0;
  std::function<double(std::uint32_t)> win = [&](std::uint32_t revealed) -> double {
    if ((revealed | mines) == all) return 1;
    if (known[revealed]) return memo[revealed];
    double sum = 0;
    int choices = 0;
    std::uint32_t free_cells = all & ~revealed;
    if (r.random_skips_last && std::popcount(free_cells) > 1)
      free_cells &= ~(std::uint32_t{1} << (31 - std::countl_zero(free_cells)));
    for (std::uint32_t free = free_cells; free; free &= free - 1) {
      const int c = std::countr_zero(free);
      ++choices;
      if (mines >> c & 1) continue;
      bool lost = false;
      const std::uint32_t next = b.click(mines, revealed, c, r, lost);
      if (!lost) sum += win(next);
    }
    known[revealed] = 1;
    return memo[revealed] = sum / choices;
  };
  double total = 0, placements = 0;
  for (std::uint32_t set = 0; set <= all; ++set) {
    if (std::popcount(set) != m || (set & ~mine_cells(size, r))) continue;
    mines = set;
    std::fill(known.begin(), known.end(), 0);
    if (!r.first_click_safe) {
      total += win(0);
      placements += 1;
      continue;
    }
    // The first click uniform over the cells, the mines uniform over the
    // placements without it: weight each (placement, safe first click) alike.
    for (int first = 0; first < b.cells; ++first) {
      if (mines >> first & 1) continue;
      bool lost = false;
      const std::uint32_t next = b.click(mines, 0, first, r, lost);
      total += lost ? 0 : win(next);
      placements += 1;
    }
  }
  return total / placements;
}

// The double-counting cascade: a queue of cells to open, a 0 queueing its
// neighbours not open yet; each cell opened when taken from the queue and
// counted, even if it was already opened. Returns the count.
int counted_click(const Board& b, std::uint32_t mines, std::uint32_t& revealed, int cell) {
  std::vector<int> queue{cell};
  int counted = 0;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const int c = queue[i];
    revealed |= std::uint32_t{1} << c;
    ++counted;
    if (std::popcount(mines & b.count_nb[c]) != 0) continue;
    for (std::uint32_t open = b.cascade_nb[c] & ~revealed; open; open &= open - 1)
      queue.push_back(std::countr_zero(open));
  }
  return counted;
}

double simulate(int size, const Reading& r, int games, std::uint64_t seed) {
  const Board b(size, r);
  const int m = mines_of(size, r);
  const std::uint32_t all = (std::uint32_t{1} << b.cells) - 1;
  std::mt19937_64 rng(seed);
  // Lemire's multiply-shift: defined by the standard's mt19937_64 alone, so
  // every compiler's library draws the same (uniform_int_distribution's
  // mapping is each library's own).
  auto below = [&](int k) {
    return static_cast<int>((static_cast<unsigned __int128>(rng()) * static_cast<unsigned>(k)) >> 64);
  };
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    std::uint32_t mines = 0, revealed = 0;
    int first = -1;
    if (r.first_click_safe) first = below(b.cells);
    const std::uint32_t allowed = mine_cells(size, r);
    for (int placed = 0; placed < m;) {
      const int c = below(b.cells);
      if (c == first || !(allowed >> c & 1)) continue;
      if (r.with_replacement) {
        mines |= std::uint32_t{1} << c;
        ++placed;
        continue;
      }
      if (mines >> c & 1) continue;
      mines |= std::uint32_t{1} << c;
      ++placed;
    }
    bool lost = false;
    int opened = 0;
    while (!lost && (revealed | mines) != all) {
      int c = first;
      if (c < 0) {
        std::uint32_t free = all & ~revealed;
        if (r.random_skips_last && std::popcount(free) > 1)
          free &= ~(std::uint32_t{1} << (31 - std::countl_zero(free)));
        int k = below(std::popcount(free));
        std::uint32_t f = free;
        while (k--) f &= f - 1;
        c = std::countr_zero(f);
      }
      first = -1;
      if (mines >> c & 1) {
        lost = true;
        break;
      }
      if (r.double_count) {
        opened += counted_click(b, mines, revealed, c);
        if (opened >= b.cells - std::popcount(mines)) {
          lost = opened > b.cells - std::popcount(mines) || lost;
          if (!lost) break;
          // past the count: play on until a mine is clicked
          lost = true;
        }
        continue;
      }
      revealed = b.click(mines, revealed, c, r, lost);
    }
    wins += !lost;
  }
  return static_cast<double>(wins) / games;
}

}  // namespace

int main() {
  const int kGames = 1'000'000;
  std::printf("# random play on minesweeper, wins per 100 games; exact: every placement and click order;\n");
  std::printf("# sim: %d simulated games each (seed 1). Thesis (Table 4.1, 10,000 games): 12.5 / 2.5 / 0.8;\n", kGames);
  std::printf("# its exact 3x3 figure: 15.\n");
  std::printf("reading\tmines\texact 3x3\texact 4x4\tsim 3x3\tsim 4x4\tsim 5x5\twhat\n");
  for (const Reading& r : kReadings) {
    std::string mines;
    for (int s = 3; s <= 5; ++s) mines += (s > 3 ? "/" : "") + std::to_string(mines_of(s, r));
    const bool exactable = !r.with_replacement && !r.double_count;
    std::printf("%s\t%s\t", r.name, mines.c_str());
    if (exactable)
      std::printf("%.3f\t%.3f\t", 100 * exact(3, r), 100 * exact(4, r));
    else
      std::printf("-\t-\t");
    std::printf("%.3f\t%.3f\t%.3f\t%s\n", 100 * simulate(3, r, kGames, 1), 100 * simulate(4, r, kGames, 1),
                100 * simulate(5, r, kGames, 1), r.what);
    std::fflush(stdout);
  }
}
