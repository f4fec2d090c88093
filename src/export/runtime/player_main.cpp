// The exporter's player runtime: evalsynth export --player writes a .cpp that
// includes the exported header, defines `evaluate(x, o)` to call it, and then
// holds this file's text. It searches as evalsynth's players do (see the
// comment the exporter writes above it); tests compile exported players and
// compare their columns with evalsynth's search.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

// Provided before this text by the exported player.
int evaluate(std::uint64_t x_stones, std::uint64_t o_stones);

namespace {

constexpr int kWin = 100000, kMaxEval = 99999, kInfinity = 1000000;

struct Board {
  std::uint64_t stones[2] = {0, 0};  // X, O
  int moves = 0;
  std::uint64_t occupied() const { return stones[0] | stones[1]; }
  bool can_play(int col) const { return !(occupied() & (std::uint64_t{1} << (7 * col + 5))); }
  std::uint64_t landing(int col) const {
    return (occupied() + (std::uint64_t{1} << 7 * col)) & (std::uint64_t{0x3F} << 7 * col);
  }
  Board played(int col) const {
    Board b = *this;
    b.stones[moves & 1] |= landing(col);
    ++b.moves;
    return b;
  }
  bool full() const { return moves == 42; }
};

bool has_four(std::uint64_t s) {
  const int shifts[4] = {1, 7, 6, 8};
  for (int shift : shifts) {
    const std::uint64_t pairs = s & (s >> shift);
    if (pairs & (pairs >> 2 * shift)) return true;
  }
  return false;
}
bool wins(const Board& b, int col) { return has_four(b.stones[b.moves & 1] | b.landing(col)); }

int negamax(const Board& b, int depth, int alpha, int beta);

// Value of `child` for the side that just moved into it (it is not won).
int child_value(const Board& child, int depth, int alpha, int beta) {
  if (child.full()) return 0;
  if (depth == 1) {
    int v = evaluate(child.stones[0], child.stones[1]);
    v = v < -kMaxEval ? -kMaxEval : v > kMaxEval ? kMaxEval : v;
    return (child.moves & 1) == 0 ? -v : v;  // X to move in child: O just moved
  }
  return -negamax(child, depth - 1, -beta, -alpha);
}

int negamax(const Board& b, int depth, int alpha, int beta) {
  for (int col = 0; col < 7; ++col)
    if (b.can_play(col) && wins(b, col)) return kWin;
  const int centre_first[7] = {3, 2, 4, 1, 5, 0, 6};
  int best = -kInfinity;
  for (int col : centre_first) {
    if (!b.can_play(col)) continue;
    const int score = child_value(b.played(col), depth, alpha > best ? alpha : best, beta);
    if (score > best) {
      best = score;
      if (best >= beta) break;
    }
  }
  return best;
}

// The column (0-6) chosen at `depth`: the first best from left to right.
int choose(const Board& b, int depth) {
  int best = -kInfinity, best_col = -1;
  for (int col = 0; col < 7; ++col) {
    if (!b.can_play(col)) continue;
    const int score = wins(b, col) ? kWin : child_value(b.played(col), depth, best, kInfinity);
    if (score > best) {
      best = score;
      best_col = col;
    }
  }
  return best_col;
}

// The board after a move string, or an error message.
bool parse(const std::string& line, Board& b, std::string& error) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (c < '1' || c > '7')
      return error = "column " + std::to_string(i + 1) + ": '" + std::string(1, c) + "' is not a column 1-7", false;
    const int col = c - '1';
    if (!b.can_play(col))
      return error = "column " + std::to_string(i + 1) + ": column " + std::string(1, c) + " is full", false;
    if (wins(b, col)) return error = "column " + std::to_string(i + 1) + ": this move ends the game", false;
    b = b.played(col);
  }
  if (b.full()) return error = "the board is full", false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int depth = 4;
  if (argc > 2 || (argc == 2 && ((depth = std::atoi(argv[1])) < 1 || depth > 42))) {
    std::fprintf(stderr, "usage: %s [DEPTH 1-42] < move strings\n", argv[0]);
    return 2;
  }
  std::string line;
  int number = 0, status = 0;
  while (std::getline(std::cin, line)) {
    ++number;
    Board b;
    std::string error;
    if (!parse(line, b, error)) {
      std::fprintf(stderr, "<stdin>:%d: error: %s\n", number, error.c_str());
      std::puts("-");
      status = 1;
      continue;
    }
    std::printf("%d\n", choose(b, depth) + 1);
  }
  return status;
}
