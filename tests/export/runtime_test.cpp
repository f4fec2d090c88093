// The exporter's runtime (src/export/runtime/) compiled as code here and
// checked against evalsynth's own board features, so the text the exporter
// copies into every header is tested C++, not a string.

#include <catch2/catch.hpp>
#include <cstdint>

#include "game/move_order.hpp"
#include "games/connect4/features.hpp"
#include "lang/semantics.hpp"

// In the order the exporter copies them (board features use popcount).
namespace runtime {
// clang-format off
#include "export/runtime/popcount.hpp"
#include "export/runtime/wrapping_int.hpp"
#include "export/runtime/board_features.hpp"
// clang-format on
}  // namespace runtime

using namespace evalsynth;

TEST_CASE("the runtime's masks are the game's", "[export][runtime]") {
  std::uint64_t top = 0;
  for (int col = 0; col < connect4::kColumns; ++col) top |= connect4::bits::top_cell(col);
  CHECK(runtime::kBoard == connect4::bits::kBoard);
  CHECK(runtime::kBottomRow == connect4::bits::kBottomRow);
  CHECK(runtime::kTopRow == top);
  CHECK(runtime::kOddRows == connect4::features::masks::kOddRows);
  CHECK(runtime::kEvenRows == connect4::features::masks::kEvenRows);
  CHECK(runtime::kCentreColumn == connect4::features::masks::kCentreColumn);
  for (std::size_t d = 0; d < 4; ++d) CHECK(runtime::kWindowStarts[d] == connect4::features::masks::kWindowStarts[d]);
}

TEST_CASE("the runtime's features equal the game's on random positions", "[export][runtime]") {
  Rng rng(11);
  for (int game = 0; game < 300; ++game) {
    connect4::Position p;
    while (!p.is_game_over()) {
      const std::uint64_t x = p.stones_of(Side::X), o = p.stones_of(Side::O);
      for (int k = 1; k <= 3; ++k) {
        CHECK(runtime::open_windows(x, o, k) == connect4::features::open_windows(x, o, k));
        CHECK(runtime::open_windows(o, x, k) == connect4::features::open_windows(o, x, k));
      }
      CHECK(runtime::threat_cells(x, p.occupied()) == connect4::features::threat_cells(p, Side::X));
      CHECK(runtime::threat_cells(o, p.occupied()) == connect4::features::threat_cells(p, Side::O));
      CHECK(runtime::popcount(x) == std::popcount(x));
      p = p.played(connect4::random_column(p, rng));
    }
  }
}

TEST_CASE("the runtime's integers have the language's semantics", "[export][runtime]") {
  const std::int32_t values[] = {0, 1, -1, 2, -7, 13, 1000, -1000, INT32_MAX, INT32_MIN, INT32_MAX - 1, INT32_MIN + 1};
  using runtime::I;
  for (std::int32_t a : values)
    for (std::int32_t b : values) {
      INFO(a << " " << b);
      CHECK((I(a) + I(b)).v == lang::semantics::add(a, b));
      CHECK((I(a) - I(b)).v == lang::semantics::sub(a, b));
      CHECK((I(a) * I(b)).v == lang::semantics::mul(a, b));
      CHECK((I(a) / I(b)).v == lang::semantics::div(a, b));
      CHECK((I(a) % I(b)).v == lang::semantics::mod(a, b));
      CHECK(runtime::minimum(I(a), I(b)).v == std::min(a, b));
      CHECK(runtime::maximum(I(a), I(b)).v == std::max(a, b));
    }
  for (std::int32_t a : values) {
    CHECK((-I(a)).v == lang::semantics::neg(a));
    CHECK(runtime::absolute(I(a)).v == lang::semantics::abs(a));
  }
}
