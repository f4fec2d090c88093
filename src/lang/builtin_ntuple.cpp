#include "lang/builtin_ntuple.hpp"

#include <atomic>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <new>
#include <string>
#include <variant>

#include "lang/builtin_ntuple_bytes.hpp"
#include "model/model_file.hpp"

namespace evalsynth::lang {

const model::NTupleNet& builtin_ntuple() {
  static const model::NTupleNet net = [] {
    model::Model m = model::decode_model(std::string(builtin_ntuple_bytes::kModel), "the built-in n-tuple network");
    // The build embeds an n-tuple model (tested); anything else is a broken build.
    return std::get<model::NTupleNet>(std::move(m.network));
  }();
  return net;
}

std::int32_t ntuple_feature_uncached(const Position& p) {
  return static_cast<std::int32_t>(std::lround(kNTupleFeatureScale * std::tanh(builtin_ntuple().sum(p))));
}

// The network reads ~140 weights scattered over 3.6 MB, far slower than the
// other features; searches revisit the same positions often (every depth of
// an iterated search, every candidate of a run on the same start
// positions), so the last values computed are kept in a direct-mapped cache
// shared by all threads: 2^24 entries, 128 MB reserved on first use and
// touched only as used, however many threads there are. An entry packs the
// key (49 bits: Position::key() < 2^49, never 0) with the value +
// kNTupleFeatureScale (11 bits) in one word, so a thread reads a whole entry
// or a whole other one, never a mix: a racing write can cost a recomputation,
// never a wrong value. The value is a function of the position alone, so the
// cache changes nothing but the time.
std::int32_t ntuple_feature(const Position& p) {
  static constexpr int kIndexBits = 24;
  static constexpr int kValueBits = 11;
  static_assert(2 * kNTupleFeatureScale < (1 << kValueBits) && 49 + kValueBits <= 64);
  static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
  static std::atomic<std::uint64_t>* const cache = [] {
    // calloc: zeroed pages from the system, committed only when touched.
    void* memory = std::calloc(std::size_t{1} << kIndexBits, sizeof(std::atomic<std::uint64_t>));
    if (!memory) throw std::bad_alloc();
    return static_cast<std::atomic<std::uint64_t>*>(memory);
  }();
  const std::uint64_t key = p.key();
  assert(key != 0 && key >> 49 == 0);
  std::atomic<std::uint64_t>& slot = cache[(key * 0x9E3779B97F4A7C15ull) >> (64 - kIndexBits)];
  std::uint64_t entry = slot.load(std::memory_order_relaxed);
  if (entry >> kValueBits != key) {
    const std::int32_t value = ntuple_feature_uncached(p);
    entry = key << kValueBits | static_cast<std::uint64_t>(value + kNTupleFeatureScale);
    slot.store(entry, std::memory_order_relaxed);
  }
  return static_cast<std::int32_t>(entry & ((1u << kValueBits) - 1)) - kNTupleFeatureScale;
}

void fill_ntuple_basis(std::uint64_t x_stones, std::uint64_t o_stones, features::FeatureBasis& basis) {
  basis.ntuple = ntuple_feature(Position::from_stones(x_stones, o_stones));
}

}  // namespace evalsynth::lang
