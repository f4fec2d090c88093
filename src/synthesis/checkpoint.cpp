#include "synthesis/checkpoint.hpp"

#include <cereal/archives/json.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "support/binary_archive.hpp"
#include "support/files.hpp"
#include "support/framed_file.hpp"
#include "support/source_text.hpp"
#include "synthesis/state_archive.hpp"

namespace evalsynth {

template <class Archive>
std::uint64_t save_minimal(const Archive&, const Rng& rng) {
  return rng.state();
}
template <class Archive>
void load_minimal(const Archive&, Rng& rng, const std::uint64_t& state) {
  rng = Rng(state);
}

template <class Archive>
void serialize(Archive& a, Scoring& s) {
  a(cereal::make_nvp("games", s.games));
  if (!before_positions(a)) a(cereal::make_nvp("mistake_cost", s.mistake_cost));
}

template <class Archive>
void serialize(Archive& a, HallEntry& h) {
  a(cereal::make_nvp("program", h.program), cereal::make_nvp("hash", h.hash), cereal::make_nvp("training", h.training),
    cereal::make_nvp("validation", h.validation), cereal::make_nvp("generation", h.generation),
    cereal::make_nvp("mistake_rate", h.mistake_rate));
}

template <class Archive>
void serialize(Archive& a, GenerationLog& g) {
  a(cereal::make_nvp("generation", g.generation), cereal::make_nvp("evaluations", g.evaluations),
    cereal::make_nvp("best_training", g.best_training), cereal::make_nvp("mean_training", g.mean_training),
    cereal::make_nvp("median_training", g.median_training), cereal::make_nvp("best_validation", g.best_validation),
    cereal::make_nvp("answer_mistake_rate", g.answer_mistake_rate), cereal::make_nvp("mean_size", g.mean_size),
    cereal::make_nvp("best_size", g.best_size), cereal::make_nvp("cache_hit_rate", g.cache_hit_rate),
    cereal::make_nvp("games_per_second", g.games_per_second), cereal::make_nvp("elapsed_seconds", g.elapsed_seconds));
  if (!before_positions(a))
    a(cereal::make_nvp("raced_out", g.raced_out), cereal::make_nvp("games_saved", g.games_saved),
      cereal::make_nvp("searches_saved", g.searches_saved));
}

template <class Archive>
void serialize(Archive& a, Baseline& b) {
  a(cereal::make_nvp("name", b.name), cereal::make_nvp("validation", b.validation));
}

template <class Archive>
void serialize(Archive& a, InputFingerprints& f) {
  a(cereal::make_nvp("grammar", f.grammar), cereal::make_nvp("seeds", f.seeds),
    cereal::make_nvp("opponents", f.opponents), cereal::make_nvp("training_boards", f.training_boards),
    cereal::make_nvp("validation_boards", f.validation_boards),
    cereal::make_nvp("strength_positions", f.strength_positions),
    cereal::make_nvp("seed_population", f.seed_population));
  if (!before_positions(a))
    a(cereal::make_nvp("training_positions", f.training_positions),
      cereal::make_nvp("validation_positions", f.validation_positions));
}

template <class Archive>
void serialize(Archive& a, SynthesisState& s) {
  // The stop reason is stored by name (stop_reason.hpp), as format 1 has it.
  std::string stop_reason(stop_reason_name(s.stop_reason));
  a(cereal::make_nvp("rng", s.rng), cereal::make_nvp("generation", s.generation),
    cereal::make_nvp("evaluations", s.evaluations), cereal::make_nvp("games_played", s.games_played),
    cereal::make_nvp("elapsed_seconds", s.elapsed_seconds), cereal::make_nvp("stop_reason", stop_reason),
    cereal::make_nvp("baselines", s.baselines), cereal::make_nvp("hall_of_fame", s.hall),
    cereal::make_nvp("log", s.log), cereal::make_nvp("population", s.population),
    cereal::make_nvp("training_cache", s.training_cache), cereal::make_nvp("validation_cache", s.validation_cache));
  if constexpr (Archive::is_loading::value) {
    const std::optional<StopReason> reason = stop_reason_from_name(stop_reason);
    if (!reason) throw std::runtime_error("unknown stop reason '" + stop_reason + "'");
    s.stop_reason = *reason;
  }
}

template <class Archive>
void serialize(Archive& a, Checkpoint& c) {
  a(cereal::make_nvp("run_name", c.run_name), cereal::make_nvp("spec_source", c.spec_source),
    cereal::make_nvp("spec_text", c.spec_text), cereal::make_nvp("spec_hash", c.spec_hash),
    cereal::make_nvp("scoring", c.scoring), cereal::make_nvp("inputs", c.inputs), cereal::make_nvp("state", c.state));
}

namespace {

// 4 GiB: a header promising more is damaged, not a checkpoint.
const FrameKind kCheckpointFrame{{'E', 'V', 'S', 'Y', 'N', 'C', 'K', 'P'},
                                 "checkpoint",
                                 kOldestCheckpointVersion,
                                 kCheckpointVersion,
                                 std::uint64_t{1} << 32};

// What a loaded state must satisfy before a run may continue from it; a
// checkpoint that passes the checksum but breaks these was not written by us.
void check_consistent(const Checkpoint& c, const std::string& source_name) {
  auto fail = [&](const std::string& what) {
    throw InputError(TextLocation{source_name, 1, 1}, "inconsistent checkpoint: " + what);
  };
  const SynthesisState& s = c.state;
  if (s.generation < 1 || s.log.size() != static_cast<std::size_t>(s.generation))
    fail("the log does not match the generation count");
  if (s.population.empty() || s.hall.empty()) fail("no population or no hall of fame");
  // One score for each of the game's references (Connect4 and most games
  // have two, Othello 8 x 8 three); the spec the run resumes from is the
  // checkpoint's own, so they are the same references.
  if (s.baselines.empty()) fail("the references' scores are missing");
  for (const Baseline& b : s.baselines)
    if (b.name.empty()) fail("a reference's score has no name");
  for (const Individual& i : s.population)
    if (i.hash != i.program.canonical_hash()) fail("a program does not match its hash: " + lang::to_text(i.program));
  for (const HallEntry& h : s.hall)
    if (h.hash != h.program.canonical_hash())
      fail("a hall-of-fame program does not match its hash: " + lang::to_text(h.program));
}

}  // namespace

Checkpoint make_checkpoint(const Synthesis& run) {
  return {kCheckpointVersion, run.spec().name,    run.spec().source, run.spec().text,
          run.spec().hash(),  run.spec().scoring, run.inputs(),      run.state()};
}

std::string encode_checkpoint(const Checkpoint& checkpoint) {
  std::string body;
  {
    BinaryOutputArchive archive(body);
    archive(checkpoint);
  }
  return encode_frame(kCheckpointFrame, body);
}

namespace {

Checkpoint checkpoint_from_frame(const Frame& frame, const std::string& source_name) {
  auto fail = [&](const std::string& what) { throw InputError(TextLocation{source_name, 1, 1}, what); };
  Checkpoint checkpoint;
  std::size_t left_over = 0;
  try {
    BinaryInputArchive archive(frame.payload, frame.version);
    archive(checkpoint);
    left_over = archive.bytes_left();
  } catch (const InputError& e) {
    fail("corrupted checkpoint: a saved program does not read: " + e.message());
  } catch (const std::exception& e) {
    // cereal::Exception for short data or impossible sizes.
    fail(std::string("corrupted checkpoint: ") + e.what());
  }
  if (left_over != 0) fail("corrupted checkpoint: " + std::to_string(left_over) + " bytes of data left over");
  checkpoint.format_version = frame.version;
  check_consistent(checkpoint, source_name);
  return checkpoint;
}

}  // namespace

Checkpoint decode_checkpoint(const std::string& bytes, const std::string& source_name) {
  return checkpoint_from_frame(decode_frame(kCheckpointFrame, bytes, source_name), source_name);
}

void write_checkpoint(const Checkpoint& checkpoint, const std::string& path, bool durable) {
  write_file_atomically(path, encode_checkpoint(checkpoint), durable);
}

Checkpoint read_checkpoint(const std::string& path) {
  return checkpoint_from_frame(read_frame_file(kCheckpointFrame, path), path);
}

std::string checkpoint_json(const Checkpoint& checkpoint) {
  std::ostringstream out;
  {
    cereal::JSONOutputArchive archive(out);
    archive(cereal::make_nvp("format_version", checkpoint.format_version));
    archive(cereal::make_nvp("checkpoint", checkpoint));
  }
  return std::move(out).str() + "\n";
}

}  // namespace evalsynth
