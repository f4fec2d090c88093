#pragma once
// A family of games says what it is in one record, in its own folder
// (games/<family>/family.hpp): its name and how the name takes parameters,
// their defaults, what the game is (with an example a test plays against the
// rules), how its parameters read and print, its feature library, its
// default grammar and the game types its parameters make. The registry
// (games/registry.hpp) lists the records (games/families.hpp, one line a
// family) and derives everything else from them: names, help, parsing, and
// the dispatch from a run-time name to a compile-time game type.
//
// A record is a struct with these static members (FamilyRecord checks them):
//   kFamily                 its GameFamily (its place in the list, for good)
//   info()                  its FamilyInfo
//   parse(args, text, at)   the parameters of "name(args...)", InputError at `at`
//   text(params)            the canonical name, which parse reads back
//   features()              its feature library (the language's features)
//   default_grammar(params) the grammar a spec without one evolves with
//   with_game(params, f)    f(game) with the game as its own type

#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "support/error.hpp"

namespace evalsynth {

// Which family a game is of: a number each record states once (programs'
// hashes carry it, so a family keeps its number); games/families.hpp
// checks that the list holds 0, 1, 2, ... in order.
enum class GameFamily : std::uint8_t {};

// A game's parameters, in the order its name takes them (each record says
// what they are); unused ones are 0.
using GameParams = std::array<int, 4>;

// A claim about the rules that a test checks by playing it: from the start
// of `game`, the moves (as `solve` and position files write them) end the
// game with `outcome`. `evalsynth games` prints it beside the description.
struct RulesExample {
  std::string_view game, moves;
  Status outcome = Status::Ongoing;
  std::string_view says;  // what the example shows, in words
};

// Another name of one game of the family: "tictactoe" is mnk(3,3,3).
struct GameAlias {
  std::string_view name;
  GameParams params;
};

struct FamilyInfo {
  std::string_view name;        // "mnk": specs, options and `game` lines name the family so
  std::string_view title;       // in sentences: "the m,n,k-game"
  std::string_view syntax;      // "mnk(M,N,K[,RULES])"
  std::string_view parameters;  // what the parameters are
  std::string_view about;       // the game in a line
  GameParams defaults{};        // the game the name alone names
  RulesExample example;
  std::span<const GameAlias> aliases;
};

// The arguments of "name(a, b, ...)" as written, lowercased and trimmed.
using GameArguments = std::vector<std::string>;

template <class R>
concept FamilyRecord = requires(const GameParams& params, const GameArguments& args, std::string_view text,
                                const TextLocation& where) {
  { R::kFamily } -> std::convertible_to<GameFamily>;
  { R::info() } -> std::same_as<const FamilyInfo&>;
  { R::parse(args, text, where) } -> std::same_as<GameParams>;
  { R::text(params) } -> std::same_as<std::string>;
  { R::features() } -> std::same_as<const FeatureLibrary&>;
  { R::default_grammar(params) } -> std::same_as<std::string>;
};

// A whole number from `min` to `max` written as `text`, for a family's
// parse(); else an InputError at `where` naming the parameter (`what`).
int game_parameter(const std::string& text, int min, int max, const std::string& what, const TextLocation& where);

}  // namespace evalsynth
