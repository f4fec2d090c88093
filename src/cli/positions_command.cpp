#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
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
    "at a ply drawn from A-B, labelled by the solver with the value of every move,\n"
    "and written in the .analysis format (MOVES s1 .. s7). Seeded: the same\n"
    "options give the same file for any number of threads.\n"
    "\n"
    "Options:\n"
    "  --count N          positions (default 1000)\n"
    "  --plies A-B        stones on the board, from A to B (default 8-36); below\n"
    "                     about 8 stones each position takes seconds to solve\n"
    "  --decisive         only positions where the choice matters (the moves are\n"
    "                     not all wins, all draws or all losses)\n"
    "  --random-games     from games of uniformly random moves instead of mixed\n"
    "                     players: wilder positions, open threats left standing\n"
    "  --moves-left A-B   only positions whose game lasts A to B more moves under\n"
    "                     perfect play (Pons's benchmark sets: R1 is 1-13, R2\n"
    "                     14-28, R3 29-42)\n"
    "  --exclude FILE     leave out the positions of this .analysis file and their\n"
    "                     mirror images (repeatable): keeps sets disjoint\n"
    "  --seed S           (default 1)\n"
    "  --output FILE      where to write the set (checked before any work)\n"
    "  --threads N        solver threads (default: all cores)\n"
    "  --table-mb M       solver table per thread in MiB (default 64)\n";

int positions_command(const Args& args) {
  PositionSetOptions options;
  std::string plies = "8-36", moves_left = "1-42", output;
  std::vector<std::string> excluded;
  CommandLine command;
  command.integer("count", options.count, 1, 1'000'000);
  command.text("plies", plies);
  command.flag("decisive", options.decisive);
  command.flag("random-games", options.random_games);
  command.text("moves-left", moves_left);
  command.texts("exclude", excluded);
  command.integer("seed", options.seed, 0, INT64_MAX);
  command.text("output", output);
  command.integer("threads", options.threads, 1, 1024);
  command.integer("table-mb", options.table_mb, 1, 65536);
  command.parse(args);
  if (!command.given("output")) throw UsageError("say where to write the set: --output FILE");
  const std::vector<int> range = parse_ply_range(plies);
  options.first_ply = range.front();
  options.last_ply = range.back();
  const auto left = parse_int_range(moves_left, 1, kCells);
  if (!left || left->last < left->first)
    throw UsageError("--moves-left wants A-B with 1 <= A <= B <= 42, not " + in_quotes(moves_left));
  options.fewest_moves_left = left->first;
  options.most_moves_left = left->last;
  std::vector<FileRole> inputs;
  for (const std::string& file : excluded) inputs.push_back({file, "an --exclude file"});
  check_outputs({{output, "--output"}}, inputs);
  std::vector<solver::LabelledPosition> exclude;
  for (const std::string& file : excluded) {
    const auto set = solver::read_analysis_file(file);
    exclude.insert(exclude.end(), set.begin(), set.end());
  }
  options.progress = ProgressLine::stderr_is_terminal();
  const std::vector<solver::LabelledPosition> set = make_position_set(options, exclude);
  std::string text;
  for (const auto& p : set) text += solver::analysis_line(p) + "\n";
  write_file_atomically(output, text);
  std::printf("wrote %zu position(s) to %s\n", set.size(), output.c_str());
  if (static_cast<int>(set.size()) < options.count)
    std::fprintf(stderr, "evalsynth positions: only %zu distinct positions found in plies %s\n", set.size(),
                 plies.c_str());
  return 0;
}

}  // namespace evalsynth
