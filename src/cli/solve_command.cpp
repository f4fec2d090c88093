#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "solver/exact_solve_all.hpp"
#include "solver/game_positions.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/progress.hpp"
#include "tournament/evaluators.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {

const char* const kSolveHelp =
    "usage: evalsynth solve [FILE | --openings N] [--analyse] [--game NAME] [--threads N] [--table-mb M]\n"
    "                       [--no-book]\n"
    "\n"
    "Solves positions exactly. Reads one position a line from FILE (or standard\n"
    "input); only the first word counts, so labelled files read as they are.\n"
    "\n"
    "Connect4 (the default): a move string, columns 1-7 from the empty board\n"
    "(Pons's benchmark files read as they are); prints MOVES SCORE: positive if\n"
    "the side to move wins (22 minus the number of stones the winner needs in\n"
    "the whole game: earlier wins score more), negative if it loses, 0 for a\n"
    "draw. Positions from about 12 stones on take milliseconds; with 4 to 11\n"
    "stones, seconds to a minute each; up to 3 stones the book answers at once.\n"
    "Every value found is kept in the store of solved positions and read from\n"
    "it later, by every command (evalsynth help store; EVALSYNTH_STORE=off to\n"
    "search everything, as for timing).\n"
    "\n"
    "Other games (--game, or a first line `game NAME` in the input): a position\n"
    "in the game's notation ('-' for the start), solved by the exact solver;\n"
    "SCORE is 10000 minus the plies to the end for a win, its negative for a\n"
    "loss, 0 for a draw. A file of another game's positions names it in its\n"
    "first line; lines typed on standard input for --game need not.\n"
    "\n"
    "Options:\n" EVALSYNTH_GAME_OPTION_HELP
    "  --openings N    solve every distinct N-ply opening instead (one of each\n"
    "                  symmetry class, as match --openings plays them)\n"
    "  --analyse       print the score of every move instead: Connect4's\n"
    "                  MOVES s1 .. s7, as Pons's .analysis files (a full column\n"
    "                  is -1000); other games' POSITION MOVE:SCORE ... lines\n"
    "                  after the game line (what strength --positions reads)\n"
    "  --threads N     positions solved in parallel (default: the cores allowed);\n"
    "                  each thread has its own table\n"
    "  --table-mb M    transposition table per thread in MiB (default 64)\n"
    "  --no-book       Connect4: search positions of up to 3 stones too instead\n"
    "                  of taking them from the opening book built into evalsynth\n"
    "                  (how specs/positions/openings_3.book was made)\n"
    "\n"
    "Bad lines and finished positions are errors with file:line:col, found before\n"
    "any position is solved. A summary with the time and nodes per position goes\n"
    "to standard error.\n";

namespace {

struct SolveRequest {
  SolveOptions options;
  bool openings = false;
  int opening_plies = 0;
  std::string text, source;
  solver::GameLineRule game_line_rule = solver::GameLineRule::RequiredOutsideDefaultFamily;
};

void report_totals(std::size_t count, double seconds, std::uint64_t nodes, bool analyse) {
  if (count == 0) return;
  std::fprintf(stderr, "solved %zu position(s): mean %.3f ms and %.0f nodes each (%s)\n", count,
               1e3 * seconds / static_cast<double>(count), static_cast<double>(nodes) / static_cast<double>(count),
               analyse ? "every move" : "position only");
}

// With the game's own solver and its files where it has them (HasOwnSolver:
// Connect4's, Pons's move strings and .analysis lines), else the exact
// solver and the generic labelled lines.
template <Game G>
int solve_game(const G& game, const SolveRequest& r) {
  std::vector<solver::PositionLine<G>> lines;
  if (r.openings) {
    for (const Opening<G>& o : openings_with_moves(game, r.opening_plies))
      lines.push_back({o.moves.empty() ? "-" : o.moves, o.position, 0});
  } else if constexpr (HasOwnSolver<G>) {
    lines = game.parse_positions(r.text, r.source);
  } else {
    lines = solver::parse_position_lines(game, r.text, r.source, r.game_line_rule);
  }
  SolveReport report;
  if constexpr (HasOwnSolver<G>) {
    report = game.solve_report(lines, r.options);
  } else {
    std::vector<typename G::Position> positions;
    for (const auto& l : lines) positions.push_back(l.position);
    const auto begin = std::chrono::steady_clock::now();
    const std::vector<solver::ExactSolved> solved = solver::exact_solve_all(game, positions, r.options);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    report.text = r.options.analyse ? "game " + game.name() + "\n" : "";
    for (std::size_t i = 0; i < solved.size(); ++i) {
      if (r.options.analyse) {
        solver::Labelled<G> labelled;
        labelled.position = positions[i];
        labelled.moves = lines[i].moves == "-" ? "" : lines[i].moves;
        MovesOf<G> legal;
        game.legal_moves(positions[i], legal);
        labelled.legal.assign(legal.begin(), legal.end());
        labelled.scores = solved[i].moves;
        report.text += solver::labelled_line(game, labelled);
      } else {
        report.text += lines[i].moves + " " + std::to_string(solved[i].score);
      }
      report.text += '\n';
      report.nodes += solved[i].nodes;
    }
  }
  std::fputs(report.text.c_str(), stdout);
  report_totals(lines.size(), report.seconds, report.nodes, r.options.analyse);
  return 0;
}

}  // namespace

int solve_command(const Args& args) {
  std::vector<std::string> files;
  SolveRequest r;
  std::string game_name;
  CommandLine command;
  command.positionals(files, 0, 1, "give at most one file of positions (or none to read standard input)");
  command.text("game", game_name);
  command.flag("analyse", r.options.analyse);
  command.integer("openings", r.opening_plies, 0, kMaxOpeningPlies);
  command.integer("threads", r.options.threads, 1, 1024);
  command.integer("table-mb", r.options.table_mb, 1, 65536);
  bool no_book = false;
  command.flag("no-book", no_book);
  command.parse(args);
  r.options.use_book = !no_book;
  r.options.progress = ProgressLine::stderr_is_terminal();
  r.openings = command.given("openings");
  std::string in_text;
  if (r.openings) {
    if (!files.empty()) throw UsageError("give positions either in a file or with --openings, not both");
  } else {
    constexpr std::size_t kMaxInput = std::size_t{1} << 28;
    r.source = "<stdin>";
    if (files.empty()) {
      r.text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
      if (r.text.size() > kMaxInput) throw InputError(TextLocation{r.source, 1, 1}, "more than 256 MiB of positions");
    } else {
      r.source = files[0];
      r.text = read_text_file(r.source, "positions", kMaxInput);
    }
  }
  GameDescriptor game;
  if (!game_name.empty()) {
    game = command_game(game_name, {});
    // Typed for the game just named: no game line needed.
    if (files.empty()) r.game_line_rule = solver::GameLineRule::GameNamedByCommand;
  } else {
    std::string scanned = r.text;
    if (const auto line = take_game_line(scanned, r.source)) game = line->game;
  }
  return with_game(game, [&](const auto& g) {
    if constexpr (HasOwnSolver<std::decay_t<decltype(g)>>) {
      // Its files write no empty move sequence (Pons's format).
      if (r.openings && r.opening_plies == 0)
        throw UsageError("option '--openings' wants a whole number from 1 to " + std::to_string(kMaxOpeningPlies) +
                         ", not '0'");
    } else if (no_book) {
      throw UsageError("--no-book is for games with an opening book (Connect4): " + game.text() + " has none");
    }
    return solve_game(g, r);
  });
}

}  // namespace evalsynth
