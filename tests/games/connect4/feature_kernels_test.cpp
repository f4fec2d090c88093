// The feature kernels (vector where the CPU has it, and portable) against the
// definitions in game/features.hpp, on real positions and on arbitrary
// stone sets (the kernels must be exact for any input, not only for boards
// a game can reach).
#include "games/connect4/feature_kernels.hpp"

#include <catch2/catch.hpp>

#include "games/connect4/connect4.hpp"
#include "games/connect4/features.hpp"
#include "support/random.hpp"

using namespace evalsynth;

namespace {

struct KernelSetting {  // restores the kernels a test switched
  bool was = connect4::features::vector_kernels_enabled();
  ~KernelSetting() { connect4::features::set_vector_kernels_enabled(was); }
};

void check_basis(std::uint64_t x, std::uint64_t o) {
  const connect4::Position p = connect4::Position::from_stones(x, o);
  const connect4::features::FeatureFamilies families[] = {{true, false}, {false, true}, {true, true}};
  for (const connect4::features::FeatureFamilies f : families) {
    connect4::features::FeatureBasis basis{};
    connect4::features::fill_basis(x, o, f, basis);
    INFO("x " << x << " o " << o);
    if (f.threats) {
      REQUIRE(basis.threat_cells.x == connect4::features::threat_cells(p, Side::X));
      REQUIRE(basis.threat_cells.o == connect4::features::threat_cells(p, Side::O));
    }
    if (f.windows) {
      const auto wx = connect4::features::open_windows_by_count(x, o),
                 wo = connect4::features::open_windows_by_count(o, x);
      for (std::size_t k = 0; k < 3; ++k) {
        REQUIRE(basis.windows.x[k] == wx[k]);
        REQUIRE(basis.windows.o[k] == wo[k]);
      }
    }
  }
}

void check_many_inputs() {
  Rng rng(77);
  for (int i = 0; i < 20000; ++i) {  // positions of games
    connect4::Position p;
    for (int plies = rng.below(43); plies > 0 && !p.is_game_over(); --plies)
      p = p.played(connect4::random_column(p, rng));
    check_basis(p.x_stones(), p.o_stones());
  }
  for (int i = 0; i < 20000; ++i) {  // any disjoint stone sets on the board, floating stones and fours included
    const std::uint64_t cells = rng.next() & connect4::bits::kBoard, split = rng.next();
    check_basis(cells & split, cells & ~split);
  }
  check_basis(0, 0);
  check_basis(connect4::bits::kBoard, 0);
  check_basis(0, connect4::bits::kBoard);
}

}  // namespace

TEST_CASE("the feature kernels equal the feature definitions, vector and portable", "[game][features]") {
  KernelSetting restore;
  connect4::features::set_vector_kernels_enabled(true);
  check_many_inputs();
  connect4::features::set_vector_kernels_enabled(false);
  CHECK_FALSE(connect4::features::vector_kernels_enabled());
  check_many_inputs();
}

TEST_CASE("a kernel fills only the families asked for", "[game][features]") {
  connect4::features::FeatureBasis basis;
  basis.threat_cells = {1, 2};
  basis.windows.x = {7, 7, 7};
  basis.windows.o = {7, 7, 7};
  connect4::features::fill_basis(connect4::bits::cell(0, 0), 0, {false, true}, basis);
  CHECK(basis.threat_cells.x == 1);
  CHECK(basis.threat_cells.o == 2);
  CHECK(basis.windows.x[0] == 3);
  connect4::features::fill_basis(connect4::bits::cell(0, 0), 0, {false, false},
                                 basis);  // nothing to do, nothing called
  CHECK(basis.windows.x[0] == 3);
}

TEST_CASE("column-wise lowest cell and cells below it, against a column-by-column loop", "[features]") {
  Rng rng(77);
  for (int trial = 0; trial < 20000; ++trial) {
    // Any set of cells, sparse or dense, spare bits always empty.
    const std::uint64_t cells = rng.next() & (trial % 2 ? rng.next() : ~std::uint64_t{0}) & connect4::bits::kBoard;
    std::uint64_t lowest = 0, below = 0;
    for (int col = 0; col < connect4::kColumns; ++col) {
      for (int row = 0; row < connect4::kRows; ++row) {
        if (cells & connect4::bits::cell(row, col)) {
          lowest |= connect4::bits::cell(row, col);
          break;
        }
        below |= connect4::bits::cell(row, col);
      }
    }
    REQUIRE(connect4::features::lowest_per_column(cells) == lowest);
    REQUIRE(connect4::features::below_lowest(cells) == below);
  }
}
