#include <cstdio>
#include <iostream>
#include <iterator>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "solver/labelled_positions.hpp"
#include "solver/solve_all.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/progress.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {

const char* const kSolveHelp =
    "usage: evalsynth solve [FILE | --openings N] [--analyse] [--threads N] [--table-mb M] [--no-book]\n"
    "\n"
    "Solves Connect4 positions exactly. Reads one position a line from FILE (or\n"
    "standard input) as a move string, columns 1-7 from the empty board (only\n"
    "the first word counts, so Pons's benchmark files read as they are), and\n"
    "prints MOVES SCORE: positive if the side to move wins (22 minus the number\n"
    "of stones the winner needs in the whole game: earlier wins score more),\n"
    "negative if it loses, 0 for a draw.\n"
    "\n"
    "Options:\n"
    "  --openings N    solve every distinct N-ply opening instead (one of each\n"
    "                  mirror pair, as match --openings plays them)\n"
    "  --analyse       print the score of every move instead, MOVES s1 .. s7, as\n"
    "                  Pons's .analysis files (a full column is -1000)\n"
    "  --threads N     positions solved in parallel (default: all cores); each\n"
    "                  thread has its own table\n"
    "  --table-mb M    transposition table per thread in MiB (default 64)\n"
    "  --no-book       search positions of up to 3 stones too instead of taking\n"
    "                  them from the opening book built into evalsynth (how\n"
    "                  specs/positions/openings_3.book was made)\n"
    "\n"
    "Positions from about 12 stones on take milliseconds; with 4 to 11 stones,\n"
    "seconds to a minute each; up to 3 stones the book answers at once. Bad lines\n"
    "and finished positions are errors with file:line:col, found before any\n"
    "position is solved. A summary with the time and nodes per position goes to\n"
    "standard error.\n";

int solve_command(const Args& args) {
  std::vector<std::string> files;
  bool analyse = false;
  solver::SolveOptions options;
  CommandLine command;
  command.positionals(files, 0, 1, "give at most one file of positions (or none to read standard input)");
  command.flag("analyse", analyse);
  int opening_plies = 0;
  command.integer("openings", opening_plies, 1, kMaxOpeningPlies);
  command.integer("threads", options.threads, 1, 1024);
  command.integer("table-mb", options.table_mb, 1, 65536);
  bool no_book = false;
  command.flag("no-book", no_book);
  command.parse(args);
  options.analyse = analyse;
  options.use_book = !no_book;
  options.progress = ProgressLine::stderr_is_terminal();

  std::vector<solver::MovesLine> lines;
  if (command.given("openings")) {
    if (!files.empty()) throw UsageError("give positions either in a file or with --openings, not both");
    for (const Opening& o : openings_with_moves(opening_plies)) lines.push_back({o.moves, o.position});
  } else {
    constexpr std::size_t kMaxInput = std::size_t{1} << 28;
    std::string text, source = "<stdin>";
    if (files.empty()) {
      text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
      if (text.size() > kMaxInput) throw InputError(TextLocation{source, 1, 1}, "more than 256 MiB of positions");
    } else {
      source = files[0];
      text = read_text_file(source, "positions", kMaxInput);
    }
    lines = solver::parse_move_lines(text, source);
  }
  std::vector<Position> positions;
  positions.reserve(lines.size());
  for (const solver::MovesLine& l : lines) positions.push_back(l.position);

  const std::vector<solver::SolvedPosition> solved = solver::solve_all(positions, options);
  double seconds = 0;
  std::uint64_t nodes = 0;
  std::string out;
  for (std::size_t i = 0; i < solved.size(); ++i) {
    solver::LabelledPosition labelled{positions[i], lines[i].moves, solved[i].moves, lines[i].line};
    out += analyse ? solver::analysis_line(labelled) : lines[i].moves + " " + std::to_string(solved[i].score);
    out += '\n';
    seconds += solved[i].seconds;
    nodes += solved[i].nodes;
  }
  std::fputs(out.c_str(), stdout);
  if (!solved.empty())
    std::fprintf(stderr, "solved %zu position(s): mean %.3f ms and %.0f nodes each (%s)\n", solved.size(),
                 1e3 * seconds / static_cast<double>(solved.size()),
                 static_cast<double>(nodes) / static_cast<double>(solved.size()),
                 analyse ? "every move" : "position only");
  return 0;
}

}  // namespace evalsynth
