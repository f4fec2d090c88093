#pragma once
// adjacent4's record (games/family.hpp): W columns, H rows.

#include "games/adjacent4/adjacent4.hpp"
#include "games/family.hpp"

namespace evalsynth::adjacent4 {

struct Family {
  static constexpr GameFamily kFamily = adjacent4::kFamily;
  static const FamilyInfo& info();
  static GameParams parse(const GameArguments& args, std::string_view text, const TextLocation& where);
  static std::string text(const GameParams& params);
  static const FeatureLibrary& features() { return feature_library(); }
  static std::string default_grammar(const GameParams& params);
  template <class F>
  static decltype(auto) with_game(const GameParams& a, F&& f) {
    return f(Game(a[0], a[1]));
  }
};
static_assert(FamilyRecord<Family>);

}  // namespace evalsynth::adjacent4

#define EVALSYNTH_GAMES_OF_adjacent4(M) M(::evalsynth::adjacent4::Game)
