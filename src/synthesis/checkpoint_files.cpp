#include "synthesis/checkpoint_files.hpp"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "support/error.hpp"
#include "synthesis/checkpoint.hpp"

namespace evalsynth {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kStagedSuffix = ".staged";

// The generation in a checkpoint file name, or -1 if it is not one.
int generation_of(const std::string& file_name) {
  constexpr std::string_view prefix = "gen-", suffix = ".ckpt";
  if (file_name.size() <= prefix.size() + suffix.size() || !file_name.starts_with(prefix) ||
      !file_name.ends_with(suffix))
    return -1;
  const std::string digits = file_name.substr(prefix.size(), file_name.size() - prefix.size() - suffix.size());
  if (digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return -1;
  return std::stoi(digits);
}

}  // namespace

std::string checkpoint_file_name(int generation) {
  char name[32];
  std::snprintf(name, sizeof name, "gen-%06d.ckpt", generation);
  return name;
}

std::vector<std::string> list_checkpoints(const std::string& folder) {
  std::vector<std::pair<int, std::string>> found;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    const int generation = generation_of(it->path().filename().string());
    std::error_code not_a_file;  // apart from the scan's: one odd entry does not end it
    if (generation >= 0 && it->is_regular_file(not_a_file)) found.emplace_back(generation, it->path().string());
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> files;
  for (auto& f : found) files.push_back(std::move(f.second));
  return files;
}

bool is_staged_checkpoint(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  return name.ends_with(kStagedSuffix) && generation_of(name.substr(0, name.size() - kStagedSuffix.size())) >= 0;
}

std::string staged_checkpoint_name(const std::string& path) { return path + std::string(kStagedSuffix); }

std::string checkpoint_of_staged(const std::string& staged) {
  assert(staged.ends_with(kStagedSuffix));
  return staged.substr(0, staged.size() - kStagedSuffix.size());
}

void remove_staged_checkpoints(const std::string& folder) {
  // Temporaries are named <file>.tmp.<pid> (support/files.hpp).
  const std::string temporary = std::string(kStagedSuffix) + ".tmp.";
  std::vector<fs::path> leftovers;
  std::error_code ignored;
  for (fs::directory_iterator it(folder, ignored), end; !ignored && it != end; it.increment(ignored)) {
    const std::string name = it->path().filename().string();
    if (is_staged_checkpoint(name) || name.find(temporary) != std::string::npos) leftovers.push_back(it->path());
  }
  for (const fs::path& file : leftovers) fs::remove(file, ignored);
}

std::string newest_staged_checkpoint(const std::string& folder) {
  const std::vector<std::string> files = list_checkpoints(folder);
  int newest = files.empty() ? -1 : generation_of(fs::path(files.back()).filename().string());
  std::string staged;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    std::error_code not_a_file;  // apart from the scan's: one odd entry does not end it
    if (!is_staged_checkpoint(name) || !it->is_regular_file(not_a_file)) continue;
    const int generation = generation_of(name.substr(0, name.size() - kStagedSuffix.size()));
    if (generation > newest) {
      newest = generation;
      staged = it->path().string();
    }
  }
  return staged;
}

std::string resolve_checkpoint(const std::string& path) {
  std::error_code error;
  if (!fs::exists(path, error)) throw InputError(TextLocation{path, 1, 1}, "no such checkpoint file or run folder");
  if (!fs::is_directory(path, error)) return path;
  if (std::string staged = newest_staged_checkpoint(path); !staged.empty()) return staged;
  const std::vector<std::string> files = list_checkpoints(path);
  if (files.empty())
    throw InputError(TextLocation{path, 1, 1}, "this folder holds no checkpoints (files gen-NNNNNN.ckpt)");
  return files.back();
}

std::string save_checkpoint(const Synthesis& run, const std::string& folder, int keep) {
  const std::string path = folder + "/" + checkpoint_file_name(run.state().generation);
  write_checkpoint(make_checkpoint(run), path);
  // Prune only after the new file is in place: at every instant at least one
  // complete checkpoint exists.
  std::vector<std::string> files = list_checkpoints(folder);
  const std::size_t keep_count = static_cast<std::size_t>(std::max(keep, 1));
  for (std::size_t i = 0; i + keep_count < files.size(); ++i) {
    std::error_code ignored;
    fs::remove(files[i], ignored);
  }
  return path;
}

void remove_checkpoints(const std::string& folder) {
  for (const std::string& file : list_checkpoints(folder)) {
    std::error_code error;
    fs::remove(file, error);
    if (error) throw InputError(TextLocation{file, 1, 1}, "cannot remove the old checkpoint: " + error.message());
  }
}

}  // namespace evalsynth
