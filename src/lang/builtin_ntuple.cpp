#include "lang/builtin_ntuple.hpp"

#include <array>
#include <atomic>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <new>
#include <string>
#include <variant>

#ifdef __linux__
#include <sys/mman.h>
#endif

#include "lang/builtin_ntuple2_bytes.hpp"
#include "lang/builtin_ntuple_bytes.hpp"
#include "model/model_file.hpp"

namespace evalsynth::lang {

namespace {

struct BuiltinModel {
  std::string_view path, bytes;
};
// Indexed by BuiltinNetwork: a network added there needs its row here.
constexpr std::array<BuiltinModel, kBuiltinNetworkCount> kBuiltinModels = {{
    {"grammar/models/ntuple.model", builtin_ntuple_bytes::kModel},
    {"grammar/models/ntuple2.model", builtin_ntuple2_bytes::kModel},
}};

const BuiltinModel& builtin_model(BuiltinNetwork network) { return kBuiltinModels[static_cast<std::size_t>(network)]; }

model::NTupleNet decode_builtin(BuiltinNetwork network) {
  const BuiltinModel& built_in = builtin_model(network);
  model::Model m = model::decode_model(std::string(built_in.bytes), std::string(built_in.path));
  // The build embeds n-tuple models (tested); anything else is a broken build.
  return std::get<model::NTupleNet>(std::move(m.network));
}

}  // namespace

std::string_view network_model_path(BuiltinNetwork network) { return builtin_model(network).path; }

const model::NTupleNet& builtin_ntuple(BuiltinNetwork network) {
  // Each decoded on its first use only: a run reads one of them.
  switch (network) {
    case BuiltinNetwork::NTuple: {
      static const model::NTupleNet first = decode_builtin(network);
      return first;
    }
    case BuiltinNetwork::NTuple2: {
      static const model::NTupleNet second = decode_builtin(network);
      return second;
    }
  }
  assert(false && "a built-in network without a model");
  std::abort();
}

std::int32_t ntuple_feature_uncached(const connect4::Position& p, BuiltinNetwork network) {
  return static_cast<std::int32_t>(std::lround(kNTupleFeatureScale * std::tanh(builtin_ntuple(network).sum(p))));
}

// The network reads ~140 weights scattered over 3.6 MB, far slower than the
// other features; searches revisit the same positions often (every depth of
// an iterated search, every candidate of a run on the same start
// positions), so the last values computed are kept in a direct-mapped cache
// shared by all threads: 2^24 entries, 128 MB reserved on first use (in
// huge pages, so a run's lookups soon commit all of it), however many
// threads there are. An entry packs the key (Position::key() < 2^49, never
// 0, with the network above it: 50 bits) with the value +
// kNTupleFeatureScale (11 bits) in one word, so a thread reads a whole entry
// or a whole other one, never a mix: a racing write can cost a recomputation,
// never a wrong value. The value is a function of the position and the
// network alone, so the cache changes nothing but the time.
namespace {
constexpr int kIndexBits = 24;
constexpr int kValueBits = 11;
static_assert(2 * kNTupleFeatureScale < (1 << kValueBits) && 50 + kValueBits <= 64 && kBuiltinNetworkCount <= 2);
static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
}  // namespace

NTupleCacheEntry ntuple_cache_entry(const connect4::Position& p, BuiltinNetwork network) {
  static std::atomic<std::uint64_t>* const cache = [] {
    const std::size_t bytes = (std::size_t{1} << kIndexBits) * sizeof(std::atomic<std::uint64_t>);
#ifdef __linux__
    // Zeroed pages from the system, committed only when touched; asked to
    // be huge pages (2 MiB), since the entries are scattered over 128 MB and
    // a search's lookups would otherwise each miss the TLB.
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    void* mapped = mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) throw std::bad_alloc();
    const auto aligned = (reinterpret_cast<std::uintptr_t>(mapped) + kHugePage - 1) / kHugePage * kHugePage;
    madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);  // advice only: ignored where unsupported
    return reinterpret_cast<std::atomic<std::uint64_t>*>(aligned);
#else
    void* memory = std::calloc(1, bytes);
    if (!memory) throw std::bad_alloc();
    return static_cast<std::atomic<std::uint64_t>*>(memory);
#endif
  }();
  assert(p.key() != 0 && p.key() >> 49 == 0);
  const std::uint64_t key = p.key() | std::uint64_t{static_cast<std::uint8_t>(network)} << 49;
  NTupleCacheEntry entry;
  entry.slot = &cache[(key * 0x9E3779B97F4A7C15ull) >> (64 - kIndexBits)];
  entry.key = key;
  const std::uint64_t word = entry.slot->load(std::memory_order_relaxed);
  entry.hit = word >> kValueBits == key;
  entry.value = static_cast<std::int32_t>(word & ((1u << kValueBits) - 1)) - kNTupleFeatureScale;
  return entry;
}

void NTupleCacheEntry::store(std::int32_t computed) const {
  assert(computed >= -kNTupleFeatureScale && computed <= kNTupleFeatureScale);
  slot->store(key << kValueBits | static_cast<std::uint64_t>(computed + kNTupleFeatureScale),
              std::memory_order_relaxed);
}

std::int32_t ntuple_feature(const connect4::Position& p, BuiltinNetwork network) {
  const NTupleCacheEntry entry = ntuple_cache_entry(p, network);
  if (entry.hit) return entry.value;
  const std::int32_t value = ntuple_feature_uncached(p, network);
  entry.store(value);
  return value;
}

}  // namespace evalsynth::lang
