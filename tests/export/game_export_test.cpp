// Exported C++ of the other games' programs: the headers compile standalone
// with warnings as errors and compute exactly the values evalsynth's own
// compiled programs do, on random programs and positions of each game
// (checkers on its three boards, kings and the draw rule's count included).

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "game/move_order.hpp"
#include "games/adjacent4/adjacent4.hpp"
#include "games/checkers/checkers.hpp"
#include "games/mnk/mnk.hpp"
#include "games/modnim/modnim.hpp"
#include "games/othello/othello.hpp"
#include "games/registry.hpp"
#include "lang/game_program.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "test_support.hpp"

using namespace evalsynth;

namespace {

std::string numbered(std::string prefix, std::size_t n) {
  prefix += std::to_string(n);
  return prefix;
}

// Exports `count` random programs of `game` (and its reference players),
// compiles a checker that reads one position a line and prints every
// program's value, and compares with evalsynth's values.
template <class G>
void check_game(const G& game, const GameDescriptor& descriptor, std::uint64_t seed, int count,
                const std::vector<std::string>& written = {}) {
  test::ScratchFolder scratch("game-export");
  Rng rng(seed);
  std::vector<lang::Program> programs;
  for (const ReferenceProgram& r : game.reference_programs())
    programs.push_back(lang::parse_program(std::string(r.text), std::string(r.name)));
  for (const std::string& text : written) programs.push_back(lang::parse_program(text));
  for (int i = 0; i < count; ++i)
    programs.push_back(
        lang::random_program(rng, 5 + static_cast<std::size_t>(rng.below(150)), std::nullopt, G::kFamily));
  constexpr bool nim = std::is_same_v<G, modnim::Game>, checkers = std::is_same_v<G, checkers::Game>,
                 othello = std::is_same_v<G, othello::Game>;
  std::string checker = "#include <cstdint>\n#include <cstdio>\n";
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const std::string name = numbered("p", i);
    // Programs of the family (`game mnk`), which every board of it plays.
    std::string text = lang::to_text(programs[i]);
    if (text.starts_with("game ")) text.replace(0, text.find('\n'), "game " + std::string(family_name(G::kFamily)));
    test::write_file(scratch / (name + ".eval"), text + "\n");
    const test::Run exported = test::run_evalsynth("export " + (scratch / (name + ".eval")) + " --game '" +
                                                   descriptor.text() + "' --cpp " + (scratch / (name + ".hpp")));
    INFO(exported.output);
    REQUIRE(exported.exit_code == 0);
    checker += "#include \"" + name + ".hpp\"\n";
  }
  checker += checkers  ? "int main() {\n  unsigned long long a, b, k;\n  int plies, quiet;\n"
             : othello ? "int main() {\n  unsigned long long a, b;\n  int plies;\n"
                       : "int main() {\n  unsigned long long a, b;\n";
  checker += checkers  ? "  while (std::scanf(\"%llu %llu %llu %d %d\", &a, &b, &k, &plies, &quiet) == 5) {\n"
             : othello ? "  while (std::scanf(\"%llu %llu %d\", &a, &b, &plies) == 3) {\n"
                       : "  while (std::scanf(\"%llu %llu\", &a, &b) == 2) {\n";
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const std::string call = numbered("p", i);
    if (nim)
      checker += "    std::printf(\"%d \", " + call + "(static_cast<int>(a), static_cast<int>(b)));\n";
    else if (checkers)
      checker += "    std::printf(\"%d \", " + call +
                 "(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(k), plies, "
                 "quiet));\n";
    else if (othello)
      checker += "    std::printf(\"%d \", " + call + "(a, b, plies));\n";
    else
      checker += "    std::printf(\"%d \", " + call + "(a, b));\n";
  }
  checker += "    std::printf(\"\\n\");\n  }\n}\n";
  test::write_file(scratch / "checker.cpp", checker);
  const test::Run built =
      test::run_shell(std::string(test::kCxxCompiler) + " -std=c++17 -O1 -Wall -Wextra -Wpedantic -Werror -o '" +
                      (scratch / "checker") + "' '" + (scratch / "checker.cpp") + "'");
  INFO(built.output.substr(0, 3000));
  REQUIRE(built.exit_code == 0);

  std::vector<typename G::Position> positions;
  std::string input;
  while (positions.size() < 400) {
    typename G::Position p = game.start();
    for (int plies = rng.below(game.max_plies() + 1); plies > 0 && game.status(p) == Status::Ongoing; --plies)
      p = game.play(p, random_move(game, p, rng));
    positions.push_back(p);
    if constexpr (nim) {
      input += std::to_string(p.sticks) + " " + std::to_string(p.plies) + "\n";
    } else if constexpr (checkers) {
      // The header's bits are the numbered squares (bit s - 1 = square s).
      const auto squares = [&](std::uint64_t bits) {
        std::uint64_t out = 0;
        for (int s = 0; s < game.board().squares(); ++s)
          if (bits >> game.board().bit_of(s) & 1) out |= std::uint64_t{1} << s;
        return std::to_string(out);
      };
      input += squares(p.x) + " " + squares(p.o) + " " + squares(p.kings) + " " + std::to_string(p.plies) + " " +
               std::to_string(p.quiet) + "\n";
    } else if constexpr (othello) {
      input += std::to_string(p.x) + " " + std::to_string(p.o) + " " + std::to_string(p.plies) + "\n";
    } else {
      input += std::to_string(p.x) + " " + std::to_string(p.o) + "\n";
    }
  }
  test::write_file(scratch / "positions.txt", input);
  const test::Run values = test::run_shell("'" + (scratch / "checker") + "' < '" + (scratch / "positions.txt") + "'");
  REQUIRE(values.exit_code == 0);
  std::vector<lang::GameProgram<G>> compiled;
  for (const lang::Program& p : programs) compiled.emplace_back(game, p);
  std::string expected;
  for (const auto& p : positions) {
    for (const auto& c : compiled) expected += std::to_string(c(p)) + " ";
    expected += "\n";
  }
  CHECK(values.output == expected);
}

}  // namespace

TEST_CASE("exported headers of other games compute exactly evalsynth's values", "[export][games]") {
  check_game(mnk::Game(3, 3, 3), parse_game("mnk(3,3,3)"), 1, 12);
  check_game(mnk::FillGame(5, 5, 3), parse_game("mnk(5,5,3,fill)"), 2, 8);
  check_game(adjacent4::Game(8, 6), parse_game("adjacent4(8,6)"), 3, 12);
  // The rules game files choose: stones that drop, lines in some directions only.
  check_game(mnk::Game(5, 4, 3, mnk::Placement::Drop), parse_game("mnk(5,4,3,drop)"), 5, 12);
  check_game(mnk::Game(5, 5, 4, mnk::Placement::Adjacent, grid::kAcross | grid::kDiagonal),
             parse_game("mnk(5,5,4,adjacent,across,diagonal)"), 6, 12);
  check_game(modnim::Game(100, 3), parse_game("modnim(100,3)"), 4, 8);
}

TEST_CASE("exported checkers headers compute exactly evalsynth's values", "[export][games][checkers]") {
  // Every feature of both sides, sq on dark, light and outside squares, and
  // lets named as the header's own names.
  const std::vector<std::string> every_feature = {
      "game checkers\nmen(x) - 2 * men(o) + 3 * kings(x) - 5 * kings(o) + 7 * back_rank(x) - 11 * back_rank(o) + "
      "13 * advance(x) - 17 * advance(o) + 19 * centre(x) - 23 * centre(o) + 29 * edge(x) - 31 * edge(o)",
      "game checkers\nmobility(x) - 2 * mobility(o) + 3 * jumpers(x) - 5 * jumpers(o) + 7 * exposed(x) - 11 * "
      "exposed(o) + 13 * moves() * to_move() + 17 * quiet()",
      "game checkers\nsq(0, 1) + 2 * sq(7, 6) - 3 * sq(2, 2) + 5 * sq(0 - 1, 1) + 7 * sq(moves() % 8, quiet() % 8) + "
      "11 * sq(3, 12)",
      "game checkers\nlet quiet = quiet() in let plies_played = moves() in let kings_bits = kings(x) in "
      "let quiet_plies = 3 in quiet * plies_played + kings_bits - quiet_plies",
  };
  check_game(checkers::Game(8), parse_game("checkers"), 5, 16, every_feature);
  check_game(checkers::Game(6, 30), parse_game("checkers(6,30)"), 6, 8);
  check_game(checkers::Game(4), parse_game("checkers(4)"), 7, 8);
}

TEST_CASE("exported Othello headers compute exactly evalsynth's values", "[export][games][othello]") {
  // Every feature of both sides, the board's own features, sq inside and
  // outside the board, and lets named as the header's own names.
  const std::vector<std::string> every_feature = {
      "game othello\ndiscs(x) - 2 * discs(o) + 3 * mobility(x) - 5 * mobility(o) + 7 * potential_mobility(x) - "
      "11 * potential_mobility(o) + 13 * frontier(x) - 17 * frontier(o) + 19 * corners(x) - 23 * corners(o)",
      "game othello\nx_squares(x) - 2 * x_squares(o) + 3 * c_squares(x) - 5 * c_squares(o) + 7 * edges(x) - "
      "11 * edges(o) + 13 * stable(x) - 17 * stable(o) + 19 * empties() + 23 * moves() * to_move()",
      "game othello\nsq(0, 0) + 2 * sq(7, 7) - 3 * sq(3, 4) + 5 * sq(0 - 1, 1) + 7 * sq(moves() % 9, empties() % 9) + "
      "11 * sq(3, 12)",
      "game othello\nlet around_corners = corners(x) in let plies_played = moves() in let empty = empties() in "
      "around_corners * plies_played + empty",
      // The networks built into the language (lang/builtin_board_net.hpp),
      // one, the other and both.
      "game othello\ntuples() + 10 * (corners(x) - corners(o))",
      "game othello\nlet sum = tuples() in sum / 7 - tuples() * to_move() + 3 * mobility(x)",
      "game othello\nwpc_td() - 2 * discs(o)",
      "game othello\nlet value = wpc_td() in 3 * tuples() - value + wpc_td() / 5",
      "game othello\ntuples2() - tuples() / 2 + 7 * corners(x)",
  };
  // Late positions too (stable discs, full lines, passes): random playouts
  // reach every length.
  check_game(othello::Game(8), parse_game("othello"), 8, 16, every_feature);
  check_game(othello::Game(6), parse_game("othello(6)"), 9, 8);
}
