#pragma once
// Othello's record (games/family.hpp): the board's side, 6 or 8.

#include "games/family.hpp"
#include "games/othello/othello.hpp"

namespace evalsynth::othello {

struct Family {
  static constexpr GameFamily kFamily = othello::kFamily;
  static const FamilyInfo& info();
  static GameParams parse(const GameArguments& args, std::string_view text, const TextLocation& where);
  static std::string text(const GameParams& params);
  static const FeatureLibrary& features() { return feature_library(); }
  static std::string default_grammar(const GameParams& params);
  template <class F>
  static decltype(auto) with_game(const GameParams& a, F&& f) {
    return f(Game(a[0]));
  }
};
static_assert(FamilyRecord<Family>);

}  // namespace evalsynth::othello

#define EVALSYNTH_GAMES_OF_othello(M) M(::evalsynth::othello::Game)
