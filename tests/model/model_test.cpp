// The learned evaluators: forward passes and values against hand-computed
// numbers, mirror symmetry, incremental indices, model files.

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <set>
#include <tuple>

#include "games/connect4/notation.hpp"
#include "model/model_file.hpp"
#include "model/ntuple_indexer.hpp"
#include "support/error.hpp"
#include "support/random.hpp"
#include "test_support.hpp"
#include "tournament/player.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;
using model::NTupleNet;
using model::ThesisNet;

namespace {

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

// Positions from random games, at every ply.
std::vector<connect4::Position> random_positions(int games, std::uint64_t seed) {
  std::vector<connect4::Position> out;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    connect4::Position p;
    while (!p.is_game_over()) {
      out.push_back(p);
      p = p.played(connect4::random_column(p, rng));
    }
  }
  return out;
}

NTupleNet random_ntuple_net(int states, std::uint64_t seed, bool per_side = false, int stage_split = 0) {
  NTupleNet net(model::random_walk_tuples(70, 8, seed), states, per_side, stage_split);
  Rng rng(seed + 1);
  for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5) * 0.2F;
  return net;
}

}  // namespace

TEST_CASE("thesis net: the forward pass is the hand-computed one", "[model]") {
  ThesisNet net(2);
  auto& w = net.parameters();
  REQUIRE(w.size() == 2 * 127 + 3);
  // Hidden 0 sees an X at (row 0, col 3): input 3*18 + 0*3 + 0 = 54. Hidden 1
  // sees every empty cell at the bottom-left (input 2) and has bias -1.
  w[1 + 54] = 2.0;
  w[127] = -1.0;
  w[127 + 1 + 2] = 0.5;
  const std::size_t out = net.output_offset();
  w[out] = 0.25;
  w[out + 1] = 1.5;
  w[out + 2] = -3.0;
  const connect4::Position p = connect4::parse_moves("4");  // X in the centre column
  const double h0 = sigmoid(2.0), h1 = sigmoid(-1.0 + 0.5);
  const double expected = sigmoid(0.25 + 1.5 * h0 - 3.0 * h1);
  CHECK(net.output(p) == Approx(expected).epsilon(1e-12));
  // The evaluation: X's prospects mapped onto +-50,000.
  CHECK(net(p) == static_cast<int>(std::lround((2 * expected - 1) * 50000)));
  // The empty board: neither hidden unit's X input is on.
  CHECK(net.output(connect4::Position()) == Approx(sigmoid(0.25 + 1.5 * 0.5 - 3.0 * h1)).epsilon(1e-12));
}

TEST_CASE("n-tuple net: values from the tables by hand, 3 and 4 cell states, a table per side", "[model]") {
  // One tuple: the two bottom cells of column 0, read mirrored too (column 6).
  const std::vector<std::vector<std::uint8_t>> tuples = {{model::cell_number(0, 0), model::cell_number(1, 0)}};
  NTupleNet three(tuples, 3);
  REQUIRE(three.table_size() == 9);
  for (std::size_t i = 0; i < 9; ++i) three.weights()[i] = 0.01F * static_cast<float>(i + 1);
  // "1": X at (0,0): index 1 (X=1 at k=0); the mirror reads column 6: empty, 0.
  const connect4::Position x_left = connect4::parse_moves("1");
  CHECK(three.sum(x_left) == Approx(0.02 + 0.01));
  // "17": O at (0,6): the tuple reads index 1, the mirror index 2.
  const connect4::Position both = connect4::parse_moves("17");
  CHECK(three.sum(both) == Approx(0.02 + 0.03));
  // "117": X (0,0), O (1,0), X (0,6): 1 + 2*3 = 7 -> w[7] = 0.08, mirror 1 -> 0.02.
  CHECK(three.sum(connect4::parse_moves("117")) == Approx(0.08 + 0.02));
  CHECK(three.value(both) == Approx(std::tanh(0.05)));
  CHECK(three(both) == static_cast<int>(std::lround(std::tanh(three.sum(both)) * 50000)));

  NTupleNet four(tuples, 4);
  REQUIRE(four.table_size() == 16);
  for (std::size_t i = 0; i < 16; ++i) four.weights()[i] = 0.01F * static_cast<float>(i + 1);
  // Empty board: (0,0) playable (3), (1,0) not (0): index 3 on both sides.
  CHECK(four.sum(connect4::Position()) == Approx(0.04 + 0.04));
  // "1": X (0,0) = 1, (1,0) now playable = 3: 1 + 3*4 = 13; mirror still 3.
  CHECK(four.sum(x_left) == Approx(0.14 + 0.04));

  // Two tables: X to move reads the first 9 weights, O to move the next 9.
  NTupleNet sided(tuples, 3, true);
  REQUIRE(sided.weights().size() == 18);
  for (std::size_t i = 0; i < 18; ++i) sided.weights()[i] = 0.01F * static_cast<float>(i + 1);
  CHECK(sided.sum(x_left) == Approx(0.11 + 0.10));  // O to move: indices 1 and 0 of the second table
  CHECK(sided.sum(both) == Approx(0.02 + 0.03));    // X to move: the first table

  // Split by stage at 2 stones: under 2 stones the first two tables (X, O
  // to move), from 2 stones on the next two.
  NTupleNet staged(tuples, 3, true, 2);
  REQUIRE(staged.weights().size() == 36);
  REQUIRE(staged.table_sets() == 4);
  for (std::size_t i = 0; i < 36; ++i) staged.weights()[i] = 0.01F * static_cast<float>(i + 1);
  CHECK(staged.table_set(0) == 0);
  CHECK(staged.table_set(1) == 1);
  CHECK(staged.table_set(2) == 2);
  CHECK(staged.table_set(3) == 3);
  CHECK(staged.sum(x_left) == Approx(0.11 + 0.10));  // 1 stone, O to move: the second table
  CHECK(staged.sum(both) == Approx(0.20 + 0.21));    // 2 stones, X to move: the third table (from 0.19)
  CHECK(staged.sum(connect4::parse_moves("117")) ==
        Approx(0.35 + 0.29));                    // 3 stones, O to move: the fourth (from 0.28)
  NTupleNet staged_shared(tuples, 3, false, 2);  // one table per stage
  REQUIRE(staged_shared.weights().size() == 18);
  for (std::size_t i = 0; i < 18; ++i) staged_shared.weights()[i] = 0.01F * static_cast<float>(i + 1);
  CHECK(staged_shared.table_set(1) == 0);
  CHECK(staged_shared.table_set(3) == 1);
  CHECK(staged_shared.sum(x_left) == Approx(0.02 + 0.01));
  CHECK(staged_shared.sum(both) == Approx(0.11 + 0.12));
}

TEST_CASE("n-tuple net: a position and its mirror image have the same value", "[model]") {
  for (const auto& [states, per_side] : {std::pair{3, false}, std::pair{4, false}, std::pair{4, true}}) {
    const NTupleNet net = random_ntuple_net(states, 7, per_side);
    int checked = 0;
    for (const connect4::Position& p : random_positions(30, 11)) {
      REQUIRE(net.sum(p) == Approx(net.sum(p.mirrored())).margin(1e-9));
      ++checked;
    }
    CHECK(checked > 300);
  }
}

TEST_CASE("n-tuple indexer: move by move it matches the indices from scratch", "[model]") {
  for (const auto& [states, per_side, split] :
       {std::tuple{3, false, 0}, std::tuple{4, false, 0}, std::tuple{3, true, 0}, std::tuple{4, true, 7}}) {
    const NTupleNet net = random_ntuple_net(states, 3, per_side, split);
    const model::NTupleIndexer indexer(net);
    Rng rng(5);
    for (int game = 0; game < 20; ++game) {
      connect4::Position p;
      model::NTupleIndexer::Indices indices, fresh;
      indexer.reset(p, indices);
      while (!p.is_game_over()) {
        const int set = net.table_set(p.moves_played() + 1);
        const double sum = indexer.sum(indices, set);
        for (int col = 0; col < connect4::kColumns; ++col) {
          if (!p.can_play(col)) continue;
          const int bit = std::countr_zero(p.landing_cell(col));
          REQUIRE(indexer.sum_after(indices, sum, bit, p.side_to_move(), set) ==
                  Approx(net.sum(p.played(col))).margin(1e-9));
        }
        const int col = connect4::random_column(p, rng);
        indexer.apply(indices, std::countr_zero(p.landing_cell(col)), p.side_to_move());
        p = p.played(col);
        indexer.reset(p, fresh);
        REQUIRE(indices == fresh);
      }
    }
  }
}

TEST_CASE("random-walk tuples: connected, distinct cells, reproducible", "[model]") {
  const auto tuples = model::random_walk_tuples(70, 8, 42);
  REQUIRE(tuples.size() == 70);
  CHECK(tuples == model::random_walk_tuples(70, 8, 42));
  CHECK(tuples != model::random_walk_tuples(70, 8, 43));
  for (const auto& t : tuples) {
    REQUIRE(t.size() == 8);
    CHECK(std::set<std::uint8_t>(t.begin(), t.end()).size() == 8);
    for (std::size_t k = 0; k < t.size(); ++k) {
      REQUIRE(t[k] < connect4::kCells);
      if (k == 0) continue;
      // Each cell touches an earlier one (a walk may step back over itself).
      bool touches = false;
      for (std::size_t j = 0; j < k; ++j)
        touches = touches || (std::abs(t[k] % connect4::kRows - t[j] % connect4::kRows) <= 1 &&
                              std::abs(t[k] / connect4::kRows - t[j] / connect4::kRows) <= 1);
      CHECK(touches);
    }
  }
}

namespace {

// Rebuilds the frame of a model file around a changed payload, so the
// checksum passes and the contents themselves are tested.
std::string reframed(const std::string& bytes, const std::string& payload) {
  std::string out = bytes.substr(0, 12);
  for (int i = 0; i < 8; ++i) out += static_cast<char>((payload.size() >> (8 * i)) & 0xFF);
  const std::uint64_t h = hash_text(payload);
  for (int i = 0; i < 8; ++i) out += static_cast<char>((h >> (8 * i)) & 0xFF);
  return out + payload;
}

std::string model_error(const std::string& bytes) {
  return test::input_error_of([&] { (void)model::decode_model(bytes, "m.bin"); });
}

// Built field by field: GCC 12 warns (falsely) that the string of a braced
// Model{{...}, network} may be used uninitialized.
model::Model model_of(const model::Network& network, const char* spec_name, std::uint64_t hash, std::uint64_t games,
                      std::uint64_t seed) {
  model::ModelInfo info;
  info.spec_name = spec_name;
  info.spec_hash = hash;
  info.games = games;
  info.seed = seed;
  return {std::move(info), network};
}

}  // namespace

TEST_CASE("model files: byte-for-byte round trip, both kinds", "[model]") {
  ThesisNet thesis(15);
  Rng rng(1);
  for (double& w : thesis.parameters()) w = rng.unit() - 0.5;
  for (const model::Network& network : {model::Network(thesis), model::Network(random_ntuple_net(3, 9, true)),
                                        model::Network(random_ntuple_net(4, 9, true, 12))}) {
    const model::Model m = model_of(network, "spec-name", 0x1234, 777, 5);
    const std::string bytes = model::encode_model(m);
    const model::Model back = model::decode_model(bytes, "m.bin");
    CHECK(model::encode_model(back) == bytes);
    CHECK(back.info.spec_name == "spec-name");
    CHECK(back.info.games == 777);
    for (const connect4::Position& p : random_positions(3, 2))
      CHECK(evaluate(model_evaluator(connect4::Game{}, back, "m.bin"), p) ==
            evaluate(model_evaluator(connect4::Game{}, m, "m.bin"), p));
  }
}

TEST_CASE("model files: damage is a located error, never a crash", "[model][errors]") {
  const model::Model m = model_of(model::Network(ThesisNet(2)), "s", 1, 2, 3);
  const std::string good = model::encode_model(m);
  CHECK_THAT(model_error("hello"), Contains("m.bin:1:1") && Contains("not an evalsynth model"));
  CHECK_THAT(model_error(good.substr(0, 20)), Contains("truncated model"));
  CHECK_THAT(model_error(good.substr(0, good.size() - 3)), Contains("truncated model: the header promises"));
  CHECK_THAT(model_error(good + "x"), Contains("damaged model: 1 bytes after the end"));
  std::string flipped = good;
  flipped[good.size() - 5] ^= 0x10;
  CHECK_THAT(model_error(flipped), Contains("does not match the checksum"));
  std::string newer = good;
  newer[8] = 9;
  CHECK_THAT(model_error(newer), Contains("model format version 9 is newer"));

  // Contents that pass the checksum but cannot be a network.
  const std::string payload = good.substr(28);
  std::string bad = payload;
  // The hidden count follows the learner name (8 + 10), the spec name
  // (8 + 1) and three numbers (24): at byte 51.
  REQUIRE(bad[51] == 2);
  bad[51] = 0;
  CHECK_THAT(model_error(reframed(good, bad)), Contains("corrupted model: 0 hidden units"));
  bad[51] = 3;  // three hidden units, but the weights of two
  CHECK_THAT(model_error(reframed(good, bad)), Contains("parameters where 3 hidden units need"));
  bad[51] = 2;
  // The weights' count follows the hidden count: 1000 fits in the bytes left
  // as bytes, not as doubles, and is refused before anything is allocated.
  REQUIRE(bad[55] == 1);
  bad[55] = static_cast<char>(0xE8);
  bad[56] = 0x03;
  CHECK_THAT(model_error(reframed(good, bad)), Contains("a list claims 1000 numbers with 2056 bytes left"));
  CHECK_THAT(model_error(reframed(good, payload.substr(0, 40))), Contains("corrupted model"));
  CHECK_THAT(model_error(reframed(good, payload + "zz")), Contains("2 bytes of data left over"));
  std::string nan = payload;
  for (int i = 0; i < 8; ++i) nan[nan.size() - 8 + static_cast<std::size_t>(i)] = i == 7 ? 0x7F : i == 6 ? '\xF8' : 0;
  CHECK_THAT(model_error(reframed(good, nan)), Contains("not a finite number"));

  // An n-tuple network with one trained weight (stored sparsely: the total,
  // the gap 4 as one byte, the value) naming a cell off the board, or with a
  // gap past its tables.
  NTupleNet small({{0, 1}}, 3);
  small.weights()[4] = 0.5F;
  const std::string tuple_good = model::encode_model(model_of(model::Network(small), "s", 1, 2, 3));
  const std::string tuple_payload = tuple_good.substr(28);
  const std::size_t gap_at = tuple_payload.size() - 12 - 1, cells_at = gap_at - 8 - 8 - 2;
  REQUIRE(tuple_payload[gap_at] == 4);
  REQUIRE(tuple_payload[cells_at + 1] == 1);
  std::string off_board = tuple_payload;
  off_board[cells_at] = 42;
  CHECK_THAT(model_error(reframed(tuple_good, off_board)), Contains("names cell 42"));
  std::string far_gap = tuple_payload;
  far_gap[gap_at] = 9;
  CHECK_THAT(model_error(reframed(tuple_good, far_gap)), Contains("do not fit the tuples' 9 table entries"));
  far_gap[gap_at] = '\x80';  // a varint that never ends
  CHECK_THAT(model_error(reframed(tuple_good, far_gap)), Contains("do not fit"));

  // A network split by stage names itself (an older evalsynth refuses it as
  // an unknown learner) and its split, which must lie inside a game. The
  // split follows the learner name (8 + 13), the spec name (8 + 1), three
  // numbers (24), the cell states, the length (4 each) and the side flag.
  const std::string staged_good =
      model::encode_model(model_of(model::Network(NTupleNet({{0, 1}}, 3, false, 5)), "s", 1, 2, 3));
  std::string staged = staged_good.substr(28);
  REQUIRE(staged.substr(8, 13) == "ntuple-staged");
  REQUIRE(staged[63] == 5);
  for (const char split : {'\0', '\x2A', '\xFF'}) {
    staged[63] = split;
    CHECK_THAT(model_error(reframed(staged_good, staged)),
               Contains("its second stage begins at") && Contains("stones (1 to 41)"));
  }
}

TEST_CASE("models play: a model file is a player at any depth", "[model]") {
  const std::string path = "evalsynth_model_test_dir/model.bin";
  std::filesystem::create_directories("evalsynth_model_test_dir");
  model::write_model(model_of(model::Network(random_ntuple_net(4, 1)), "s", 1, 2, 3), path);
  const std::vector<Player<connect4::Game>> players = parse_player_list(connect4::Game{}, path + "@1-2");
  REQUIRE(players.size() == 2);
  CHECK(players[0].name == "evalsynth_model_test_dir");
  CHECK(players[1].depth == 2);
  Rng rng(1);
  SearchCounters counters;
  const connect4::Position p = connect4::parse_moves("4455");
  const int move = choose_move(connect4::Game{}, players[1], p, MoveOrder::LeftToRight, rng, counters);
  CHECK(move >= 0);
  for (const connect4::Position& q : random_positions(5, 4)) {
    const int v = evaluate(std::get<EvaluatorOf<connect4::Game>>(players[0].brain), q);
    CHECK(std::abs(v) <= 50000);
  }
  std::filesystem::remove_all("evalsynth_model_test_dir");
}
