#pragma once
// Connect4's record (games/family.hpp): one parameter, the win test —
// standard (0), or the thesis's Java test (1) that the published tables
// were made with.

#include "games/connect4/connect4.hpp"
#include "games/family.hpp"

namespace evalsynth::connect4 {

struct Family {
  static constexpr GameFamily kFamily = connect4::kFamily;
  static const FamilyInfo& info();
  static GameParams parse(const GameArguments& args, std::string_view text, const TextLocation& where);
  static std::string text(const GameParams& params);
  static const FeatureLibrary& features();
  // Stenmark's primitive set: the text of grammar/adate.grammar (a test
  // keeps them equal).
  static std::string default_grammar(const GameParams& params);
  template <class F>
  static decltype(auto) with_game(const GameParams& params, F&& f) {
    if (params[0] == 1) return f(ThesisJavaGame{});
    return f(Game{});
  }
};
static_assert(FamilyRecord<Family>);

}  // namespace evalsynth::connect4

#define EVALSYNTH_GAMES_OF_connect4(M) M(::evalsynth::connect4::Game) M(::evalsynth::connect4::ThesisJavaGame)
