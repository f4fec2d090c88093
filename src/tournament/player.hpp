#pragma once
// A player of a game: an evaluator searched to a fixed depth, the random
// mover, or perfect play. Written `NAME@DEPTH` on the command line
// (`IBEF@4`, `ADATE@2`, `random`, `perfect`; tournament/player_syntax.hpp).

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/move_order.hpp"
#include "game/sampled_search.hpp"
#include "game/search.hpp"
#include "lang/parse.hpp"
#include "model/fable.hpp"
#include "support/random.hpp"
#include "tournament/evaluators.hpp"
#include "tournament/perfect_play.hpp"

namespace evalsynth {

struct RandomMover {};

// Perfect play by the game's solver: a random move among those of the best
// value class (win > draw > loss); with probability `epsilon` instead a
// random move that does not lose (if there is one).
struct PerfectPlayer {
  double epsilon = 0;
  bool resist = false;  // when lost, only the moves that lose latest
};

// FABLE's learned transitions (model/fable.hpp), playing as FABLE chooses:
// randomly, by how the games through each move ended.
struct FablePlayer {
  std::shared_ptr<const model::FableModel> model;
};

template <class Evaluators>
struct BasicPlayer {
  std::string name;  // as shown in tables: "IBEF", "ADATE", "RANDOM"
  int depth = 0;     // search depth; unused for the random mover
  std::variant<RandomMover, Evaluators, PerfectPlayer, FablePlayer> brain;
  bool from_file = false;  // a program read from an .eval file
  // Searches by the sampled "neighbouring state search"
  // (game/sampled_search.hpp) instead of alpha-beta; its name says so.
  bool sampled = false;
  // Where it came from, for records: "built-in", or a file's path and the
  // hash of its bytes.
  std::string source = "built-in";

  bool is_random() const { return std::holds_alternative<RandomMover>(brain); }
  bool is_perfect() const { return std::holds_alternative<PerfectPlayer>(brain); }
  bool is_fable() const { return std::holds_alternative<FablePlayer>(brain); }
  // Whether it searches with an evaluator (and has a depth).
  bool searches() const { return std::holds_alternative<Evaluators>(brain); }
  // "IBEF4", "RANDOM": the thesis's Appendix D naming; "ibef@4" for a file
  // ibef.eval, whose name may end in a digit.
  std::string label() const {
    if (!searches()) return name;
    return name + (from_file ? "@" : "") + std::to_string(depth);
  }
};

// A player of game G (both Connect4 rule sets share theirs).
template <Game G>
using Player = BasicPlayer<EvaluatorOf<G>>;

// The fewest plies a start board of `game` needs for perfect play to be
// quick: the game's own if it says (HasSolverReach: Connect4 10 stones), else
// none (the small games the exact solver is for).
template <Game G>
int perfect_play_min_plies(const G& game) {
  if constexpr (HasSolverReach<G>)
    return game.perfect_play_min_plies();
  else
    return 0;
}

// How games are played: the tie-breaking order (the rules are the game's).
struct GameSettings {
  MoveOrder order = MoveOrder::Random;
  // The percentage of moves, either player's, made uniformly at random
  // instead (the Othello League's protocol: 10). 0 draws nothing, so
  // games without it are as they always were.
  int random_move_percent = 0;
};

// The move `player` makes in `p` (precondition: the game is not over).
template <Game G>
typename G::Move choose_move(const G& game, const Player<G>& player, const typename G::Position& p, MoveOrder order,
                             Rng& rng, SearchCounters& counters) {
  if (player.is_random()) return random_move(game, p, rng);
  if (const auto* perfect = std::get_if<PerfectPlayer>(&player.brain))
    return perfect_move(game, p, perfect->epsilon, rng, perfect->resist);
  if (const auto* fable = std::get_if<FablePlayer>(&player.brain)) {
    // Only games with a cell grid load FABLE's models (program_player).
    if constexpr (HasCellGrid<G>) return model::FableAgent<G>(game).choose(*fable->model, p, rng);
    assert(false && "FABLE plays games with a cell grid only");
  }
  const MovesOf<G> root = root_moves(game, p, order, rng);
  auto search_with = [&](const auto& evaluator) {
    if (player.sampled) {
      SampledSearch<G, std::decay_t<decltype(evaluator)>> search(game, evaluator, rng);
      const typename G::Move move = search.search(p, player.depth, root).move;
      counters.nodes += search.counters().nodes;
      counters.evaluations += search.counters().evaluations;
      return move;
    }
    AlphaBeta<G, std::decay_t<decltype(evaluator)>> search(game, evaluator);
    const typename G::Move move = search.search(p, player.depth, root).move;
    counters.nodes += search.counters().nodes;
    counters.evaluations += search.counters().evaluations;
    return move;
  };
  return visit_evaluator(std::get<EvaluatorOf<G>>(player.brain), search_with);
}

// Built-in players of `game` by name, case-insensitive: random, perfect, and
// the game's reference evaluators (Connect4: ibef, adate). Throws UsageError
// naming the game's built-in players.
template <Game G>
Player<G> builtin_player(const G& game, std::string_view name, int depth);
// Their names, for messages: "ibef, adate (ADATE-2005), random and perfect".
template <Game G>
std::string builtin_player_names(const G& game);
// The game's reference players, native ones first, as players name them
// ("ibef", "adate"; "open-lines", ...): the first stands in for a run's
// self-play until the run has programs of its own.
template <Game G>
std::vector<std::string> reference_player_names(const G& game);
// The same references as a run's results name them ("IBEF", "ADATE-2005").
template <Game G>
std::vector<std::string> reference_names(const G& game);

// The evaluator of a trained model for `game` (shared, like compiled
// programs): Connect4's networks, or a board n-tuple network learned for
// this very game. Throws InputError at `source` for a model of another game.
namespace model {
struct Model;
}
template <Game G>
EvaluatorOf<G> model_evaluator(const G& game, const model::Model& model, const std::string& source);

// Reads the program a player file names. The default reads .eval files;
// commands that know checkpoints pass one that also reads a run's answer.
using ProgramReader = std::function<lang::Program(const std::string& path)>;

// The program's game must be of `game`'s family: an InputError at the file
// otherwise, naming both.
template <Game G>
void require_game(const G& game, const lang::Program& program, const std::string& path);

// A player searching with the program a file holds, named after the file
// (its name without folders and extension); a model file
// (model/model_file.hpp) is recognised by its first bytes and searched with
// its network, named after its folder (results/ntuple/model.bin is
// "ntuple"); so is a model learned for another game, for that game. Throws InputError for a bad file or a program of
// another game.
template <Game G>
Player<G> program_player(const G& game, const std::string& path, int depth,
                         const ProgramReader& read = lang::read_program_file);

// Parses a comma-separated list of players; `NAME@D` or `NAME@A-B` (a depth
// range expands to one player per depth). NAME is a built-in or a path to a
// file `read` understands: one ending in .eval or .ckpt, or any path with a
// '/'. Throws UsageError or InputError.
template <Game G>
std::vector<Player<G>> parse_player_list(const G& game, std::string_view text,
                                         const ProgramReader& read = lang::read_program_file);

}  // namespace evalsynth
