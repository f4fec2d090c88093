#pragma once
// The game families evalsynth knows: one line each. A family is a folder
// under src/games/ with its record (family.hpp: games/family.hpp says what
// a record holds, src/README.md how to add one); listing it here is all the
// rest of evalsynth needs. The order is the families' numbers (their
// kFamily), which programs' hashes carry: add new families at the end.
#define EVALSYNTH_FOR_EACH_FAMILY(F, ...) \
  F(connect4, __VA_ARGS__)                \
  F(mnk, __VA_ARGS__)                     \
  F(adjacent4, __VA_ARGS__)               \
  F(modnim, __VA_ARGS__)                  \
  F(checkers, __VA_ARGS__)                \
  F(othello, __VA_ARGS__)

#include <cstddef>
#include <type_traits>

#include "games/adjacent4/family.hpp"
#include "games/checkers/family.hpp"
#include "games/connect4/family.hpp"
#include "games/mnk/family.hpp"
#include "games/modnim/family.hpp"
#include "games/othello/family.hpp"

namespace evalsynth {

// A list of types, to walk at compile time.
template <class... T>
struct TypeList {};

#define EVALSYNTH_FAMILY_RECORD(family, unused) ::evalsynth::family::Family,
// The records, in the list's order, and a `void` that ends the list.
using FamilyRecordsAndEnd = TypeList<EVALSYNTH_FOR_EACH_FAMILY(EVALSYNTH_FAMILY_RECORD, ~) void>;
#undef EVALSYNTH_FAMILY_RECORD

// Calls f.template operator()<Record>() for every record, in order.
template <class F, class Record, class... Rest>
void for_each_family_record(F&& f, TypeList<Record, Rest...>* = nullptr) {
  if constexpr (!std::is_void_v<Record>) {
    f.template operator()<Record>();
    for_each_family_record(f, static_cast<TypeList<Rest...>*>(nullptr));
  }
}
template <class F>
void for_each_family_record(F&& f) {
  for_each_family_record(f, static_cast<FamilyRecordsAndEnd*>(nullptr));
}

namespace families_detail {
template <class... Records>
constexpr std::size_t count(TypeList<Records...>*) {
  return sizeof...(Records) - 1;
}
// Each family's number is its place in the list.
template <std::size_t I, class Record, class... Rest>
constexpr bool numbered_in_order(TypeList<Record, Rest...>*) {
  if constexpr (std::is_void_v<Record>)
    return true;
  else
    return static_cast<std::size_t>(Record::kFamily) == I &&
           numbered_in_order<I + 1>(static_cast<TypeList<Rest...>*>(nullptr));
}
}  // namespace families_detail

inline constexpr std::size_t kGameFamilies = families_detail::count(static_cast<FamilyRecordsAndEnd*>(nullptr));
static_assert(families_detail::numbered_in_order<0>(static_cast<FamilyRecordsAndEnd*>(nullptr)),
              "a family's kFamily is its place in EVALSYNTH_FOR_EACH_FAMILY");

}  // namespace evalsynth

// Expands M(G) for every game type G of every family: explicit
// instantiations of the templates the layers above define for all games.
#define EVALSYNTH_FAMILY_GAMES(family, M) EVALSYNTH_GAMES_OF_##family(M)
#define EVALSYNTH_FOR_EACH_GAME(M) EVALSYNTH_FOR_EACH_FAMILY(EVALSYNTH_FAMILY_GAMES, M)
