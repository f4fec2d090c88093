#include "tournament/position_sets.hpp"

#include <algorithm>
#include <unordered_set>

#include "games/registry.hpp"
#include "solver/exact_solve_all.hpp"
#include "support/random.hpp"
#include "tournament/player.hpp"

namespace evalsynth {
namespace {

// Games that reach a ply in the range are batched, then solved in parallel.
constexpr std::size_t kBatch = 256;
constexpr double kRandomMoveRate = 1.0 / 8;

// The players positions come from: the random mover, and each reference
// evaluator (Connect4: IBEF and ADATE-2005) twice as likely, at depth 1-4.
template <Game G>
class MixedPlayers {
 public:
  MixedPlayers(const G& game, bool random_games) : random_games_(random_games) {
    for (const std::string& name : reference_player_names(game)) references_.push_back(builtin_player(game, name, 1));
    random_ = builtin_player(game, "random", 0);
  }
  Player<G> draw(Rng& rng) const {
    if (random_games_) return random_;
    const int kind = rng.below(1 + 2 * static_cast<int>(references_.size()));
    if (kind == 0) return random_;
    Player<G> p = references_[static_cast<std::size_t>((kind - 1) / 2)];
    p.depth = 1 + rng.below(4);
    return p;
  }

 private:
  bool random_games_;
  std::vector<Player<G>> references_;
  Player<G> random_;
};

bool choice_matters(const std::vector<int>& value_classes) {
  int signs = 0;  // bit 0 loss, 1 draw, 2 win
  for (int s : value_classes) signs |= 1 << (s + 1);
  return signs != 1 && signs != 2 && signs != 4;
}

// Labels a batch with the game's solver.
template <Game G>
void label(const G& game, std::vector<LabelledOf<G>>& batch, const SolveOptions& solve) {
  if constexpr (HasOwnSolver<G>) {
    game.label(batch, solve);
  } else {
    std::vector<typename G::Position> positions;
    for (auto& b : batch) {
      positions.push_back(b.position);
      MovesOf<G> legal;
      game.legal_moves(b.position, legal);
      b.legal.assign(legal.begin(), legal.end());
    }
    const std::vector<solver::ExactSolved> solved = solver::exact_solve_all(game, positions, solve);
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i].scores = solved[i].moves;
  }
}

// Plays the game on from `p` (its moves' text appended to `moves`) until it
// ends or reaches ply `target`: each side its player, a move in eight random.
template <Game G>
void play_until(const G& game, const Player<G> (&players)[2], int target, Rng& rng, typename G::Position& p,
                std::string& moves) {
  while (game.status(p) == Status::Ongoing && game.plies(p) < target) {
    const Player<G>& mover = players[game.side_to_move(p) == Side::X ? 0 : 1];
    SearchCounters counters;
    const typename G::Move move = rng.unit() < kRandomMoveRate
                                      ? random_move(game, p, rng)
                                      : choose_move(game, mover, p, MoveOrder::Random, rng, counters);
    append_move_text(game, moves, p, move);
    p = game.play(p, move);
  }
}

}  // namespace

template <Game G>
std::vector<LabelledOf<G>> make_position_set(const G& game, const PositionSetOptions& options,
                                             const std::vector<LabelledOf<G>>& exclude,
                                             const std::vector<LabelledOf<G>>& starts, PositionSetCounts* counts) {
  std::unordered_set<std::uint64_t> taken;
  for (const auto& p : exclude) taken.insert(game.canonical_key(p.position));
  Rng rng(options.seed);
  const MixedPlayers<G> mixed(game, options.random_games);
  std::vector<LabelledOf<G>> set;
  SolveOptions solve;
  solve.analyse = true;
  solve.threads = options.threads;
  solve.table_mb = options.table_mb;
  solve.node_limit = options.node_limit;
  // A bounded number of games: a range with too few distinct positions ends
  // with a short set rather than never.
  // And a small game whose every reachable position has been seen stops
  // once games long enough to have found a rare one have found nothing new
  // (tic-tac-toe has about 5,000 positions: without it, seconds of games
  // that cannot add one).
  const std::size_t game_limit = 1000 * static_cast<std::size_t>(options.count) + 100000;
  const std::size_t stall_limit = 100000 + 100 * static_cast<std::size_t>(options.count);
  std::size_t last_new = 0;
  for (std::size_t games = 0;
       static_cast<int>(set.size()) < options.count && games < game_limit && games - last_new < stall_limit;) {
    std::vector<LabelledOf<G>> batch;
    while (batch.size() < kBatch && games < game_limit && games - last_new < stall_limit) {
      ++games;
      const Player<G> players[2] = {mixed.draw(rng), mixed.draw(rng)};
      int target = options.first_ply + rng.below(options.last_ply - options.first_ply + 1);
      typename G::Position p = game.start();
      std::string moves;
      if (!starts.empty()) {  // drawn only then, so sets from the start stay as they were
        const LabelledOf<G>& from = starts[static_cast<std::size_t>(rng.below(static_cast<int>(starts.size())))];
        p = from.position;
        moves = from.moves;
        target += game.plies(p);
      }
      play_until(game, players, target, rng, p, moves);
      if (game.status(p) != Status::Ongoing || !taken.insert(game.canonical_key(p)).second) continue;
      last_new = games;
      LabelledOf<G> labelled;
      labelled.position = p;
      labelled.moves = moves;
      batch.push_back(std::move(labelled));
    }
    label(game, batch, solve);
    for (std::size_t i = 0; i < batch.size() && static_cast<int>(set.size()) < options.count; ++i) {
      if constexpr (!HasOwnSolver<G>)
        if (batch[i].scores.empty()) {  // beyond the node limit
          if (counts) ++counts->beyond_limit;
          continue;
        }
      if (options.decisive && !choice_matters(value_classes(batch[i]))) continue;
      const int left = moves_left(batch[i]);
      if (left < options.fewest_moves_left || left > options.most_moves_left) continue;
      batch[i].line = static_cast<int>(set.size()) + 1;
      set.push_back(batch[i]);
    }
  }
  return set;
}

template <Game G>
int earliest_labelled_ply(const G& game, int from_ply, int last_ply) {
  if constexpr (HasOwnSolver<G>) {
    return from_ply;
  } else {
    // A probe's budget: the nodes of labelling one position (every move's
    // value). Probes per ply: a few games' worth.
    constexpr std::uint64_t kProbeNodes = 100'000;
    constexpr int kProbesPerPly = 32;
    solver::ExactSolver<G> solver(game, 16);
    const MixedPlayers<G> mixed(game, false);
    // How many of `probes` positions at `ply` the solver cannot label within
    // the budget (stops at `enough` of them).
    const auto out_of_reach = [&](int ply, Rng& rng, int probes, int enough) {
      int out = 0;
      for (int probe = 0; probe < probes && out < enough; ++probe) {
        // A position as the sets' games reach it, labelled as they are.
        const Player<G> players[2] = {mixed.draw(rng), mixed.draw(rng)};
        typename G::Position p = game.start();
        std::string moves;
        play_until(game, players, ply, rng, p, moves);
        if (game.status(p) != Status::Ongoing) continue;
        solver.clear_table();
        solver.limit_nodes(solver.nodes() + kProbeNodes);
        try {
          (void)solver.analyse(p);
        } catch (const solver::NodeLimitReached&) {
          ++out;
        }
      }
      return out;
    };
    // The game's guess may be far too early (gomoku on 8 x 8 guesses a
    // third of the board, where positions take the solver minutes to hours):
    // where most probes there are beyond the budget, later, ply by ply, to
    // the first where most are within it. (One dear probe is no reason to
    // give up the guess: the sets' cost is the typical position's.) Its own
    // stream, so that the plies of a game whose guess holds are what they were.
    constexpr int kForwardProbes = 8;
    Rng later(0x1A7E5ULL);
    if (out_of_reach(from_ply, later, kForwardProbes, kForwardProbes) > kForwardProbes / 2) {
      for (int ply = from_ply + 1; ply < last_ply; ++ply)
        if (out_of_reach(ply, later, kForwardProbes, kForwardProbes) <= kForwardProbes / 2) return ply;
      return last_ply;
    }
    Rng rng(0x9E0BE5ULL);
    int earliest = from_ply;
    for (int ply = from_ply - 1; ply >= 0; --ply) {
      if (out_of_reach(ply, rng, kProbesPerPly, 1) > 0) return earliest;
      earliest = ply;
    }
    return earliest;
  }
}

#define EVALSYNTH_INSTANTIATE(G)                                                                                   \
  template std::vector<LabelledOf<G>> make_position_set<G>(const G&, const PositionSetOptions&,                    \
                                                           const std::vector<LabelledOf<G>>&,                      \
                                                           const std::vector<LabelledOf<G>>&, PositionSetCounts*); \
  template int earliest_labelled_ply<G>(const G&, int, int);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
