#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/progress.hpp"
#include "support/text.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/position_sets.hpp"

namespace evalsynth {

const char* const kPositionsHelp =
    "usage: evalsynth positions --count N --plies A-B --output FILE [options]\n"
    "\n"
    "Makes a labelled position set: N distinct positions (mirror images count as\n"
    "one) from games of mixed players - the random mover, IBEF and ADATE-2005 at\n"
    "depths 1-4 with random move order, one move in eight random - each taken\n"
    "at a ply drawn from A-B (with --from: that many moves after a start),\n"
    "labelled by the solver with the value of every move and written in the\n"
    ".analysis format (MOVES s1 .. s7). Seeded: the same options give the same\n"
    "file for any number of threads.\n"
    "\n"
    "Options:\n" EVALSYNTH_GAME_OPTION_HELP
    "  --count N          positions (default 1000)\n"
    "  --plies A-B        moves made, from A to B (Connect4: stones on the board;\n"
    "                     default 8-36, below about 8 stones each position takes\n"
    "                     seconds to solve; other games: each its own default)\n"
    "  --decisive         only positions where the choice matters (the moves are\n"
    "                     not all wins, all draws or all losses)\n"
    "  --random-games     from games of uniformly random moves instead of mixed\n"
    "                     players: wilder positions, open threats left standing\n"
    "  --moves-left A-B   only positions whose game lasts A to B more moves under\n"
    "                     perfect play (Pons's benchmark sets: R1 is 1-13, R2\n"
    "                     14-28, R3 29-42)\n"
    "  --exclude FILE     leave out the positions of this .analysis file and their\n"
    "                     mirror images (repeatable): keeps sets disjoint\n"
    "  --from FILE        start each game at a position of this labelled set,\n"
    "                     drawn at random, instead of the empty board; --plies\n"
    "                     then counts the moves made after it (default 1-1;\n"
    "                     0-0 labels the set's own positions again). With\n"
    "                     --random-games: positions random moves off the\n"
    "                     set's lines, as a search's leaves meet them. Its\n"
    "                     positions must be written as moves from the start\n"
    "  --seed S           (default 1)\n"
    "  --output FILE      where to write the set (checked before any work)\n"
    "  --threads N        solver threads (default: all cores)\n"
    "  --table-mb M       solver table per thread in MiB (default 64)\n";

namespace {

struct PositionsRequest {
  PositionSetOptions options;
  std::string plies, moves_left, output, from;
  bool plies_given = false;
  std::vector<std::string> excluded;
};

// The positions made from a start are written as its text plus the moves
// played, so that text must name the start as moves from the game's start
// (checkers also reads a board, FEN, which moves cannot follow).
template <Game G>
void require_move_sequences(const G& game, const std::vector<LabelledOf<G>>& starts, const std::string& file) {
  for (const auto& start : starts) {
    MovesOf<G> legal;
    game.legal_moves(start.position, legal);
    if (legal.empty()) continue;
    std::string extended = start.moves;
    append_move_text(game, extended, start.position, legal[0]);
    const TextLocation where{file, start.line, 1};
    bool reads_back = false;
    try {
      reads_back = solver::parse_sequence(game, extended, where) == game.play(start.position, legal[0]);
    } catch (const InputError&) {  // the extended text may not even parse (a board and a move)
    }
    if (!reads_back)
      throw InputError(where, "--from needs positions written as the moves that reach them, not as a board");
  }
}

template <Game G>
int make_positions(const G& game, PositionsRequest r) {
  PositionSetOptions& options = r.options;
  int most_plies = 41;
  if (!r.from.empty() && !r.plies_given) r.plies = "1-1";
  if constexpr (!Connect4Like<G>) {
    most_plies = game.max_plies() - 1;
    if (!r.plies_given && r.from.empty()) {
      const auto [first, last] = game.default_position_plies();
      r.plies = std::to_string(first) + "-" + std::to_string(last);
    }
  }
  const auto range = parse_int_range(r.plies, 0, most_plies);
  if (!range || range->last < range->first)
    throw UsageError("--plies wants A-B with 0 <= A <= B <= " + std::to_string(most_plies) + " for " + game.name() +
                     ", not " + in_quotes(r.plies));
  options.first_ply = range->first;
  options.last_ply = range->last;
  if (!r.moves_left.empty()) {
    const auto left = parse_int_range(r.moves_left, 1, most_plies + 1);
    if (!left || left->last < left->first)
      throw UsageError("--moves-left wants A-B with 1 <= A <= B <= " + std::to_string(most_plies + 1) + ", not " +
                       in_quotes(r.moves_left));
    options.fewest_moves_left = left->first;
    options.most_moves_left = left->last;
  }
  std::vector<LabelledOf<G>> exclude;
  for (const std::string& file : r.excluded) {
    const auto set = read_labelled_positions(game, file);
    exclude.insert(exclude.end(), set.begin(), set.end());
  }
  std::vector<LabelledOf<G>> starts;
  if (!r.from.empty()) {
    starts = read_labelled_positions(game, r.from);
    require_move_sequences(game, starts, r.from);
  }
  options.progress = ProgressLine::stderr_is_terminal();
  const std::vector<LabelledOf<G>> set = make_position_set(game, options, exclude, starts);
  if (set.empty())
    throw UsageError("no position of " + game.name() + " meets these options (plies " + r.plies +
                     (r.from.empty() ? "" : " after " + r.from + "'s positions") +
                     (r.excluded.empty() ? "" : ", none of the --exclude files'") + "); " + r.output +
                     " is not written");
  std::string text;
  if constexpr (Connect4Like<G>) {
    for (const auto& p : set) text += solver::analysis_line(p) + "\n";
  } else {
    text = solver::labelled_text(game, set);
  }
  write_file_atomically(r.output, text);
  std::printf("wrote %zu position(s) to %s\n", set.size(), r.output.c_str());
  if (static_cast<int>(set.size()) < options.count)
    std::fprintf(stderr, "evalsynth positions: only %zu distinct positions found in plies %s\n", set.size(),
                 r.plies.c_str());
  return 0;
}

}  // namespace

int positions_command(const Args& args) {
  PositionsRequest r;
  r.plies = "8-36";
  std::string game_name;
  CommandLine command;
  command.text("game", game_name);
  command.integer("count", r.options.count, 1, 1'000'000);
  command.text("plies", r.plies);
  command.flag("decisive", r.options.decisive);
  command.flag("random-games", r.options.random_games);
  command.text("moves-left", r.moves_left);
  command.texts("exclude", r.excluded);
  command.text("from", r.from);
  command.integer("seed", r.options.seed, 0, INT64_MAX);
  command.text("output", r.output);
  command.integer("threads", r.options.threads, 1, 1024);
  command.integer("table-mb", r.options.table_mb, 1, 65536);
  command.parse(args);
  if (!command.given("output")) throw UsageError("say where to write the set: --output FILE");
  if (command.given("from") && r.from.empty()) throw UsageError("--from wants a file of labelled positions");
  r.plies_given = command.given("plies");
  std::vector<FileRole> inputs;
  for (const std::string& file : r.excluded) inputs.push_back({file, "an --exclude file"});
  std::vector<std::string> game_files = r.excluded;
  if (!r.from.empty()) {
    inputs.push_back({r.from, "the --from file"});
    game_files.push_back(r.from);
  }
  check_outputs({{r.output, "--output"}}, inputs);
  const GameDescriptor game = command_game(game_name, game_files);
  return with_game(game, [&](const auto& g) { return make_positions(g, r); });
}

}  // namespace evalsynth
