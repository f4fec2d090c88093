#include "cluster/unit_claims.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <vector>

using namespace evalsynth;
using cluster::chunk_size;
using cluster::ClaimWord;

TEST_CASE("claim word: tag, front and back round-trip through the packed word", "[cluster]") {
  const ClaimWord w{ClaimWord::kTagMask, 123456, ClaimWord::kMaxUnits};
  const ClaimWord back = ClaimWord::unpack(w.pack());
  CHECK(back.tag == ClaimWord::kTagMask);
  CHECK(ClaimWord::tag_of(std::uint64_t{1} << 22) == 0);  // the tag wraps, past 4 million rounds
  CHECK(back.front == 123456);
  CHECK(back.back == ClaimWord::kMaxUnits);
}

TEST_CASE("claims from both ends in any order take every unit exactly once", "[cluster]") {
  std::mt19937 random(7);
  for (const std::size_t units : {std::size_t{1}, std::size_t{2}, std::size_t{97}, std::size_t{10000}}) {
    std::vector<int> owner(units, -1);
    std::uint64_t word = ClaimWord{3, 0, 0}.pack();
    while (cluster::units_left(word, units) > 0) {
      const bool front = random() % 3 != 0;
      const std::size_t size = 1 + random() % 50;
      const cluster::Claim c = front ? cluster::claim_front(word, units, size) : cluster::claim_back(word, units, size);
      REQUIRE(c.range.size() > 0);
      REQUIRE(c.range.size() <= size);
      REQUIRE(c.range.end <= units);
      for (std::size_t u = c.range.begin; u < c.range.end; ++u) {
        REQUIRE(owner[u] == -1);
        owner[u] = front ? 1 : 0;
      }
      CHECK(ClaimWord::unpack(c.word).tag == 3);
      word = c.word;
    }
    for (const int o : owner) CHECK(o != -1);
    // The front's units come before the back's: they meet once.
    std::size_t changes = 0;
    for (std::size_t u = 1; u < units; ++u) changes += owner[u] != owner[u - 1];
    CHECK(changes <= 1);
    // Nothing is left to claim, and claiming changes nothing.
    const cluster::Claim none = cluster::claim_front(word, units, 5);
    CHECK(none.range.size() == 0);
    CHECK(none.word == word);
    CHECK(cluster::claim_back(word, units, 5).range.size() == 0);
  }
}

TEST_CASE("chunk size: a quarter of an even share of what is left, never below the floor's play", "[cluster]") {
  CHECK(chunk_size(1000, 2, 0) == 125);
  CHECK(chunk_size(1000, 5, 0) == 50);
  CHECK(chunk_size(3, 2, 0) == 1);  // unknown cost: at least a unit
  CHECK(chunk_size(0, 2, 0) == 1);
  // 10 us a unit: the floor is 10 units of play.
  CHECK(chunk_size(30, 2, 10e-6) == 10);
  CHECK(chunk_size(100000, 2, 10e-6) == 12500);
  // The guided sizes shrink as the round empties, so the last chunks are
  // short and every process finishes close to the others.
  std::size_t left = 10000, chunks = 0, last = 0;
  while (left > 0) {
    last = std::min(left, chunk_size(left, 4, 1e-6));
    left -= last;
    ++chunks;
  }
  CHECK(last <= 100);
  CHECK(chunks < 400);
}
