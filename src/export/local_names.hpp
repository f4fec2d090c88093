#pragma once
// The names a program's lets get in generated code (C++ or JavaScript): the
// let's own name where it is free, else NAME_v, then NAME_v_2, NAME_v_3, ...
// Every let gets a name of its own (the generated code declares them all in
// one scope), and uses of a let name find the innermost binding, as in the
// language.

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace evalsynth::exporter {

class LocalNames {
 public:
  // `taken(name)`: the name is a keyword of the target language or one the
  // generated code uses itself.
  explicit LocalNames(std::function<bool(const std::string&)> taken) : taken_(std::move(taken)) {}

  // A new name for the let of program name `name_index` (spelled `base`),
  // bound until the matching unbind().
  std::string bind(int name_index, const std::string& base) {
    std::string name = base;
    if (taken_(name)) name += "_v";
    std::string candidate = name;
    for (int n = 2; used_.count(candidate); ++n) candidate = name + "_" + std::to_string(n);
    used_.insert(candidate);
    scope_.emplace_back(name_index, candidate);
    return candidate;
  }
  void unbind() { scope_.pop_back(); }

  // The generated name of the innermost binding of `name_index`.
  std::string lookup(int name_index) const {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (it->first == name_index) return it->second;
    return "?";
  }

 private:
  std::function<bool(const std::string&)> taken_;
  std::set<std::string> used_;
  std::vector<std::pair<int, std::string>> scope_;
};

}  // namespace evalsynth::exporter
