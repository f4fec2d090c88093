// Part of the runtime evalsynth's exporter copies into every exported header,
// inside the header's own detail namespace (so this file has no includes and
// no namespace; the header includes <cstdint>). Compiled and checked against
// evalsynth by tests/export/runtime_test.cpp.

inline int popcount(std::uint64_t v) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_popcountll(v);
#else
  v = v - ((v >> 1) & 0x5555555555555555ULL);
  v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
  v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((v * 0x0101010101010101ULL) >> 56);
#endif
}
