#pragma once
// The games evalsynth plays, by name. A game is named as in specs (`game =
// mnk(4,4,4)`), on command lines (`--game adjacent4`) and in the first line
// of programs and grammars for games other than Connect4 (`game mnk`):
// a family name, optionally with its parameters in brackets. The family
// decides the language's features (game/feature_library.hpp); the
// parameters, the board and rules. with_game() turns a name into the game
// value and calls generic code with it: the one place where a run-time name
// becomes a compile-time game type.
//
// A new game: its folder under src/games/ (a type modelling game/game.hpp's
// Game concept, its feature library) and a row in each table here
// (src/README.md).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/feature_library.hpp"
#include "games/adjacent4/adjacent4.hpp"
#include "games/checkers/checkers.hpp"
#include "games/connect4/connect4.hpp"
#include "games/family.hpp"
#include "games/mnk/mnk.hpp"
#include "games/modnim/modnim.hpp"
#include "support/error.hpp"

namespace evalsynth {

std::string_view family_name(GameFamily family);
std::optional<GameFamily> family_named(std::string_view name);
const FeatureLibrary& feature_library(GameFamily family);

// A game with its parameters, as a value (what a spec or command line names).
struct GameDescriptor {
  GameFamily family = GameFamily::Connect4;
  // The family's parameters, in the order its name takes them:
  //   connect4: the win test (0 standard, 1 the thesis's Java test)
  //   mnk: M columns, N rows, K in a line, the other rules (mnk::Rules,
  //        packed: 0 the plain game, 1 played to a full board)
  //   adjacent4: W columns, H rows
  //   modnim: K sticks, M the most a move takes
  //   checkers: N, the board's side (8, 6 or 4); Q, the quiet plies that draw
  std::array<int, 4> params{};

  // The canonical name: "connect4", "mnk(4,4,4)". Parses back to this.
  std::string text() const;
  friend bool operator==(const GameDescriptor&, const GameDescriptor&) = default;
};

// Reads a game name, or the file that describes one (a path ending in
// .game, games/game_file.hpp); throws InputError at `where` naming the
// games known, or at the file's line for a bad file.
GameDescriptor parse_game(std::string_view text, const TextLocation& where = {"--game"});
// The default game of a family (the name without parameters).
GameDescriptor default_game(GameFamily family);
// The games known, for help texts and errors.
std::string known_games();
// Every family, in the order help texts list them.
std::vector<GameFamily> game_families();
// How a family's name takes its parameters, and what the game is, for
// `evalsynth games`: {"mnk(M,N,K[,fill])", "M columns, N rows, ...", "..."}.
struct FamilyHelp {
  std::string_view syntax, parameters, about;
};
FamilyHelp family_help(GameFamily family);

// The line `game NAME` that opens a program, grammar or position file of a
// game other than Connect4 (after blank and `#` comment lines). Found, it is
// blanked out of `text` (replaced by spaces, so every other location stays
// where it was) and returned with where its name starts; a bad name is an
// InputError there. No such line: nothing, and `text` is unchanged.
struct GameLine {
  GameDescriptor game;
  std::string name;  // as written
  TextLocation where;
};
std::optional<GameLine> take_game_line(std::string& text, const std::string& source_name);

// The text of one of a game's built-in reference programs (its built-in
// players that are programs of the language: mnk's `open-lines`, ...), if
// the game has one of that name (Connect4's IBEF and ADATE-2005 are native:
// grammar/examples/ holds them as programs).
std::optional<std::string> reference_program(const GameDescriptor& game, std::string_view name);
// Their names, for messages ("open-lines, threat-lines"; "" for none).
std::string reference_program_names(const GameDescriptor& game);

// Expands M(G) for every game type G: explicit instantiations of the
// templates the layers above define for all games.
#define EVALSYNTH_FOR_EACH_GAME(M)   \
  M(::evalsynth::Connect4)           \
  M(::evalsynth::Connect4ThesisJava) \
  M(::evalsynth::mnk::Game)          \
  M(::evalsynth::mnk::FillGame)      \
  M(::evalsynth::adjacent4::Game) M(::evalsynth::modnim::Game) M(::evalsynth::checkers::Game)

// Calls f(game) with the game `d` names, as its own type.
template <class F>
decltype(auto) with_game(const GameDescriptor& d, F&& f) {
  const auto& a = d.params;
  switch (d.family) {
    case GameFamily::Mnk: {
      const mnk::Rules rules = mnk::Rules::unpacked(a[3]);
      if (rules.fill) return f(mnk::FillGame(a[0], a[1], a[2], rules.placement, rules.directions));
      return f(mnk::Game(a[0], a[1], a[2], rules.placement, rules.directions));
    }
    case GameFamily::Adjacent4:
      return f(adjacent4::Game(a[0], a[1]));
    case GameFamily::ModNim:
      return f(modnim::Game(a[0], a[1]));
    case GameFamily::Checkers:
      return f(checkers::Game(a[0], a[1]));
    case GameFamily::Connect4:
      break;
  }
  if (a[0] == 1) return f(Connect4ThesisJava{});
  return f(Connect4{});
}

}  // namespace evalsynth
