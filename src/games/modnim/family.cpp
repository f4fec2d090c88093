#include "games/modnim/family.hpp"

#include "games/grammar_text.hpp"
#include "support/text.hpp"

namespace evalsynth::modnim {

const FamilyInfo& Family::info() {
  static const FamilyInfo info{"modnim",
                               "ModNim",
                               "modnim(K,M)",
                               "K sticks, a move takes 1 to M",
                               "take sticks; who takes the last one loses",
                               {100, 3, 0, 0},
                               {"modnim(5,3)", "3,1,1", Status::OWon, "X takes the last stick and loses"},
                               {}};
  return info;
}

GameParams Family::parse(const GameArguments& args, std::string_view text, const TextLocation& where) {
  if (args.size() != 2)
    throw InputError(where,
                     "modnim takes K sticks and M, the most a move takes: modnim(100,3), not " + in_quotes(text));
  return {game_parameter(args[0], 1, kMaxSticks, "K (sticks)", where),
          game_parameter(args[1], 1, kMaxTake, "M (the most a move takes)", where), 0, 0};
}

std::string Family::text(const GameParams& a) {
  return "modnim(" + std::to_string(a[0]) + "," + std::to_string(a[1]) + ")";
}

std::string Family::default_grammar(const GameParams& a) {
  return grammar_text::heading(text(a), "the sticks and\n# their residues.") + R"(
int    ::= const(-16 .. 16)               @ 3
         | feature                        @ 6
         | residue                        @ 3
         | int + int                      @ 4
         | int - int                      @ 3
         | int * int                      @ 3
         | int / int                      @ 0.5
         | int % int                      @ 2
         | min(int, int)                  @ 0.5
         | max(int, int)                  @ 0.5
         | abs(int)                       @ 0.5
         | - int                          @ 0.5
         | if bool then int else int      @ 3
         | let int in int                 @ 1
         | var                            @ 2

feature ::= sticks() @ 3 | limit() | moves() | to_move() @ 2

residue ::= left % modulus
left    ::= sticks()
modulus ::= const(2 .. 8) | most + one
most    ::= limit()
one     ::= const(1 .. 1)

bool   ::= int < int | int <= int | int = int | int != int | int > int | int >= int
         | bool and bool | bool or bool | not bool | true | false
)";
}

}  // namespace evalsynth::modnim
