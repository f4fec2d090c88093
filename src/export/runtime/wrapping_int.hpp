// Part of the exporter's runtime (see popcount.hpp): copied into exported
// headers of programs that are not linear.

// The language's integers: 32-bit two's complement that wraps on overflow
// (computed unsigned, so never undefined behaviour). x / 0 = 0, x % 0 = 0,
// division truncates toward zero, INT_MIN / -1 = INT_MIN, abs(INT_MIN) = INT_MIN.
struct I {
  std::int32_t v;
  constexpr I(std::int32_t value = 0) : v(value) {}
};
constexpr I wrap(std::uint32_t u) { return I(static_cast<std::int32_t>(u)); }
constexpr std::uint32_t bits(I a) { return static_cast<std::uint32_t>(a.v); }
constexpr I operator+(I a, I b) { return wrap(bits(a) + bits(b)); }
constexpr I operator-(I a, I b) { return wrap(bits(a) - bits(b)); }
constexpr I operator*(I a, I b) { return wrap(bits(a) * bits(b)); }
constexpr I operator-(I a) { return wrap(0U - bits(a)); }
constexpr I operator/(I a, I b) { return b.v == 0 ? I(0) : b.v == -1 ? -a : I(a.v / b.v); }
constexpr I operator%(I a, I b) { return b.v == 0 || b.v == -1 ? I(0) : I(a.v % b.v); }
constexpr bool operator<(I a, I b) { return a.v < b.v; }
constexpr bool operator<=(I a, I b) { return a.v <= b.v; }
constexpr bool operator>(I a, I b) { return a.v > b.v; }
constexpr bool operator>=(I a, I b) { return a.v >= b.v; }
constexpr bool operator==(I a, I b) { return a.v == b.v; }
constexpr bool operator!=(I a, I b) { return a.v != b.v; }
constexpr I minimum(I a, I b) { return a.v < b.v ? a : b; }
constexpr I maximum(I a, I b) { return a.v < b.v ? b : a; }
constexpr I absolute(I a) { return a.v < 0 ? -a : a; }
