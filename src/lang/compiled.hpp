#pragma once
// Programs compiled for fast evaluation. A program is simplified first; if it
// is then linear in the squares (constants, sq(r, c) with constant arguments,
// + - and multiplication by constants, lets of those) it becomes a weight
// table evaluated with popcounts, exactly as the native IBEF. Otherwise it
// becomes native code (lang/native_code.hpp) or, without it, runs in a small
// stack interpreter: postfix bytecode, a fixed-size stack on the C++ stack,
// each distinct feature computed once per call, no allocation. Both read the
// features from a FeatureBasis filled once per call (lang/feature_basis.hpp).

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "games/connect4/evaluators.hpp"
#include "lang/builtin_ntuple.hpp"
#include "lang/bytecode.hpp"
#include "lang/native_code.hpp"
#include "lang/program.hpp"
#include "model/ntuple_tracker.hpp"

namespace evalsynth::lang {

class Connect4Program {
 public:
  static constexpr int kMaxStack = bytecode::kMaxStack;

  // Auto: a weight table if the program is linear, else native code (if on,
  // lang/native_code.hpp), else the interpreter. Native: never a table.
  // InterpreterOnly: the reference everything else is tested against.
  enum class Mode { Auto, Native, InterpreterOnly };
  // Throws InputError if the program needs more than kMaxStack stack slots
  // or reads two built-in networks (the parser refuses that first).
  explicit Connect4Program(const Program& program, Mode mode = Mode::Auto);

  int operator()(const connect4::Position& p) const {
    if (linear_) return (*linear_)(p);
    return with_ntuple(p, families_.ntuple ? ntuple_feature(p, network_) : 0);
  }
  // The value of `p` given its ntuple_feature(p, network()) (ignored by a
  // program that reads no network). Precondition: not linear.
  int with_ntuple(const connect4::Position& p, std::int32_t ntuple) const {
    if (native_function_) return native_function_(p.x_stones(), p.o_stones(), ntuple);
    return interpret(p, ntuple);
  }
  // Whether the program reads a built-in network (ntuple() or ntuple2()),
  // and which.
  bool reads_ntuple() const { return families_.ntuple; }
  BuiltinNetwork network() const { return network_; }

  // A search follows its moves in the built-in network's indices if the
  // program reads one (model/ntuple_tracker.hpp): a leaf's ntuple() not
  // in the cache then costs the changes of its move, not the network's
  // whole sum.
  using SearchState = model::NTupleTracker;
  model::NTupleTracker search_state() const {
    return model::NTupleTracker(families_.ntuple ? &builtin_ntuple(network_) : nullptr);
  }
  // The cache of computed values (lang/builtin_ntuple.hpp) is read first:
  // a run's candidates search the same positions, and a hit is cheaper
  // still.
  int leaf_value(model::NTupleTracker& state, const connect4::Position& parent, int column,
                 const connect4::Position& leaf) const {
    if (!families_.ntuple) return (*this)(leaf);
    const NTupleCacheEntry cached = ntuple_cache_entry(leaf, network_);
    if (cached.hit) return with_ntuple(leaf, cached.value);
    const std::int32_t ntuple = state.scaled_value_after(parent, column, kNTupleFeatureScale);
    cached.store(ntuple);
    return with_ntuple(leaf, ntuple);
  }

  bool is_linear() const { return linear_.has_value(); }
  bool is_native() const { return native_ != nullptr; }
  const std::optional<connect4::LinearEvaluator>& linear() const { return linear_; }
  std::size_t instruction_count() const { return code_.size(); }

 private:
  using Code = bytecode::Code;
  using Instruction = bytecode::Instruction;

  int interpret(const connect4::Position& p, std::int32_t ntuple) const;
  void compile(const Program& program);

  std::optional<connect4::LinearEvaluator> linear_;
  std::vector<Instruction> code_;
  std::vector<FeatureRequest> features_;
  FeatureFamilies families_;                         // which the program reads
  BuiltinNetwork network_ = BuiltinNetwork::NTuple;  // the one it reads, if families_.ntuple
  std::shared_ptr<const NativeCode> native_;         // shared by copies, freed with the last
  NativeFunction native_function_ = nullptr;         // native_'s, one indirection less
};
static_assert(connect4::Evaluator<Connect4Program>);

// The weights and bias of a program that is linear in the squares, if it is
// (after simplification). Coefficients are exact modulo 2^32, like the
// language's arithmetic.
struct LinearForm {
  connect4::SquareWeights weights{};
  std::int32_t bias = 0;
};
std::optional<LinearForm> linear_form(const Program& program);

}  // namespace evalsynth::lang
