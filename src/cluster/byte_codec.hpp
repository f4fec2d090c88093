#pragma once
// Values as bytes for the messages between the processes of one run, with
// cereal's binary archive (the same binary on every rank; programs go as
// their nodes: synthesis/state_archive.hpp).

#include <cereal/archives/binary.hpp>
#include <sstream>
#include <string>

namespace evalsynth::cluster {

template <class T>
std::string encode(const T& value) {
  std::ostringstream out;
  {
    cereal::BinaryOutputArchive a(out);
    a(value);
  }
  return std::move(out).str();
}

template <class T>
T decode(const std::string& bytes) {
  std::istringstream in(bytes);
  cereal::BinaryInputArchive a(in);
  T value;
  a(value);
  return value;
}

}  // namespace evalsynth::cluster
