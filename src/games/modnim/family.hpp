#pragma once
// ModNim's record (games/family.hpp): K sticks, M the most a move takes.

#include "games/family.hpp"
#include "games/modnim/modnim.hpp"

namespace evalsynth::modnim {

struct Family {
  static constexpr GameFamily kFamily = modnim::kFamily;
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

}  // namespace evalsynth::modnim

#define EVALSYNTH_GAMES_OF_modnim(M) M(::evalsynth::modnim::Game)
