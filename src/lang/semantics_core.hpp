#pragma once
// What every arithmetic operation of the language computes, for every input:
// one definition shared by the constant folder, the interpreter and the
// exported C++, for every game. Integers are 32-bit two's complement and
// WRAP on overflow (computed in unsigned arithmetic, so never undefined
// behaviour). Division truncates toward zero; x / 0 = 0 and x % 0 = 0;
// INT_MIN / -1 wraps to INT_MIN and INT_MIN % -1 = 0. abs(INT_MIN) = INT_MIN.

#include <cstdint>

namespace evalsynth::lang::semantics {

constexpr std::int32_t wrap(std::uint32_t v) { return static_cast<std::int32_t>(v); }
constexpr std::int32_t add(std::int32_t a, std::int32_t b) {
  return wrap(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}
constexpr std::int32_t sub(std::int32_t a, std::int32_t b) {
  return wrap(static_cast<std::uint32_t>(a) - static_cast<std::uint32_t>(b));
}
constexpr std::int32_t mul(std::int32_t a, std::int32_t b) {
  return wrap(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(b));
}
constexpr std::int32_t neg(std::int32_t a) { return wrap(0U - static_cast<std::uint32_t>(a)); }
constexpr std::int32_t abs(std::int32_t a) { return a < 0 ? neg(a) : a; }
constexpr std::int32_t div(std::int32_t a, std::int32_t b) {
  if (b == 0) return 0;
  if (b == -1) return neg(a);
  return a / b;
}
constexpr std::int32_t mod(std::int32_t a, std::int32_t b) {
  if (b == 0 || b == -1) return 0;
  return a % b;
}
constexpr std::int32_t min(std::int32_t a, std::int32_t b) { return a < b ? a : b; }
constexpr std::int32_t max(std::int32_t a, std::int32_t b) { return a < b ? b : a; }

}  // namespace evalsynth::lang::semantics
