#pragma once
// Helpers shared by the test files: running the evalsynth binary, scratch
// folders, small file reads and writes, and running from the source folder
// (test_support.cpp: compiled once, not in every test file).

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>

#include "io/spec.hpp"
#include "test_paths.hpp"

namespace test {

// The message of the InputError that `read` throws, or "(no error)".
template <class Read>
std::string input_error_of(Read&& read) {
  try {
    read();
  } catch (const evalsynth::InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// The error a spec text gives (named s.spec), or "(no error)".
std::string spec_error_of(const std::string& text);

struct Run {
  int exit_code;       // -1 if killed by a signal
  std::string output;  // stdout and stderr together
};

// Runs a shell command, capturing stdout and stderr.
Run run_shell(const std::string& command_line);

// Runs `evalsynth ARGUMENTS`, in `folder` if given.
Run run_evalsynth(const std::string& arguments, const std::string& folder = "");

// Runs `evalsynth ARGUMENTS` under `mpirun -np RANKS` in the repository's
// root; `environment`: "NAME=value" for every rank, or "".
Run mpirun(int ranks, const std::string& arguments, const std::string& environment = "");

void write_file(const std::string& path, const std::string& text);
std::string read_file(const std::string& path);

// A fresh folder under the system's temporary folder, removed afterwards.
struct ScratchFolder {
  std::filesystem::path path;
  explicit ScratchFolder(const std::string& name);
  ~ScratchFolder();
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// Every file under `folder` with its contents: compare two to show that a
// refused command changed nothing.
std::map<std::string, std::string> snapshot(const std::string& folder);

// The files of a finished run `name` under dir/results that must not depend
// on how it was run (threads, processes, stops and resumes): the answer
// without its first line (the spec's path), log.csv without the timing
// columns, summary.json without the elapsed time and the path.
std::string run_outcome(const ScratchFolder& dir, const std::string& name = "g");

// Runs from the repository root so the relative paths in specs resolve.
struct InSourceDir {
  std::filesystem::path previous = std::filesystem::current_path();
  InSourceDir();
  ~InSourceDir();
};

}  // namespace test
