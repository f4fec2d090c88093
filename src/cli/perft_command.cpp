#include <chrono>
#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "game/perft.hpp"
#include "solver/game_positions.hpp"
#include "support/error.hpp"

namespace evalsynth {

const char* const kPerftHelp =
    "usage: evalsynth perft --depth N [--game NAME] [--position POSITION] [--divide]\n"
    "\n"
    "Counts the move sequences of exactly N moves from the start (or from\n"
    "POSITION), as chess engines check a move generator against published\n"
    "counts: checkers(8) from the start gives 7, 49, 302, 1469, 7361, 36768,\n"
    "179740, 845931, 3963680 for N = 1 to 9. A finished game has no moves, so\n"
    "sequences that end the game early count 0 at the full depth.\n"
    "\n"
    "Options:\n"
    "  --depth N      the number of moves (1-20)\n" EVALSYNTH_GAME_OPTION_HELP
    "  --position P   a position in the game's notation (Connect4: moves \"4453\";\n"
    "                 tic-tac-toe: cells \"b2a1\"), default the start\n"
    "  --divide       one line per move from the position with the count below\n"
    "                 it (to find where two generators part), then the total\n"
    "\n"
    "Prints `perft N: COUNT` and the time to standard error.\n";

namespace {

template <Game G>
int run_perft(const G& game, const std::string& position_text, int depth, bool divide) {
  typename G::Position start = game.start();
  try {
    if (!position_text.empty()) start = solver::parse_sequence(game, position_text, TextLocation{"--position"});
  } catch (const InputError& e) {
    throw UsageError("option '--position': " + e.message());  // a bad argument, not a bad file: exit 2
  }
  const auto begin = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (divide) {
    for (const PerftDivision& d : perft_divide(game, start, depth)) {
      std::printf("%s: %llu\n", d.move.c_str(), static_cast<unsigned long long>(d.count));
      total += d.count;
    }
  } else {
    total = perft(game, start, depth);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::printf("perft %d: %llu\n", depth, static_cast<unsigned long long>(total));
  std::fprintf(stderr, "%s, %.3f s, %.1f M sequences/s\n", game.name().c_str(), seconds,
               seconds > 0 ? static_cast<double>(total) / seconds / 1e6 : 0.0);
  return 0;
}

}  // namespace

int perft_command(const Args& args) {
  std::string game_name, position_text;
  int depth = 0;
  bool divide = false;
  CommandLine command;
  command.text("game", game_name);
  command.text("position", position_text);
  command.integer("depth", depth, 1, 20);
  command.flag("divide", divide);
  command.parse(args);
  if (!command.given("depth")) throw UsageError("give the number of moves to count: --depth N");
  const GameDescriptor game = command_game(game_name, {});
  return with_game(game, [&](const auto& g) { return run_perft(g, position_text, depth, divide); });
}

}  // namespace evalsynth
