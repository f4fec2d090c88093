#pragma once
// Checkers' record (games/family.hpp): N, the board's side (8, 6 or 4);
// Q, the quiet plies that draw; 1 where a blocked side draws.

#include "games/checkers/checkers.hpp"
#include "games/family.hpp"

namespace evalsynth::checkers {

struct Family {
  static constexpr GameFamily kFamily = checkers::kFamily;
  static const FamilyInfo& info();
  static GameParams parse(const GameArguments& args, std::string_view text, const TextLocation& where);
  static std::string text(const GameParams& params);
  static const FeatureLibrary& features() { return feature_library(); }
  static std::string default_grammar(const GameParams& params);
  template <class F>
  static decltype(auto) with_game(const GameParams& a, F&& f) {
    return f(Game(a[0], a[1], a[2] != 0));
  }
};
static_assert(FamilyRecord<Family>);

}  // namespace evalsynth::checkers

#define EVALSYNTH_GAMES_OF_checkers(M) M(::evalsynth::checkers::Game)
