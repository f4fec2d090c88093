#include "model/model_file.hpp"

#include <algorithm>
#include <cereal/types/string.hpp>
#include <cmath>
#include <set>

#include "games/registry.hpp"
#include "model/fable_file.hpp"
#include "model/win_net_file.hpp"
#include "support/binary_archive.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/framed_file.hpp"

namespace evalsynth::model {
namespace {

// 256 MiB: far above any sensible network (the thesis net is 15 KB, 70
// 8-tuples with 4 states 18 MB).
const FrameKind kModelFrame{
    {'E', 'V', 'S', 'Y', 'N', 'M', 'D', 'L'}, "model", kModelVersion, kModelVersion, std::uint64_t{1} << 28};

// Vectors of numbers one by one: the archive stores only bytes raw.
template <class T>
void save_numbers(BinaryOutputArchive& a, const std::vector<T>& v) {
  a(cereal::make_size_tag(static_cast<std::uint64_t>(v.size())));
  for (const T& x : v) a(x);
}
template <class T>
void load_numbers(BinaryInputArchive& a, std::vector<T>& v) {
  std::uint64_t size = 0;
  a(cereal::make_size_tag(size));
  // The archive bounds a size by the bytes left; each number takes sizeof(T).
  if (size > a.bytes_left() / sizeof(T))
    throw cereal::Exception("a list claims " + std::to_string(size) + " numbers with " +
                            std::to_string(a.bytes_left()) + " bytes left");
  v.resize(static_cast<std::size_t>(size));
  for (T& x : v) a(x);
}

// Tables of an n-tuple network are mostly untouched (zero) after training:
// they are stored sparsely, as the number of weights, then the gaps between
// non-zero weights (LEB128 bytes) and the non-zero values.
void save_sparse(BinaryOutputArchive& a, const std::vector<float>& weights) {
  std::string gaps;
  std::vector<float> values;
  std::uint64_t last = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] == 0.0F) continue;
    for (std::uint64_t gap = i - last;; gap >>= 7) {
      gaps += static_cast<char>((gap & 0x7F) | (gap >= 0x80 ? 0x80 : 0));
      if (gap < 0x80) break;
    }
    last = i;
    values.push_back(weights[i]);
  }
  a(static_cast<std::uint64_t>(weights.size()), gaps);
  save_numbers(a, values);
}

// Returns false if the gaps do not fit `total` weights.
bool load_sparse(BinaryInputArchive& a, std::uint64_t expected_total, std::vector<float>& weights) {
  std::uint64_t total = 0;
  std::string gaps;
  std::vector<float> values;
  a(total, gaps);
  load_numbers(a, values);
  if (total != expected_total) return false;
  weights.assign(static_cast<std::size_t>(total), 0.0F);
  std::size_t at = 0, value = 0;
  std::uint64_t index = 0;
  while (at < gaps.size()) {
    std::uint64_t gap = 0;
    for (int shift = 0;; shift += 7) {
      if (at >= gaps.size() || shift > 56) return false;
      const auto byte = static_cast<unsigned char>(gaps[at++]);
      gap |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
      if (!(byte & 0x80)) break;
    }
    index += gap;
    if (index >= total || value >= values.size() || (value > 0 && gap == 0)) return false;
    weights[static_cast<std::size_t>(index)] = values[value++];
  }
  return value == values.size();
}

template <class T>
bool all_finite(const std::vector<T>& v) {
  for (const T x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

}  // namespace

std::string learner_name(const Network& network) {
  if (std::holds_alternative<FeatureWeights>(network)) return "linear";
  if (std::holds_alternative<FableModel>(network)) return "fable";
  if (std::holds_alternative<WinNet>(network)) return "win-net";
  return std::holds_alternative<ThesisNet>(network) ? "thesis-net" : "ntuple";
}

std::size_t table_weight_count(const Network& network) {
  return std::visit(
      [](const auto& net) -> std::size_t {
        if constexpr (requires { net.weights(); })
          return net.weights().size();
        else
          return 0;
      },
      network);
}

namespace {

// The learner's word in the file: a board network and a staged Connect4
// network say so (files written before they existed hold only the others,
// and an older evalsynth refuses them as of an unknown learner).
std::string file_tag(const Network& network) {
  if (const auto* net = std::get_if<NTupleNet>(&network); net && net->stage_split() > 0) return "ntuple-staged";
  // FABLE's models before value rules and keyed localities are of the rules
  // they were learned with: those keep their word and layout, the others
  // say theirs (model/fable_file.hpp).
  if (const auto* fable = std::get_if<FableModel>(&network)) return fable_file_word(fable_file_rules(*fable));
  return std::holds_alternative<BoardNTupleNet>(network) ? "board-ntuple" : learner_name(network);
}

void save_feature_weights(BinaryOutputArchive& a, const FeatureWeights& w) {
  a(w.game, cereal::make_size_tag(static_cast<std::uint64_t>(w.terms.size())));
  for (const std::string& term : w.terms) a(term);
  save_numbers(a, w.weights);
  a(w.scale, w.updates);
}

FeatureWeights load_feature_weights(BinaryInputArchive& a) {
  FeatureWeights w;
  std::uint64_t count = 0;
  a(w.game, cereal::make_size_tag(count));
  if (count < 1 || count > FeatureWeights::kMaxTerms)
    throw cereal::Exception(std::to_string(count) + " terms (1 to " + std::to_string(FeatureWeights::kMaxTerms) + ")");
  GameDescriptor game;
  try {
    game = parse_game(w.game);
  } catch (const InputError&) {
    throw cereal::Exception("it names no game evalsynth knows ('" + w.game + "')");
  }
  w.terms.resize(static_cast<std::size_t>(count));
  for (std::string& term : w.terms) {
    a(term);
    if (const std::string problem = term_problem(feature_library(game.family), term); !problem.empty())
      throw cereal::Exception(problem);
  }
  load_numbers(a, w.weights);
  a(w.scale, w.updates);
  if (w.weights.size() != w.terms.size())
    throw cereal::Exception(std::to_string(w.weights.size()) + " weights for " + std::to_string(w.terms.size()) +
                            " terms");
  if (!all_finite(w.weights) || !std::isfinite(w.scale) || w.scale <= 0)
    throw cereal::Exception("a weight or the scale is not a finite number (the scale positive)");
  return w;
}

void save_tuples(BinaryOutputArchive& a, const std::vector<std::vector<std::uint8_t>>& tuples) {
  a(cereal::make_size_tag(static_cast<std::uint64_t>(tuples.size())));
  for (const auto& tuple : tuples) save_numbers(a, tuple);
}

void save_board_net(BinaryOutputArchive& a, const BoardNTupleNet& net) {
  const CellBoard& board = net.board();
  a(net.game(), static_cast<std::int32_t>(board.cells), static_cast<std::int32_t>(board.states));
  save_tuples(a, board.symmetries);
  save_tuples(a, board.neighbours);
  a(static_cast<std::int32_t>(net.length()), net.per_side_tables());
  save_tuples(a, net.tuples());
  save_sparse(a, net.weights());
}

// Anything wrong is a cereal::Exception, reported as a corrupted model.
std::vector<std::vector<std::uint8_t>> load_tuples(BinaryInputArchive& a, std::uint64_t most, const char* what) {
  std::uint64_t count = 0;
  a(cereal::make_size_tag(count));
  if (count > most)
    throw cereal::Exception(std::to_string(count) + " " + what + " (at most " + std::to_string(most) + ")");
  std::vector<std::vector<std::uint8_t>> lists(static_cast<std::size_t>(count));
  for (auto& list : lists) load_numbers(a, list);
  return lists;
}

BoardNTupleNet load_board_net(BinaryInputArchive& a) {
  std::string game;
  CellBoard board;
  a(game);
  a(board.cells, board.states);
  board.symmetries = load_tuples(a, 8, "symmetries");
  board.neighbours = load_tuples(a, CellBoard::kMaxCells, "neighbour lists");
  if (const std::string problem = cell_board_problem(board); !problem.empty())
    throw cereal::Exception("its board has " + problem);
  std::int32_t length = 0;
  bool per_side = false;
  a(length, per_side);
  if (length < 1 || length > BoardNTupleNet::kMaxLength || length > board.cells)
    throw cereal::Exception("tuples of " + std::to_string(length) + " cells (1 to " +
                            std::to_string(std::min(BoardNTupleNet::kMaxLength, board.cells)) + ")");
  auto tuples = load_tuples(a, BoardNTupleNet::kMaxTuples, "tuples");
  if (tuples.empty()) throw cereal::Exception("no tuples");
  for (const auto& tuple : tuples) {
    if (tuple.size() != static_cast<std::size_t>(length)) throw cereal::Exception("the tuples differ in length");
    if (std::set<std::uint8_t>(tuple.begin(), tuple.end()).size() != tuple.size())
      throw cereal::Exception("a tuple names a cell twice");
    for (const std::uint8_t cell : tuple)
      if (cell >= board.cells)
        throw cereal::Exception("a tuple names cell " + std::to_string(cell) + ", off the board");
  }
  // Checked before allocating.
  const double expected = BoardNTupleNet::weight_count(board, tuples.size(), length, per_side);
  if (expected > BoardNTupleNet::kMaxWeights)
    throw cereal::Exception(std::to_string(static_cast<std::uint64_t>(expected)) +
                            " weights, more than a model holds (2^26)");
  std::vector<float> weights;
  if (!load_sparse(a, static_cast<std::uint64_t>(expected), weights))
    throw cereal::Exception("the stored weights do not fit the tuples' " +
                            std::to_string(static_cast<std::uint64_t>(expected)) + " table entries");
  if (!all_finite(weights)) throw cereal::Exception("a weight is not a finite number");
  BoardNTupleNet net(std::move(game), std::move(board), std::move(tuples), per_side);
  net.weights() = std::move(weights);
  return net;
}

}  // namespace

std::string encode_model(const Model& model) {
  std::string body;
  {
    BinaryOutputArchive a(body);
    a(file_tag(model.network), model.info.spec_name, model.info.spec_hash, model.info.games, model.info.seed);
    if (const auto* net = std::get_if<ThesisNet>(&model.network)) {
      a(static_cast<std::int32_t>(net->hidden()));
      save_numbers(a, net->parameters());
    } else if (const auto* board_net = std::get_if<BoardNTupleNet>(&model.network)) {
      save_board_net(a, *board_net);
    } else if (const auto* weights = std::get_if<FeatureWeights>(&model.network)) {
      save_feature_weights(a, *weights);
    } else if (const auto* fable = std::get_if<FableModel>(&model.network)) {
      save_fable(a, *fable);
    } else if (const auto* win_net = std::get_if<WinNet>(&model.network)) {
      save_win_net(a, *win_net);
    } else {
      const auto& tuples = std::get<NTupleNet>(model.network);
      a(static_cast<std::int32_t>(tuples.states()), static_cast<std::int32_t>(tuples.length()),
        tuples.per_side_tables());
      if (tuples.stage_split() > 0) a(static_cast<std::int32_t>(tuples.stage_split()));
      save_tuples(a, tuples.tuples());
      save_sparse(a, tuples.weights());
    }
  }
  return encode_frame(kModelFrame, body);
}

namespace {

Model model_from_frame(const Frame& frame, const std::string& source_name) {
  auto fail = [&](const std::string& what) {
    throw InputError(TextLocation{source_name, 1, 1}, "corrupted model: " + what);
  };
  Model model;
  try {
    BinaryInputArchive a(frame.payload, frame.version);
    std::string learner;
    a(learner, model.info.spec_name, model.info.spec_hash, model.info.games, model.info.seed);
    if (learner == "thesis-net") {
      std::int32_t hidden = 0;
      a(hidden);
      if (hidden < 1 || hidden > ThesisNet::kMaxHidden)
        fail(std::to_string(hidden) + " hidden units (1 to " + std::to_string(ThesisNet::kMaxHidden) + ")");
      ThesisNet net(hidden);
      load_numbers(a, net.parameters());
      if (net.parameters().size() != ThesisNet::parameter_count(hidden))
        fail(std::to_string(net.parameters().size()) + " parameters where " + std::to_string(hidden) +
             " hidden units need " + std::to_string(ThesisNet::parameter_count(hidden)));
      if (!all_finite(net.parameters())) fail("a weight is not a finite number");
      model.network = std::move(net);
    } else if (learner == "ntuple" || learner == "ntuple-staged") {
      std::int32_t states = 0, length = 0, stage_split = 0;
      bool per_side = false;
      std::uint64_t count = 0;
      a(states, length, per_side);
      if (learner == "ntuple-staged") {
        a(stage_split);
        if (stage_split < 1 || stage_split >= connect4::kCells)
          fail("its second stage begins at " + std::to_string(stage_split) + " stones (1 to " +
               std::to_string(connect4::kCells - 1) + ")");
      }
      a(cereal::make_size_tag(count));
      if (states != 3 && states != 4) fail(std::to_string(states) + " cell states (3 or 4)");
      if (length < 1 || length > NTupleNet::kMaxLength)
        fail("tuples of " + std::to_string(length) + " cells (1 to " + std::to_string(NTupleNet::kMaxLength) + ")");
      if (count < 1 || count > NTupleNet::kMaxTuples)
        fail(std::to_string(count) + " tuples (1 to " + std::to_string(NTupleNet::kMaxTuples) + ")");
      std::vector<std::vector<std::uint8_t>> tuples(static_cast<std::size_t>(count));
      for (auto& tuple : tuples) {
        load_numbers(a, tuple);
        if (tuple.size() != static_cast<std::size_t>(length)) fail("the tuples differ in length");
        if (std::set<std::uint8_t>(tuple.begin(), tuple.end()).size() != tuple.size())
          fail("a tuple names a cell twice");
        for (const std::uint8_t cell : tuple)
          if (cell >= connect4::kCells) fail("a tuple names cell " + std::to_string(cell) + " (cells are 0 to 41)");
      }
      // At most 1000 tuples x 4 x 4^12 weights: checked before allocating.
      const double expected =
          NTupleNet::weight_count(static_cast<int>(count), length, states, per_side, stage_split > 0);
      if (expected > double(std::uint64_t{1} << 26))
        fail(std::to_string(static_cast<std::uint64_t>(expected)) + " weights, more than a model holds (2^26)");
      std::vector<float> weights;
      if (!load_sparse(a, static_cast<std::uint64_t>(expected), weights))
        fail("the stored weights do not fit the tuples' " + std::to_string(static_cast<std::uint64_t>(expected)) +
             " table entries");
      if (!all_finite(weights)) fail("a weight is not a finite number");
      NTupleNet net(std::move(tuples), states, per_side, stage_split);
      net.weights() = std::move(weights);
      model.network = std::move(net);
    } else if (learner == "board-ntuple") {
      model.network = load_board_net(a);
    } else if (learner == "linear") {
      model.network = load_feature_weights(a);
    } else if (learner == "fable" || learner == "fable-valued" || learner == "fable-keyed") {
      model.network = load_fable(a, learner == "fable"          ? FableFileRules::None
                                    : learner == "fable-valued" ? FableFileRules::Values
                                                                : FableFileRules::ValuesAndLocalities);
    } else if (learner == "win-net") {
      model.network = load_win_net(a);
    } else {
      fail("unknown learner '" + learner +
           "' (thesis-net, ntuple, ntuple-staged, board-ntuple, linear, fable, fable-valued, fable-keyed or win-net)");
    }
    if (a.bytes_left() != 0) fail(std::to_string(a.bytes_left()) + " bytes of data left over");
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    fail(e.what());  // cereal::Exception: short data or impossible sizes
  }
  return model;
}

}  // namespace

Model decode_model(const std::string& bytes, const std::string& source_name) {
  return model_from_frame(decode_frame(kModelFrame, bytes, source_name), source_name);
}

void write_model(const Model& model, const std::string& path) { write_file_atomically(path, encode_model(model)); }

Model read_model(const std::string& path) { return model_from_frame(read_frame_file(kModelFrame, path), path); }

bool is_model_file(const std::string& path) { return has_frame_magic(kModelFrame, path); }

}  // namespace evalsynth::model
