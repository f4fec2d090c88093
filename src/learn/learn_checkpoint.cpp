#include "learn/learn_checkpoint.hpp"

#include <cereal/types/string.hpp>
#include <functional>
#include <variant>

#include "support/binary_archive.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/framed_file.hpp"

namespace evalsynth::learn {
namespace {

const FrameKind kLearnFrame{{'E', 'V', 'S', 'Y', 'N', 'L', 'R', 'N'},
                            "learning checkpoint",
                            1,
                            kLearnCheckpointVersion,
                            std::uint64_t{1} << 30};

// The TCL counters: a count, then the numbers (a count above what is left is damage).
void read_counters(BinaryInputArchive& a, std::vector<double>& values, const std::function<void(std::string)>& fail) {
  std::uint64_t count = 0;
  a(cereal::make_size_tag(count));
  if (count > a.bytes_left() / sizeof(double)) fail("the TCL counters claim " + std::to_string(count) + " weights");
  values.resize(static_cast<std::size_t>(count));
  for (double& v : values) a(v);
}
void write_counters(BinaryOutputArchive& a, const std::vector<double>& values) {
  a(cereal::make_size_tag(static_cast<std::uint64_t>(values.size())));
  for (double v : values) a(v);
}

template <class Archive>
void serialize_row(Archive& a, CurveRow& r) {
  a(r.games, r.alpha, r.epsilon, r.wins, r.draws, r.losses, r.mistake_rate, r.seconds);
}

// FABLE's choices counted (zero for the other learners; version 3 on).
template <class Archive>
void serialize_tally(Archive& a, model::FableTally& t) {
  a(t.choices, t.random_choices, t.moves_valued, t.negative, t.zero);
}

LearnCheckpoint checkpoint_from_frame(const Frame& frame, const std::string& source_name) {
  auto fail = [&](const std::string& what) {
    throw InputError(TextLocation{source_name, 1, 1}, "corrupted learning checkpoint: " + what);
  };
  LearnCheckpoint c;
  std::string model_bytes;
  try {
    BinaryInputArchive a(frame.payload, frame.version);
    a(c.spec_source, c.spec_text, c.spec_hash, c.state.games_done, c.state.seconds, model_bytes);
    std::uint64_t rows = 0;
    a(cereal::make_size_tag(rows));
    // Each row takes 64 bytes: a count above what is left is damage.
    if (rows > a.bytes_left() / 64) fail("the learning curve claims " + std::to_string(rows) + " rows");
    c.state.curve.resize(static_cast<std::size_t>(rows));
    for (CurveRow& r : c.state.curve) serialize_row(a, r);
    serialize_row(a, c.state.block);
    if (frame.version >= 2) {
      read_counters(a, c.state.tcl.sum, fail);
      read_counters(a, c.state.tcl.magnitude, fail);
    }
    if (frame.version >= 3) serialize_tally(a, c.state.fable_tally);
    if (a.bytes_left() != 0) fail(std::to_string(a.bytes_left()) + " bytes of data left over");
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    fail(e.what());
  }
  try {
    c.state.model = model::decode_model(model_bytes, source_name);
  } catch (const InputError& e) {
    fail("its model does not read: " + e.message());
  }
  if (c.state.model.info.games != c.state.games_done) fail("the model and the game count disagree");
  const std::size_t weights = model::table_weight_count(c.state.model.network);
  const std::size_t counters = c.state.tcl.sum.size();
  if (counters != c.state.tcl.magnitude.size() || (counters != 0 && counters != weights))
    fail("its TCL counters do not fit its network");
  for (std::size_t i = 0; i < c.state.curve.size(); ++i)
    if (c.state.curve[i].games > c.state.games_done || (i > 0 && c.state.curve[i].games <= c.state.curve[i - 1].games))
      fail("the learning curve is out of order");
  return c;
}

}  // namespace

std::string encode_learn_checkpoint(const LearnCheckpoint& c) {
  std::string body;
  {
    BinaryOutputArchive a(body);
    a(c.spec_source, c.spec_text, c.spec_hash, c.state.games_done, c.state.seconds, model::encode_model(c.state.model));
    a(cereal::make_size_tag(static_cast<std::uint64_t>(c.state.curve.size())));
    for (CurveRow r : c.state.curve) serialize_row(a, r);
    CurveRow block = c.state.block;
    serialize_row(a, block);
    write_counters(a, c.state.tcl.sum);
    write_counters(a, c.state.tcl.magnitude);
    model::FableTally tally = c.state.fable_tally;
    serialize_tally(a, tally);
  }
  return encode_frame(kLearnFrame, body);
}

LearnCheckpoint decode_learn_checkpoint(const std::string& bytes, const std::string& source_name) {
  return checkpoint_from_frame(decode_frame(kLearnFrame, bytes, source_name), source_name);
}

void write_learn_checkpoint(const LearnCheckpoint& checkpoint, const std::string& path) {
  write_file_atomically(path, encode_learn_checkpoint(checkpoint));
}

LearnCheckpoint read_learn_checkpoint(const std::string& path) {
  return checkpoint_from_frame(read_frame_file(kLearnFrame, path), path);
}

std::string learn_checkpoint_path(const LearnSpec& spec) { return spec.checkpoint_folder() + "/learn.ckpt"; }

}  // namespace evalsynth::learn
