#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "game/notation.hpp"
#include "support/error.hpp"
#include "support/text.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

const char* const kPlayHelp =
    "usage: evalsynth play PLAYER [--first you|engine] [--order random|left-to-right] [--seed S]\n"
    "\n"
    "Play Connect4 against PLAYER in the terminal. PLAYER is written as in\n"
    "match: ibef@4, adate@2, a program file (path.eval@3), a run's answer\n"
    "(population/NAME@4, path.ckpt@4), a trained model (results/ntuple/model.bin@2),\n"
    "random, or perfect (perfect play; slow in the first moves).\n"
    "\n"
    "The board is drawn after every move. Type a column 1-7 to play, 'undo' to\n"
    "take back your last move (and the engine's reply), 'hint' for what the\n"
    "engine would play in your place and its score, 'help', or 'quit'. Anything\n"
    "else is answered with a message and the game goes on. Reads moves from a\n"
    "script on stdin too; colours are used only when stdout is a terminal.\n"
    "\n"
    "Options:\n"
    "  --first WHO   who moves first (plays X): you (default) or engine\n"
    "  --order ORDER the engine's root move order, which decides between equally\n"
    "                valued moves: random (default, as in games) or left-to-right\n"
    "  --seed S      seed of the engine's random choices (default 1)\n";

namespace {

// The board as to_ascii draws it; on a terminal X red, O yellow, and the
// last stone played bold.
std::string board_text(const Position& p, int last_column, bool colour) {
  const std::string plain = to_ascii(p);
  if (!colour) return plain;
  std::string out;
  const int last_row = last_column >= 0 ? p.height(last_column) - 1 : -1;
  int row = kRows - 1, col = 0;
  for (const char c : plain) {
    if (c == '\n') {
      --row;
      col = 0;
      out += c;
      continue;
    }
    if (row >= 0 && (c == 'X' || c == 'O')) {
      const bool last = row == last_row && col == last_column;
      out += std::string("\033[") + (last ? "1;" : "") + (c == 'X' ? "31m" : "33m") + c + "\033[0m";
    } else {
      out += c;
    }
    if (c != ' ') ++col;
  }
  return out;
}

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::string score_words(int value_for_you) {
  if (value_for_you >= kWinValue) return "a forced win for you";
  if (value_for_you <= -kWinValue) return "a forced loss for you (the engine can win whatever you do)";
  return "evaluation " + std::string(value_for_you > 0 ? "+" : "") + std::to_string(value_for_you) + " for you";
}

}  // namespace

int play_command(const Args& args) {
  std::vector<std::string> names;
  Side human = Side::X;
  MoveOrder order = MoveOrder::Random;
  std::uint64_t seed = 1;
  CommandLine command;
  command.positionals(names, 1, 1, "give the player to play against, e.g. ibef@4");
  static constexpr std::pair<std::string_view, Side> kFirstWords[] = {{"you", Side::X}, {"engine", Side::O}};
  command.choice("first", human, kFirstWords);
  command.choice("order", order, kMoveOrderWords);
  command.integer("seed", seed, 0, INT64_MAX);
  command.parse(args);
  const std::vector<Player> players = parse_player_list(names[0], read_evaluator_program);
  if (players.size() != 1) throw UsageError("play against one player at one depth, not " + in_quotes(names[0]));
  const Player& engine = players[0];
  const Side engine_side = opponent(human);
  const bool colour = ::isatty(STDOUT_FILENO) != 0;
  Rng rng(seed);

  std::vector<int> moves;  // columns played, 0-based
  auto position = [&] {
    Position p;
    for (const int c : moves) p = p.played(c);
    return p;
  };
  std::printf("You play %s against %s. Type a column 1-7, undo, hint, help or quit.\n",
              engine_side == Side::X ? "O (second)" : "X (first)", engine.label().c_str());
  bool draw_board = true;
  while (true) {
    const Position p = position();
    if (draw_board) std::printf("\n%s", board_text(p, moves.empty() ? -1 : moves.back(), colour).c_str());
    draw_board = true;
    if (p.is_game_over()) {
      const bool won = p.last_mover_won();
      const bool engine_won = won && opponent(p.side_to_move()) == engine_side;
      std::printf("%s after %zu moves.\n",
                  !won         ? "Draw: the board is full"
                  : engine_won ? "The engine wins"
                               : "You win",
                  moves.size());
      return 0;
    }
    if (p.side_to_move() == engine_side) {
      SearchCounters counters;
      const int col = choose_move<StandardRules>(engine, p, order, rng, counters);
      std::printf("%s plays %d\n", engine.label().c_str(), col + 1);
      moves.push_back(col);
      continue;
    }
    std::printf("your move (1-7, undo, hint, quit): ");
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::printf("\nend of input: the game is left unfinished.\n");
      return 0;
    }
    if (!colour) std::printf("%s\n", line.c_str());  // a script's moves show in the transcript
    std::string word = lowercase(trimmed(line));
    draw_board = false;
    if (word.size() == 1 && word[0] >= '1' && word[0] <= '7') {
      const int col = word[0] - '1';
      if (!p.can_play(col)) {
        std::printf("column %d is full; choose another\n", col + 1);
        continue;
      }
      moves.push_back(col);
      draw_board = true;
    } else if (word == "undo" || word == "u") {
      // Back to your previous turn: your last move and the engine's reply.
      // Your moves are the even-numbered ones when you play X.
      const std::size_t yours = engine_side == Side::O ? 0 : 1;
      std::size_t last = moves.size();
      while (last > 0 && (last - 1) % 2 != yours) --last;
      if (last == 0) {
        std::printf("nothing of yours to undo\n");
        continue;
      }
      moves.resize(last - 1);
      std::printf("took back your last move\n");
      draw_board = true;
    } else if (word == "hint" || word == "h") {
      if (engine.is_random()) {
        std::printf("the random mover has no opinion; play against a searching player for hints\n");
      } else if (engine.is_perfect()) {
        std::printf("hint: column %d (perfect play)\n", perfect_move(p, 0, rng) + 1);
      } else {
        const SearchResult r = visit_evaluator(std::get<AnyEvaluator>(engine.brain), [&](const auto& evaluator) {
          AlphaBeta<std::decay_t<decltype(evaluator)>> search(evaluator);
          return search.search(p, engine.depth, root_order(order, rng));
        });
        const int for_you = p.side_to_move() == Side::X ? r.value : -r.value;
        std::printf("hint: column %d (%s, searching %d plies as %s does)\n", r.move + 1, score_words(for_you).c_str(),
                    engine.depth, engine.label().c_str());
      }
    } else if (word == "help" || word == "?") {
      std::printf(
          "type a column 1-7 to drop a stone there; undo takes back your last move; hint asks the "
          "engine; quit ends the game\n");
    } else if (word == "quit" || word == "q" || word == "exit") {
      std::printf("game left after %zu moves\n", moves.size());
      return 0;
    } else if (word.empty()) {
      continue;
    } else {
      std::printf("%s is not a move: type a column 1-7, undo, hint, help or quit\n", in_quotes(line).c_str());
    }
  }
}

}  // namespace evalsynth
