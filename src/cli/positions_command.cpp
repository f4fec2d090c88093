#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/progress.hpp"
#include "support/random.hpp"
#include "support/text.hpp"
#include "tournament/player.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/position_sets.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

const char* const kPositionsHelp =
    "usage: evalsynth positions --count N --plies A-B --output FILE [options]\n"
    "       evalsynth positions --sets FOLDER [--game NAME] [--count N] [options]\n"
    "\n"
    "--sets makes a game's three labelled sets at once, disjoint (mirror images\n"
    "included) and reproducible: FOLDER/training, validation and test (.positions;\n"
    "Connect4: .analysis), N positions each (default 500; fewer on a small game,\n"
    "a third of what it has), only positions where the choice matters, from the\n"
    "whole game: from the earliest ply at which a few probe positions are each\n"
    "labelled within a fixed number of solver nodes, to the end. Name them in a\n"
    "spec (training-positions, validation-positions, strength-positions) and in\n"
    "strength --positions. Each set's plies and how the side to move stands\n"
    "(wins, draws, loses) are said when it is written, and a warning when the\n"
    "game's references make no mistake on it at depths 1-2 (such a set cannot\n"
    "tell evaluators apart: try earlier plies). Without --sets:\n"
    "\n"
    "Makes a labelled position set: N distinct positions (symmetric images count\n"
    "as one) from games of mixed players - the random mover and the game's\n"
    "references (Connect4: IBEF and ADATE-2005) at depths 1-4 with random move\n"
    "order, one move in eight random - each taken at a ply drawn from A-B (with\n"
    "--from: that many moves after a start), labelled by the game's solver with\n"
    "the value of every move (other games: its generic exact solver, in the\n"
    "POSITION MOVE:SCORE format after a `game NAME` line; refused at once where\n"
    "that solver cannot reach, as on 8 x 8 checkers) and, for Connect4, in the\n"
    ".analysis format (MOVES s1 .. s7). Seeded: the same options give the same\n"
    "file for any number of threads.\n"
    "\n"
    "Options:\n" EVALSYNTH_GAME_OPTION_HELP
    "  --count N          positions (default 1000)\n"
    "  --plies A-B        moves made, from A to B (Connect4: stones on the board;\n"
    "                     default 8-36, below about 8 stones each position takes\n"
    "                     seconds to solve; other games: from the earliest ply\n"
    "                     the solver labels within its probe budget, found\n"
    "                     from the game's own guess, earlier or, where the\n"
    "                     guess is out of reach, later; to the end)\n"
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
    "  --sets FOLDER      write the three sets into FOLDER (created) instead\n"
    "  --threads N        solver threads (default: the cores allowed)\n"
    "  --table-mb M       solver table per thread in MiB (default 64)\n"
    "  --node-limit N     other games than Connect4: a position whose labelling\n"
    "                     takes the exact solver more than N nodes (default\n"
    "                     10000000, seconds) is left out, and counted, so a\n"
    "                     game whose hardest positions take hours (gomoku)\n"
    "                     still gets its sets; 0: no limit\n";

namespace {

constexpr const char* kSetNames[] = {"training", "validation", "test"};
// About seconds of the exact solver for one position.
constexpr std::uint64_t kDefaultNodeLimit = 10'000'000;

// FOLDER/NAME.positions (Connect4: .analysis, the format its sets are in).
template <Game G>
std::string set_path(const std::string& folder, const char* name, const G&) {
  std::string suffix = ".positions";
  if constexpr (HasOwnSolver<G>) suffix = G::kLabelledSuffix;
  return (std::filesystem::path(folder) / (std::string(name) + suffix)).string();
}

struct PositionsRequest {
  PositionSetOptions options;
  std::string plies, moves_left, output, from, sets;
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
std::string set_text(const G& game, const std::vector<LabelledOf<G>>& set) {
  if constexpr (HasOwnSolver<G>)
    return game.labelled_text(set);
  else
    return solver::labelled_text(game, set);
}

template <Game G>
void write_set(const G& game, const std::vector<LabelledOf<G>>& set, const std::string& path) {
  write_file_atomically(path, set_text(game, set));
  std::printf("wrote %zu position(s) to %s\n", set.size(), path.c_str());
}

// What a set holds, said after it is written: its plies and how the side to
// move stands under perfect play, so a set of nothing but won or early
// positions shows at once.
template <Game G>
void describe_mix(const G& game, const std::vector<LabelledOf<G>>& set, const std::string& name) {
  if (set.empty() || !file_writes_enabled()) return;
  std::vector<int> plies;
  int outcomes[3] = {0, 0, 0};  // the side to move loses, draws, wins
  for (const auto& p : set) {
    plies.push_back(game.plies(p.position));
    const std::vector<int> classes = value_classes(p);
    ++outcomes[1 + *std::max_element(classes.begin(), classes.end())];
  }
  std::sort(plies.begin(), plies.end());
  const double n = static_cast<double>(set.size());
  std::printf("  %s: plies %d-%d (median %d); the side to move wins %.0f%%, draws %.0f%%, loses %.0f%%\n", name.c_str(),
              plies.front(), plies.back(), plies[plies.size() / 2], 100 * outcomes[2] / n, 100 * outcomes[1] / n,
              100 * outcomes[0] / n);
}

// A set on which every reference of the game plays perfectly at depths 1
// and 2 cannot tell evaluators apart (every one errs 0%, as on a game's late
// positions where each move is an immediate win or block): said, with what
// to try, rather than left for a run to find.
template <Game G>
void warn_if_references_never_err(const G& game, const std::vector<LabelledOf<G>>& set, const PositionsRequest& r) {
  // Every process measures (measure_strength spreads its positions over an
  // MPI job's ranks: all of them take part); only the one that writes says.
  const std::vector<std::string> references = reference_player_names(game);
  if (set.empty() || references.empty()) return;
  for (const std::string& name : references)
    for (int depth = 1; depth <= 2; ++depth) {
      const Player<G> player = builtin_player(game, name, depth);
      if (measure_strength(game, player, set, MoveOrder::Random, r.options.seed, r.options.threads).mistakes > 0)
        return;
    }
  if (!file_writes_enabled()) return;
  std::fflush(stdout);  // after what was written, in a terminal too
  std::string names;
  for (const std::string& name : references) names += (names.empty() ? "" : ", ") + name;
  std::fprintf(stderr,
               "evalsynth positions: warning: the game's references (%s) make no mistake on these positions at "
               "depths 1-2, so they cannot tell evaluators apart; try earlier plies (--plies, now %s), "
               "--random-games, or a larger board\n",
               names.c_str(), r.plies.c_str());
}

// --sets: one set of three times the count, distinct up to symmetry, dealt
// out in a seeded shuffle into training, validation and test, so the three
// are disjoint by construction and as alike as draws from one source.
template <Game G>
int write_three_sets(const G& game, std::vector<LabelledOf<G>> set, const PositionsRequest& r) {
  if (set.size() < 3)
    throw UsageError("only " + std::to_string(set.size()) + " position(s) of " + game.name() +
                     " meet these options: too few for three sets");
  Rng rng(mix_seed({r.options.seed, 0x5E75ULL}));
  for (std::size_t i = set.size(); i > 1; --i)
    std::swap(set[i - 1], set[static_cast<std::size_t>(rng.below(static_cast<int>(i)))]);
  const std::size_t each = std::min(set.size() / 3, static_cast<std::size_t>(r.options.count / 3));
  if (file_writes_enabled()) {
    std::error_code error;
    std::filesystem::create_directories(r.sets, error);
    if (error) throw InputError(TextLocation{r.sets, 1, 1}, "cannot make the folder: " + error.message());
  }
  std::vector<LabelledOf<G>> sets[3];
  for (std::size_t k = 0; k < 3; ++k)
    sets[k].assign(set.begin() + static_cast<std::ptrdiff_t>(k * each),
                   set.begin() + static_cast<std::ptrdiff_t>((k + 1) * each));
  // The three replace earlier sets together or not at all: a mix of old
  // and new would share positions between training and test.
  std::vector<std::pair<std::string, std::string>> files;
  for (std::size_t k = 0; k < 3; ++k) files.emplace_back(set_path(r.sets, kSetNames[k], game), set_text(game, sets[k]));
  write_files_together(files);
  for (std::size_t k = 0; k < 3; ++k)
    std::printf("wrote %zu position(s) to %s\n", sets[k].size(), files[k].first.c_str());
  for (std::size_t k = 0; k < 3; ++k) describe_mix(game, sets[k], kSetNames[k]);
  warn_if_references_never_err(game, sets[2], r);
  if (static_cast<int>(each) * 3 < r.options.count)
    std::fprintf(stderr, "evalsynth positions: %s has %zu distinct positions that meet these options: %zu a set\n",
                 game.name().c_str(), set.size(), each);
  return 0;
}

template <Game G>
int make_positions(const G& game, PositionsRequest r) {
  PositionSetOptions& options = r.options;
  const int most_plies = game.max_plies() - 1;
  // Perfect play out of the solver's reach is refused below, once the files
  // are read; the probe for the plies would search in vain before that.
  const bool reachable = perfect_play_min_plies(game) <= most_plies;
  if (!r.from.empty() && !r.plies_given) r.plies = "1-1";
  if (!r.plies_given && r.from.empty() && reachable) {
    // From as early as the solver affords (the game's default start is its
    // static guess), so the sets span the whole game.
    const auto [first, last] = game.default_position_plies();
    r.plies = std::to_string(earliest_labelled_ply(game, first, last)) + "-" + std::to_string(last);
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
  // Labels are perfect play: refused before any work where the solver cannot reach.
  if (!reachable)
    throw UsageError("perfect play is out of the exact solver's reach in " + game.name() +
                     ", so its positions cannot be labelled (evalsynth games shows which games it reaches)");
  options.progress = ProgressLine::stderr_is_terminal();
  // Labelling by perfect play can take minutes: said before it starts.
  std::fprintf(stderr,
               "evalsynth positions: playing games of %s and labelling %d position(s) of plies %s by perfect play\n",
               game.name().c_str(), options.count, r.plies.c_str());
  PositionSetCounts counts;
  const std::vector<LabelledOf<G>> set = make_position_set(game, options, exclude, starts, &counts);
  if (counts.beyond_limit > 0)
    std::fprintf(stderr,
                 "evalsynth positions: %d position(s) left out: each beyond the solver's limit of %llu nodes "
                 "(--node-limit)\n",
                 counts.beyond_limit, static_cast<unsigned long long>(options.node_limit));
  if (set.empty())
    throw UsageError("no position of " + game.name() + " meets these options (plies " + r.plies +
                     (r.from.empty() ? "" : " after " + r.from + "'s positions") +
                     (r.excluded.empty() ? "" : ", none of the --exclude files'") + "); " + r.output +
                     " is not written");
  if (!r.sets.empty()) return write_three_sets(game, set, r);
  write_set(game, set, r.output);
  describe_mix(game, set, r.output);
  warn_if_references_never_err(game, set, r);
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
  command.text("sets", r.sets);
  command.integer("threads", r.options.threads, 1, 1024);
  command.integer("table-mb", r.options.table_mb, 1, 65536);
  r.options.node_limit = kDefaultNodeLimit;
  command.integer("node-limit", r.options.node_limit, 0, INT64_MAX);
  command.parse(args);
  if (command.given("output") == command.given("sets"))
    throw UsageError("say where to write: --output FILE for one set, or --sets FOLDER for all three");
  if (command.given("sets")) {
    if (r.sets.empty()) throw UsageError("--sets wants a folder");
    if (!command.given("count")) r.options.count = 500;
    r.options.decisive = true;  // the sets measure mistakes: a position without one measures nothing
    // One set holds the three: three times the count, dealt out after.
    r.options.count = static_cast<int>(std::min<std::int64_t>(3LL * r.options.count, 3'000'000));
  }
  if (command.given("from") && r.from.empty()) throw UsageError("--from wants a file of labelled positions");
  r.plies_given = command.given("plies");
  std::vector<FileRole> inputs;
  for (const std::string& file : r.excluded) inputs.push_back({file, "an --exclude file"});
  std::vector<std::string> game_files = r.excluded;
  if (!r.from.empty()) {
    inputs.push_back({r.from, "the --from file"});
    game_files.push_back(r.from);
  }
  const GameDescriptor game = command_game(game_name, game_files);
  std::vector<FileRole> outputs = {{r.output, "--output"}};
  if (!r.sets.empty()) {
    outputs.clear();
    with_game(game, [&](const auto& g) {
      for (const char* name : kSetNames) outputs.push_back({set_path(r.sets, name, g), "--sets"});
    });
    // The folder is made when the sets are written: a run stopped before
    // leaves nothing behind.
    check_folder_creatable(r.sets, "option '--sets'");
  }
  check_outputs(outputs, inputs, r.sets.empty());
  return with_game(game, [&](const auto& g) { return make_positions(g, r); });
}

}  // namespace evalsynth
