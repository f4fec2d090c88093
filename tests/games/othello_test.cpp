// Othello: the move generator against the published perft counts and a
// naive board of cells, its notation and its mistakes, and its features
// and references against plain recounts.

#include "games/othello/othello.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <memory>
#include <vector>

#include "game/perft.hpp"
#include "lang/builtin_board_net.hpp"
#include "lang/game_program.hpp"
#include "lang/parse.hpp"
#include "support/random.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

// A board of cells (0 empty, 1 X, 2 O), the rules as a person reads them.
struct Naive {
  int n;
  std::vector<int> cells;
  int at(int r, int c) const { return cells[static_cast<std::size_t>(r * n + c)]; }
  std::vector<int> flips(int r, int c, int me) const {
    std::vector<int> out;
    if (at(r, c) != 0) return out;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        std::vector<int> line;
        int rr = r + dr, cc = c + dc;
        while (rr >= 0 && rr < n && cc >= 0 && cc < n && at(rr, cc) == 3 - me) {
          line.push_back(rr * n + cc);
          rr += dr;
          cc += dc;
        }
        if (!line.empty() && rr >= 0 && rr < n && cc >= 0 && cc < n && at(rr, cc) == me)
          out.insert(out.end(), line.begin(), line.end());
      }
    return out;
  }
  std::vector<int> moves(int me) const {
    std::vector<int> out;
    for (int cell = 0; cell < n * n; ++cell)
      if (!flips(cell / n, cell % n, me).empty()) out.push_back(cell);
    return out;
  }
};

Naive naive_of(const othello::Game& game, const othello::Position& p) {
  Naive b{game.size(), std::vector<int>(static_cast<std::size_t>(game.size() * game.size()))};
  for (int cell = 0; cell < game.size() * game.size(); ++cell)
    b.cells[static_cast<std::size_t>(cell)] = (p.x >> cell & 1) ? 1 : (p.o >> cell & 1) ? 2 : 0;
  return b;
}

}  // namespace

TEST_CASE("Othello: perft from the start matches the published counts", "[games][othello]") {
  const othello::Game game(8);
  const std::array<std::uint64_t, 9> expected = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216};
  for (int depth = 1; depth <= 8; ++depth)
    CHECK(perft(game, game.start(), depth) == expected[static_cast<std::size_t>(depth)]);
}

TEST_CASE("Othello: moves, flips, passes and the end agree with a naive board on random games", "[games][othello]") {
  for (const int size : {6, 8}) {
    const othello::Game game(size);
    Rng rng(static_cast<std::uint64_t>(size));
    int passes = 0, ends[3] = {0, 0, 0};
    for (int g = 0; g < 300; ++g) {
      othello::Position p = game.start();
      while (true) {
        const Naive board = naive_of(game, p);
        const int me = game.side_to_move(p) == Side::X ? 1 : 2;
        const std::vector<int> mine = board.moves(me), theirs = board.moves(3 - me);
        MovesOf<othello::Game> legal;
        game.legal_moves(p, legal);
        if (mine.empty() && theirs.empty()) {
          REQUIRE(legal.empty());
          int x = 0, o = 0;
          for (int c : board.cells) (c == 1 ? x : c == 2 ? o : c) += 1;
          const Status status = x > o ? Status::XWon : x < o ? Status::OWon : Status::Drawn;
          REQUIRE(game.status(p) == status);
          ++ends[status == Status::XWon ? 0 : status == Status::OWon ? 1 : 2];
          break;
        }
        REQUIRE(game.status(p) == Status::Ongoing);
        if (mine.empty()) {
          REQUIRE(legal.size() == 1);
          REQUIRE(legal[0] == othello::Game::kPass);
          ++passes;
        } else {
          REQUIRE(std::vector<int>(legal.begin(), legal.end()) == mine);
        }
        const int move = legal[static_cast<std::size_t>(rng.below(static_cast<int>(legal.size())))];
        Naive after = board;
        if (move != othello::Game::kPass) {
          for (int f : board.flips(move / size, move % size, me)) after.cells[static_cast<std::size_t>(f)] = me;
          after.cells[static_cast<std::size_t>(move)] = me;
        }
        p = game.play(p, move);
        REQUIRE(naive_of(game, p).cells == after.cells);
      }
    }
    INFO("size " << size);
    CHECK(passes > 0);
    CHECK(ends[0] > 0);
    CHECK(ends[1] > 0);
  }
}

TEST_CASE("Othello: its notation, and moves it refuses where they are written", "[games][othello]") {
  const othello::Game game(8);
  MovesOf<othello::Game> legal;
  game.legal_moves(game.start(), legal);
  std::vector<std::string> names;
  for (int m : legal) names.push_back(game.move_text(game.start(), m));
  CHECK(names == std::vector<std::string>{"d3", "c4", "f5", "e6"});
  const othello::Position p = game.parse_position("d3c3", {"o"});
  CHECK(p.plies == 2);
  CHECK(std::popcount(p.x) == 3);
  CHECK(std::popcount(p.o) == 3);
  CHECK_THROWS_WITH(game.parse_position("d3d4", {"o", 1, 1}), Contains("o:1:3") && Contains("d4 is taken"));
  CHECK_THROWS_WITH(game.parse_position("a1", {"o", 1, 1}), Contains("brackets none"));
  CHECK_THROWS_WITH(game.parse_position("pass", {"o", 1, 1}), Contains("may pass only when it has no move"));
  CHECK_THROWS_WITH(game.parse_position("i9", {"o", 1, 1}), Contains("off the board"));
  // The example of the family's record: O has no disc left after nine moves.
  const othello::Position end = game.parse_position("d3c3b3d2e1d6d7e3f4", {"o"});
  CHECK(end.o == 0);
  CHECK(game.status(end) == Status::XWon);
  CHECK_THROWS_WITH(game.parse_position("d3c3b3d2e1d6d7e3f4c4", {"o", 1, 1}), Contains("after the game has ended"));
}

TEST_CASE("Othello: features and the League's heuristic against plain recounts", "[games][othello]") {
  const othello::Game game(8);
  const FeatureLibrary& library = othello::feature_library();
  auto feature = [&](const othello::Position& p, const char* name, int player) {
    const FeatureRequest request{static_cast<std::uint8_t>(library.find(name, 0)), static_cast<std::uint8_t>(player)};
    std::int32_t value = 0;
    game.features(p, std::span<const FeatureRequest>(&request, 1), &value);
    return value;
  };
  const othello::Position start = game.start();
  CHECK(feature(start, "discs", 0) == 2);
  CHECK(feature(start, "mobility", 0) == 4);
  CHECK(feature(start, "mobility", 1) == 4);
  CHECK(feature(start, "frontier", 0) == 2);
  CHECK(feature(start, "potential_mobility", 0) == 10);  // the empty cells around O's two discs
  CHECK(feature(start, "corners", 0) == 0);
  CHECK(feature(start, "stable", 0) == 0);
  CHECK(feature(start, "empties", 0) == 60);
  CHECK(feature(start, "to_move", 0) == 1);
  // A corner and the edge run from it are stable; an X-square next to an
  // empty corner counts, and so does a C-square.
  othello::Position p;
  p.x =
      game.geometry().cell(0, 0) | game.geometry().cell(0, 1) | game.geometry().cell(0, 2) | game.geometry().cell(6, 6);
  p.o = game.geometry().cell(0, 3) | game.geometry().cell(7, 6) | game.geometry().cell(1, 0);
  CHECK(feature(p, "stable", 0) == 3);
  CHECK(feature(p, "corners", 0) == 1);
  CHECK(feature(p, "x_squares", 0) == 1);
  CHECK(feature(p, "c_squares", 1) == 1);  // g8 next to the empty h8 (a1's b1 and a2 are beside a taken corner)
  CHECK(feature(p, "stable", 1) == 0);     // a2 above X's corner: X on a3 would flip it
  // The weighted piece counter in the language equals the published table.
  const int weights[8][8] = {{100, -25, 10, 5, 5, 10, -25, 100}, {-25, -25, 1, 1, 1, 1, -25, -25},
                             {10, 1, 5, 2, 2, 5, 1, 10},         {5, 1, 2, 1, 1, 2, 1, 5},
                             {5, 1, 2, 1, 1, 2, 1, 5},           {10, 1, 5, 2, 2, 5, 1, 10},
                             {-25, -25, 1, 1, 1, 1, -25, -25},   {100, -25, 10, 5, 5, 10, -25, 100}};
  const lang::GameProgram<othello::Game> wpc(
      game, lang::parse_program(std::string(game.reference_programs()[0].text), "wpc.eval"));
  Rng rng(3);
  for (int i = 0; i < 200; ++i) {
    othello::Position q = game.start();
    for (int plies = rng.below(60); plies > 0 && game.status(q) == Status::Ongoing; --plies) {
      MovesOf<othello::Game> legal;
      game.legal_moves(q, legal);
      q = game.play(q, legal[static_cast<std::size_t>(rng.below(static_cast<int>(legal.size())))]);
    }
    int sum = 0;
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) sum += weights[r][c] * game.square(q, r, c);
    REQUIRE(wpc(q) == sum);
  }
}

TEST_CASE(
    "Othello's tuples(), wpc_td() and tuples2() are the built-in networks' values, native and interpreted, and "
    "othello(6) refuses them",
    "[games][othello][lang]") {
  const othello::Game game(8);
  const lang::Program program = lang::parse_program(
      "game othello\n3 * tuples() - 2 * discs(o) + tuples() - wpc_td() * 5 + tuples2() / 3\n", "t.eval");
  const lang::GameProgram<othello::Game> native(game, program), interpreted(game, program, false);
  // Each network as a model plays with the same values (model/board_ntuple_net.hpp).
  const lang::BuiltinBoardNet* tuples = lang::builtin_board_net("othello", "tuples");
  const lang::BuiltinBoardNet* wpc_td = lang::builtin_board_net("othello", "wpc_td");
  REQUIRE(tuples != nullptr);
  const lang::BuiltinBoardNet* tuples2 = lang::builtin_board_net("othello", "tuples2");
  REQUIRE(wpc_td != nullptr);
  REQUIRE(tuples2 != nullptr);
  CHECK(lang::builtin_board_nets_read(program) == std::vector<const lang::BuiltinBoardNet*>{tuples, wpc_td, tuples2});
  auto player_of = [&](const lang::BuiltinBoardNet* net) {
    const model::BoardNTupleNet& model = lang::builtin_board_model(*net);
    CHECK(model.game() == "othello(8)");
    return model::BoardNTupleEvaluator<othello::Game>{
        game, std::shared_ptr<const model::BoardNTupleNet>(&model, [](const model::BoardNTupleNet*) {})};
  };
  const auto tuples_player = player_of(tuples), wpc_td_player = player_of(wpc_td), tuples2_player = player_of(tuples2);
  CHECK(lang::builtin_board_model(*tuples2).length() == 4);
  // wpc_td() is a counter of 1-tuples: a weight per square and state.
  CHECK(lang::builtin_board_model(*wpc_td).length() == 1);
  const FeatureLibrary& library = othello::feature_library();
  auto discs_o = [&](const othello::Position& p) {
    const FeatureRequest request{static_cast<std::uint8_t>(library.find("discs", 0)), 1};
    std::int32_t value = 0;
    game.features(p, std::span<const FeatureRequest>(&request, 1), &value);
    return value;
  };
  Rng rng(9);
  int distinct_tuples = 0, distinct_wpc = 0;
  for (int i = 0; i < 300; ++i) {
    othello::Position q = game.start();
    for (int plies = rng.below(60); plies > 0 && game.status(q) == Status::Ongoing; --plies) {
      MovesOf<othello::Game> legal;
      game.legal_moves(q, legal);
      q = game.play(q, legal[static_cast<std::size_t>(rng.below(static_cast<int>(legal.size())))]);
    }
    const std::int32_t expected = 4 * tuples_player(q) - 2 * discs_o(q) - 5 * wpc_td_player(q) + tuples2_player(q) / 3;
    REQUIRE(interpreted(q) == expected);
    REQUIRE(native(q) == expected);
    distinct_tuples += tuples_player(q) != tuples_player(game.start());
    distinct_wpc += wpc_td_player(q) != wpc_td_player(game.start());
  }
  CHECK(distinct_tuples > 250);
  CHECK(distinct_wpc > 250);
  // Random programs never draw them (older runs draw as they did); the
  // networks are othello(8)'s, so othello(6) refuses them where built.
  CHECK(library.drawn == library.find("tuples", 0));
  CHECK(library.find("wpc_td", 0) > library.drawn);
  CHECK(library.find("tuples2", 0) > library.drawn);
  CHECK_THROWS_WITH(lang::GameProgram<othello::Game>(othello::Game(6), program),
                    Contains("tuples() is the network of othello(8)") && Contains("does not value othello(6)"));
  CHECK_THROWS_WITH(lang::GameProgram<othello::Game>(othello::Game(6), lang::parse_program("game othello\nwpc_td()")),
                    Contains("wpc_td() is the network of othello(8)"));
  CHECK(lang::builtin_board_nets_read(lang::parse_program("game othello\ndiscs(x)\n", "d.eval")).empty());
}
