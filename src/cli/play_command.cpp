#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "support/error.hpp"
#include "support/text.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/player.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {

const char* const kPlayHelp =
    "usage: evalsynth play PLAYER [--game NAME] [--first you|engine] [--order random|left-to-right] [--seed S]\n"
    "\n"
    "Play a game (Connect4 unless --game or PLAYER's program names another)\n"
    "against PLAYER in the terminal. PLAYER is written as in\n"
    "match: ibef@4, adate@2, a program file (path.eval@3), a run's answer\n"
    "(population/NAME@4, path.ckpt@4), a trained model (results/ntuple/model.bin@2),\n"
    "random, or perfect (perfect play; slow in the first moves).\n"
    "\n"
    "The board is drawn after every move. Type a move (Connect4: a column 1-7;\n"
    "tic-tac-toe boards and adjacent4: a cell such as b2; Othello: a cell such\n"
    "as d3, or pass when you have no move; modnim: the sticks to take;\n"
    "checkers: the squares, such as 11-15) to play, 'undo' to\n"
    "take back your last move (and the engine's reply), 'hint' for what the\n"
    "engine would play in your place and its score, 'help', or 'quit'. Anything\n"
    "else is answered with a message and the game goes on. Reads moves from a\n"
    "script on stdin too; colours are used only when stdout is a terminal.\n"
    "\n"
    "Options:\n" EVALSYNTH_GAME_OPTION_HELP
    "  --first WHO   who moves first (plays X): you (default) or engine\n"
    "  --order ORDER the engine's root move order, which decides between equally\n"
    "                valued moves: random (default, as in games) or left-to-right\n"
    "  --seed S      seed of the engine's random choices (default 1)\n";

namespace {

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

// How a move is named in the transcript: in words where the game has them
// (Connect4's "column 4"), else as written.
template <Game G>
std::string move_words(const G& game, const typename G::Position& p, const typename G::Move& m) {
  if constexpr (HasTerminalBoard<G>)
    return game.move_words(p, m);
  else
    return game.move_text(p, m);
}

// The board drawn after a move, the last one marked where the game can.
template <Game G>
std::string terminal_board(const G& game, const typename G::Position& p, const std::vector<typename G::Move>& moves,
                           bool colour) {
  if constexpr (HasTerminalBoard<G>)
    return game.board_text(p, moves.empty() ? nullptr : &moves.back(), colour);
  else
    return game.board_text(p);
}

template <Game G>
int play_game_with(const G& game, const std::string& name, Side human, MoveOrder order, std::uint64_t seed) {
  using Move = typename G::Move;
  const std::vector<Player<G>> players = parse_player_list(game, name, read_evaluator_program);
  if (players.size() != 1) throw UsageError("play against one player at one depth, not " + in_quotes(name));
  const Player<G>& engine = players[0];
  const Side engine_side = opponent(human);
  const bool colour = ::isatty(STDOUT_FILENO) != 0;
  Rng rng(seed);
  const std::string what_to_type = game.move_help();

  std::vector<Move> moves;
  auto position = [&] {
    typename G::Position p = game.start();
    for (const Move& m : moves) p = game.play(p, m);
    return p;
  };
  std::printf("You play %s against %s. Type %s, undo, hint, help or quit.\n",
              engine_side == Side::X ? "O (second)" : "X (first)", engine.label().c_str(), what_to_type.c_str());
  bool draw_board = true;
  while (true) {
    const typename G::Position p = position();
    if (draw_board) std::printf("\n%s", terminal_board(game, p, moves, colour).c_str());
    draw_board = true;
    if (const Status status = game.status(p); status != Status::Ongoing) {
      const bool won = status != Status::Drawn;
      const bool engine_won = won && (status == Status::XWon) == (engine_side == Side::X);
      std::printf("%s after %zu moves.\n",
                  !won         ? std::string(words_of(game).draw).c_str()
                  : engine_won ? "The engine wins"
                               : "You win",
                  moves.size());
      return 0;
    }
    if (game.side_to_move(p) == engine_side) {
      SearchCounters counters;
      const Move m = choose_move(game, engine, p, order, rng, counters);
      std::printf("%s plays %s\n", engine.label().c_str(), game.move_text(p, m).c_str());
      moves.push_back(m);
      continue;
    }
    std::printf("your move (%s, undo, hint, quit): ", what_to_type.c_str());
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::printf("\nend of input: the game is left unfinished.\n");
      return 0;
    }
    if (!colour) std::printf("%s\n", line.c_str());  // a script's moves show in the transcript
    std::string word = lowercase(trimmed(line));
    draw_board = false;
    if (word == "undo" || word == "u") {
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
      } else if (engine.is_fable()) {
        SearchCounters counters;
        std::printf("FABLE chooses at random by its counts and has no line to show; it would play %s now\n",
                    move_words(game, p, choose_move(game, engine, p, order, rng, counters)).c_str());
      } else if (engine.is_perfect()) {
        std::printf("hint: %s (perfect play)\n", move_words(game, p, perfect_move(game, p, 0, rng)).c_str());
      } else {
        const SearchResult<Move> r =
            visit_evaluator(std::get<EvaluatorOf<G>>(engine.brain), [&](const auto& evaluator) {
              AlphaBeta<G, std::decay_t<decltype(evaluator)>> search(game, evaluator);
              return search.search(p, engine.depth, root_moves(game, p, order, rng));
            });
        const int for_you = game.side_to_move(p) == Side::X ? r.value : -r.value;
        std::printf("hint: %s (%s, searching %d plies as %s does)\n", move_words(game, p, r.move).c_str(),
                    score_words(for_you).c_str(), engine.depth, engine.label().c_str());
      }
    } else if (word == "help" || word == "?") {
      std::printf("type %s to play it; undo takes back your last move; hint asks the engine; quit ends the game\n",
                  what_to_type.c_str());
    } else if (word == "quit" || word == "q" || word == "exit") {
      std::printf("game left after %zu moves\n", moves.size());
      return 0;
    } else if (word.empty()) {
      continue;
    } else {
      try {
        moves.push_back(game.parse_move(p, word, TextLocation{"your move", 1, 1}));
        draw_board = true;
      } catch (const InputError& error) {
        std::printf("%s is not a move (%s): type %s, undo, hint, help or quit\n", in_quotes(line).c_str(),
                    error.message().c_str(), what_to_type.c_str());
      }
    }
  }
}

}  // namespace

int play_command(const Args& args) {
  std::vector<std::string> names;
  std::string game_name;
  Side human = Side::X;
  MoveOrder order = MoveOrder::Random;
  std::uint64_t seed = 1;
  CommandLine command;
  command.positionals(names, 1, 1, "give the player to play against, e.g. ibef@4");
  static constexpr std::pair<std::string_view, Side> kFirstWords[] = {{"you", Side::X}, {"engine", Side::O}};
  command.text("game", game_name);
  command.choice("first", human, kFirstWords);
  command.choice("order", order, kMoveOrderWords);
  command.integer("seed", seed, 0, INT64_MAX);
  command.parse(args);
  std::vector<std::string> files;
  for (const PlayerEntry& entry : parse_player_entries(names[0]))
    if (entry.kind == PlayerEntry::Kind::File) files.push_back(entry.name);
  const GameDescriptor game = command_game(game_name, files);
  return with_game(game, [&](const auto& g) { return play_game_with(g, names[0], human, order, seed); });
}

}  // namespace evalsynth
