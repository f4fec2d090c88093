#pragma once
// Which game a command plays: `--game NAME` if given (games/registry.hpp);
// otherwise the game the command's files name in their first line (a
// program, a board or position file: `game mnk(4,4,4)`; a run's checkpoint:
// its spec's game; a model: the game it was learned for); otherwise Connect4. Files that name different games are
// an error naming both.

#include <string>
#include <vector>

#include "games/registry.hpp"

namespace evalsynth {

// `option`: the --game value ("" when not given).
// `given_as`: how the command line gave the name, for its errors
// ("option '--game'"; `games` takes it as its argument).
GameDescriptor command_game(const std::string& option, const std::vector<std::string>& files,
                            const std::string& given_as = "option '--game'");

// The help text's lines for --game.
#define EVALSYNTH_GAME_OPTION_HELP                                              \
  "  --game NAME        the game: connect4 (default), tictactoe, mnk(M,N,K),\n" \
  "                     mnk(M,N,K,fill), mnk(7,6,4,drop), adjacent4(W,H),\n"    \
  "                     modnim(K,M), checkers(N), othello(N), or a FILE.game\n" \
  "                     describing one (evalsynth games lists them); without\n" \
  "                     it, the game the files given name in their first line\n"

// The project's test set of labelled positions for a game:
// specs/positions/test.analysis for Connect4, specs/positions/NAME/test.positions
// for the others (NAME: the game's name with its parameters joined by '-':
// mnk-3-3-3).
std::string default_test_positions(const GameDescriptor& game);
// That NAME.
std::string game_folder_name(const GameDescriptor& game);

}  // namespace evalsynth
