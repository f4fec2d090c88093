#include "tournament/position_sets.hpp"

#include <algorithm>
#include <unordered_set>

#include "game/notation.hpp"
#include "solver/solve_all.hpp"
#include "tournament/player.hpp"

namespace evalsynth {
namespace {

// Games that reach a ply in the range are batched, then solved in parallel.
constexpr std::size_t kBatch = 256;
constexpr double kRandomMoveRate = 1.0 / 8;

Player random_player(Rng& rng, bool random_games) {
  if (random_games) return builtin_player("random", 0);
  const int kind = rng.below(5);
  if (kind == 0) return builtin_player("random", 0);
  return builtin_player(kind <= 2 ? "ibef" : "adate", 1 + rng.below(4));
}

bool choice_matters(const solver::LabelledPosition& p) {
  int signs = 0;  // bit 0 loss, 1 draw, 2 win
  for (int s : p.move_scores)
    if (s != solver::kFullColumn) signs |= 1 << ((s > 0) - (s < 0) + 1);
  return signs != 1 && signs != 2 && signs != 4;
}

}  // namespace

std::string mirrored_moves(const std::string& moves) {
  std::string out = moves;
  for (char& c : out) c = static_cast<char>('1' + '7' - c);
  return out;
}

std::vector<solver::LabelledPosition> make_position_set(const PositionSetOptions& options,
                                                        const std::vector<solver::LabelledPosition>& exclude) {
  std::unordered_set<std::uint64_t> taken;
  for (const auto& p : exclude) taken.insert(p.position.canonical_key());
  Rng rng(options.seed);
  std::vector<solver::LabelledPosition> set;
  solver::SolveOptions solve;
  solve.analyse = true;
  solve.threads = options.threads;
  solve.table_mb = options.table_mb;
  // A bounded number of games: a range with too few distinct positions ends
  // with a short set rather than never.
  const std::size_t game_limit = 1000 * static_cast<std::size_t>(options.count) + 100000;
  for (std::size_t games = 0; static_cast<int>(set.size()) < options.count && games < game_limit;) {
    std::vector<solver::LabelledPosition> batch;
    while (batch.size() < kBatch && games < game_limit) {
      ++games;
      const Player players[2] = {random_player(rng, options.random_games), random_player(rng, options.random_games)};
      const int target = options.first_ply + rng.below(options.last_ply - options.first_ply + 1);
      Position p;
      std::string moves;
      while (!p.is_game_over() && p.moves_played() < target) {
        const Player& mover = players[p.moves_played() & 1];
        SearchCounters counters;
        const int col = rng.unit() < kRandomMoveRate
                            ? random_column(p, rng)
                            : choose_move<StandardRules>(mover, p, MoveOrder::Random, rng, counters);
        p = p.played(col);
        moves += static_cast<char>('1' + col);
      }
      if (p.is_game_over() || !taken.insert(p.canonical_key()).second) continue;
      solver::LabelledPosition labelled;
      labelled.position = p;
      labelled.moves = moves;
      batch.push_back(std::move(labelled));
    }
    std::vector<Position> positions;
    for (const auto& b : batch) positions.push_back(b.position);
    const std::vector<solver::SolvedPosition> solved = solver::solve_all(positions, solve);
    for (std::size_t i = 0; i < batch.size() && static_cast<int>(set.size()) < options.count; ++i) {
      batch[i].move_scores = solved[i].moves;
      if (options.decisive && !choice_matters(batch[i])) continue;
      const int left = solver::moves_left(batch[i]);
      if (left < options.fewest_moves_left || left > options.most_moves_left) continue;
      batch[i].line = static_cast<int>(set.size()) + 1;
      set.push_back(batch[i]);
    }
  }
  return set;
}

}  // namespace evalsynth
