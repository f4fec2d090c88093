#pragma once
// The m,n,k family's record (games/family.hpp): M columns, N rows, K in a
// line, and the other rules packed in one parameter (mnk::Rules). The
// stone games `.game` files describe are of this family
// (games/game_file.hpp).

#include "games/family.hpp"
#include "games/mnk/mnk.hpp"

namespace evalsynth::mnk {

struct Family {
  static constexpr GameFamily kFamily = mnk::kFamily;
  static const FamilyInfo& info();
  static GameParams parse(const GameArguments& args, std::string_view text, const TextLocation& where);
  static std::string text(const GameParams& params);
  static const FeatureLibrary& features() { return feature_library(); }
  static std::string default_grammar(const GameParams& params);
  template <class F>
  static decltype(auto) with_game(const GameParams& a, F&& f) {
    const Rules rules = Rules::unpacked(a[3]);
    if (rules.fill) return f(FillGame(a[0], a[1], a[2], rules.placement, rules.directions));
    return f(Game(a[0], a[1], a[2], rules.placement, rules.directions));
  }
};
static_assert(FamilyRecord<Family>);

}  // namespace evalsynth::mnk

#define EVALSYNTH_GAMES_OF_mnk(M) M(::evalsynth::mnk::Game) M(::evalsynth::mnk::FillGame)
