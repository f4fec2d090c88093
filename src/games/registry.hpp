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
// Everything here is derived from the families' records
// (games/families.hpp lists them; games/family.hpp says what a record
// holds): a new family is its folder and one line in that list.

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/feature_library.hpp"
#include "games/families.hpp"
#include "support/error.hpp"

namespace evalsynth {

std::string_view family_name(GameFamily family);
std::optional<GameFamily> family_named(std::string_view name);
const FeatureLibrary& feature_library(GameFamily family);

// Programs, grammars and position files without a `game` line are of this
// family (the language began with Connect4's programs).
inline constexpr GameFamily kDefaultFamily = connect4::kFamily;

// A game with its parameters, as a value (what a spec or command line names).
struct GameDescriptor {
  GameFamily family = kDefaultFamily;
  // The family's parameters, in the order its name takes them (its record,
  // games/<family>/family.hpp, says what they are).
  GameParams params{};

  // The canonical name: "connect4", "mnk(4,4,4)". Parses back to this.
  std::string text() const;
  friend bool operator==(const GameDescriptor&, const GameDescriptor&) = default;
};

// The record of a family, as values.
const FamilyInfo& family_info(GameFamily family);

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
// The default grammar of `game` (a spec's `grammar = builtin`): its text,
// first line `game NAME` included (Connect4's has none).
std::string default_grammar_text(const GameDescriptor& game);

// The line `game NAME` that opens a program, grammar or position file of a
// game other than Connect4 (after blank and `#` comment lines). Found, it is
// blanked out of `text` (replaced by spaces, so every other location stays
// where it was) and returned with where its name starts; a bad name is an
// InputError there. No such line: nothing, and `text` is unchanged.
struct GameLine {
  GameDescriptor game;
  std::string name;  // as written
  TextLocation where;
  // Whether it names a whole game (mnk(5,4,3,drop), tictactoe, a .game
  // file), not only a family (mnk: any game of the family).
  bool whole = false;
  std::string line;  // the line as written, for messages
};
std::optional<GameLine> take_game_line(std::string& text, const std::string& source_name);

// Whether a file whose game line names `named` (a whole game, or only its
// family) is of `game`: a file made for one board (a program's cells, a
// position, a start board) is no file of another board of its family.
bool game_fits(const GameDescriptor& named, bool whole, const GameDescriptor& game);
// Throws InputError at the line unless it fits `game`: "these positions are
// of mnk(5,5,4,drop), and the game is mnk(5,4,3,drop)" (`what`: "these
// positions").
void require_game_fits(const GameLine& named, const GameDescriptor& game, std::string_view what);
// The game `name` names when it is a game's name() (every game names itself
// so): the descriptor that parses back to it.
GameDescriptor game_named(const std::string& name);

// The text of one of a game's built-in reference programs (its built-in
// players that are programs of the language: mnk's `open-lines`, ...), if
// the game has one of that name (Connect4's IBEF and ADATE-2005 are native:
// grammar/examples/ holds them as programs).
std::optional<std::string> reference_program(const GameDescriptor& game, std::string_view name);
// Their names, for messages ("open-lines, threat-lines"; "" for none).
std::string reference_program_names(const GameDescriptor& game);

namespace registry_detail {
template <class F, class Record, class... Rest>
decltype(auto) dispatch(const GameDescriptor& d, F& f, TypeList<Record, Rest...>*) {
  if constexpr (sizeof...(Rest) == 1) {  // the list's last record (the list ends in void)
    assert(d.family == Record::kFamily);
    return Record::with_game(d.params, f);
  } else {
    if (d.family == Record::kFamily) return Record::with_game(d.params, f);
    return dispatch(d, f, static_cast<TypeList<Rest...>*>(nullptr));
  }
}
}  // namespace registry_detail

// Calls f(game) with the game `d` names, as its own type.
template <class F>
decltype(auto) with_game(const GameDescriptor& d, F&& f) {
  return registry_detail::dispatch(d, f, static_cast<FamilyRecordsAndEnd*>(nullptr));
}

}  // namespace evalsynth
