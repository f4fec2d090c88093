#pragma once
// How the run's pieces are written with cereal: programs (as text: a program
// prints and parses back to the same program), individuals and fitness. For
// checkpoints (checkpoint.cpp) and the islands' messages between processes
// (island_epochs.hpp). cereal finds these by argument-dependent lookup;
// names are given for the JSON dump, the binary archives ignore them. Only
// .cpp files include this, so only they depend on cereal.

#include <cereal/archives/binary.hpp>
#include <cereal/cereal.hpp>
#include <cereal/types/array.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <type_traits>

#include "evolve/individual.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "support/binary_archive.hpp"
#include "tournament/fitness.hpp"
#include "tournament/racing.hpp"

namespace evalsynth {

// cereal's own binary archives carry the messages between the processes of
// one run (the same binary on every rank): a program goes as its nodes,
// without printing and parsing it. Every other archive (checkpoints, JSON)
// writes a program as text, which any later evalsynth reads.
template <class Archive>
concept ProcessArchive =
    std::is_same_v<Archive, cereal::BinaryOutputArchive> || std::is_same_v<Archive, cereal::BinaryInputArchive>;

namespace lang {

template <class Archive>
requires(!ProcessArchive<Archive>) std::string save_minimal(const Archive&, const Program& program) {
  return to_text(program);
}
template <class Archive>
requires(!ProcessArchive<Archive>) void load_minimal(const Archive&, Program& program, const std::string& text) {
  program = parse_program(text, "program");
}

static_assert(std::is_trivially_copyable_v<Node>);
template <class Archive>
requires ProcessArchive<Archive>
void save(Archive& a, const Program& program) {
  a(static_cast<std::uint8_t>(program.game.family), program.game.params, program.names,
    static_cast<std::uint64_t>(program.nodes.size()));
  a(cereal::binary_data(program.nodes.data(), program.nodes.size() * sizeof(Node)));
}
template <class Archive>
requires ProcessArchive<Archive>
void load(Archive& a, Program& program) {
  std::uint8_t family = 0;
  std::uint64_t nodes = 0;
  a(family, program.game.params, program.names, nodes);
  program.game.family = static_cast<GameFamily>(family);
  program.nodes.resize(nodes);
  a(cereal::binary_data(program.nodes.data(), nodes * sizeof(Node)));
}

}  // namespace lang

namespace evolve {
template <class Archive>
void serialize(Archive& a, Individual& i) {
  a(cereal::make_nvp("program", i.program), cereal::make_nvp("hash", i.hash), cereal::make_nvp("training", i.training));
}
}  // namespace evolve

// Checkpoint format 1 had no position term: its fitness, scoring and
// fingerprints lack the fields format 2 added, which stay at their defaults
// (no positions).
template <class Archive>
bool before_positions(const Archive& a) {
  if constexpr (std::is_same_v<Archive, BinaryInputArchive>) return a.format_version() < 2;
  return false;
}

template <class Archive>
void serialize(Archive& a, Fitness& f) {
  a(cereal::make_nvp("games", f.games), cereal::make_nvp("wins", f.wins), cereal::make_nvp("draws", f.draws),
    cereal::make_nvp("moves_to_win", f.moves_to_win), cereal::make_nvp("nodes", f.nodes));
  if (!before_positions(a))
    a(cereal::make_nvp("judgements", f.judgements), cereal::make_nvp("mistakes", f.mistakes),
      cereal::make_nvp("planned_games", f.planned_games), cereal::make_nvp("planned_judgements", f.planned_judgements));
}

template <class Archive>
void serialize(Archive& a, RaceStats& r) {
  a(cereal::make_nvp("stopped", r.stopped), cereal::make_nvp("games_saved", r.games_saved),
    cereal::make_nvp("searches_saved", r.searches_saved));
}

}  // namespace evalsynth
