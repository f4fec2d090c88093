#pragma once
// Every key of a spec file, declared once: which kind of spec reads it, what
// it takes (a whole number's range too), its default (per game where that
// differs), whether it enters the run's hash, and its help line. The readers
// (io/spec.cpp, io/learn_spec_reader.cpp) take ranges from here and check at
// start-up that they read exactly these keys; the run's hash leaves out the
// lines of the keys declared outside it (synthesis/run_spec.cpp);
// `evalsynth keys` prints the table; tests/io/spec_keys_test.cpp checks the
// hashes, the resolved spec, the defaults and specs/README.md against it.
// It lives in support/ because the run and learning specs' layers (synthesis,
// learn) both read it.

#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>

namespace evalsynth {

enum class SpecKind : unsigned { Run = 1, Learn = 2 };

struct SpecKey {
  static constexpr std::int64_t kNoRange = std::numeric_limits<std::int64_t>::min();
  static constexpr std::int64_t kUnbounded = std::numeric_limits<std::int64_t>::max();

  std::string_view name;
  unsigned kinds;  // a mask of SpecKind: a key with another meaning in each kind is declared twice
  std::string_view takes;
  // A whole number's range (min == kNoRange: the key takes something else).
  std::int64_t min = kNoRange, max = kNoRange;
  std::string_view default_value;
  // Whether the key enters the hash that names a run's results and lets a
  // checkpoint resume: what cannot change the result (threads, folders,
  // checkpointing) stays out.
  bool in_hash = true;
  std::string_view help;

  bool in(SpecKind kind) const { return (kinds & static_cast<unsigned>(kind)) != 0; }
  bool whole_number() const { return min != kNoRange; }
};

// Every key, run spec keys first, in the order specs/README.md lists them.
std::span<const SpecKey> spec_keys();
// The key `name` of that kind of spec, or nullptr.
const SpecKey* find_spec_key(std::string_view name, SpecKind kind);
// "a run spec" / "a learning spec", and the command that reads it.
std::string spec_kind_text(SpecKind kind);

}  // namespace evalsynth
