#pragma once
// Helpers shared by the test files: running the evalsynth binary, scratch
// folders, small file reads and writes, and running from the source folder.

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "io/spec.hpp"

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
inline std::string spec_error_of(const std::string& text) {
  return input_error_of([&] { (void)evalsynth::parse_spec(text, "s.spec"); });
}

struct Run {
  int exit_code;       // -1 if killed by a signal
  std::string output;  // stdout and stderr together
};

// Runs a shell command, capturing stdout and stderr.
inline Run run_shell(const std::string& command_line) {
  const std::string command = command_line + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string output;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// Runs `evalsynth ARGUMENTS`, in `folder` if given.
inline Run run_evalsynth(const std::string& arguments, const std::string& folder = "") {
  return run_shell((folder.empty() ? "" : "cd '" + folder + "' && ") + std::string(EVALSYNTH_BINARY) + " " + arguments);
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh folder under the system's temporary folder, removed afterwards.
struct ScratchFolder {
  std::filesystem::path path;
  explicit ScratchFolder(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("evalsynth-test-" + std::to_string(::getpid()) + "-" + name)) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// Every file under `folder` with its contents: compare two to show that a
// refused command changed nothing.
inline std::map<std::string, std::string> snapshot(const std::string& folder) {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
    if (entry.is_regular_file()) files[entry.path().string()] = read_file(entry.path().string());
  return files;
}

// The files of a finished run `name` under dir/results that must not depend
// on how it was run (threads, processes, stops and resumes): the answer
// without its first line (the spec's path), log.csv without the timing
// columns, summary.json without the elapsed time and the path.
inline std::string run_outcome(const ScratchFolder& dir, const std::string& name = "g") {
  std::string text;
  const std::string answer = read_file(dir / ("results/" + name + "/best.eval"));
  text += answer.substr(answer.find('\n') + 1);
  std::istringstream log(read_file(dir / ("results/" + name + "/log.csv")));
  for (std::string line; std::getline(log, line);) {
    std::istringstream row(line);
    int column = 0;
    for (std::string cell; std::getline(row, cell, ','); ++column)
      if (column != 9 && column != 10) text += cell + ",";
    text += "\n";
  }
  std::istringstream summary(read_file(dir / ("results/" + name + "/summary.json")));
  for (std::string line; std::getline(summary, line);)
    if (line.find("elapsed_seconds") == std::string::npos && line.find("\"spec\"") == std::string::npos)
      text += line + "\n";
  return text;
}

// Runs from the repository root so the relative paths in specs resolve.
struct InSourceDir {
  std::filesystem::path previous = std::filesystem::current_path();
  InSourceDir() { std::filesystem::current_path(EVALSYNTH_SOURCE_DIR); }
  ~InSourceDir() { std::filesystem::current_path(previous); }
};

}  // namespace test
