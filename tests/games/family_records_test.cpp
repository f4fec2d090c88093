// Every family's record (games/<family>/family.hpp) against its own game:
// names read back, the defaults and aliases are games of the family, the
// example the record gives plays out as it says (so a description that
// contradicts the rules fails here), and the game names itself as the
// record does.

#include <catch2/catch.hpp>
#include <string>

#include "games/registry.hpp"

namespace {

using namespace evalsynth;

TEST_CASE("every family's record names, reads back and describes its games", "[games][families]") {
  REQUIRE(game_families().size() == kGameFamilies);
  for (const GameFamily family : game_families()) {
    const FamilyInfo& info = family_info(family);
    INFO(info.name);
    CHECK(family_name(family) == info.name);
    CHECK(family_named(info.name) == family);
    CHECK(std::string_view(info.syntax).starts_with(info.name));
    CHECK(!info.about.empty());
    CHECK(!info.parameters.empty());

    // The bare name is the default game, whose canonical name reads back.
    const GameDescriptor defaults = parse_game(info.name);
    CHECK(defaults == default_game(family));
    CHECK(defaults.params == info.defaults);
    CHECK(parse_game(defaults.text()) == defaults);
    with_game(defaults, [&](const auto& game) { CHECK(game.name() == defaults.text()); });

    for (const GameAlias& alias : info.aliases) {
      const GameDescriptor d = parse_game(alias.name);
      CHECK(d.family == family);
      CHECK(d.params == alias.params);
      CHECK_THROWS_AS(parse_game(std::string(alias.name) + "(1)"), InputError);
    }

    // The example: a game of this family, played from its start, ends as said.
    const GameDescriptor example = parse_game(info.example.game);
    CHECK(example.family == family);
    CHECK(!info.example.says.empty());
    with_game(example, [&](const auto& game) {
      CHECK(game.name() == example.text());
      const auto p = game.parse_position(info.example.moves, {"<example>"});
      CHECK(game.status(p) == info.example.outcome);
    });

    // Its built-in grammar is of this game.
    const std::string grammar = default_grammar_text(defaults);
    if (family != connect4::kFamily) CHECK(grammar.starts_with("game " + defaults.text() + "\n"));
    CHECK(grammar.find("start int") != std::string::npos);
  }
}

TEST_CASE("a family's parameters are refused at the option that gives them", "[games][families]") {
  for (const GameFamily family : game_families()) {
    const std::string name(family_info(family).name);
    INFO(name);
    try {
      parse_game(name + "(no, such, parameters, here, at, all)", {"spec.spec", 3, 8});
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.where().source == "spec.spec");
      CHECK(e.where().line == 3);
    }
  }
}

}  // namespace
