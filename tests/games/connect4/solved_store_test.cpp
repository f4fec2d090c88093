// The store of solved positions: what the solver keeps there is read back
// as it found it, by a later solver and another process; a torn tail (a
// writer killed mid-frame) is dropped and cut off with nothing earlier
// lost; damage elsewhere and hostile bytes are errors, never a crash.

#include "games/connect4/solved_store.hpp"

#include <catch2/catch.hpp>
#include <filesystem>

#include "games/connect4/connect4.hpp"
#include "games/connect4/solver.hpp"
#include "games/connect4/store_file.hpp"
#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

connect4::Position random_position(Rng& rng, int stones) {
  while (true) {
    connect4::Position p;
    while (!p.is_game_over() && p.moves_played() < stones) p = p.played(connect4::random_column(p, rng));
    if (!p.is_game_over() && p.moves_played() == stones && !p.can_win_now()) return p;
  }
}

std::vector<connect4::Position> random_positions(std::uint64_t seed, int count, int stones) {
  Rng rng(seed);
  std::vector<connect4::Position> positions;
  for (int i = 0; i < count; ++i) positions.push_back(random_position(rng, stones + static_cast<int>(rng.below(4))));
  return positions;
}

std::size_t entries_in(const std::string& path) {
  std::size_t n = 0;
  connect4::scan_store_frames(test::read_file(path), 0, path, [&](const connect4::StoredValue&) { ++n; });
  return n;
}

}  // namespace

TEST_CASE("the store keeps the solver's scores and classes, and a later solver reads them", "[solver][store]") {
  const test::ScratchFolder dir("solved-store");
  const std::string path = dir / "c4.store";
  const std::vector<connect4::Position> positions = random_positions(3, 12, 16);
  std::vector<int> scores, outcomes;
  connect4::Solver alone(16, true, nullptr);
  for (const connect4::Position& p : positions) scores.push_back(alone.solve(p));
  const std::vector<connect4::Position> others = random_positions(4, 12, 16);
  for (const connect4::Position& p : others) outcomes.push_back(alone.outcome(p));
  {
    connect4::SolvedStore store(path);
    connect4::Solver solver(16, true, &store);
    for (std::size_t i = 0; i < positions.size(); ++i) CHECK(solver.solve(positions[i]) == scores[i]);
    for (std::size_t i = 0; i < others.size(); ++i) CHECK(solver.outcome(others[i]) == outcomes[i]);
    CHECK(store.hits() == 0);
  }  // appended at the end
  CHECK(std::filesystem::file_size(path) > 0);
  connect4::SolvedStore store(path);
  CHECK(store.size() >= 20);  // repeated positions are kept once
  connect4::Solver solver(16, true, &store);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    // Read, not searched: no node; mirror images too.
    const std::uint64_t nodes = solver.nodes();
    CHECK(solver.solve(positions[i]) == scores[i]);
    CHECK(solver.solve(positions[i].mirrored()) == scores[i]);
    CHECK(solver.outcome(positions[i]) == (scores[i] > 0) - (scores[i] < 0));
    CHECK(solver.nodes() == nodes);
  }
  // A class alone answers outcome(), not solve(): the score is searched and kept.
  const std::uint64_t nodes = solver.nodes();
  CHECK(solver.outcome(others[0]) == outcomes[0]);
  CHECK(solver.nodes() == nodes);
  CHECK(solver.solve(others[0]) == alone.solve(others[0]));
  CHECK(solver.nodes() > nodes);
  CHECK(store.exact(others[0].canonical_key()) == alone.solve(others[0]));
  // Positions past kStoreMaxStones are solved, not kept.
  Rng rng(6);
  const connect4::Position late = random_position(rng, connect4::kStoreMaxStones + 2);
  const std::size_t before = store.size();
  CHECK(solver.solve(late) == alone.solve(late));
  CHECK(store.size() == before);
}

TEST_CASE("two stores on one file see each other's positions, and a torn tail is cut off with nothing earlier lost",
          "[solver][store]") {
  const test::ScratchFolder dir("solved-store-shared");
  const std::string path = dir / "c4.store";
  const std::vector<connect4::Position> a = random_positions(7, 6, 18), b = random_positions(8, 6, 18);
  connect4::Solver alone(16, true, nullptr);
  {
    // Two processes, as it were: each appends under the lock, reading the other's first.
    connect4::SolvedStore first(path), second(path);
    connect4::Solver one(16, true, &first), two(16, true, &second);
    for (const connect4::Position& p : a) (void)one.solve(p);
    for (const connect4::Position& p : b) (void)two.solve(p);
    first.flush();
    second.flush();
    for (const connect4::Position& p : a) CHECK(second.exact(p.canonical_key()) == alone.solve(p));
  }
  const std::size_t whole = std::filesystem::file_size(path);
  const std::size_t kept = entries_in(path);
  CHECK(kept >= 10);
  // A writer killed mid-frame: half a frame at the end.
  {
    connect4::SolvedStore writer(dir / "other.store");
    writer.add_exact(random_positions(9, 1, 20)[0].canonical_key(), 3);
  }
  const std::string frame = test::read_file(dir / "other.store");
  for (const std::size_t cut : {std::size_t{5}, connect4::kStoreFrameHeaderBytes + 1, frame.size() - 1}) {
    INFO("torn after " << cut << " bytes");
    test::write_file(path + ".torn", test::read_file(path) + frame.substr(0, cut));
    const connect4::StoreScan scan =
        connect4::scan_store_frames(test::read_file(path + ".torn"), 0, path, [](auto&) {});
    CHECK(scan.good_bytes == whole);
    CHECK(scan.torn_bytes == cut);
    connect4::SolvedStore store(path + ".torn");
    CHECK(store.size() == kept);
    store.add_exact(random_positions(10, 1, 20)[0].canonical_key(), -2);
    store.flush();  // cuts the tail off, then appends
    CHECK(entries_in(path + ".torn") == kept + 1);
    CHECK(connect4::scan_store_frames(test::read_file(path + ".torn"), 0, path, [](auto&) {}).torn_bytes == 0);
  }
}

TEST_CASE("a damaged store is an error naming the byte, and hostile bytes never crash the reader", "[solver][store]") {
  const test::ScratchFolder dir("solved-store-damage");
  const std::string path = dir / "c4.store";
  {
    connect4::SolvedStore store(path);
    connect4::Solver solver(16, true, &store);
    for (const connect4::Position& p : random_positions(11, 4, 18)) (void)solver.solve(p);
    store.flush();
    for (const connect4::Position& p : random_positions(12, 4, 18)) (void)solver.solve(p);
  }
  const std::string good = test::read_file(path);
  // A flipped byte in the first of two frames: damage, not a torn tail.
  std::string damaged = good;
  damaged[connect4::kStoreFrameHeaderBytes + 3] ^= 0x40;
  CHECK_THROWS_WITH(connect4::scan_store_frames(damaged, 0, path, [](auto&) {}),
                    Contains("c4.store:1:1: error: the store is damaged at byte 0"));
  test::write_file(path, damaged);
  CHECK_THROWS_AS(connect4::SolvedStore(path), InputError);
  // Random damage and random bytes: InputError or a torn tail, nothing else.
  Rng rng(13);
  for (int i = 0; i < 2000; ++i) {
    std::string bytes = i % 2 ? good : std::string(rng.below(200), '\0');
    for (int k = 0; k < 1 + static_cast<int>(rng.below(4)); ++k)
      if (!bytes.empty()) bytes[rng.below(static_cast<int>(bytes.size()))] = static_cast<char>(rng.below(256));
    if (i % 3 == 0) bytes = bytes.substr(0, rng.below(static_cast<int>(bytes.size()) + 1));
    try {
      connect4::scan_store_frames(bytes, 0, path, [](const connect4::StoredValue& e) {
        REQUIRE((connect4::is_exact(e.value) || std::abs(e.value - connect4::kOutcomeOnly) <= 1));
        REQUIRE(connect4::stones_of_key(e.key) <= 42);
      });
    } catch (const InputError&) {
    }
  }
}
